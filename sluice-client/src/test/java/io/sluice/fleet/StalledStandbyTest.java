package io.sluice.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.HostStats;
import io.sluice.Internals;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.SluiceException;
import io.sluice.event.EventListener;
import io.sluice.event.HostEvent;
import io.sluice.internal.fleet.FleetMonitor;
import io.sluice.internal.fleet.FleetSnapshot;
import io.sluice.internal.fleet.Receiver;
import io.sluice.internal.fleet.Stall;
import io.sluice.internal.pool.FleetPool;
import io.sluice.testkit.Fleet;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Standbys that cannot catch up (issue 36 §1), against a real primary and two standbys: one whose
 * replay is paused under writes, one left following a primary that is gone after the other was
 * promoted, and that one pointed at the new primary. Such a standby takes no reads and no read
 * waits for it; {@code read_routing=standby} fails at once naming each host's state. The tests
 * share the fleet and run in order (the second fails over).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 240, unit = TimeUnit.SECONDS)
@ServerTest
class StalledStandbyTest {
  static final Duration BOUND = Duration.ofSeconds(30);
  static final String PORT = "SELECT current_setting('port')::int";
  static Fleet fleet;
  static Pool pool;
  static Pool strict;
  static int aPort;
  static int bPort;
  static final List<HostEvent> events = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() {
    fleet = Fleet.start();
    aPort = fleet.standby(0).port();
    bPort = fleet.standby(1).port();
    fleet.primary().psql("CREATE TABLE routed (v int)");
    PoolOptions options = PoolOptions.DEFAULT.maxSize(4).acquireTimeout(BOUND);
    pool = Pool.open(ConnectionConfig.parse(fleet.conninfo("connect_timeout=2 read_routing=prefer-standby"))
        .withListener(new EventListener() {
          @Override
          public void hostChanged(HostEvent event) {
            events.add(event);
          }
        }), options);
    strict = Pool.open(ConnectionConfig.parse(fleet.conninfo("connect_timeout=2 read_routing=standby")), options);
    System.out.println("[stalled] PostgreSQL " + fleet.primary().psql("SHOW server_version").strip());
  }

  @AfterAll
  static void stop() {
    for (AutoCloseable c : new AutoCloseable[] {pool, strict, fleet}) {
      try {
        if (c != null) {
          c.close();
        }
      } catch (Exception ignored) {
        // closing the rest matters more
      }
    }
  }

  static FleetPool fleetPool(Pool p) {
    return Internals.fleet(p);
  }

  /** Waits (bounded) until {@code p}'s monitor shows {@code condition}; the snapshot that showed it. */
  static FleetSnapshot until(Pool p, Duration bound, String what, Predicate<FleetSnapshot> condition) {
    long deadline = System.nanoTime() + bound.toNanos();
    FleetSnapshot s = fleetPool(p).monitor().snapshot();
    while (!condition.test(s)) {
      assertTrue(System.nanoTime() < deadline, what + " within " + bound + "; last snapshot " + s);
      fleetPool(p).monitor().refresh(Duration.ofSeconds(1));
      s = fleetPool(p).monitor().snapshot();
    }
    return s;
  }

  static Optional<Stall> stall(FleetSnapshot s, int port) {
    return s.hosts().stream().filter(h -> h.host().port() == port).findFirst().orElseThrow().stall();
  }

  static HostStats stats(Pool p, int port) {
    return p.hosts().stream().filter(h -> h.host().port() == port).findFirst().orElseThrow();
  }

  /** Write-then-read pairs: the ports the reads ran on. */
  static Set<Integer> pairs(Pool p, int n, long[] readNanos) {
    Set<Integer> ports = new HashSet<>();
    for (int i = 0; i < n; i++) {
      p.execute("INSERT INTO routed VALUES ($1)", i);
      long t0 = System.nanoTime();
      ports.add(p.readOnly().query(PORT).get(0).getInt(0));
      if (readNanos != null) {
        readNanos[i] = System.nanoTime() - t0;
      }
    }
    return ports;
  }

