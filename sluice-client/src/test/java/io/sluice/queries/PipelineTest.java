package io.sluice.queries;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Batch;
import io.sluice.Connection;
import io.sluice.RowSet;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Automatic pipelining: many threads on one connection, each gets exactly its own results. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class PipelineTest {
  static PostgresServer pg;

  @BeforeAll
  static void server() {
    pg = PostgresServer.shared();
    try (Connection c = Connection.open(pg.conninfo(""))) {
      c.simpleQuery("""
          create or replace function sluice_notice(v int) returns int language plpgsql as $$
          begin raise notice 'notice %', v; return v; end $$;
          create or replace function sluice_flood(n int, size int) returns int language plpgsql as $$
          begin for i in 1..n loop raise notice '%', repeat('x', size); end loop; return n; end $$;
          """);
    }
  }

  static String tcpVia(FaultProxy p, String extra) {
    return "host=127.0.0.1 port=" + p.port() + " user=" + pg.superuser() + " dbname=" + pg.database()
        + " sslmode=disable " + extra;
  }

  static void runThreads(int n, ThrowingRunnable body) throws Exception {
    List<Thread> threads = new ArrayList<>();
    ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    CountDownLatch go = new CountDownLatch(1);
    for (int i = 0; i < n; i++) {
      int id = i;
      threads.add(Thread.ofVirtual().start(() -> {
        try {
          go.await();
          body.run(id);
        } catch (Throwable t) {
          failures.add(t);
        }
      }));
    }
    go.countDown();
    for (Thread t : threads) {
      t.join(Duration.ofSeconds(90));
      assertFalse(t.isAlive(), "a caller never returned");
    }
    if (!failures.isEmpty()) {
      AssertionError e = new AssertionError(failures.size() + " callers failed; first: " + failures.peek());
      failures.forEach(e::addSuppressed);
      throw e;
    }
  }

  interface ThrowingRunnable {
    void run(int id) throws Exception;
  }

  @Test
  void everyCallerGetsItsOwnResultsInARandomMix() throws Exception {
    AtomicInteger errors = new AtomicInteger();
    try (Connection c = Connection.open(pg.conninfo(""))) {
      runThreads(16, id -> {
        Random rnd = new Random(id);
        for (int i = 0; i < 150; i++) {
          int v = id * 1000 + i;
          switch (rnd.nextInt(6)) {
            case 0 -> assertEquals(v, c.query("select $1::int", v).get(0).getInt(0));
            case 1 -> {
              ServerException e = assertThrows(ServerException.class, () -> c.query("select $1::int / 0", v));
              assertEquals("22012", e.sqlState());
              errors.incrementAndGet();
            }
            case 2 -> assertEquals(v, c.query("select sluice_notice($1)", v).get(0).getInt(0));
            case 3 -> assertEquals(0, c.query("select $1::int where false", v).size());
            case 4 -> {
              RowSet rs = c.query("select g from generate_series(1, $1) g", v % 50 + 1);
              assertEquals(v % 50 + 1, rs.size());
              assertEquals(v % 50 + 1, rs.get(rs.size() - 1).getInt(0));
            }
            default -> {
              long[] sum = {0};
              c.forEach("select g from generate_series(1, $1) g", r -> sum[0] += r.getInt(0), v % 100 + 1);
              long n = v % 100 + 1;
              assertEquals(n * (n + 1) / 2, sum[0]);
            }
          }
        }
      });
      assertTrue(errors.get() > 0, "the mix had no errors");
      assertTrue(c.isOpen());
      assertEquals(1, c.query("select 1").get(0).getInt(0));
    }
  }

  @Test
  void concurrentRequestsShareRoundTrips() throws Exception {
    try (FaultProxy proxy = FaultProxy.start(pg.host(), pg.port());
         Connection c = Connection.open(tcpVia(proxy, ""))) {
      c.query("select $1::int", 0);               // prepared once
      proxy.latency(Duration.ofMillis(20));
      proxy.resetCounters();
      int callers = 50;
      runThreads(callers, id -> assertEquals(id, c.query("select $1::int", id).get(0).getInt(0)));
      long trips = proxy.roundTrips();
      assertTrue(trips <= 5, callers + " concurrent queries took " + trips + " round trips");
    }
  }

  /**
   * Slot waits are woken by what frees a slot or the read lock, never by a timer: a pipeline two
   * deep shared by 32 threads, a batch of 300 from one thread (its own replies free its slots), and
   * a slow stream ahead of them all — every caller gets its own rows, and the connection is usable.
   */
  @Test
  void callersWaitingForASlotAreWokenByWhatFreesOne() throws Exception {
    try (Connection c = Connection.open(pg.conninfo("pipeline_depth=2"))) {
      CountDownLatch streaming = new CountDownLatch(1);
      Thread stream = Thread.ofVirtual().start(() -> c.forEach("select g from generate_series(1, 5) g", r -> {
        streaming.countDown();
        try {
          Thread.sleep(20);   // a slow consumer holds everyone queued behind it
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }));
      assertTrue(streaming.await(10, TimeUnit.SECONDS));
      runThreads(32, id -> {
        if (id == 0) {
          Batch b = c.batch();
          for (int i = 0; i < 300; i++) {
            b.add("select $1::int", i);
          }
          List<Batch.Item> items = b.run();
          for (int i = 0; i < 300; i++) {
            assertEquals(i, items.get(i).rowsOrThrow().get(0).getInt(0));
          }
          return;
        }
        for (int i = 0; i < 20; i++) {
          assertEquals(id * 1000 + i, c.query("select $1::int", id * 1000 + i).get(0).getInt(0));
        }
      });
      stream.join(Duration.ofSeconds(30));
      assertFalse(stream.isAlive());
      assertEquals(1, c.query("select 1").get(0).getInt(0));
    }
  }

  @Test
  void pipeliningCanBeTurnedOff() throws Exception {
    try (FaultProxy proxy = FaultProxy.start(pg.host(), pg.port());
         Connection c = Connection.open(tcpVia(proxy, "pipeline_depth=1"))) {
      c.query("select $1::int", 0);
      proxy.latency(Duration.ofMillis(2));
      proxy.resetCounters();
      runThreads(20, id -> assertEquals(id, c.query("select $1::int", id).get(0).getInt(0)));
      assertTrue(proxy.roundTrips() >= 20, "pipeline_depth=1 still pipelined: " + proxy.roundTrips());
    }
  }

  @Test
  void firstUseCostsTwoRoundTripsAndACachedStatementOne() throws Exception {
    try (FaultProxy proxy = FaultProxy.start(pg.host(), pg.port());
         Connection c = Connection.open(tcpVia(proxy, ""))) {
      proxy.latency(Duration.ofMillis(5));
      proxy.resetCounters();
      c.query("select $1::int + 1", 1);
      assertEquals(2, proxy.roundTrips(), "first use");
      proxy.resetCounters();
      c.query("select $1::int + 1", 2);
      assertEquals(1, proxy.roundTrips(), "cached");
    }
  }

  @Test
  void concurrentFirstUsesShareOnePrepare() throws Exception {
    try (Connection c = Connection.open(pg.conninfo(""))) {
      runThreads(20, id -> assertEquals(id * 2, c.query("select $1::int * 2", id).get(0).getInt(0)));
      int prepared = c.query("select count(*)::int from pg_prepared_statements where statement = $1", "select $1::int * 2")
          .get(0).getInt(0);
      assertEquals(1, prepared);
    }
  }

  @Test
  void aLargeWriteDuringAFloodOfNoticesDoesNotDeadlock() throws Exception {
    try (Connection c = Connection.open(pg.conninfo(""))) {
      String big = "y".repeat(40 * 1024 * 1024);
      runThreads(2, id -> {
        if (id == 0) {
          assertEquals(20000, c.query("select sluice_flood(20000, 2000)").get(0).getInt(0));
        } else {
          assertEquals(big.length(), c.query("select length($1::text)", big).get(0).getInt(0));
        }
      });
    }
  }

  @Test
  void failureOfTheConnectionReachesEveryWaitingCaller() throws Exception {
    Connection c = Connection.open(pg.conninfo(""));
    try (Connection admin = Connection.open(pg.conninfo(""))) {
      int pid = c.processId();
      AtomicInteger failed = new AtomicInteger();
      runThreads(10, id -> {
        if (id == 0) {
          Thread.sleep(300);
          admin.query("select pg_terminate_backend($1)", pid);
          return;
        }
        try {
          c.query("select pg_sleep(5)");
          fail("survived a terminated backend");
        } catch (SluiceException e) {
          assertNotEquals(SluiceException.Outcome.SERVER_ERROR, e.outcome(), e.getMessage());
          failed.incrementAndGet();
        }
      });
      assertEquals(9, failed.get());
      assertFalse(c.isOpen());
      assertEquals(SluiceException.Outcome.NOT_SENT,
          assertThrows(SluiceException.class, () -> c.query("select 1")).outcome());
    } finally {
      c.close();
    }
  }
}
