package io.sluice.deadlines;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.QueryTimeoutException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.testkit.Poll;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Deadlines: query_timeout cancels only the request that ran too long; a frozen server is left. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class TimeoutTest {
  static PostgresServer pg;

  @BeforeAll
  static void server() {
    pg = PostgresServer.shared();
  }

  @Test
  void queryTimeoutCancelsAndTheConnectionStaysUsable() {
    try (Connection c = Connection.open(pg.conninfo("query_timeout=0.3"))) {
      QueryTimeoutException e = assertThrows(QueryTimeoutException.class, () -> c.query("select pg_sleep(5)"));
      assertEquals(SluiceException.Outcome.SERVER_ERROR, e.outcome());
      assertEquals("57014", ((ServerException) e.getCause()).sqlState());
      assertEquals(1, c.query("select 1").get(0).getInt(0));
      assertTrue(c.isOpen());
    }
  }

  @Test
  void aTimeoutNeverCancelsAnotherCallersRequest() throws Exception {
    try (Connection c = Connection.open(pg.conninfo("query_timeout=1"))) {
      CompletableFuture<Integer> first = CompletableFuture.supplyAsync(
          () -> c.query("select 1 from pg_sleep(0.4)").get(0).getInt(0), r -> Thread.startVirtualThread(r));
      Thread.sleep(50);
      CompletableFuture<Throwable> second = CompletableFuture.supplyAsync(() -> {
        try {
          c.query("select pg_sleep(4)");
          return null;
        } catch (Throwable t) {
          return t;
        }
      }, r -> Thread.startVirtualThread(r));
      Thread.sleep(50);
      CompletableFuture<Integer> third = CompletableFuture.supplyAsync(
          () -> c.query("select 3").get(0).getInt(0), r -> Thread.startVirtualThread(r));
      assertEquals(1, first.get(10, TimeUnit.SECONDS));
      assertInstanceOf(QueryTimeoutException.class, second.get(10, TimeUnit.SECONDS));
      assertEquals(3, third.get(10, TimeUnit.SECONDS));
    }
  }

  @Test
  void explicitCancelStopsTheRunningStatement() throws Exception {
    try (Connection c = Connection.open(pg.conninfo(""))) {
      CompletableFuture<Throwable> running = CompletableFuture.supplyAsync(() -> {
        try {
          c.query("select pg_sleep(10)");
          return null;
        } catch (Throwable t) {
          return t;
        }
      }, r -> Thread.startVirtualThread(r));
      Thread.sleep(300);
      assertTrue(c.cancel());
      Throwable t = running.get(10, TimeUnit.SECONDS);
      assertInstanceOf(ServerException.class, t);
      assertEquals("57014", ((ServerException) t).sqlState());
      assertEquals(1, c.query("select 1").get(0).getInt(0));
    }
  }

  @Test
  void aFrozenBackendIsAbandonedWithinTheCancelTimeout() throws Exception {
    Connection c = Connection.open(pg.conninfo("query_timeout=0.3 cancel_timeout=1"));
    int pid = c.processId();
    Process stop = new ProcessBuilder("kill", "-STOP", String.valueOf(pid)).start();
    assertEquals(0, stop.waitFor());
    try {
      // the caller is released at the deadline plus its grace (100 ms here), told UNKNOWN; the
      // connection, still waiting for the server's answer to the cancel, is abandoned at cancel_timeout
      long t0 = System.nanoTime();
      QueryTimeoutException e = assertThrows(QueryTimeoutException.class, () -> c.query("select 1"));
      assertEquals(SluiceException.Outcome.UNKNOWN, e.outcome());
      assertTrue(e.getMessage().contains("deadline"), e.getMessage());
      assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(300), "gave up before the timeout");
      Poll.orThrow(() -> !c.isOpen(), java.time.Duration.ofSeconds(20), "closed at cancel_timeout", () -> "");
      ConnectionException after = assertThrows(ConnectionException.class, () -> c.query("select 1"));
      assertEquals(SluiceException.Outcome.NOT_SENT, after.outcome(), after.getMessage());
    } finally {
      new ProcessBuilder("kill", "-CONT", String.valueOf(pid)).start().waitFor();
      c.close();
    }
  }
}
