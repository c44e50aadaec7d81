package io.sluice.queries;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ConnectionStats;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How many requests one socket write carries when many callers share a connection (issue 24;
 * docs/engine.md, "Reading and writing in step"): counted with {@link ConnectionStats}, not timed.
 * The reader lets the callers it woke append before it writes; a lone caller's request still leaves
 * at once.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class WriteCoalescingTest {
  static PostgresServer pg;

  @BeforeAll
  static void server() {
    pg = PostgresServer.shared();
  }

  static Connection open() {
    return Connection.open(pg.conninfo(""));
  }

  /** Runs {@code n} virtual threads to the end; the first failure is thrown. */
  static void runThreads(int n, ThreadBody body) throws Exception {
    List<Thread> threads = new ArrayList<>();
    ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    for (int i = 0; i < n; i++) {
      int id = i;
      threads.add(Thread.ofVirtual().start(() -> {
        try {
          body.run(id);
        } catch (Throwable t) {
          failures.add(t);
        }
      }));
    }
    for (Thread t : threads) {
      t.join();
    }
    if (!failures.isEmpty()) {
      AssertionError e = new AssertionError(failures.size() + " callers failed");
      failures.forEach(e::addSuppressed);
      throw e;
    }
  }

  @FunctionalInterface
  interface ThreadBody {
    void run(int id) throws Exception;
  }

  @Test
  void sixtyFourCallersShareTheirWrites() throws Exception {
    try (Connection c = open()) {
      c.query("select $1::int", -1);   // prepared first, so that every request counted is a query
      ConnectionStats before = c.stats();
      int perThread = 200;
      runThreads(64, id -> {
        for (int i = 0; i < perThread; i++) {
          int v = id * 100_000 + i;
          assertEquals(v, c.query("select $1::int", v).get(0).getInt(0));
        }
      });
      ConnectionStats after = c.stats();
      long requests = after.requestsSent() - before.requestsSent();
      long writes = after.socketWrites() - before.socketWrites();
      long wakeUps = after.wakeUps() - before.wakeUps();
      assertEquals(64L * perThread, requests);
      // how many requests share a write depends on the scheduler: about 20 on a fresh JVM, about 2
      // once the JIT has compiled the callers (measured 3 December, the same before and after the
      // Unix channel became non-blocking), so the figure belongs to the lab and JMH
      // (PointConcurrencyBench); this test holds only that callers share writes at all
      assertTrue(requests > writes, requests + " requests in " + writes + " socket writes");
      // one wake-up per request (its owner) is the floor; neither change may add any
      assertTrue(wakeUps <= requests * 3 / 2, wakeUps + " wake-ups for " + requests + " requests");
    }
  }

  @Test
  void aLoneCallersRequestsLeaveAtOnce() {
    try (Connection c = open()) {
      c.query("select $1::int", -1);   // prepared first: a first use may send its Parse with the query
      ConnectionStats before = c.stats();
      for (int i = 0; i < 200; i++) {
        assertEquals(i, c.query("select $1::int", i).get(0).getInt(0));
      }
      ConnectionStats after = c.stats();
      // no reader is busy when a lone caller submits, so each request is written as it is made
      assertEquals(after.requestsSent() - before.requestsSent(), after.socketWrites() - before.socketWrites());
    }
  }

  /**
   * Callers that stop at random points, and slow statements at the head of the queue while others
   * pile up behind them: every request appended while a reader was busy is written before that
   * reader waits again, so every call returns with its own answer.
   */
  @Test
  void appendedRequestsAlwaysLeave() throws Exception {
    try (Connection c = open()) {
      AtomicLong answered = new AtomicLong();
      runThreads(48, id -> {
        Random random = new Random(id);
        int count = 1 + random.nextInt(40);
        for (int i = 0; i < count; i++) {
          int v = id * 1_000 + i;
          String sql = random.nextInt(10) == 0 ? "select $1::int from pg_sleep(0.005)" : "select $1::int";
          assertEquals(v, c.query(sql, v).get(0).getInt(0));
          answered.incrementAndGet();
        }
      });
      assertTrue(answered.get() >= 48);
      assertEquals(7, c.query("select 7").get(0).getInt(0));   // and the connection is still in step
      assertEquals(0, c.stats().inFlight());
    }
  }
}
