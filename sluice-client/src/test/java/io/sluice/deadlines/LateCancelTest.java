package io.sluice.deadlines;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.QueryTimeoutException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.testkit.Poll;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A statement past its deadline whose server does not answer the cancel (issue 37 §3): the
 * backend is stopped ({@code kill -STOP}) while it runs, so the cancel's signal waits. The caller
 * is released at the deadline plus a short grace, told {@code UNKNOWN}, while the backend is still
 * stopped; once it runs again it answers the cancel, the connection reads that in the background
 * and is usable. Over TCP (SO_TIMEOUT) and over a Unix socket (its non-blocking channel's selector)
 * alike: both bound their reads.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class LateCancelTest {
  static PostgresServer pg;

  @BeforeAll
  static void server() {
    pg = PostgresServer.shared();
  }

  static String tcp(String extra) {
    return "host=127.0.0.1 port=" + pg.port() + " user=" + pg.superuser() + " dbname=" + pg.database()
        + " sslmode=disable " + extra;
  }

  static String unix(String extra) {
    return "host=" + pg.socketDirectory() + " port=" + pg.port() + " user=" + pg.superuser() + " dbname="
        + pg.database() + " " + extra;
  }

  static void signal(String sig, int pid) throws Exception {
    assertEquals(0, new ProcessBuilder("kill", sig, String.valueOf(pid)).start().waitFor(), "kill " + sig);
  }

  @Test
  void aCallerWhoseCancelIsNotAnsweredIsReleasedUnknownAndTheConnectionRecovers() throws Exception {
    releasedAndRecovered(tcp("query_timeout=1 cancel_timeout=60"));
  }

  @Test
  void overAUnixSocketTooTheCallerIsReleasedUnknownAndTheConnectionRecovers() throws Exception {
    releasedAndRecovered(unix("query_timeout=1 cancel_timeout=60"));
  }

  @Test
  void overAUnixSocketAStatementWithADeadlineThatEndsInTimeIsUntouched() {
    // with a deadline over a Unix socket: replies, errors, pipelined callers and a cancelled sleep
    try (Connection c = Connection.open(unix("query_timeout=5"))) {
      assertEquals(1, c.query("select 1").get(0).getInt(0));
      ServerException e = assertThrows(ServerException.class, () -> c.query("select 1/0"));
      assertEquals("22012", e.sqlState());
      java.util.List<Thread> callers = new java.util.ArrayList<>();
      java.util.concurrent.atomic.AtomicInteger sum = new java.util.concurrent.atomic.AtomicInteger();
      for (int i = 0; i < 16; i++) {
        int n = i;
        callers.add(Thread.startVirtualThread(() -> sum.addAndGet(c.query("select $1::int", n).get(0).getInt(0))));
      }
      for (Thread t : callers) {
        assertDoesNotThrow(() -> t.join());
      }
      assertEquals(120, sum.get());
      QueryTimeoutException late = assertThrows(QueryTimeoutException.class,
          () -> c.withTimeout(Duration.ofMillis(300)).query("select pg_sleep(30)"));
      assertEquals(SluiceException.Outcome.SERVER_ERROR, late.outcome(), late.getMessage());
      assertEquals(2, c.query("select 2").get(0).getInt(0));
    }
  }

  private static void releasedAndRecovered(String url) throws Exception {
    try (Connection c = Connection.open(url);
        Connection watcher = Connection.open(tcp(""))) {
      int pid = c.processId();
      CompletableFuture<Throwable> call = CompletableFuture.supplyAsync(() -> {
        try {
          c.query("select pg_sleep(30)");
          return null;
        } catch (Throwable t) {
          return t;
        }
      }, r -> Thread.startVirtualThread(r));
      // stop the backend only once it runs the sleep, so that the cancel meets a running statement
      Poll.orThrow(() -> watcher.query(
          "select count(*) from pg_stat_activity where pid = $1 and state = 'active' and query like 'select pg_sleep%'",
          pid).get(0).getLong(0) == 1, Duration.ofSeconds(20), "the backend runs the statement", () -> "");
      signal("-STOP", pid);
      Throwable t;
      try {
        t = call.get(30, TimeUnit.SECONDS);
        // the call returned while the backend is still stopped: nobody could have answered it
        assertInstanceOf(QueryTimeoutException.class, t);
        assertEquals(SluiceException.Outcome.UNKNOWN, ((QueryTimeoutException) t).outcome(), t.getMessage());
        assertTrue(t.getMessage().contains("whether the statement completed is unknown"), t.getMessage());
      } finally {
        signal("-CONT", pid);
      }
      // the backend answers the cancel (57014) as it runs again; the connection reads it and goes on
      assertEquals(7, c.query("select 7").get(0).getInt(0));
      assertTrue(c.isOpen());
      assertEquals(pid, c.processId(), "the same server connection");
    }
  }
}
