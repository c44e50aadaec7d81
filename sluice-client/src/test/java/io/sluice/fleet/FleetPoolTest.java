package io.sluice.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.HostPort;
import io.sluice.HostStats;
import io.sluice.Internals;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.PreparedQuery;
import io.sluice.Queryable;
import io.sluice.Row;
import io.sluice.RowStream;
import io.sluice.ServerException;
import io.sluice.ServerRole;
import io.sluice.SluiceException;
import io.sluice.TxOptions;
import io.sluice.event.EventRecorder;
import io.sluice.internal.fleet.Fitness;
import io.sluice.internal.fleet.FleetSnapshot;
import io.sluice.internal.pool.FleetPool;
import io.sluice.internal.pool.SlotPool;
import io.sluice.replication.Lsn;
import io.sluice.testkit.Fleet;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
 * A routing pool against a real fleet (the version {@code -Dsluice.pg} selects): a primary,
 * standby 0, and standby 1 replaying each commit {@link #DELAY} late, longer than the pool's
 * {@code max_standby_lag} of {@link #MAX_LAG}. Tests stop and start standbys, so they run in order.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@ServerTest
class FleetPoolTest {
  static final Duration DELAY = Duration.ofSeconds(4);
  static final Duration MAX_LAG = Duration.ofSeconds(1);
  static final Duration BOUND = Duration.ofSeconds(30);
  static final String WHERE = "SELECT pg_is_in_recovery(), current_setting('port')::int";
  static Fleet fleet;
  static Pool pool;
  static int primaryPort;
  static int fastPort;
  static int delayedPort;

  @BeforeAll
  static void start() {
    fleet = Fleet.start(Fleet.Options.defaults().withApplyDelay(1, DELAY));
    primaryPort = fleet.primary().port();
    fastPort = fleet.standby(0).port();
    delayedPort = fleet.standby(1).port();
    fleet.primary().psql("CREATE TABLE routed (v int)");
    pool = Pool.open(ConnectionConfig.parse(fleet.conninfo(
        "connect_timeout=5 read_routing=prefer-standby max_standby_lag=" + MAX_LAG.toMillis() + "ms")),
        PoolOptions.DEFAULT.maxSize(4));
    System.out.println("[fleet] PostgreSQL " + fleet.primary().psql("SHOW server_version").strip());
  }

  @AfterAll
  static void stop() {
    if (pool != null) {
      pool.close();
    }
    if (fleet != null) {
      fleet.close();
    }
  }

  /** Where one call ran: in recovery, and the server's port. */
  record Landed(boolean standby, int port) {}

  static Landed where(Queryable q) {
    Row r = q.query(WHERE).get(0);
    return new Landed(r.getBoolean(0), r.getInt(1));
  }

  /** Waits (bounded) until {@code p}'s monitor shows {@code condition}. */
  static FleetSnapshot until(Pool p, String what, Predicate<FleetSnapshot> condition) {
    long deadline = System.nanoTime() + BOUND.toNanos();
    FleetSnapshot s = Internals.fleet(p).monitor().snapshot();
    while (!condition.test(s)) {
      assertTrue(System.nanoTime() < deadline, what + " within " + BOUND + "; last snapshot " + s);
      Internals.fleet(p).monitor().refresh(Duration.ofSeconds(2));
      s = Internals.fleet(p).monitor().snapshot();
    }
    return s;
  }

  static FleetSnapshot.Host host(FleetSnapshot s, int port) {
    return s.hosts().stream().filter(h -> h.host().port() == port).findFirst().orElseThrow();
  }

  /** The standbys {@code p} would give a read now, by port. */
  static List<Integer> fit(Pool p, FleetSnapshot s) {
    return Fitness.fitStandbys(s, MAX_LAG, Lsn.ZERO, Internals.fleet(p).monitor().lagClock().oldest(), Set.of()).stream()
        .map(HostPort::port).toList();
  }

  static FleetSnapshot bothStandbysFit(Pool p) {
    return until(p, "both standbys fit", s -> fit(p, s).size() == 2);
  }

  /** Inserts through {@code p}'s write route every 20 ms until stopped: the delayed standby then lags by its delay. */
  static final class Trickle implements AutoCloseable {
    final AtomicBoolean on = new AtomicBoolean(true);
    final AtomicReference<Throwable> failure = new AtomicReference<>();
    final Thread thread;

    Trickle(Pool p) {
      thread = Thread.ofVirtual().start(() -> {
        try {
          for (int i = 0; on.get(); i++) {
            p.execute("INSERT INTO routed VALUES ($1)", i);
            Thread.sleep(20); // a steady trickle of commits, not a condition being waited for
          }
        } catch (Throwable t) {
          failure.set(t);
        }
      });
    }

    @Override
    public void close() throws InterruptedException {
      on.set(false);
      thread.join(BOUND);
      assertEquals(null, failure.get(), "the writes of the trickle");
    }
  }

  @Test
  @Order(0)
  void aStandbyBehindEverythingTheMonitorHasSeenGetsNoReadsJustAfterThePoolOpens() {
    // the table was created before the pool opened; the delayed standby replays it DELAY later, so
    // its lag is unknown at first (not the few ms the monitor has been watching) and it gets no read
    for (int i = 0; i < 10; i++) {
      assertEquals(0, pool.readOnly().query("SELECT count(*) FROM routed").get(0).getLong(0), "read " + i);
    }
  }

  @Test
  @Order(1)
  void readsLandOnStandbysAndSpreadOverBoth() {
    bothStandbysFit(pool);
    Map<Integer, Integer> ports = new HashMap<>();
    for (int i = 0; i < 40; i++) {
      Landed l = where(pool.readOnly());
      assertTrue(l.standby(), "read " + i + " ran on a standby: " + l);
      ports.merge(l.port(), 1, Integer::sum);
    }
    assertEquals(2, ports.size(), "reads spread over both standbys: " + ports);
    assertFalse(ports.containsKey(primaryPort));
    // the route survives a timeout view, and a read-only transaction takes it too
    assertTrue(where(pool.readOnly().withTimeout(Duration.ofSeconds(10))).standby());
    boolean inTx = pool.transaction(TxOptions.DEFAULT.readOnly(true),
        tx -> tx.query("SELECT pg_is_in_recovery()").get(0).getBoolean(0));
    assertTrue(inTx, "a read-only transaction runs on a standby");
    PreparedQuery prepared = pool.readOnly().prepare(WHERE);
    for (int i = 0; i < 4; i++) {
      assertTrue(prepared.query().get(0).getBoolean(0), "a statement prepared on the read route stays on it");
    }
    // streams and callbacks borrow a standby's connection and give it back to that host's group
    List<Boolean> streamed = new java.util.ArrayList<>();
    try (RowStream rows = pool.readOnly().stream("SELECT pg_is_in_recovery() FROM generate_series(1, 25)", 10)) {
      rows.forEach(r -> streamed.add(r.getBoolean(0)));
    }
    assertEquals(25, streamed.size());
    assertTrue(streamed.stream().allMatch(b -> b), "streamed from a standby");
    List<Boolean> each = new java.util.ArrayList<>();
    pool.readOnly().forEach("SELECT pg_is_in_recovery() FROM generate_series(1, 5)", r -> each.add(r.getBoolean(0)));
    assertEquals(List.of(true, true, true, true, true), each);
    assertEquals("t", pool.readOnly().simpleQuery("SELECT pg_is_in_recovery()").get(0).rows().get(0).get(0));
    assertEquals(0, pool.stats().borrowed(), "every borrowed connection back: " + pool.stats());
    // a write among read-only work is the server's refusal
    ServerException e = assertThrows(ServerException.class, () -> pool.readOnly().execute("INSERT INTO routed VALUES (1)"));
    assertEquals("25006", e.sqlState());
  }

  @Test
  @Order(2)
  void writesAndEverythingNotMarkedReadOnlyLandOnThePrimary() {
    assertEquals(new Landed(false, primaryPort), where(pool));
    assertEquals(new Landed(false, primaryPort), where(pool.withTimeout(Duration.ofSeconds(10))));
    assertEquals(1, pool.execute("INSERT INTO routed VALUES (-1)"));
    boolean inTx = pool.transaction(tx -> {
      tx.execute("INSERT INTO routed VALUES (-2)");
      return tx.query("SELECT pg_is_in_recovery()").get(0).getBoolean(0);
    });
    assertFalse(inTx);
    try (Pool.Lease lease = pool.acquire()) {
      assertEquals(primaryPort, where(lease.connection()).port());
    }
    Integer sessionPort = pool.session(c -> where(c).port());
    assertEquals(primaryPort, sessionPort);
  }

  @Test
  @Order(3)
  void aStandbyLaggingMoreThanMaxStandbyLagGetsNoReads() throws Exception {
    try (Trickle t = new Trickle(pool)) {
      until(pool, "the delayed standby lagging past " + MAX_LAG + ", the other fit",
          s -> host(s, delayedPort).lag().orElse(Duration.ZERO).compareTo(MAX_LAG.multipliedBy(2)) > 0
              && fit(pool, s).contains(fastPort));
      Map<Integer, Integer> ports = new HashMap<>();
      for (int i = 0; i < 40; i++) {
        ports.merge(where(pool.readOnly()).port(), 1, Integer::sum);
      }
      assertFalse(ports.containsKey(delayedPort), "no read on the delayed standby: " + ports);
      assertTrue(ports.getOrDefault(fastPort, 0) > 0, "reads on the fast standby: " + ports);
      System.out.println("[fleet] reads with the delayed standby lagging, by port: " + ports + " (primary "
          + primaryPort + ", fast " + fastPort + ")");
    }
  }

  @Test
  @Order(4)
  void aStoppedStandbysReadsMoveToTheOtherWithoutErrorAndItRejoins() {
    bothStandbysFit(pool);
    for (int i = 0; i < 8; i++) {
      where(pool.readOnly()); // both groups hold connections now
    }
    fleet.stop(0, Fleet.Shutdown.FAST);
    try {
      for (int i = 0; i < 30; i++) {
        Landed l = where(pool.readOnly());
        assertEquals(new Landed(true, delayedPort), l, "read " + i + " after standby 0 stopped");
      }
    } finally {
      fleet.start(0);
    }
    bothStandbysFit(pool);
    long deadline = System.nanoTime() + BOUND.toNanos();
    int reads = 0;
    while (where(pool.readOnly()).port() != fastPort) {
      reads++;
      assertTrue(System.nanoTime() < deadline, "standby 0 takes reads again after " + reads + " reads");
    }
  }

  @Test
  @Order(5)
  void standbyModeWithNoFitStandbyFailsNamingEachHostAndWhy() throws Exception {
    try (Pool strict = Pool.open(ConnectionConfig.parse(fleet.conninfo(
            "connect_timeout=5 read_routing=standby max_standby_lag=" + MAX_LAG.toMillis() + "ms")),
            PoolOptions.DEFAULT.maxSize(2));
        Trickle t = new Trickle(pool)) {
      assertTrue(where(strict.readOnly()).standby());
      fleet.stop(0, Fleet.Shutdown.FAST);
      try {
        until(strict, "standby 0 down and the delayed one lagging",
            s -> !host(s, fastPort).state().up()
                && host(s, delayedPort).lag().orElse(Duration.ZERO).compareTo(MAX_LAG.multipliedBy(2)) > 0);
        long t0 = System.nanoTime();
        ConnectionException e = assertThrows(ConnectionException.class, () -> where(strict.readOnly()));
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        String m = e.getMessage();
        assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome(), m);
        List<HostPort> hosts = Internals.fleet(strict).monitor().hosts();
        for (HostPort h : hosts) {
          assertTrue(m.contains(h.toString()), "names " + h + ": " + m);
        }
        assertTrue(m.contains(":" + fastPort + " down"), m);
        assertTrue(m.contains(":" + delayedPort + " lags "), m);
        assertTrue(m.contains(":" + primaryPort + " is the primary"), m);
        assertTrue(took.compareTo(Duration.ofSeconds(10)) < 0, "a bounded wait, took " + took);
        System.out.println("[fleet] standby mode refused after " + took.toMillis() + " ms: " + m);
        // prefer-standby, with no fit standby after its wait, reads on the primary
        assertEquals(new Landed(false, primaryPort), where(pool.readOnly()));
        // writes of the same pool still go to the primary
        assertEquals(new Landed(false, primaryPort), where(strict));
      } finally {
        fleet.start(0);
      }
    }
  }

  @Test
  @Order(6)
  void aPoolWithoutRoutingIsTodaysPool() {
    try (Pool plain = Pool.open(fleet.primary().uri(), PoolOptions.DEFAULT.maxSize(1))) {
      assertSame(plain, plain.readOnly(), "read_routing=primary: readOnly() is the pool itself");
      assertFalse(Internals.core(plain) instanceof FleetPool, "no monitor, no host groups");
      assertNotNull(Internals.runner(plain));
      assertTrue(Internals.core(plain) instanceof SlotPool);
      assertFalse(where(plain.readOnly()).standby());
    }
  }

  @Test
  @Order(7)
  void theApplicationsListenerHearsItsCallsNotTheMonitorsProbes() {
    List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    io.sluice.event.EventListener listener = new io.sluice.event.EventListener() {
      @Override
      public Object statementStart(io.sluice.event.StatementStart start) {
        seen.add(start.sql());
        return null;
      }
    };
    ConnectionConfig config = ConnectionConfig.parse(fleet.conninfo("read_routing=prefer-standby")).withListener(listener);
    try (Pool p = Pool.open(config, PoolOptions.DEFAULT.maxSize(1))) {
      where(p.readOnly());
      assertTrue(Internals.fleet(p).monitor().refresh(BOUND));
      assertTrue(Internals.fleet(p).monitor().refresh(BOUND));
      assertTrue(seen.contains(WHERE), seen.toString());
      assertTrue(seen.stream().allMatch(WHERE::equals), "only the application's statements: " + seen);
    }
  }

  @Test
  @Order(8)
  void hostsShowEachServerAndTheListenerHearsItGoAndComeBack() {
    EventRecorder heard = new EventRecorder();
    ConnectionConfig config = ConnectionConfig.parse(fleet.conninfo("read_routing=prefer-standby max_standby_lag="
        + MAX_LAG.toMillis() + "ms")).withListener(heard);
    try (Pool p = Pool.open(config, PoolOptions.DEFAULT.maxSize(2))) {
      until(p, "both standbys fit", s -> fit(p, s).size() == 2);
      for (int i = 0; i < 10; i++) {
        where(p.readOnly());
        p.execute("INSERT INTO routed VALUES ($1)", i);
      }
      Map<Integer, HostStats> byPort = new HashMap<>();
      p.hosts().forEach(h -> byPort.put(h.host().port(), h));
      assertEquals(Set.of(primaryPort, fastPort, delayedPort), byPort.keySet());
      HostStats primary = byPort.get(primaryPort);
      assertEquals(ServerRole.PRIMARY, primary.role());
      assertTrue(primary.up());
      assertEquals(10, primary.writes(), "the ten inserts");
      assertEquals(Optional.empty(), primary.lag(), "a primary has no lag");
      assertNotNull(primary.position());
      HostStats fast = byPort.get(fastPort);
      assertEquals(ServerRole.STANDBY, fast.role());
      assertTrue(fast.lag().isPresent(), "a standby's lag is known");
      assertEquals(10, fast.reads() + byPort.get(delayedPort).reads() + primary.reads(), "the ten reads");
      assertTrue(fast.connections().open() >= 1, "the pool has a connection to the fast standby");
      for (int port : List.of(primaryPort, fastPort, delayedPort)) {
        until(p, "the UP event of " + port, s -> upEvents(heard, port) == 1);
      }
      fleet.stop(0, Fleet.Shutdown.FAST);
      try {
        // the event is told after the monitor publishes the state: wait for the event itself
        until(p, "standby 0's DOWN event", s -> downEvents(heard).size() > 0);
        io.sluice.event.HostEvent down = downEvents(heard).get(0);
        assertEquals(fastPort, down.host().port());
        assertEquals(ServerRole.STANDBY, down.from());
        assertNotNull(down.error(), "why the probe failed");
        HostStats gone = p.hosts().stream().filter(h -> h.host().port() == fastPort).findFirst().orElseThrow();
        assertFalse(gone.up());
        assertNotNull(gone.lastError());
      } finally {
        fleet.start(0);
      }
      until(p, "standby 0's second UP event: at the start and after its restart", s -> upEvents(heard, fastPort) == 2);
    }
  }

  static List<io.sluice.event.HostEvent> downEvents(EventRecorder heard) {
    return heard.single(io.sluice.event.HostEvent.class).stream()
        .filter(e -> e.kind() == io.sluice.event.HostEvent.Kind.DOWN).toList();
  }

  static long upEvents(EventRecorder heard, int port) {
    return heard.single(io.sluice.event.HostEvent.class).stream()
        .filter(e -> e.host().port() == port && e.kind() == io.sluice.event.HostEvent.Kind.UP).count();
  }

  @Test
  @Order(9)
  void aPreferStandbyReadOnThePrimaryIsReportedWithTheReason() {
    EventRecorder heard = new EventRecorder();
    ConnectionConfig config = ConnectionConfig.parse(fleet.conninfo("read_routing=prefer-standby"))
        .with(Map.of("host", fleet.primary().host(), "port", String.valueOf(primaryPort))).withListener(heard);
    try (Pool p = Pool.open(config, PoolOptions.DEFAULT.maxSize(1))) {
      for (int i = 0; i < 6; i++) {
        assertEquals(new Landed(false, primaryPort), where(p.readOnly()));
      }
      List<io.sluice.event.ReadOnPrimary> onPrimary = heard.single(io.sluice.event.ReadOnPrimary.class);
      assertEquals(6, onPrimary.size());
      assertEquals(primaryPort, onPrimary.get(0).primary().port());
      assertTrue(onPrimary.get(0).reason().contains("is the primary"), onPrimary.get(0).reason());
    }
  }
}