  /** The kinds of the pool's host events about {@code port}, in order (stalls are seen at that host's probes). */
  static List<HostEvent.Kind> kinds(int port) {
    return events.stream().filter(e -> e.host().port() == port).map(HostEvent::kind).toList();
  }

  static String figures(long[] nanos) {
    long[] s = nanos.clone();
    Arrays.sort(s);
    return String.format("n=%d p50=%.2f ms p99=%.2f ms max=%.2f ms", s.length, s[s.length / 2] / 1e6,
        s[(int) Math.min(s.length - 1, Math.ceil(s.length * 0.99) - 1)] / 1e6, s[s.length - 1] / 1e6);
  }

  /**
   * A role without the privileges of {@code pg_read_all_stats} sees a WAL receiver's pid, not its
   * status: its probes still succeed, and the receiver reads as hidden (judged by progress alone).
   */
  @Test
  @Order(0)
  void aProbeAsAPlainRoleSeesTheReceiverHidden() {
    ConnectionConfig plain = ConnectionConfig.parse(fleet.conninfo("connect_timeout=2"))
        .with(java.util.Map.of("user", io.sluice.testkit.TestRoles.TRUST));
    try (FleetMonitor m = FleetMonitor.start(plain)) {
      assertTrue(m.refresh(BOUND));
      FleetSnapshot s = m.snapshot();
      for (FleetSnapshot.Host h : s.hosts()) {
        assertTrue(h.state().up(), "probed as a plain role: " + h);
        assertEquals(h.host().port() == fleet.primary().port() ? Receiver.NOT_A_STANDBY : Receiver.HIDDEN,
            h.state().replay().receiver(), h.toString());
      }
    }
    FleetSnapshot s = fleetPool(pool).monitor().snapshot();
    assertEquals(Receiver.STREAMING, s.hosts().get(1).state().replay().receiver(), "as the superuser: " + s);
  }

  /** (c) Replay paused while the primary writes: unfit at once, no read waits for it; fit again once resumed. */
  @Test
  @Order(1)
  void aStandbyWhoseReplayIsPausedIsUnfitUntilItReplaysAgain() throws Exception {
    until(pool, BOUND, "both standbys fit", s -> s.hosts().stream().filter(h -> h.state().isUpStandby()
        && h.stall().isEmpty() && h.lag().isPresent()).count() == 2);
    try (FleetPoolTest.Trickle ignored = new FleetPoolTest.Trickle(pool)) {
      fleet.standby(1).psql("SELECT pg_wal_replay_pause()");
      until(pool, BOUND, "standby 1 stalled, paused", s -> stall(s, bPort).equals(Optional.of(Stall.REPLAY_PAUSED)));
      HostStats b = stats(pool, bPort);
      assertNotNull(b.stalled(), "pool.hosts() tells: " + b);
      assertTrue(b.stalled().contains("paused"), b.stalled());
      Set<Integer> ports = pairs(pool, 40, null);
      assertTrue(!ports.contains(bPort), "no read on the paused standby: " + ports);
      // the other standby keeps up: reads may wait for it (a millisecond or two), never for the paused one
      assertTrue(ports.contains(aPort), "reads on the standby that keeps up: " + ports);
      fleet.standby(1).psql("SELECT pg_wal_replay_resume()");
      until(pool, BOUND, "standby 1 replaying again", s -> stall(s, bPort).isEmpty());
    }
    assertTrue(kinds(bPort).containsAll(List.of(HostEvent.Kind.STALLED, HostEvent.Kind.RESUMED)), events.toString());
    HostEvent first = events.stream().filter(e -> e.kind() == HostEvent.Kind.STALLED).findFirst().orElseThrow();
    assertTrue(first.error().contains("paused"), first.toString());
    assertNull(stats(pool, bPort).stalled());
    Set<Integer> seen = new HashSet<>();
    long deadline = System.nanoTime() + BOUND.toNanos();
    while (!seen.contains(bPort)) {
      assertTrue(System.nanoTime() < deadline, "a read on standby 1 again within " + BOUND + ": " + seen);
      seen.add(pool.readOnly().query(PORT).get(0).getInt(0));
    }
  }

