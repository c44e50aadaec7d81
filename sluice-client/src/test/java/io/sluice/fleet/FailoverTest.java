package io.sluice.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.ServerException;
import io.sluice.SluiceException.Outcome;
import io.sluice.testkit.Fleet;
import io.sluice.testkit.Poll;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Failover under a routing pool (issue 23, docs/design/fleet.md §5), on real fleets: the primary
 * dies under writes and reads, a standby is promoted, and the same pool — never reopened — writes
 * to the new primary; every write's outcome is checked against what the new primary holds.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
@ServerTest
class FailoverTest {
  static final Duration BOUND = Duration.ofSeconds(60);

  static Pool routing(Fleet fleet) {
    return Pool.open(ConnectionConfig.parse(fleet.conninfo("connect_timeout=2 read_routing=prefer-standby")),
        PoolOptions.DEFAULT.maxSize(4).acquireTimeout(Duration.ofSeconds(30)));
  }

  /** What the writers saw, by id. */
  static final class Outcomes {
    final Set<Long> acked = ConcurrentHashMap.newKeySet();
    final Set<Long> notSent = ConcurrentHashMap.newKeySet();
    final Set<Long> unknown = ConcurrentHashMap.newKeySet();
    /** Acknowledged after the promotion, with the port that answered. */
    final ConcurrentHashMap<Long, Integer> ackedAfter = new ConcurrentHashMap<>();
    final AtomicInteger stale = new AtomicInteger();
    /** {@link System#nanoTime()} of the promotion's return and of the first write acknowledged by the new primary. */
    volatile long promotedAt;
    final java.util.concurrent.atomic.AtomicLong firstOnNew = new java.util.concurrent.atomic.AtomicLong();
    volatile int newPort;
    final AtomicInteger readsOk = new AtomicInteger();
    final AtomicReference<Throwable> unexpected = new AtomicReference<>();
  }

