package io.sluice.pool;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.ConfigException;
import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.Pool;
import io.sluice.PoolExhaustedException;
import io.sluice.PoolOptions;
import io.sluice.PoolStats;
import io.sluice.Row;
import io.sluice.RowStream;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.testkit.LogCapture;
import io.sluice.testkit.Poll;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The pool against the real server: routing, borrowing, resets, limits, upkeep. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PoolTest {
  static PostgresServer pg;

  static String url() {
    return pg.conninfo("");
  }

  @BeforeAll
  static void server() {
    pg = PostgresServer.shared();
  }

  @Test
  void manyThreadsShareFewConnections() throws Exception {
    try (Pool pool = Pool.open(url(), PoolOptions.DEFAULT.maxSize(4));
        var exec = Executors.newVirtualThreadPerTaskExecutor()) {
      Set<Integer> pids = ConcurrentHashMap.newKeySet();
      List<Future<Integer>> results = new ArrayList<>();
      for (int i = 0; i < 400; i++) {
        int n = i;
        results.add(exec.submit(() -> {
          Row r = pool.query("select $1::int4 * 2, pg_backend_pid()", n).get(0);
          pids.add(r.getInt(1));
          return r.getInt(0);
        }));
      }
      for (int i = 0; i < results.size(); i++) {
        assertEquals(2 * i, results.get(i).get());
      }
      assertTrue(pids.size() <= 4, "at most maxSize connections: " + pids);
      PoolStats s = pool.stats();
      assertTrue(s.open() <= 4, s.toString());
      assertEquals(0, s.inFlight());
      assertTrue(s.acquired() >= 400, s.toString());
    }
  }

  @Test
  void exhaustionHonoursTheAcquireTimeoutAndTheWaitQueue() {
    PoolOptions opts = PoolOptions.DEFAULT.minSize(0).maxSize(1).acquireTimeout(Duration.ofMillis(200));
    try (Pool pool = Pool.open(url(), opts); Pool.Lease held = pool.acquire()) {
      assertEquals(1, held.connection().query("select 1").size());
      PoolExhaustedException e = assertThrows(PoolExhaustedException.class, pool::acquire);
      assertTrue(e.getMessage().contains("timed out after 200 ms"), e.getMessage());
      assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
      assertThrows(PoolExhaustedException.class, () -> pool.query("select 1"));   // shared needs a free one too
      assertEquals(2, pool.stats().timeouts());
    }
    try (Pool pool = Pool.open(url(), opts.maxWaiters(0)); Pool.Lease held = pool.acquire()) {
      PoolExhaustedException e = assertThrows(PoolExhaustedException.class, pool::acquire);
      assertTrue(e.getMessage().contains("maxWaiters"), e.getMessage());
    }
  }

  @Test
  void aReturnedConnectionIsReset() {
    try (Pool pool = Pool.open(url(), PoolOptions.DEFAULT.minSize(0).maxSize(1))) {
      pool.execute("create table if not exists pool_reset (id int)");
      int pid = pool.session(c -> {
        c.execute("set application_name = 'dirty'");
        c.execute("create temp table scratch (x int)");
        c.query("select pg_advisory_lock(4242)");
        return c.processId();
      });
      try (Pool.Lease lease = pool.acquire()) {
        Connection c = lease.connection();
        assertEquals(pid, c.processId(), "the same connection came back");
        assertNotEquals("dirty", c.query("select current_setting('application_name')").get(0).getString(0));
        assertEquals(0, c.query("select 1 from pg_class where relname = 'scratch' and relpersistence = 't'").size());
        assertEquals(0L, c.query("select count(*) from pg_locks where locktype = 'advisory' and pid = $1", pid)
            .get(0).getLong(0));
        c.simpleQuery("begin; insert into pool_reset values (1)");   // left open on purpose
      }
      assertEquals(0L, pool.query("select count(*) from pool_reset").get(0).getLong(0), "rolled back on return");
      Pool.Lease twice = pool.acquire();
      twice.close();
      twice.close();
      assertThrows(IllegalStateException.class, twice::connection);
      pool.execute("drop table pool_reset");
    }
  }

  @Test
  void killedIdleConnectionsAreNeverHandedOut() throws Exception {
    PoolOptions opts = PoolOptions.DEFAULT.minSize(3).maxSize(3).validateAfterIdle(Duration.ZERO);
    try (Pool pool = Pool.open(url(), opts); Connection admin = Connection.open(url())) {
      Poll.eventually("the pool fills to its minimum", () -> pool.stats().open() == 3);
      long killed = admin.query("select count(pg_terminate_backend(pid)) from pg_stat_activity "
          + "where application_name = '' and pid <> pg_backend_pid() and backend_type = 'client backend' "
          + "and datname = current_database() and state = 'idle'").get(0).getLong(0);
      assertTrue(killed >= 3, "killed " + killed);
      for (int i = 0; i < 20; i++) {
        assertEquals(i, pool.query("select $1::int4", i).get(0).getInt(0));
        try (Pool.Lease l = pool.acquire()) {
          assertEquals(1, l.connection().query("select 1").size());
        }
      }
      assertTrue(pool.stats().evicted() >= 3, pool.stats().toString());
      Poll.eventually("refilled", () -> pool.stats().open() == 3);
    }
  }

  @Test
  void keepsItsMinimumAndDropsIdleAndOldConnections() throws Exception {
    try (Pool pool = Pool.open(url(), PoolOptions.DEFAULT.minSize(2).maxSize(6))) {
      Poll.eventually("minimum opened in the background", () -> pool.stats().open() == 2);
    }
    PoolOptions idle = PoolOptions.DEFAULT.minSize(1).maxSize(4).idleTimeout(Duration.ofMillis(300));
    try (Pool pool = Pool.open(url(), idle)) {
      List<Pool.Lease> leases = List.of(pool.acquire(), pool.acquire(), pool.acquire());
      assertEquals(3, pool.stats().borrowed());
      leases.forEach(Pool.Lease::close);
      Poll.eventually("idle connections closed down to the minimum", () -> pool.stats().open() == 1);
    }
    PoolOptions old = PoolOptions.DEFAULT.minSize(1).maxSize(1).maxLifetime(Duration.ofMillis(300));
    try (Pool pool = Pool.open(url(), old)) {
      int first = pool.query("select pg_backend_pid()").get(0).getInt(0);
      Poll.eventually("the old connection was retired and replaced",
          () -> pool.query("select pg_backend_pid()").get(0).getInt(0) != first);
    }
  }

  @Test
  void aLeakIsReportedWithTheBorrowersStack() throws Exception {
    try (LogCapture log = LogCapture.of("io.sluice.pool");
        Pool pool = Pool.open(url(), PoolOptions.DEFAULT.leakThreshold(Duration.ofMillis(200)))) {
      Pool.Lease leaked = pool.acquire();
      Poll.eventually("a leak warning", () -> !log.entries().isEmpty());
      LogCapture.Entry r = log.entries().get(0);
      assertEquals("WARNING", r.level());
      assertTrue(r.message().contains("borrowed for more than 200 ms"), r.message());
      String stack = java.util.Arrays.toString(r.thrown().getStackTrace());
      assertTrue(stack.contains("aLeakIsReportedWithTheBorrowersStack"), stack);
      leaked.close();
    }
  }

  @Test
  void transactionsBorrowAndCloseLetsRunningWorkFinish() throws Exception {
    Pool pool = Pool.open(url(), PoolOptions.DEFAULT.maxSize(2));
    long v = pool.transaction(tx -> tx.query("select 41 + 1").get(0).getLong(0));
    assertEquals(42, v);
    assertEquals(0, pool.stats().borrowed());
    var slow = java.util.concurrent.CompletableFuture.supplyAsync(() -> pool.query("select pg_sleep(0.5), 7").get(0).getInt(1),
        r -> Thread.startVirtualThread(r));
    Poll.eventually("the slow query is running", () -> pool.stats().inFlight() == 1);
    pool.close();
    assertEquals(7, slow.get(10, TimeUnit.SECONDS), "close let the running statement finish");
    ConnectionException e = assertThrows(ConnectionException.class, () -> pool.query("select 1"));
    assertTrue(e.getMessage().contains("pool is closed"), e.getMessage());
    assertEquals(0, pool.stats().open());
  }

  /**
   * Issue 17: a pool routed independent statements onto the connection of a slow stream, where
   * they waited for its consumer. The consumer here stops at its first row until the twenty
   * statements are done: had one been routed behind the stream, they never would be.
   */
  @Test
  void aSlowForEachHoldsUpNoOtherCaller() throws Exception {
    try (Pool pool = Pool.open(url(), PoolOptions.DEFAULT.minSize(0).maxSize(2))) {
      CountDownLatch queriesDone = new CountDownLatch(1);
      AtomicInteger consumed = new AtomicInteger();
      AtomicBoolean gaveUp = new AtomicBoolean();
      Thread stream = Thread.startVirtualThread(() -> pool.forEach("select g from generate_series(1, 5) g", row -> {
        consumed.incrementAndGet();
        try {
          if (row.getInt(0) == 1 && !queriesDone.await(10, TimeUnit.SECONDS)) {
            gaveUp.set(true);
          }
          Thread.sleep(20);
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
      }));
      Poll.eventually("the stream's first row is being consumed", () -> consumed.get() == 1);
      int[] consumedWhenDone = {-1};
      Thread queries = Thread.startVirtualThread(() -> {
        for (int i = 0; i < 20; i++) {
          assertEquals(i, pool.query("select $1::int4", i).get(0).getInt(0));
        }
        consumedWhenDone[0] = consumed.get();
        queriesDone.countDown();
      });
      assertTrue(queries.join(Duration.ofSeconds(30)) && stream.join(Duration.ofSeconds(30)), "callers returned");
      assertFalse(gaveUp.get(), "the statements waited for the stream's consumer");
      assertEquals(1, consumedWhenDone[0], "all 20 statements finished while the stream was at its first row");
      assertEquals(5, consumed.get());
      assertEquals(0, pool.stats().borrowed(), pool.stats().toString());
    }
  }

  @Test
  void aPoolStreamBorrowsItsConnectionUntilClosed() throws Exception {
    try (Pool pool = Pool.open(url(), PoolOptions.DEFAULT.minSize(0).maxSize(2))) {
      long sum = 0;
      try (RowStream rows = pool.stream("select g from generate_series(1, 10) g", 2)) {
        var it = rows.iterator();
        sum += it.next().getInt(0);
        assertEquals(1, pool.stats().borrowed(), pool.stats().toString());
        Thread queries = Thread.startVirtualThread(() -> {
          for (int i = 0; i < 20; i++) {
            assertEquals(i, pool.query("select $1::int4", i).get(0).getInt(0));
          }
        });
        assertTrue(queries.join(Duration.ofSeconds(30)), "statements ran beside the open stream");
        while (it.hasNext()) {
          sum += it.next().getInt(0);
        }
      }
      assertEquals(55, sum);
      assertEquals(0, pool.stats().borrowed(), "closing the stream gave its connection back");
      ServerException e = assertThrows(ServerException.class, () -> pool.stream("select no_such_column", 2));
      assertEquals("42703", e.sqlState());
      assertEquals(0, pool.stats().borrowed(), "a stream that failed to open gave its connection back");
      try (RowStream early = pool.stream("select g from generate_series(1, 1000) g", 10)) {
        assertEquals(1, early.iterator().next().getInt(0));
      }
      assertEquals(1, pool.query("select 1").size(), "a stream closed early leaves a usable connection");
      assertEquals(0, pool.stats().borrowed());
    }
  }

  /**
   * Under steady shared load a connection is idle only for a moment: borrowers (transactions,
   * streams) waited for one until their acquire timeout. One is now kept for each waiting borrower.
   */
  @Test
  void borrowersAreServedUnderSteadySharedLoad() throws Exception {
    try (Pool pool = Pool.open(url(), PoolOptions.DEFAULT.minSize(4).maxSize(4).acquireTimeout(Duration.ofSeconds(2)))) {
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger sharedDone = new AtomicInteger();
      List<Thread> load = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        load.add(Thread.startVirtualThread(() -> {
          while (!stop.get()) {
            pool.query("select 1");
            sharedDone.incrementAndGet();
          }
        }));
      }
      try {
        Poll.eventually("the shared load runs", () -> sharedDone.get() > 1000);
        for (int i = 0; i < 5; i++) {
          int n = i;
          int sum = pool.reduce("select g from generate_series(1, 3) g", 0, (a, r) -> a + r.getInt(0));
          int got = pool.transaction(tx -> tx.query("select $1::int4", n).get(0).getInt(0));
          assertEquals(6, sum);
          assertEquals(n, got);
        }
      } finally {
        stop.set(true);
        for (Thread t : load) {
          assertTrue(t.join(Duration.ofSeconds(30)), "a shared caller did not return");
        }
      }
      assertEquals(0, pool.stats().timeouts(), pool.stats().toString());
    }
  }

  @Test
  void badOptionsAreClearErrors() {
    assertThrows(ConfigException.class, () -> PoolOptions.DEFAULT.maxSize(0));
    ConfigException e = assertThrows(ConfigException.class,
        () -> PoolOptions.DEFAULT.acquireTimeout(Duration.ofSeconds(-1)));
    assertTrue(e.getMessage().contains("zero or positive"), e.getMessage());
  }
}
