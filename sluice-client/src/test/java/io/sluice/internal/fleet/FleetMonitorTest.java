package io.sluice.internal.fleet;

import io.sluice.replication.Lsn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.HostPort;
import io.sluice.ServerRole;
import io.sluice.testkit.Fleet;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * The monitor against a real fleet (the version {@code -Dsluice.pg} selects): a primary, standby 0,
 * and standby 1 replaying each commit {@link #DELAY} late. The last test fails over, so the tests
 * run in order.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@ServerTest
class FleetMonitorTest {
  static final Duration DELAY = Duration.ofSeconds(2);
  static final Duration BOUND = Duration.ofSeconds(20);
  static Fleet fleet;
  static ConnectionConfig config;
  static FleetMonitor monitor;
  static HostPort primary;
  static HostPort fast;
  static HostPort delayed;
  static final List<String> events = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() {
    fleet = Fleet.start(Fleet.Options.defaults().withApplyDelay(1, DELAY));
    config = ConnectionConfig.parse(fleet.conninfo("connect_timeout=5"));
    List<HostPort> hosts = config.hosts();
    primary = hosts.get(0);
    fast = hosts.get(1);
    delayed = hosts.get(2);
    MonitorSettings settings = MonitorSettings.defaults().withInterval(Duration.ofMillis(100));
    monitor = FleetMonitor.start(hosts, config, settings, new FleetEvents() {
      @Override
      public void hostUp(HostPort host, HostState state) {
        events.add("up " + host.port());
      }

      @Override
      public void hostDown(HostPort host, HostState state) {
        events.add("down " + host.port());
      }

      @Override
      public void roleChanged(HostPort host, ServerRole from, ServerRole to) {
        events.add(host.port() + " " + from + " -> " + to);
      }
    });
  }

  @AfterAll
  static void stop() {
    if (monitor != null) {
      monitor.close();
    }
    if (fleet != null) {
      fleet.close();
    }
  }

  /** Refreshes until {@code condition} holds for a snapshot (bounded); returns that snapshot. */
  static FleetSnapshot until(String what, Predicate<FleetSnapshot> condition) {
    long deadline = System.nanoTime() + BOUND.toNanos();
    FleetSnapshot s = monitor.snapshot();
    while (!condition.test(s)) {
      assertTrue(System.nanoTime() < deadline, what + " within " + BOUND + "; last snapshot " + s);
      monitor.refresh(Duration.ofSeconds(5));
      s = monitor.snapshot();
    }
    return s;
  }

  /** Events are told after the state is published: wait (bounded) for {@code event} to arrive. */
  static void awaitEvent(String event) {
    long deadline = System.nanoTime() + BOUND.toNanos();
    while (!events.contains(event)) {
      assertTrue(System.nanoTime() < deadline, "no event '" + event + "' within " + BOUND + ": " + events);
      monitor.refresh(Duration.ofMillis(200)); // a bounded wait on probe progress
    }
  }

  /** The fleet's configuration narrowed to one host. */
  static ConnectionConfig only(HostPort host) {
    return FleetMonitor.probeConfig(config, host, MonitorSettings.defaults()).with("query_timeout", null);
  }

  static Lsn writeOnPrimary(Connection c, int v) {
    c.execute("INSERT INTO monitored VALUES ($1)", v);
    // synchronous_commit is on in a Fleet: the WAL written includes the commit once it returned
    return Lsn.parse(c.query("SELECT pg_current_wal_lsn()::text").get(0).getString(0));
  }

  @Test
  @Order(1)
  void findsEachHostsRoleInOneStatement() {
    assertTrue(monitor.refresh(BOUND));
    FleetSnapshot s = monitor.snapshot();
    assertEquals(ServerRole.PRIMARY, s.host(primary).state().role(), s.toString());
    assertEquals(ServerRole.STANDBY, s.host(fast).state().role(), s.toString());
    assertEquals(ServerRole.STANDBY, s.host(delayed).state().role(), s.toString());
    assertEquals(primary, s.primary().orElseThrow().host());
    for (FleetSnapshot.Host h : s.hosts()) {
      assertTrue(h.state().up(), h.toString());
      assertTrue(h.state().position().isValid(), h.toString());
      assertEquals(null, h.state().lastError());
    }
    assertTrue(s.host(fast).state().received().atLeast(s.host(fast).state().position()), "received >= replayed");
    assertEquals(Lsn.ZERO, s.host(primary).state().received());
    assertTrue(s.host(primary).lag().isEmpty());
    assertTrue(s.primaryPosition().isValid());
    // the probe on a primary and a standby directly
    try (Connection c = Connection.open(only(primary))) {
      HostProbe.Reading r = HostProbe.probe(c);
      assertEquals(ServerRole.PRIMARY, r.role());
      Lsn after = Lsn.parse(c.query("SELECT pg_current_wal_lsn()::text").get(0).getString(0));
      assertTrue(after.atLeast(r.position()));
    }
    try (Connection c = Connection.open(only(delayed))) {
      HostProbe.probe(c); // the first one prepares the statement
      var before = c.stats();
      HostProbe.Reading r = HostProbe.probe(c);
      var after = c.stats();
      assertEquals(1, after.requestsSent() - before.requestsSent(), "one request (one Sync) per probe");
      assertEquals(1, after.socketWrites() - before.socketWrites(), "one write, so one round trip");
      assertEquals(ServerRole.STANDBY, r.role());
      assertTrue(r.received().atLeast(r.position()), r.toString());
    }
  }

  @Test
  @Order(2)
  void aReadOnlyPrimaryIsNeverWritable() {
    fleet.primary().psql("ALTER SYSTEM SET default_transaction_read_only = on");
    fleet.primary().psql("SELECT pg_reload_conf()");
    try {
      FleetSnapshot s = until("the primary reads as read-only",
          x -> x.host(primary).state().role() == ServerRole.READ_ONLY_PRIMARY);
      assertTrue(s.primary().isEmpty(), "no writable primary: " + s);
    } finally {
      fleet.primary().psql("ALTER SYSTEM RESET default_transaction_read_only");
      fleet.primary().psql("SELECT pg_reload_conf()");
    }
    until("the primary writable again", x -> x.primary().isPresent());
    awaitEvent(primary.port() + " PRIMARY -> READ_ONLY_PRIMARY");
    awaitEvent(primary.port() + " READ_ONLY_PRIMARY -> PRIMARY");
  }

  @Test
  @Order(3)
  void theDelayedStandbyLagsByAboutItsDelayWhileTheOtherKeepsUp() throws Exception {
    fleet.primary().psql("CREATE TABLE IF NOT EXISTS monitored (v int)");
    AtomicBoolean writing = new AtomicBoolean(true);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread writer = Thread.ofVirtual().start(() -> {
      try (Connection c = Connection.open(only(primary))) {
        for (int i = 0; writing.get(); i++) {
          c.execute("INSERT INTO monitored VALUES ($1)", i);
          Thread.sleep(20); // a steady trickle of commits, not a condition being waited for
        }
      } catch (Throwable t) {
        failure.set(t);
      }
    });
    try {
      Duration nearDelay = DELAY.minusMillis(500);
      FleetSnapshot s = until("the delayed standby lagging by at least " + nearDelay + " while the other stays close",
          x -> x.host(delayed).lag().orElse(Duration.ZERO).compareTo(nearDelay) >= 0
              && x.host(fast).lag().orElse(DELAY).compareTo(Duration.ofMillis(500)) <= 0);
      assertTrue(s.host(delayed).lag().orElseThrow().compareTo(DELAY.plusSeconds(1)) < 0, s.toString());
      assertEquals(List.of(fast), s.freshStandbys(Duration.ofSeconds(1)).stream().map(FleetSnapshot.Host::host).toList());
    } finally {
      writing.set(false);
      writer.join(BOUND);
    }
    assertEquals(null, failure.get());
    FleetSnapshot idle = until("both standbys caught up once writes stop",
        x -> x.host(delayed).lag().orElse(DELAY).isZero() && x.host(fast).lag().orElse(DELAY).isZero());
    assertEquals(2, idle.freshStandbys(Duration.ZERO).size(), "an idle primary leaves caught-up standbys at zero");
  }

  @Test
  @Order(4)
  void waitForReplayReturnsForTheFastStandbyAndTimesOutCleanlyForTheDelayedOne() {
    try (Connection c = Connection.open(only(primary))) {
      c.execute("CREATE TABLE IF NOT EXISTS monitored (v int)");
      long beforeWrite = System.nanoTime();
      Lsn written = writeOnPrimary(c, -42);
      long t0 = System.nanoTime();
      Optional<HostPort> first = monitor.awaitReplay(written, BOUND);
      Duration took = Duration.ofNanos(System.nanoTime() - t0);
      assertEquals(Optional.of(fast), first, "took " + took);
      assertTrue(took.compareTo(DELAY) < 0, "took " + took);
      System.out.println("[fleet] awaitReplay on the fast standby took " + took.toNanos() / 1000 + " µs");
      try (Connection r = Connection.open(only(fast))) {
        assertEquals(1, r.query("SELECT count(*) FROM monitored WHERE v = -42").get(0).getLong(0),
            "the row is visible on the standby the monitor named");
      }

      long t1 = System.nanoTime();
      assertFalse(monitor.awaitReplay(delayed, written, Duration.ofMillis(300)));
      Duration waited = Duration.ofNanos(System.nanoTime() - t1);
      assertTrue(waited.compareTo(Duration.ofMillis(300)) >= 0 && waited.compareTo(Duration.ofSeconds(2)) < 0,
          "timed out after " + waited);
      assertTrue(monitor.awaitReplay(delayed, written, BOUND), "the delayed standby gets there after its delay");
      assertTrue(Duration.ofNanos(System.nanoTime() - beforeWrite).compareTo(DELAY) >= 0, "not before its delay");
      assertEquals(Optional.empty(), monitor.awaitReplay(new Lsn(-1), Duration.ofMillis(50)), "a position nobody has");
    }
  }

  @Test
  @Order(5)
  void aStoppedStandbyShowsDownAndComesBack() {
    fleet.stop(0, Fleet.Shutdown.FAST);
    FleetSnapshot down = until("standby 0 down", x -> !x.host(fast).state().up());
    assertNotNull(down.host(fast).state().lastError());
    assertTrue(down.host(fast).state().failures() >= 1);
    assertEquals(ServerRole.STANDBY, down.host(fast).state().role(), "the role it had is kept");
    awaitEvent("down " + fast.port());
    fleet.start(0);
    until("standby 0 up again", x -> x.host(fast).state().isUpStandby());
    awaitEvent("up " + fast.port());
  }

  @Test
  @Order(6)
  void aPromotionIsSeenAsARoleChangeAndTheOldPrimaryReturnsAsAStandby() {
    fleet.stopPrimary(Fleet.Shutdown.FAST);
    until("the primary down", x -> !x.host(primary).state().up());
    long asked = System.nanoTime();
    fleet.promote(0);
    long promoted = System.nanoTime();
    // no refresh here: the regular probes must notice on their own
    while (monitor.snapshot().host(fast).state().role() != ServerRole.PRIMARY) {
      assertTrue(System.nanoTime() - promoted < BOUND.toNanos(), "promotion not seen: " + monitor.snapshot());
      monitor.awaitReplay(new Lsn(-1), Duration.ofMillis(20)); // a bounded wait on probe progress
    }
    Duration seen = Duration.ofNanos(System.nanoTime() - promoted);
    System.out.println("[fleet] promotion (pg_ctl promote + psql check) took " + (promoted - asked) / 1_000_000
        + " ms; the monitor saw it " + seen.toMillis() + " ms after that");
    awaitEvent(fast.port() + " STANDBY -> PRIMARY");
    assertEquals(fast, monitor.snapshot().primary().orElseThrow().host());

    fleet.follow(1);
    fleet.rejoinPrimaryAsStandby();
    FleetSnapshot s = until("the old primary back as a standby", x -> x.host(primary).state().isUpStandby());
    awaitEvent(primary.port() + " PRIMARY -> STANDBY");
    assertEquals(fast, s.primary().orElseThrow().host());
    try (Connection c = Connection.open(only(fast))) {
      Lsn written = writeOnPrimary(c, 7);
      assertTrue(monitor.awaitReplay(primary, written, BOUND), "the old primary replays the new primary's writes");
    }
  }
}