  /**
   * The primary is killed ({@code pg_ctl stop -m immediate}) under 8 writers and 4 readers, with
   * synchronous replication (each commit flushed on standby 0 before it is acknowledged), and
   * standby 0 is promoted. Every acknowledged write is on the new primary, none that failed as
   * not sent is; writes after the promotion land there, and a read after a write sees it.
   */
  @Test
  void aStandbyPromotedUnderLoadTakesTheWritesAndNoAcknowledgedWriteIsLost() throws Exception {
    try (Fleet fleet = Fleet.start(Fleet.Options.defaults().withSync(Fleet.Sync.FLUSH)
        .withApplyDelay(1, Duration.ofMillis(300)))) {
      fleet.primary().psql("CREATE TABLE ledger (id bigint PRIMARY KEY, writer int)");
      fleet.waitForReplay(0);
      int newPrimaryPort = fleet.standby(0).port();
      Outcomes o = new Outcomes();
      o.newPort = newPrimaryPort;
      AtomicBoolean promoted = new AtomicBoolean();
      AtomicBoolean stop = new AtomicBoolean();
      try (Pool pool = routing(fleet)) {
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < 8; w++) {
          int writer = w;
          threads.add(Thread.ofVirtual().start(() -> write(pool, writer, o, promoted, stop)));
        }
        for (int r = 0; r < 4; r++) {
          threads.add(Thread.ofVirtual().start(() -> read(pool, o, stop)));
        }
        Poll.orThrow(() -> o.acked.size() >= 400, BOUND, "400 writes before the kill", () -> "");
        fleet.stopPrimary(Fleet.Shutdown.IMMEDIATE);
        fleet.promote(0);
        o.promotedAt = System.nanoTime();
        promoted.set(true);
        Poll.orThrow(() -> o.ackedAfter.size() >= 200 || o.unexpected.get() != null, BOUND,
            "200 writes acknowledged after the promotion", () -> "acked " + o.acked.size() + ", not sent "
            + o.notSent.size() + ", unknown " + o.unknown.size());
        stop.set(true);
        for (Thread t : threads) {
          assertTrue(t.join(BOUND), "a thread of the load ended");
        }
      }
      assertEquals(null, o.unexpected.get(), "no failure other than the ones a failover may give");
      Set<Long> held = new HashSet<>();
      try (Connection c = Connection.open(ConnectionConfig.parse(fleet.standby(0).uri()))) {
        c.forEach("SELECT id FROM ledger", r -> held.add(r.getLong(0)));
      }
      Set<Long> lost = new HashSet<>(o.acked);
      lost.removeAll(held);
      Set<Long> ghost = new HashSet<>(o.notSent);
      ghost.retainAll(held);
      System.out.printf("[failover] acked %d (after promotion %d), not sent %d, unknown %d (of which held %d),"
          + " reads %d; the first write acknowledged by the new primary %d ms after the promotion returned"
          + " (negative: before)%n", o.acked.size(), o.ackedAfter.size(), o.notSent.size(), o.unknown.size(),
          o.unknown.stream().filter(held::contains).count(), o.readsOk.get(),
          TimeUnit.NANOSECONDS.toMillis(o.firstOnNew.get() - o.promotedAt));
      assertEquals(Set.of(), lost, "acknowledged writes missing on the new primary");
      assertEquals(Set.of(), ghost, "writes reported as not sent that ran");
      assertTrue(o.ackedAfter.values().stream().allMatch(p -> p == newPrimaryPort),
          "every write acknowledged after the promotion ran on the promoted standby: " + new HashSet<>(o.ackedAfter.values()));
      assertEquals(0, o.stale.get(), "reads right after an acknowledged write that missed it");
    }
  }

  static void write(Pool pool, int writer, Outcomes o, AtomicBoolean promoted, AtomicBoolean stop) {
    for (long i = 0; !stop.get(); i++) {
      long id = writer * 1_000_000L + i;
      boolean after = promoted.get();
      try {
        int port = pool.query("INSERT INTO ledger VALUES ($1, $2) RETURNING current_setting('port')::int", id, writer)
            .get(0).getInt(0);
        o.acked.add(id);
        if (port == o.newPort) {
          o.firstOnNew.compareAndSet(0, System.nanoTime());
        }
        if (after) {
          o.ackedAfter.put(id, port);
        }
        try {
          if (pool.readOnly().query("SELECT count(*) FROM ledger WHERE id = $1", id).get(0).getLong(0) != 1) {
            o.stale.incrementAndGet();
          }
        } catch (ConnectionException e) {
          // a read whose standby went away meanwhile: not stale, just not answered
        }
      } catch (ConnectionException e) {
        (e.outcome() == Outcome.NOT_SENT ? o.notSent : o.unknown).add(id);
      } catch (ServerException e) {
        // the kill itself ends sessions with 57P01/57P02/57P03 or 08xxx; a commit waiting for its
        // synchronous standby may be cancelled as the server goes (the write's fate then unknown)
        if (e.sqlState().startsWith("57") || e.sqlState().startsWith("08") || e.sqlState().equals("25006")) {
          o.unknown.add(id);
        } else {
          o.unexpected.compareAndSet(null, e);
          return;
        }
      } catch (RuntimeException e) {
        o.unexpected.compareAndSet(null, e);
        return;
      }
    }
  }

  static void read(Pool pool, Outcomes o, AtomicBoolean stop) {
    while (!stop.get()) {
      try {
        pool.readOnly().query("SELECT count(*) FROM ledger");
        o.readsOk.incrementAndGet();
      } catch (ConnectionException e) {
        // the host it was on went away mid-read
      } catch (ServerException e) {
        if (!e.sqlState().startsWith("57") && !e.sqlState().startsWith("08")) {
          o.unexpected.compareAndSet(null, e);
          return;
        }
      }
    }
  }

  /**
   * The old primary, stopped cleanly before the promotion, comes back as a standby of the new
   * one: the pool (open throughout) sends it no writes, and reads again once it has caught up.
   */
  @Test
  void theOldPrimaryBackAsAStandbyGetsReadsAndNoWrites() throws Exception {
    try (Fleet fleet = Fleet.start(Fleet.Options.defaults().withStandbys(1))) {
      fleet.primary().psql("CREATE TABLE ledger (id bigint PRIMARY KEY, port int)");
      int oldPort = fleet.primary().port();
      int newPort = fleet.standby(0).port();
      try (Pool pool = routing(fleet)) {
        assertEquals(oldPort, pool.query("INSERT INTO ledger VALUES (1, current_setting('port')::int)"
            + " RETURNING port").get(0).getInt(0));
        fleet.stopPrimary(Fleet.Shutdown.FAST);
        fleet.promote(0);
        assertEquals(newPort, pool.query("INSERT INTO ledger VALUES (2, current_setting('port')::int)"
            + " RETURNING port").get(0).getInt(0), "the first write after the promotion went to the new primary");
        fleet.rejoinPrimaryAsStandby();
        Set<Integer> readPorts = ConcurrentHashMap.newKeySet();
        Poll.orThrow(() -> {
          for (int i = 0; i < 20; i++) {
            long id = 100 + i + readPorts.size() * 100L;
            int wrote = pool.query("INSERT INTO ledger VALUES ($1, current_setting('port')::int) ON CONFLICT DO NOTHING"
                + " RETURNING port", id).stream().mapToInt(r -> r.getInt(0)).findFirst().orElse(newPort);
            assertEquals(newPort, wrote, "a write after the old primary came back");
            readPorts.add(pool.readOnly().query("SELECT current_setting('port')::int").get(0).getInt(0));
          }
          return readPorts.contains(oldPort);
        }, BOUND, "a read on the old primary, now a standby", () -> "reads landed on " + readPorts);
      }
    }
  }
}
