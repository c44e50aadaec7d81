package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * pgjdbc's {@code autosave} against the server (issue 35): {@code always} rolls a failed statement
 * back to the savepoint set in front of it and the transaction goes on; {@code conservative} does
 * so only for a failure a second try heals (a re-planned statement whose columns changed), and
 * runs the statement again; {@code never} leaves the transaction aborted.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class AutosaveTest {
  private static long count(Statement s, String table) throws SQLException {
    try (ResultSet rs = s.executeQuery("select count(*) from " + table)) {
      assertTrue(rs.next());
      return rs.getLong(1);
    }
  }

  private static void table(String name) throws SQLException {
    try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
      s.execute("drop table if exists " + name + "; create table " + name + " (k int primary key, v text)");
    }
  }

  @Test
  void alwaysRollsAFailedStatementBackAndTheTransactionGoesOn() throws SQLException {
    table("autosave_always");
    try (Connection c = TestDatabase.connect("&autosave=always"); Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      s.executeUpdate("insert into autosave_always values (1, 'kept')");
      SQLException e = assertThrows(SQLException.class, () -> s.execute("select 1/0"));
      assertEquals("22012", e.getSQLState());
      assertNull(e.getNextException(), "the rollback to the savepoint worked");
      // not 25P02: only the failed statement was undone
      s.executeUpdate("insert into autosave_always values (2, 'after')");
      try (PreparedStatement p = c.prepareStatement("insert into autosave_always values (?, 'dup')")) {
        p.setInt(1, 1);
        assertEquals("23505", assertThrows(SQLException.class, p::executeUpdate).getSQLState());
        p.setInt(1, 3);
        assertEquals(1, p.executeUpdate());
      }
      c.commit();
      assertEquals(3, count(s, "autosave_always"), "rows 1, 2 and 3 committed");
    }
  }

  @Test
  void theFirstStatementOfATransactionIsCoveredTooAndNothingSucceededIsLost() throws SQLException {
    table("autosave_first");
    try (Connection c = TestDatabase.connect("&autosave=always"); Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      // BEGIN and the savepoint travel in front of this statement, in that order
      assertEquals("42P01", assertThrows(SQLException.class,
          () -> s.executeQuery("select * from autosave_no_such_table")).getSQLState());
      s.executeUpdate("insert into autosave_first values (1, 'a')");
      // several statements in one execute share one savepoint: all of them are undone
      assertEquals("22012", assertThrows(SQLException.class,
          () -> s.execute("insert into autosave_first values (2, 'b'); select 1/0")).getSQLState());
      assertEquals(1, count(s, "autosave_first"));
      c.commit();
      assertEquals(1, count(s, "autosave_first"));
    }
  }

  @Test
  void aFailedBatchIsRolledBackWholeAndTheTransactionGoesOn() throws SQLException {
    table("autosave_batch");
    try (Connection c = TestDatabase.connect("&autosave=always"); Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      s.executeUpdate("insert into autosave_batch values (1, 'a')");
      try (PreparedStatement p = c.prepareStatement("insert into autosave_batch values (?, 'b')")) {
        for (int k : new int[] {2, 3, 1, 4}) {
          p.setInt(1, k);
          p.addBatch();
        }
        BatchUpdateException e = assertThrows(BatchUpdateException.class, p::executeBatch);
        assertEquals("23505", e.getSQLState());
      }
      assertEquals(1, count(s, "autosave_batch"), "the batch's rows are undone with it, the row before stays");
      c.commit();
    }
  }

  @Test
  void aUserSavepointStillWorksBesideTheAutosaves() throws SQLException {
    table("autosave_user");
    try (Connection c = TestDatabase.connect("&autosave=always"); Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      s.executeUpdate("insert into autosave_user values (1, 'a')");
      Savepoint mine = c.setSavepoint("mine");
      s.executeUpdate("insert into autosave_user values (2, 'b')");
      assertEquals("22012", assertThrows(SQLException.class, () -> s.execute("select 1/0")).getSQLState());
      s.executeUpdate("insert into autosave_user values (3, 'c')");
      c.rollback(mine);   // the autosaves came after it: undone with rows 2 and 3
      assertEquals(1, count(s, "autosave_user"));
      s.execute("savepoint sql_made");   // SQL that manages savepoints gets none in front of it
      s.executeUpdate("insert into autosave_user values (4, 'd')");
      s.execute("rollback to savepoint sql_made");
      assertEquals(1, count(s, "autosave_user"));
      c.commit();
    }
  }

  @Test
  void theSavepointCostsNoRequestOfItsOwn() throws SQLException {
    table("autosave_cost");
    long[] sent = new long[2];
    String[] modes = {"never", "always"};
    for (int m = 0; m < 2; m++) {
      try (Connection c = TestDatabase.connect("&autosave=" + modes[m]);
          PreparedStatement p = c.prepareStatement("select count(*) from autosave_cost where k > ?")) {
        c.setAutoCommit(false);
        p.setInt(1, 0);
        p.executeQuery().close();   // prepared: from here on one request per execution
        io.sluice.Connection sluice = c.unwrap(io.sluice.Connection.class);
        long before = sluice.stats().requestsSent();
        for (int i = 0; i < 10; i++) {
          p.executeQuery().close();
        }
        sent[m] = sluice.stats().requestsSent() - before;
        c.rollback();
      }
    }
    assertEquals(10, sent[0]);
    assertEquals(sent[0], sent[1], "the savepoint travels in front of each statement, in its request");
  }

  @Test
  void conservativeRunsAReplannedStatementAgainAndLeavesOtherFailuresAborting() throws SQLException {
    table("autosave_alter");
    try (Connection c = TestDatabase.connect("&autosave=conservative"); Connection other = TestDatabase.connect();
        Statement s = c.createStatement(); Statement o = other.createStatement();
        PreparedStatement p = c.prepareStatement("select * from autosave_alter")) {
      assertEquals(2, p.executeQuery().getMetaData().getColumnCount());
      c.setAutoCommit(false);
      s.execute("select 1");
      o.execute("alter table autosave_alter add column w text");   // another session: not seen here
      // 0A000 "cached plan must not change result type", rolled back to the savepoint, run again
      assertEquals(3, p.executeQuery().getMetaData().getColumnCount());
      s.executeUpdate("insert into autosave_alter values (1, 'a')");
      assertEquals("22012", assertThrows(SQLException.class, () -> s.execute("select 1/0")).getSQLState());
      assertEquals("25P02", assertThrows(SQLException.class, () -> s.execute("select 1")).getSQLState(),
          "a failure no second try heals aborts the transaction, as with never");
      c.rollback();
      assertEquals(0, count(s, "autosave_alter"));
      c.commit();
    }
  }

  @Test
  void neverLeavesTheTransactionAbortedAndABadValueIsRefusedByName() throws SQLException {
    try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      assertThrows(SQLException.class, () -> s.execute("select 1/0"));
      assertEquals("25P02", assertThrows(SQLException.class, () -> s.execute("select 1")).getSQLState());
      c.rollback();
    }
    SQLException bad = assertThrows(SQLException.class, () -> TestDatabase.connect("&autosave=sometimes"));
    assertTrue(bad.getMessage().contains("autosave=\"sometimes\""), bad.getMessage());
  }
}
