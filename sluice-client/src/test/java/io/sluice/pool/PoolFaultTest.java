package io.sluice.pool;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.Pool;
import io.sluice.PoolExhaustedException;
import io.sluice.PoolOptions;
import io.sluice.PoolStats;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.testkit.Poll;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
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
@ServerTest
class PoolFaultTest {

  @Test
  void aServerRestartUnderLoadFromFiftyThreads() throws Exception {
    try (PostgresServer pg = PostgresServer.start(PostgresServer.Options.defaults());
        Pool pool = Pool.open(pg.conninfo("query_timeout=5 connect_timeout=5"),
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
      Poll.eventually("back to at least the minimum", () -> pool.stats().open() >= 4);
      assertTrue(pool.stats().open() <= 8);
    }
  }

  /**
   * Every connection the server takes is borrowed and kept: the next caller waits for one of them
   * (the pool has some), and when its acquire timeout passes, it learns that the server refused more.
   */
  @Test
  void tooFewServerConnectionsSurfaces53300() throws Exception {
    try (PostgresServer pg = PostgresServer.start(PostgresServer.Options.defaults()
            .withSetting("max_connections", "6").withSetting("superuser_reserved_connections", "0"));
        Pool pool = Pool.open(pg.conninfo(""),
            PoolOptions.DEFAULT.minSize(0).maxSize(12).acquireTimeout(Duration.ofMillis(300)))) {
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
      assertEquals("53300", serverCause(refused).sqlState(), "the server's error is the cause: " + refused);
      assertInstanceOf(PoolExhaustedException.class, refused, "it waited for the connections the pool has");
      assertTrue(refused.getMessage().contains("timed out after 300 ms") && refused.getMessage().contains(
          "the server refuses more (could not open a pooled connection"), refused.getMessage());
      assertEquals(SluiceException.Outcome.NOT_SENT, refused.outcome());
      assertEquals(1, pool.query("select 1").size(), "the pool still serves with what it has");
      assertTrue(pool.stats().connectFailures() >= 1);
    }
  }

  /**
   * Issue 17: four idle pooled connections whose backends were terminated made the next four
   * statements fail with 57P01. A dead idle connection is found before it is handed out, and a
   * statement that reached a connection already dead runs again on another.
   */
  @Test
  void terminatedIdleBackendsAreNeverHandedOut() throws Exception {
    try (PostgresServer pg = PostgresServer.start(PostgresServer.Options.defaults())) {
      // over TCP the pool's check finds the FATAL waiting before anything is written; a Unix-domain
      // socket cannot count waiting bytes, so there the write fails and the FATAL read after it
      // proves the statement never started (NOT_SENT): the pool runs it again elsewhere
      terminatedIdleBackendsAreNeverHandedOut(pg, pg.host() + " sslmode=disable");
      terminatedIdleBackendsAreNeverHandedOut(pg, pg.socketDirectory().toString());
    }
  }

  private static void terminatedIdleBackendsAreNeverHandedOut(PostgresServer pg, String host) throws Exception {
    try (Pool pool = Pool.open("host=" + host + " port=" + pg.port() + " user=" + pg.superuser() + " dbname="
            + pg.database() + " application_name=victim query_timeout=5",
            PoolOptions.DEFAULT.minSize(4).maxSize(4).acquireTimeout(Duration.ofSeconds(5)));
        Connection admin = Connection.open(pg.conninfo(""))) {
      java.util.function.IntConsumer statement = i -> assertEquals(i, pool.query("select $1::int4", i).get(0).getInt(0));
      terminateIdleVictims(pool, admin);
      List<SluiceException> failures = new ArrayList<>();
      for (int i = 0; i < 4; i++) {   // one after the other: each meets a dead idle connection first
        failures.addAll(runConcurrently(1, statement));
      }
      terminateIdleVictims(pool, admin);
      failures.addAll(runConcurrently(40, statement));
      assertEquals(List.of(), failures.stream().map(e -> e.outcome() + " " + e.getMessage()).toList());
      assertTrue(pool.stats().evicted() >= 8, "both rounds' dead connections were evicted: " + pool.stats());
      Poll.eventually("back to its minimum", () -> pool.stats().open() == 4);
    }
  }

  /** Terminates the pool's four connections once all are open and idle, and waits until their backends are gone. */
  private static void terminateIdleVictims(Pool pool, Connection admin) throws InterruptedException {
    Poll.eventually("four idle connections", () -> pool.stats().open() == 4 && pool.stats().idle() == 4);
    String victims = "from pg_stat_activity where application_name = 'victim'";
    assertEquals(4L, admin.query("select count(pg_terminate_backend(pid)) " + victims).get(0).getLong(0));
    Poll.eventually("the backends are gone", () -> admin.query("select count(*) " + victims).get(0).getLong(0) == 0);
  }

  /** Runs {@code n} calls on virtual threads at once; the failures, in no order. */
  static List<SluiceException> runConcurrently(int n, java.util.function.IntConsumer call) throws InterruptedException {
    ConcurrentLinkedQueue<SluiceException> failures = new ConcurrentLinkedQueue<>();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int me = i;
      threads.add(Thread.startVirtualThread(() -> {
        try {
          call.accept(me);
        } catch (SluiceException e) {
          failures.add(e);
        }
      }));
    }
    for (Thread t : threads) {
      assertTrue(t.join(Duration.ofSeconds(30)), "a caller did not return");
    }
    return new ArrayList<>(failures);
  }

