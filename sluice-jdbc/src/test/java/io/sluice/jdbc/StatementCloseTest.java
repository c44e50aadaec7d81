package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code Statement.close()} from another thread cancels the statement it is running, as pgjdbc
 * does (issue 35: the query ran on): the execute fails with 57014 and the connection goes on.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class StatementCloseTest {
  private static boolean sleeping(Connection admin, int pid) throws SQLException {
    try (PreparedStatement p = admin.prepareStatement(
        "select count(*) from pg_stat_activity where pid = ? and state = 'active' and wait_event = 'PgSleep'"
        + " and query like '%pg_sleep%'")) {
      p.setInt(1, pid);
      try (ResultSet rs = p.executeQuery()) {
        rs.next();
        return rs.getInt(1) == 1;
      }
    }
  }

  @Test
  void closeFromAnotherThreadCancelsTheRunningQuery() throws Exception {
    try (Connection c = TestDatabase.connect(); Connection admin = TestDatabase.connect()) {
      int pid;
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select pg_backend_pid()")) {
        rs.next();
        pid = rs.getInt(1);
      }
      Statement running = c.createStatement();
      CompletableFuture<Void> query = CompletableFuture.runAsync(() -> {
        try {
          running.executeQuery("select pg_sleep(30)");
        } catch (SQLException e) {
          throw new IllegalStateException(e);
        }
      });
      while (!sleeping(admin, pid)) {
        assertFalse(query.isDone(), "pg_sleep(30) ended before it was seen running");
        Thread.onSpinWait();
      }
      running.close();
      ExecutionException e = assertThrows(ExecutionException.class, () -> query.get(20, TimeUnit.SECONDS));
      SQLException cause = assertInstanceOf(SQLException.class, e.getCause().getCause());
      assertEquals("57014", cause.getSQLState());
      assertTrue(running.isClosed());
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select 42")) {
        rs.next();
        assertEquals(42, rs.getInt(1));
      }
    }
  }
}
