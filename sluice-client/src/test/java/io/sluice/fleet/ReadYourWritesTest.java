package io.sluice.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Internals;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.Row;
import io.sluice.RowStream;
import io.sluice.ServerException;
import io.sluice.TxOptions;
import io.sluice.replication.Lsn;
import io.sluice.testkit.Fleet;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Read-your-writes and monotonic reads of a routing pool (issue 23, docs/design/fleet.md §4)
 * against a real fleet: a primary, standby 0 replaying at once, standby 1 replaying each commit
 * {@link #DELAY} late but lagging less than the pool's {@code max_standby_lag} (5 s by default),
 * so lag alone would let it take reads that miss the pool's own writes.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
@ServerTest
class ReadYourWritesTest {
  static final Duration DELAY = Duration.ofSeconds(2);
  static Fleet fleet;
  static Connection primary;

  @BeforeAll
  static void start() {
    fleet = Fleet.start(Fleet.Options.defaults().withApplyDelay(1, DELAY));
    fleet.primary().psql("CREATE TABLE pairs (k int, seq int, PRIMARY KEY (k, seq))");
    fleet.waitForReplay(1);
    primary = Connection.open(ConnectionConfig.parse(fleet.primary().uri()));
  }

  @AfterAll
  static void stop() {
    if (primary != null) {
      primary.close();
    }
    if (fleet != null) {
      fleet.close();
    }
  }

  static Pool routing(String extra) {
    return Pool.open(ConnectionConfig.parse(fleet.conninfo("connect_timeout=5 read_routing=prefer-standby " + extra)),
        PoolOptions.DEFAULT.maxSize(4));
  }

  static Lsn insertPosition() {
    return io.sluice.internal.fleet.RecordEnd.of(Lsn.parse(primary.query("SELECT pg_current_wal_insert_lsn()::text").get(0)
        .getString(0)));
  }

  /** Raised past what the primary had before, never past what it had after: the write's own position. */
  static void assertFloorCovers(Pool pool, Lsn before, Runnable write, String what) {
    write.run();
    Lsn after = insertPosition();
    Lsn floor = Internals.fleet(pool).tracking().wrote();
    assertTrue(floor.compareTo(before) > 0, what + ": the write floor " + floor + " rose past " + before);
    assertTrue(floor.compareTo(after) <= 0, what + ": the write floor " + floor + " is not past the primary's " + after);
  }

  @Test
  void eachKindOfWriteRaisesTheFloorToItsOwnPositionBeforeItReturns() {
    try (Pool pool = routing("")) {
      int k = 1_000_000;
      assertFloorCovers(pool, insertPosition(), () -> pool.execute("INSERT INTO pairs VALUES ($1, 1)", k), "execute");
      assertFloorCovers(pool, insertPosition(), () -> pool.query("INSERT INTO pairs VALUES ($1, 2) RETURNING seq", k),
          "query");
      assertFloorCovers(pool, insertPosition(), () -> pool.executeMany("INSERT INTO pairs VALUES ($1, $2)",
          List.of(new Object[] {k, 3}, new Object[] {k, 4})), "executeMany");
      assertFloorCovers(pool, insertPosition(), () -> pool.transaction(tx -> {
        tx.execute("INSERT INTO pairs VALUES ($1, 5)", k);
        return tx.execute("INSERT INTO pairs VALUES ($1, 6)", k);
      }), "transaction");
      assertFloorCovers(pool, insertPosition(), () -> pool.forEach("INSERT INTO pairs VALUES ($1, 7) RETURNING seq",
          r -> { }, k), "forEach (no trailer can follow a stream: asked after it)");
      assertFloorCovers(pool, insertPosition(), () -> {
        try (RowStream rows = pool.stream("INSERT INTO pairs VALUES ($1, 10) RETURNING seq", 10, k)) {
          rows.forEach(r -> { });
        }
      }, "stream (its connection lent until it closes: asked then)");
      assertFloorCovers(pool, insertPosition(), () -> {
        try (Pool.Lease lease = pool.acquire()) {
          lease.connection().execute("INSERT INTO pairs VALUES ($1, 8)", k);
        }
      }, "a leased connection (asked as it is returned)");
      assertFloorCovers(pool, insertPosition(), () -> pool.session(c -> c.execute("INSERT INTO pairs VALUES ($1, 9)", k)),
          "session");
      // a write that fails leaves the pool usable and the floor where the server is
      ServerException dup = org.junit.jupiter.api.Assertions.assertThrows(ServerException.class,
          () -> pool.execute("INSERT INTO pairs VALUES ($1, 1)", k));
      assertEquals("23505", dup.sqlState());
      assertTrue(Internals.fleet(pool).tracking().wrote().compareTo(insertPosition()) <= 0);
      assertEquals(10L, pool.readOnly().query("SELECT count(*) FROM pairs WHERE k = $1", k).get(0).getLong(0),
          "a read after the writes sees all ten");
    }
  }

  @Test
  void withReadYourWritesOffWritesRaiseNothingButReadsStayMonotonic() {
    try (Pool pool = routing("read_your_writes=off")) {
      pool.execute("INSERT INTO pairs VALUES (2000000, 1)");
      assertFalse(Internals.fleet(pool).tracking().wrote().isValid(), "no position is asked behind a write");
      pool.readOnly().query("SELECT 1");
      Lsn seen = Internals.fleet(pool).readFloor();
      assertTrue(seen.isValid(), "a read raises the monotonic floor");
      assertTrue(seen.compareTo(insertPosition()) <= 0, "to a position the primary has passed");
    }
  }

  @Test
  void aReadOnlyTransactionRaisesTheMonotonicFloorAtItsCommit() {
    try (Pool pool = routing("")) {
      assertFalse(Internals.fleet(pool).readFloor().isValid());
      long n = pool.transaction(TxOptions.DEFAULT.readOnly(true), tx -> tx.query("SELECT count(*) FROM pairs").get(0)
          .getLong(0));
      assertTrue(n >= 0);
      assertTrue(Internals.fleet(pool).readFloor().isValid(), "the COMMIT's trailer reported the standby's replay position");
    }
  }

  /**
   * The test: 16 threads, 1,008 write-then-read pairs; every read must see the write just
   * before it, though the delayed standby would serve a stale read at every turn.
   */
  @Test
  void sixteenThreadsWriteThenReadAndNoReadIsStale() throws Exception {
    int threads = 16;
    int pairs = 63;
    Map3 landed = new Map3();
    AtomicInteger stale = new AtomicInteger();
    long t0 = System.nanoTime();
    try (Pool pool = routing("max_standby_lag=5s");
        var exec = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<?>> all = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int k = t;
        all.add(exec.submit(() -> {
          for (int i = 0; i < pairs; i++) {
            pool.execute("INSERT INTO pairs VALUES ($1, $2)", k, i);
            Row r = pool.readOnly().query("SELECT count(*), pg_is_in_recovery(), current_setting('port')::int"
                + " FROM pairs WHERE k = $1 AND seq = $2", k, i).get(0);
            if (r.getLong(0) != 1) {
              stale.incrementAndGet();
            }
            landed.add(r.getBoolean(1) ? r.getInt(2) : 0);
          }
          return null;
        }));
      }
      for (Future<?> f : all) {
        f.get();
      }
    }
    long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    int fast = fleet.standby(0).port();
    int delayed = fleet.standby(1).port();
    System.out.printf("[ryw] %d pairs in %d ms: fast standby %d, delayed standby %d, primary %d, stale %d%n",
        threads * pairs, ms, landed.get(fast), landed.get(delayed), landed.get(0), stale.get());
    assertEquals(0, stale.get(), "reads that missed the write before them");
    assertEquals(threads * pairs, landed.get(fast) + landed.get(delayed) + landed.get(0));
    assertTrue(landed.get(fast) > 0, "the standby that keeps up took reads");
  }

  /** Reads landed per port (0: the primary). */
  static final class Map3 {
    final ConcurrentHashMap<Integer, AtomicInteger> m = new ConcurrentHashMap<>();

    void add(int port) {
      m.computeIfAbsent(port, p -> new AtomicInteger()).incrementAndGet();
    }

    int get(int port) {
      AtomicInteger n = m.get(port);
      return n == null ? 0 : n.get();
    }
  }
}