  /**
   * Issue 17: a role limited to one connection behind a pool of four made 39 of 40 concurrent
   * transactions fail at once with 53300. They wait for the one connection the pool has; a pool
   * with no connection at all waits too, trying again, and gets a connection as soon as the role's
   * one is free — or, at its acquire timeout, an error naming the refusal.
   */
  @Test
  void aRoleLimitedToOneConnectionServesEveryTransactionOfAPoolOfFour() throws Exception {
    try (PostgresServer pg = PostgresServer.start(PostgresServer.Options.defaults());
        Connection admin = Connection.open(pg.conninfo(""))) {
      admin.execute("create role sluice_one login connection limit 1 password 'one-secret'");
      String one = "host=" + pg.socketDirectory() + " port=" + pg.port() + " user=sluice_one password=one-secret"
          + " dbname=" + pg.database();
      PoolOptions opts = PoolOptions.DEFAULT.minSize(0).maxSize(4).acquireTimeout(Duration.ofSeconds(5));
      try (Pool pool = Pool.open(one, opts)) {
        List<SluiceException> failures = runConcurrently(20, i -> {
          int got = pool.transaction(tx -> {
            tx.execute("select pg_sleep(0.02)");
            return tx.query("select $1::int4", i).get(0).getInt(0);
          });
          assertEquals(i, got);
        });
        assertEquals(List.of(), failures.stream().map(e -> e.outcome() + " " + e.getMessage()).toList());
        PoolStats s = pool.stats();
        assertTrue(s.connectFailures() >= 1, "the server refused the pool's second connection: " + s);
        assertEquals(1, s.open(), s.toString());

        try (Pool other = Pool.open(one, opts.acquireTimeout(Duration.ofMillis(500)));
            Pool.Lease held = pool.acquire()) {
          ConnectionException e = assertThrows(ConnectionException.class, other::acquire);
          assertInstanceOf(PoolExhaustedException.class, e, "it waited for the role's connection: " + e);
          assertEquals("53300", serverCause(e).sqlState(), e.toString());
          assertTrue(e.getMessage().contains("too many connections for role"), e.getMessage());
          assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
        }
        try (Pool other = Pool.open(one, opts)) {   // no connection of its own: it waits, trying again
          Pool.Lease held = pool.acquire();
          java.util.concurrent.CompletableFuture<Integer> waiter = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try (Pool.Lease l = other.acquire()) {
              return l.connection().query("select 1").size();
            }
          }, r -> Thread.startVirtualThread(r));
          Thread.sleep(300);
          assertFalse(waiter.isDone(), "refused while the role's connection is held: it waits");
          held.close();
          pool.close();   // the role's one connection goes
          assertEquals(1, waiter.get(10, java.util.concurrent.TimeUnit.SECONDS));
        }
      }
    }
  }

  static ServerException serverCause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ServerException se) {
        return se;
      }
    }
    return fail("no server error in the causes of " + e);
  }

  /** A short pause after a failure, so that failing callers do not spin. */
  static final class LockSupportPause {
    static void pause() {
      java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
    }
  }
}
