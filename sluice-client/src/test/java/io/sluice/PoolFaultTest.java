package io.sluice;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.PostgresServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The pool when the server goes away or refuses connections: a private server per test. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PoolFaultTest {

  static String url(PostgresServer pg, String extra) {
    return "host=" + pg.socketDirectory() + " port=" + pg.port() + " user=" + pg.superuser() + " dbname="
        + pg.database() + " " + extra;
  }

  @Test
  void aServerRestartUnderLoadFromFiftyThreads() throws Exception {
    try (PostgresServer pg = PostgresServer.start(PostgresServer.Options.defaults());
        Pool pool = Pool.open(url(pg, "query_timeout=5 connect_timeout=5"),
            PoolOptions.DEFAULT.minSize(4).maxSize(8).acquireTimeout(Duration.ofSeconds(5)))) {
      AtomicBoolean stop = new AtomicBoolean();
      AtomicLong ok = new AtomicLong();
      AtomicLong failed = new AtomicLong();
      AtomicLong okAfterRestart = new AtomicLong();
      AtomicBoolean restarted = new AtomicBoolean();
      ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < 50; t++) {
        int me = t;
        threads.add(Thread.startVirtualThread(() -> {
          for (int i = 0; !stop.get(); i++) {
            long start = System.nanoTime();
            try {
              int v = i % 3 == 0
                  ? pool.transaction(tx -> tx.query("select $1::int4", me).get(0).getInt(0))
                  : pool.query("select $1::int4", me).get(0).getInt(0);
              if (v != me) {
                problems.add("thread " + me + " got " + v);
              }
              ok.incrementAndGet();
              if (restarted.get()) {
                okAfterRestart.incrementAndGet();
              }
            } catch (SluiceException e) {
              failed.incrementAndGet();
              LockSupportPause.pause();
            }
            long tookMs = (System.nanoTime() - start) / 1_000_000;
            if (tookMs > 20_000) {   // a bound far beyond every deadline: a call that hangs
              problems.add("a call took " + tookMs + " ms");
            }
          }
        }));
      }
      Thread.sleep(500);
      pg.restart();
      restarted.set(true);
      for (int i = 0; i < 200 && okAfterRestart.get() < 500; i++) {
        Thread.sleep(50);
      }
      stop.set(true);
      for (Thread t : threads) {
        assertTrue(t.join(Duration.ofSeconds(30)), "a worker did not finish");
      }
      assertTrue(problems.isEmpty(), problems.toString());
      assertTrue(okAfterRestart.get() >= 500, "served after the restart: " + okAfterRestart.get());
      assertTrue(failed.get() > 0, "the restart was noticed by some caller");
      PoolStats s = pool.stats();
      assertEquals(0, s.borrowed(), s.toString());
      assertEquals(0, s.inFlight(), s.toString());
      assertTrue(s.evicted() >= 1, s.toString());
      PoolTest.eventually("back to at least the minimum", () -> pool.stats().open() >= 4);
      assertTrue(pool.stats().open() <= 8);
    }
  }

  @Test
  void tooFewServerConnectionsSurfaces53300() throws Exception {
    try (PostgresServer pg = PostgresServer.start(PostgresServer.Options.defaults()
            .withSetting("max_connections", "6").withSetting("superuser_reserved_connections", "0"));
        Pool pool = Pool.open(url(pg, ""), PoolOptions.DEFAULT.minSize(0).maxSize(12))) {
      List<Pool.Lease> leases = new ArrayList<>();
      ConnectionException refused = null;
      try {
        for (int i = 0; i < 12 && refused == null; i++) {
          try {
            leases.add(pool.acquire());
          } catch (ConnectionException e) {
            refused = e;
          }
        }
      } finally {
        leases.forEach(Pool.Lease::close);
      }
      assertNotNull(refused, "the server refused a connection below the pool's maximum");
      assertTrue(leases.size() >= 1 && leases.size() < 12, "borrowed " + leases.size());
      ServerException cause = null;
      for (Throwable t = refused; t != null; t = t.getCause()) {
        if (t instanceof ServerException se) {
          cause = se;
        }
      }
      assertNotNull(cause, "the server's error is the cause: " + refused);
      assertEquals("53300", cause.sqlState());
      assertTrue(refused.getMessage().contains("could not open a pooled connection"), refused.getMessage());
      assertEquals(SluiceException.Outcome.NOT_SENT, refused.outcome());
      assertEquals(1, pool.query("select 1").size(), "the pool still serves with what it has");
      assertTrue(pool.stats().connectFailures() >= 1);
    }
  }

  /** A short pause after a failure, so that failing callers do not spin. */
  static final class LockSupportPause {
    static void pause() {
      java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
    }
  }
}
