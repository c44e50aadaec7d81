package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One JDBC connection shared by many threads in auto-commit mode runs on one pipelined Sluice
 * connection: every thread gets its own results, and batches go out in one round trip (counted by
 * the testkit's proxy).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class SharedConnectionTest {
  private static String via(FaultProxy proxy) {
    return TestDatabase.url().replaceFirst("//[^/]+/", "//127.0.0.1:" + proxy.port() + "/")
        .replaceAll("&sslmode=[^&]*", "") + "&sslmode=disable";
  }

  @FunctionalInterface
  interface Body {
    void run(int thread) throws Exception;
  }

  /** Runs {@code body} on {@code n} virtual threads started together; fails with the first failure. */
  private static void onThreads(int n, Body body) throws InterruptedException {
    ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < n; t++) {
      int id = t;
      threads.add(Thread.ofVirtual().start(() -> {
        try {
          go.await();
          body.run(id);
        } catch (Throwable e) {
          failures.add(e);
        }
      }));
    }
    go.countDown();
    for (Thread t : threads) {
      t.join();
    }
    assertTrue(failures.isEmpty(), () -> failures.peek().toString());
  }

  @Test
  void manyThreadsShareOneConnectionAndEachGetsItsOwnResults() throws Exception {
    try (Connection c = TestDatabase.connect()) {
      Set<Integer> pids = ConcurrentHashMap.newKeySet();
      onThreads(16, id -> {
        try (PreparedStatement p = c.prepareStatement("select ?::int * 1000 + g, pg_backend_pid()"
            + " from generate_series(1, 3) g")) {
          for (int i = 0; i < 50; i++) {
            p.setInt(1, id * 100 + i);
            try (ResultSet rs = p.executeQuery()) {
              for (int g = 1; g <= 3; g++) {
                assertTrue(rs.next());
                assertEquals((id * 100 + i) * 1000 + g, rs.getInt(1));
                pids.add(rs.getInt(2));
              }
              assertFalse(rs.next());
            }
          }
        }
      });
      assertEquals(1, pids.size(), "one server session for all threads");
    }
  }

  @Test
  void aBatchGoesOutInOneRoundTrip() throws Exception {
    try (FaultProxy proxy = FaultProxy.start(TestDatabase.server().host(), TestDatabase.server().port());
        Connection c = DriverManager.getConnection(via(proxy))) {
      try (Statement s = c.createStatement()) {
        s.execute("create temp table rt (k int, v text)");
      }
      try (PreparedStatement p = c.prepareStatement("insert into rt values (?, ?)")) {
        for (int i = 1; i <= 1000; i++) {   // prepares the statements the batch is sent as (one per chunk size)
          p.setInt(1, -i);
          p.setString(2, "warm");
          p.addBatch();
        }
        p.executeBatch();
        proxy.resetCounters();
        for (int i = 1; i <= 1000; i++) {
          p.setInt(1, i);
          p.setString(2, "row " + i);
          p.addBatch();
        }
        int[] counts = p.executeBatch();
        assertEquals(1000, counts.length);
        assertEquals(1, proxy.roundTrips(), "1000 inserts, one round trip");
        // in a transaction too (its BEGIN may take a trip of its own, its COMMIT takes one)
        c.setAutoCommit(false);
        proxy.resetCounters();
        for (int i = 1; i <= 1000; i++) {
          p.setInt(1, i);
          p.setString(2, "tx row " + i);
          p.addBatch();
        }
        assertEquals(1000, p.executeBatch().length);
        c.commit();
        assertTrue(proxy.roundTrips() <= 3, "1000 inserts in a transaction took " + proxy.roundTrips() + " round trips");
        c.setAutoCommit(true);
      }
    }
  }

  @Test
  void concurrentStatementsArePipelined() throws Exception {
    try (FaultProxy proxy = FaultProxy.start(TestDatabase.server().host(), TestDatabase.server().port());
        Connection c = DriverManager.getConnection(via(proxy))) {
      proxy.latency(Duration.ofMillis(50));
      try (PreparedStatement warm = c.prepareStatement("select ?::int")) {
        warm.setInt(1, 1);
        warm.executeQuery().close();
      }
      proxy.resetCounters();
      onThreads(16, id -> {
        try (PreparedStatement p = c.prepareStatement("select ?::int")) {
          p.setInt(1, id);
          try (ResultSet rs = p.executeQuery()) {
            assertTrue(rs.next());
            assertEquals(id, rs.getInt(1));
          }
        }
      });
      assertTrue(proxy.roundTrips() < 16, "16 statements from 16 threads took " + proxy.roundTrips()
          + " round trips: they did not share the pipeline");
    }
  }

  /**
   * A query timeout travels with its own statement: on a connection shared by two threads, the
   * late statement is cancelled, never the other thread's long one running before it (a timer
   * sending a CancelRequest would cancel whatever the server runs at that moment).
   */
  @Test
  void aQueryTimeoutCancelsOnlyItsOwnStatement() throws Exception {
    try (Connection c = TestDatabase.connect()) {
      java.util.concurrent.CompletableFuture<Integer> longOne = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select 7 from pg_sleep(2)")) {
          assertTrue(rs.next());
          return rs.getInt(1);
        } catch (SQLException e) {
          throw new IllegalStateException(e);
        }
      }, r -> Thread.startVirtualThread(r));
      // the other statement is queued behind it once the long one runs on the server
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      try (Connection watcher = TestDatabase.connect(); Statement w = watcher.createStatement()) {
        while (System.nanoTime() < until) {
          try (ResultSet rs = w.executeQuery(
              "select count(*) from pg_stat_activity where wait_event = 'PgSleep' and query like 'select 7 from pg_sleep%'")) {
            rs.next();
            if (rs.getInt(1) > 0) {
              break;
            }
          }
          Thread.sleep(20);
        }
      }
      try (Statement s = c.createStatement()) {
        s.setQueryTimeout(1);
        SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("select pg_sleep(30)"));
        assertEquals("57014", e.getSQLState());
      }
      assertEquals(7, longOne.get(20, TimeUnit.SECONDS), "the other thread's statement ran to its end");
    }
  }
}
