package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * pgjdbc's {@code readOnlyMode}: {@code transaction} (the default: read-only transactions,
 * auto-commit statements as before), {@code always} (auto-commit statements read-only too) and
 * {@code ignore} (nothing sent), as pgjdbc's ConnectionTest checks them.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class ReadOnlyModeTest {
  @BeforeAll
  static void table() throws SQLException {
    try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
      s.execute("drop table if exists jdbc_ro_mode; create table jdbc_ro_mode (k int)");
    }
  }

  static void insert(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.executeUpdate("insert into jdbc_ro_mode values (1)");
    }
  }

  static String setting(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("show transaction_read_only")) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void transactionModeLeavesAutoCommitStatementsWritable() throws SQLException {
    try (Connection c = TestDatabase.connect()) {
      c.setReadOnly(true);
      insert(c);
      c.setAutoCommit(false);
      assertEquals("25006", assertThrows(SQLException.class, () -> insert(c)).getSQLState());
      c.rollback();
    }
  }

  @Test
  void alwaysMakesAutoCommitStatementsReadOnly() throws SQLException {
    try (Connection c = TestDatabase.connect("&readOnlyMode=always")) {
      insert(c);
      c.setReadOnly(true);
      SQLException e = assertThrows(SQLException.class, () -> insert(c));
      assertEquals("25006", e.getSQLState());
      assertTrue(e.getMessage().contains("read-only"), e.getMessage());
      c.setAutoCommit(false);
      assertEquals("25006", assertThrows(SQLException.class, () -> insert(c)).getSQLState());
      assertEquals("25001", assertThrows(SQLException.class, () -> c.setReadOnly(false)).getSQLState());
      c.rollback();
      c.setReadOnly(false);   // with auto-commit still off, as pgjdbc's ConnectionTest does
      insert(c);
      c.commit();
      c.setReadOnly(true);
      assertEquals("25006", assertThrows(SQLException.class, () -> insert(c)).getSQLState());
      c.rollback();
      c.setReadOnly(false);
      c.setAutoCommit(true);
      insert(c);
      assertEquals("off", setting(c));
    }
    // read-only from the start: the session's default, which RESET and DISCARD ALL come back to
    try (Connection c = TestDatabase.connect("&readOnlyMode=always&readOnly=true")) {
      assertTrue(c.isReadOnly());
      assertEquals("25006", assertThrows(SQLException.class, () -> insert(c)).getSQLState());
      try (Statement s = c.createStatement()) {
        s.execute("DISCARD ALL");
      }
      assertEquals("on", setting(c));
    }
  }

  @Test
  void ignoreSendsNothing() throws SQLException {
    try (Connection c = TestDatabase.connect("&readOnlyMode=ignore")) {
      c.setReadOnly(true);
      assertTrue(c.isReadOnly());
      insert(c);
      c.setAutoCommit(false);
      insert(c);
      assertEquals("off", setting(c));
      c.rollback();
    }
  }

  @Test
  void alwaysIsRefusedOnARoutingConnection() {
    SQLException e = assertThrows(SQLException.class,
        () -> DriverManager.getConnection(TestDatabase.url() + "&readOnlyMode=always&readRouting=prefer-standby").close());
    assertTrue(e.getMessage().contains("readOnlyMode=always"), e.getMessage());
    assertFalse(e.getMessage().isEmpty());
  }
}
