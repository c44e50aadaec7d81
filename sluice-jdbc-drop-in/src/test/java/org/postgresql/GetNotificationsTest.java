package org.postgresql;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** pgjdbc's {@code getNotifications} over the notifications a JDBC connection's session receives, against the server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class GetNotificationsTest {
  private static final long BOUND_NANOS = TimeUnit.SECONDS.toNanos(20);

  static void run(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  static int pid(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select pg_backend_pid()")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /** Takes notifications until {@code n} came, each call waiting up to 10 s. */
  static List<PGNotification> collect(PGConnection pg, int n) throws SQLException {
    List<PGNotification> got = new ArrayList<>();
    long end = System.nanoTime() + BOUND_NANOS;
    while (got.size() < n && System.nanoTime() < end) {
      PGNotification[] some = pg.getNotifications(10_000);
      if (some != null) {
        got.addAll(List.of(some));
      }
    }
    return got;
  }

  /** Waits (bounded) until {@code t} is parked: it is then inside its wait. */
  static void awaitParked(Thread t) throws InterruptedException {
    long end = System.nanoTime() + BOUND_NANOS;
    while (t.getState() != Thread.State.WAITING && t.getState() != Thread.State.TIMED_WAITING) {
      assertTrue(System.nanoTime() < end, "the waiter never started waiting: " + t.getState());
      Thread.onSpinWait();
    }
  }

  @Test
  void aNotifyFromAnotherConnectionArrivesWithChannelPidAndPayload() throws Exception {
    try (Connection listener = DropInServer.connect(); Connection sender = DropInServer.connect()) {
      PGConnection pg = listener.unwrap(PGConnection.class);
      run(listener, "LISTEN orders");
      assertEquals(0, pg.getNotifications().length, "none yet: an empty array, as pgjdbc (NotifyTest testNoNotifications)");
      run(sender, "NOTIFY orders, 'order 17'");
      run(sender, "select pg_notify('orders', '')");
      List<PGNotification> got = collect(pg, 2);
      assertEquals(2, got.size(), got.toString());
      assertEquals("orders", got.get(0).getName());
      assertEquals("order 17", got.get(0).getParameter());
      assertEquals(pid(sender), got.get(0).getPID());
      assertEquals("", got.get(1).getParameter(), "no payload is the empty string");
      assertEquals(0, pg.getNotifications().length, "taken: not handed out twice");
    }
  }

  @Test
  void withoutWaitingItReadsWhatTheServerAlreadySent() throws Exception {
    try (Connection listener = DropInServer.connect(); Connection sender = DropInServer.connect()) {
      PGConnection pg = listener.unwrap(PGConnection.class);
      run(listener, "LISTEN ticks");
      run(sender, "NOTIFY ticks, 'one'");
      // the listener runs no statement: only getNotifications() reads the socket
      PGNotification[] got = null;
      long end = System.nanoTime() + BOUND_NANOS;
      while ((got == null || got.length == 0) && System.nanoTime() < end) {
        got = pg.getNotifications();
      }
      assertEquals(1, got.length, "never read from the socket");
      assertEquals("one", got[0].getParameter());
    }
  }

  @Test
  void aTimeoutEndsWithAnEmptyArrayAndTheConnectionStaysUsable() throws Exception {
    try (Connection listener = DropInServer.connect(); Connection sender = DropInServer.connect()) {
      PGConnection pg = listener.unwrap(PGConnection.class);
      run(listener, "LISTEN quiet");
      assertEquals(0, pg.getNotifications(50).length);   // NotifyTest asyncNotifyWithTimeout
      assertEquals(0, pg.getNotifications(-1).length);
      // the thread left waiting on the socket hands the reply of the next statement on
      assertEquals(pid(listener), pg.getBackendPID());
      run(sender, "NOTIFY quiet, 'after'");
      assertEquals("after", collect(pg, 1).get(0).getParameter());
      assertEquals(pid(listener), pid(listener), "statements still run after the waits");
    }
  }

  @Test
  void zeroWaitsUntilOneComes() throws Exception {
    try (Connection listener = DropInServer.connect(); Connection sender = DropInServer.connect()) {
      PGConnection pg = listener.unwrap(PGConnection.class);
      run(listener, "LISTEN later");
      CompletableFuture<PGNotification[]> waiting = new CompletableFuture<>();
      Thread t = new Thread(() -> {
        try {
          waiting.complete(pg.getNotifications(0));
        } catch (Throwable e) {
          waiting.completeExceptionally(e);
        }
      });
      t.start();
      awaitParked(t);
      run(sender, "NOTIFY later, 'now'");
      PGNotification[] got = waiting.get(30, TimeUnit.SECONDS);
      assertEquals("now", got[0].getParameter());
    }
  }

  @Test
  void aWaiterGetsThemWhileAnotherThreadRunsStatementsOnTheConnection() throws Exception {
    try (Connection listener = DropInServer.connect(); Connection sender = DropInServer.connect()) {
      PGConnection pg = listener.unwrap(PGConnection.class);
      run(listener, "LISTEN busy");
      CompletableFuture<Void> statements = CompletableFuture.runAsync(() -> {
        try {
          for (int i = 0; i < 20; i++) {
            run(listener, "select pg_sleep(0.02)");
          }
        } catch (SQLException e) {
          throw new IllegalStateException(e);
        }
      });
      run(sender, "NOTIFY busy, 'meanwhile'");
      assertEquals("meanwhile", collect(pg, 1).get(0).getParameter());
      statements.get(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void closingTheConnectionWakesAWaiter() throws Exception {
    Connection listener = DropInServer.connect();
    PGConnection pg = listener.unwrap(PGConnection.class);
    run(listener, "LISTEN never");
    CompletableFuture<PGNotification[]> waiting = new CompletableFuture<>();
    Thread t = new Thread(() -> {
      try {
        waiting.complete(pg.getNotifications(0));
      } catch (Throwable e) {
        waiting.completeExceptionally(e);
      }
    });
    t.start();
    awaitParked(t);
    listener.close();
    ExecutionException e = assertThrows(ExecutionException.class, () -> waiting.get(30, TimeUnit.SECONDS));
    assertEquals("08003", ((SQLException) e.getCause()).getSQLState(), e.getCause().toString());
    SQLException closed = assertThrows(SQLException.class, pg::getNotifications);
    assertEquals("08003", closed.getSQLState());
  }

  @Test
  void notificationsWaitForTheTransactionsToEnd() throws Exception {
    try (Connection listener = DropInServer.connect(); Connection sender = DropInServer.connect()) {
      PGConnection pg = listener.unwrap(PGConnection.class);
      run(listener, "LISTEN tx");
      sender.setAutoCommit(false);
      run(sender, "NOTIFY tx, 'sent in a transaction'");
      assertEquals(0, pg.getNotifications(50).length, "not before the sender commits");
      sender.commit();
      assertEquals("sent in a transaction", collect(pg, 1).get(0).getParameter());

      listener.setAutoCommit(false);
      run(listener, "select 1");   // the listener is in a transaction block now
      sender.setAutoCommit(true);
      run(sender, "NOTIFY tx, 'while the listener is in one'");
      assertEquals(0, pg.getNotifications(10_000).length, "inside a transaction block it does not wait: the server holds them");
      listener.commit();
      assertEquals("while the listener is in one", collect(pg, 1).get(0).getParameter());
    }
  }
}