  /**
   * (a) The primary stops and standby 0 is promoted: standby 1 still follows the old primary, so
   * its replay is frozen. Within 2 s of the promotion the monitor has it stalled; then reads run
   * on the new primary without waiting, and {@code read_routing=standby} fails at once.
   */
  @Test
  @Order(2)
  void aStandbyLeftBehindByAFailoverIsStalledAndNoReadWaitsForIt() {
    long[] before = new long[200];
    pairs(pool, 20, null);   // warm: connections open on every host
    pairs(pool, before.length, before);
    System.out.println("[stalled] before the failover, read after write: " + figures(before));
    // cleanly, so that standby 1 has no WAL past the promotion point and may follow the new primary (test 3)
    fleet.stopPrimary(Fleet.Shutdown.FAST);
    fleet.promote(0);
    long promoted = System.nanoTime();
    FleetSnapshot s = until(pool, Duration.ofSeconds(2), "standby 1 stalled and standby 0 the primary",
        x -> stall(x, bPort).isPresent() && x.primary().map(h -> h.host().port() == aPort).orElse(false));
    System.out.println("[stalled] standby 1 seen stalled " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - promoted)
        + " ms after the promotion returned: " + stall(s, bPort).orElseThrow());
    long waits = fleetPool(pool).standbyWaits();
    long[] after = new long[80];
    Set<Integer> ports = pairs(pool, after.length, after);
    System.out.println("[stalled] after the promotion, read after write: " + figures(after));
    assertEquals(Set.of(aPort), ports, "every read on the new primary");
    assertEquals(waits, fleetPool(pool).standbyWaits(), "no read waited for the stalled standby");
    assertTrue(stats(pool, bPort).stalled().contains("cannot catch up"), stats(pool, bPort).toString());
    long deadline = System.nanoTime() + BOUND.toNanos();
    while (kinds(bPort).getLast() != HostEvent.Kind.STALLED) {
      assertTrue(System.nanoTime() < deadline, "a STALLED event for standby 1: " + events);
      fleetPool(pool).monitor().refresh(Duration.ofSeconds(1));
    }

    long strictWaits = fleetPool(strict).standbyWaits();
    until(strict, Duration.ofSeconds(2), "standby 1 stalled (the standby-only pool)", x -> stall(x, bPort).isPresent());
    ConnectionException e = assertThrows(ConnectionException.class, () -> strict.readOnly().query(PORT));
    assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
    assertTrue(e.getMessage().contains(":" + aPort + " is the primary") && e.getMessage().contains("cannot catch up:")
        && e.getMessage().contains("none expected to catch up"), e.getMessage());
    assertEquals(strictWaits, fleetPool(strict).standbyWaits(), "it failed without waiting");
  }

  /** (b) Standby 1 pointed at the new primary: it streams again, catches up and takes reads. */
  @Test
  @Order(3)
  void theStandbyPointedAtTheNewPrimaryTakesReadsAgain() {
    fleet.follow(1);
    Predicate<FleetSnapshot> fit = x -> stall(x, bPort).isEmpty()
        && x.hosts().stream().anyMatch(h -> h.host().port() == bPort && h.lag().isPresent()
            && h.lag().get().compareTo(Duration.ofSeconds(5)) <= 0);
    until(pool, BOUND, "standby 1 fit again", fit);
    Set<Integer> seen = new HashSet<>();
    long deadline = System.nanoTime() + BOUND.toNanos();
    while (!seen.contains(bPort)) {
      assertTrue(System.nanoTime() < deadline, "a read after a write on standby 1 within " + BOUND + ": " + seen);
      seen.addAll(pairs(pool, 1, null));
    }
    until(strict, BOUND, "standby 1 fit again (the standby-only pool)", fit);
    assertEquals(bPort, strict.readOnly().query(PORT).get(0).getInt(0), "the standby-only pool reads there");
  }
}
