package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/** Faults of the JDBC layer give pgjdbc's SQLSTATE and message form for the same fault (issue 35 §6). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PgjdbcStatesTest extends OneConnection {
  private static void assertState(String state, Executable call) {
    SQLException e = assertThrows(SQLException.class, call);
    assertEquals(state, e.getSQLState(), e.getMessage());
  }

  // pgjdbc's "A result was returned when none was expected." is TOO_MANY_RESULTS, 0100E (was 0100D)
  @Test
  void executeUpdateOfASelectIs0100E() throws SQLException {
    try (Statement s = c.createStatement(); PreparedStatement p = c.prepareStatement("select ?::int4")) {
      assertState("0100E", () -> s.executeUpdate("select 1"));
      assertState("0100E", () -> s.executeLargeUpdate("select 1"));
      p.setInt(1, 1);
      assertState("0100E", p::executeUpdate);
      assertState("0100E", p::executeLargeUpdate);
    }
  }

  // pgjdbc's close() cancels the statement it runs: the running thread gets the server's 57014 (was HY010)
  @Test
  void closingARunningStatementCancelsItWith57014() throws Exception {
    try (Connection own = TestDatabase.connect()) {
      Statement s = own.createStatement();
      CompletableFuture<SQLException> failure = CompletableFuture.supplyAsync(() -> {
        try {
          s.execute("select pg_sleep(30)");
          return null;
        } catch (SQLException e) {
          return e;
        }
      });
      waitUntilSleeping(own.unwrap(io.sluice.Connection.class).processId());
      s.close();
      SQLException e = failure.get(20, TimeUnit.SECONDS);
      assertNotNull(e, "the statement ran to its end");
      assertEquals("57014", e.getSQLState(), e.getMessage());
      try (Statement again = own.createStatement()) {
        assertTrue(again.execute("select 1"), "the connection stays usable");
      }
    }
  }

  /**
   * Until backend {@code pid} sleeps in pg_sleep: the statement to cancel is executing (its state is
   * already active while the server parses it, and a close then finds it between its steps). Only
   * that backend: another test's sleep, or one a failed run left behind, says nothing of this one.
   */
  private static void waitUntilSleeping(int pid) throws Exception {
    for (int i = 0; i < 200; i++) {
      try (Statement q = c.createStatement();
          var rs = q.executeQuery("select count(*) from pg_stat_activity where query = 'select pg_sleep(30)'"
              + " and state = 'active' and wait_event = 'PgSleep' and pid = " + pid)) {
        rs.next();
        if (rs.getInt(1) > 0) {
          return;
        }
      }
      Thread.sleep(50);
    }
    fail("the statement never started");
  }

  // pgjdbc's PSQLWarning.getMessage() is the server's message alone (was "NOTICE: …")
  @Test
  void noticeWarningIsTheMessageWithoutTheSeverity() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("do $$ begin raise notice 'hello from plpgsql'; end $$");
      SQLWarning w = s.getWarnings();
      assertNotNull(w);
      assertEquals("hello from plpgsql", w.getMessage());
      assertEquals("00000", w.getSQLState());
    }
  }
}
