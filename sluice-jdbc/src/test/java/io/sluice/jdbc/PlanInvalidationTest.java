package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A prepared statement whose cached plan the server invalidated: {@code 0A000} "cached plan must
 * not change result type" after {@code search_path} changed or its table was altered (issue 35
 * §3). As pgjdbc with its default {@code autosave=never} (the other modes: AutosaveTest): in
 * auto-commit mode it is prepared again and run again, once; in a transaction the error aborted
 * the transaction, so it is reported (run again it would only fail with 25P02) and the statement
 * is prepared again at its next use.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PlanInvalidationTest {
  private static int[] insertTwo(PreparedStatement p) throws SQLException {
    for (int k : new int[] {1, 2}) {
      p.setInt(1, k);
      p.addBatch();
    }
    return p.executeBatch();
  }

  private static String firstColumnType(PreparedStatement p) throws SQLException {
    try (ResultSet rs = p.executeQuery()) {
      assertTrue(rs.next());
      return rs.getMetaData().getColumnTypeName(1);
    }
  }


  @Test
  void aChangedSearchPathRepreparesInAutoCommit() throws SQLException {
    try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
      s.execute("drop schema if exists jdbc_sp_a cascade; drop schema if exists jdbc_sp_b cascade;"
          + " create schema jdbc_sp_a; create schema jdbc_sp_b;"
          + " create table jdbc_sp_a.t (v int); insert into jdbc_sp_a.t values (1);"
          + " create table jdbc_sp_b.t (v text); insert into jdbc_sp_b.t values ('b')");
      s.execute("set search_path = jdbc_sp_a");
      try (PreparedStatement p = c.prepareStatement("select v from t")) {
        for (int i = 0; i < 6; i++) {   // past the server's custom-plan attempts: a generic plan is cached
          assertEquals("int4", firstColumnType(p));
        }
        s.execute("set search_path = jdbc_sp_b");
        assertEquals("text", firstColumnType(p));
      }
    }
  }

  @Test
  void anAlteredTableRepreparesAndAnotherSessionsChangeFailsOnceInATransaction() throws SQLException {
    try (Connection c = TestDatabase.connect(); Connection other = TestDatabase.connect();
        Statement s = c.createStatement(); Statement o = other.createStatement()) {
      s.execute("drop table if exists jdbc_alter; create table jdbc_alter (v int); insert into jdbc_alter values (1)");
      try (PreparedStatement p = c.prepareStatement("select * from jdbc_alter")) {
        assertEquals(1, p.executeQuery().getMetaData().getColumnCount());
        s.execute("alter table jdbc_alter add column w text");
        assertEquals(2, p.executeQuery().getMetaData().getColumnCount(), "auto-commit: prepared again");
        c.setAutoCommit(false);
        p.executeQuery().close();
        s.execute("alter table jdbc_alter add column x text");
        assertEquals(3, p.executeQuery().getMetaData().getColumnCount(), "this session's ALTER: prepared again");
        c.commit();
        s.execute("select 1");   // a transaction that holds no lock on the table
        o.execute("alter table jdbc_alter add column y text");
        // another session's change is not seen: the error aborted the transaction, and running it
        // again would only fail with 25P02 (pgjdbc's autosave=never)
        SQLException e = assertThrows(SQLException.class, p::executeQuery);
        assertEquals("0A000", e.getSQLState());
        c.rollback();
        assertEquals(4, p.executeQuery().getMetaData().getColumnCount(), "prepared again at its next use");
        c.rollback();
      }
    }
  }

  @Test
  void aBatchReturningRowsIsPreparedAgainTooButNotRunAgainInAnAbortedTransaction() throws SQLException {
    try (Connection c = TestDatabase.connect(); Connection other = TestDatabase.connect();
        Statement s = c.createStatement(); Statement o = other.createStatement()) {
      s.execute("drop table if exists jdbc_alter_batch; create table jdbc_alter_batch (k int)");
      // generated keys: RETURNING *, whose result type changes with the table
      try (PreparedStatement p = c.prepareStatement("insert into jdbc_alter_batch values (?)",
          Statement.RETURN_GENERATED_KEYS)) {
        assertArrayEquals(new int[] {1, 1}, insertTwo(p));
        o.execute("alter table jdbc_alter_batch add column w text");
        assertArrayEquals(new int[] {1, 1}, insertTwo(p), "auto-commit: prepared again, run again");
        assertEquals(2, p.getGeneratedKeys().getMetaData().getColumnCount());
        c.setAutoCommit(false);
        s.execute("select 1");
        o.execute("alter table jdbc_alter_batch add column x text");
        java.sql.BatchUpdateException e = assertThrows(java.sql.BatchUpdateException.class, () -> insertTwo(p));
        assertEquals("0A000", e.getSQLState(), "the error itself, not the 25P02 a second run would give");
        c.rollback();
        assertArrayEquals(new int[] {1, 1}, insertTwo(p), "prepared again at its next use");
        c.commit();
      }
    }
  }

  /** pgjdbc's SchemaTest searchPathPreparedStatement*AutoCommitFalse: the 0A000 would abort the transaction. */
  @Test
  void aSearchPathChangeInATransactionPreparesAgain() throws SQLException {
    try (Connection setup = TestDatabase.connect(); Statement s = setup.createStatement()) {
      s.execute("drop schema if exists jdbc_spt_a cascade; drop schema if exists jdbc_spt_b cascade;"
          + " create schema jdbc_spt_a; create schema jdbc_spt_b;"
          + " create table jdbc_spt_a.t (v int); insert into jdbc_spt_a.t values (1);"
          + " create table jdbc_spt_b.t (v text); insert into jdbc_spt_b.t values ('b')");
    }
    // RESET goes back to the session's start value: search_path=jdbc_spt_a, from options
    try (Connection c = TestDatabase.connect("&options=-c%20search_path%3Djdbc_spt_a");
        Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      String[][] changes = {
          {"SET SEARCH_PATH TO jdbc_spt_b", "text"}, {"RESET search_path", "int4"},
          {"set search_path = jdbc_spt_b", "text"}, {"RESET ALL", "int4"},
          {"schema:jdbc_spt_b", "text"}, {"schema:jdbc_spt_a", "int4"}};
      try (PreparedStatement p = c.prepareStatement("select v from t")) {
        for (String[] change : changes) {
          for (int i = 0; i < 6; i++) {   // past the server's custom-plan attempts: a generic plan is cached
            p.executeQuery().close();
          }
          if (change[0].startsWith("schema:")) {
            c.setSchema(change[0].substring(7));
          } else {
            s.execute(change[0]);
          }
          assertEquals(change[1], firstColumnType(p), "after " + change[0]);
        }
        c.commit();
      }
    }
  }

  /** A table dropped and made again (another OID, maybe other columns) under a cached statement. */
  @Test
  void aTableDroppedAndMadeAgainIsPreparedAgain() throws SQLException {
    try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
      s.execute("drop table if exists jdbc_remade; create table jdbc_remade (v int); insert into jdbc_remade values (1)");
      c.setAutoCommit(false);
      try (PreparedStatement p = c.prepareStatement("select * from jdbc_remade where v > ?")) {
        p.setInt(1, 0);
        for (int i = 0; i < 6; i++) {
          p.executeQuery().close();
        }
        s.execute("drop table jdbc_remade; create table jdbc_remade (v int, w text); insert into jdbc_remade values (2, 'x')");
        try (ResultSet rs = p.executeQuery()) {
          assertEquals(2, rs.getMetaData().getColumnCount());
          assertTrue(rs.next());
          assertEquals("x", rs.getString(2));
        }
        s.execute("drop table jdbc_remade; create table jdbc_remade (v int, w text); insert into jdbc_remade values (3, 'y')");
        try (ResultSet rs = p.executeQuery()) {   // the same columns, another table: its own description
          assertEquals("jdbc_remade", rs.getMetaData().getTableName(2));
          assertTrue(rs.next());
          assertEquals("y", rs.getString(2));
        }
        c.commit();
      }
    }
  }
}
