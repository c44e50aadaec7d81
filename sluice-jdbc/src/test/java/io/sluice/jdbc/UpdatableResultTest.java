package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/**
 * Issue 35: updatable results (CONCUR_UPDATABLE) as pgjdbc users expect them
 * ({@code UpdateableResultTest}): each row verb, the insert row, positioning, a row another
 * statement changed or deleted, and how the changes meet transactions.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class UpdatableResultTest extends OneConnection {

  /**
   * Made once: a table dropped and made again between tests would leave the connection's cached
   * statements describing the old table's OID (a prepared statement is not described again).
   */
  @BeforeAll
  static void table() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS urs_item");
      s.execute("CREATE TABLE urs_item (id serial PRIMARY KEY, name text, qty int NOT NULL DEFAULT 7,"
          + " made timestamptz DEFAULT now())");
    }
  }

  @BeforeEach
  void rows() throws SQLException {
    c.setAutoCommit(true);
    try (Statement s = c.createStatement()) {
      s.execute("TRUNCATE urs_item RESTART IDENTITY");
      s.execute("INSERT INTO urs_item (name) VALUES ('one'), ('two'), ('three'), ('four')");
    }
  }

  private static Statement updatable() throws SQLException {
    return c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE);
  }

  /** The table's rows now, as "id:name:qty", in id order. */
  static List<String> rows(Connection on) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = on.createStatement();
        ResultSet rs = s.executeQuery("SELECT id, name, qty FROM urs_item ORDER BY id")) {
      while (rs.next()) {
        out.add(rs.getInt(1) + ":" + rs.getString(2) + ":" + rs.getInt(3));
      }
    }
    return out;
  }

  static void assertState(String state, Executable call) {
    SQLException e = assertThrows(SQLException.class, call);
    assertEquals(state, e.getSQLState(), e.getMessage());
  }

  @Test
  void updateRowWritesTheTableAndShowsTheRowAsItNowIs() throws SQLException {
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, name, qty FROM urs_item ORDER BY id")) {
      assertEquals(ResultSet.CONCUR_UPDATABLE, rs.getConcurrency());
      assertEquals(ResultSet.CONCUR_UPDATABLE, s.getResultSetConcurrency());
      assertTrue(rs.absolute(2));
      rs.updateString("name", "deux");
      rs.updateInt(3, 20);
      assertEquals("two", rs.getString("name"), "a value set shows only after updateRow");
      rs.updateRow();
      assertEquals("deux", rs.getString("name"));
      assertEquals(20, rs.getInt("qty"));
      assertFalse(rs.rowUpdated(), "as pgjdbc's: DatabaseMetaData.updatesAreDetected is false");
      rs.updateRow();   // nothing set: nothing sent
      rs.beforeFirst();
      rs.next();
      rs.next();
      assertEquals("deux", rs.getString(2), "the row keeps its new values when scrolled back to");
    }
    assertEquals(List.of("1:one:7", "2:deux:20", "3:three:7", "4:four:7"), rows(c));
  }

  @Test
  void theKeyItselfMayChangeAndTheNextUpdateFindsTheRowByItsNewKey() throws SQLException {
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, name FROM urs_item WHERE id = 1")) {
      assertTrue(rs.next());
      rs.updateInt("id", 99);
      rs.updateRow();
      assertEquals(99, rs.getInt(1));
      rs.updateString("name", "moved");
      rs.updateRow();
    }
    assertEquals(List.of("2:two:7", "3:three:7", "4:four:7", "99:moved:7"), rows(c));
  }

  @Test
  void cancelRowUpdatesAndMovesDropWhatWasSet() throws SQLException {
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, name FROM urs_item ORDER BY id")) {
      assertTrue(rs.next());
      rs.updateString(2, "never");
      rs.cancelRowUpdates();
      rs.updateRow();
      rs.updateString(2, "dropped");
      assertTrue(rs.next());
      assertTrue(rs.previous());
      rs.updateRow();
      assertEquals("one", rs.getString(2));
    }
    assertEquals(List.of("1:one:7", "2:two:7", "3:three:7", "4:four:7"), rows(c));
  }

  @Test
  void insertRowTakesTheDefaultsAndShowsTheRowTheTableMade() throws SQLException {
    try (Statement s = updatable();
        ResultSet rs = s.executeQuery("SELECT id, name, qty, made FROM urs_item ORDER BY id")) {
      assertTrue(rs.next());
      rs.moveToInsertRow();
      assertEquals(0, rs.getRow());
      assertFalse(rs.isBeforeFirst() || rs.isAfterLast() || rs.isFirst() || rs.isLast());
      assertState("24000", () -> rs.getString("name"));   // nothing to read until inserted
      rs.updateString("name", "five");
      rs.insertRow();
      assertEquals(5, rs.getInt("id"), "serial's default, read back");
      assertEquals(7, rs.getInt("qty"));
      assertNotNull(rs.getTimestamp("made"));
      assertFalse(rs.rowInserted());
      rs.updateInt("qty", 1);   // still on the insert row: a second insert, DEFAULT VALUES but qty
      rs.insertRow();
      assertEquals(6, rs.getInt("id"));
      assertNull(rs.getString("name"));
      rs.moveToInsertRow();
      rs.insertRow();   // nothing set at all: DEFAULT VALUES
      assertEquals(7, rs.getInt(1));
      rs.moveToCurrentRow();
      assertEquals(1, rs.getRow());
      assertEquals("one", rs.getString("name"));
      assertTrue(rs.last());
      assertEquals(7, rs.getRow(), "inserted rows are the result's last (ownInsertsAreVisible)");
      assertTrue(rs.previous());
      assertEquals(6, rs.getInt("id"));
    }
    assertEquals(List.of("1:one:7", "2:two:7", "3:three:7", "4:four:7", "5:five:7", "6:null:1", "7:null:7"), rows(c));
  }

  /** pgjdbc's testZeroRowResult: a result without rows still knows its table. */
  @Test
  void aResultWithoutRowsTakesInserts() throws SQLException {
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, name FROM urs_item WHERE 0 > 1")) {
      assertFalse(rs.next());
      rs.moveToInsertRow();
      rs.updateString("name", "first");
      rs.insertRow();
      rs.moveToCurrentRow();
      assertTrue(rs.isAfterLast());
      assertTrue(rs.previous(), "the cursor was after the last row, and stays after the new one");
      assertEquals("first", rs.getString("name"));
      assertEquals(5, rs.getInt("id"));
    }
  }

  @Test
  void onTheInsertRowOnlyMovesToAPlaceLeaveIt() throws SQLException {
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, name FROM urs_item ORDER BY id")) {
      assertTrue(rs.next());
      rs.moveToInsertRow();
      rs.updateString("name", "x");
      assertState("24000", rs::next);
      assertState("24000", rs::previous);
      assertState("24000", () -> rs.relative(1));
      assertState("24000", rs::updateRow);
      assertState("24000", rs::deleteRow);
      assertState("24000", rs::refreshRow);
      assertState("24000", rs::cancelRowUpdates);
      assertTrue(rs.first(), "an absolute move leaves the insert row, its values dropped");
      assertEquals("one", rs.getString(2));
      assertState("24000", rs::insertRow);
    }
    assertEquals(4, rows(c).size());
  }

  /** pgjdbc's testDeleteRows: after deleteRow the cursor is on the row before, or before the first. */
  @Test
  void deleteRowThenNavigation() throws SQLException {
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, name FROM urs_item ORDER BY id")) {
      assertTrue(rs.next());
      rs.deleteRow();
      assertTrue(rs.isBeforeFirst());
      assertFalse(rs.rowDeleted());
      assertTrue(rs.next());
      assertTrue(rs.next());
      assertEquals(3, rs.getInt(1));
      rs.deleteRow();
      assertEquals(2, rs.getInt(1));
      assertEquals(1, rs.getRow());
      assertTrue(rs.next());
      assertEquals(4, rs.getInt(1));
      assertTrue(rs.isLast());
      assertFalse(rs.next());
      assertTrue(rs.last());
      rs.deleteRow();
      assertTrue(rs.last());
      assertEquals(2, rs.getInt(1));
      rs.deleteRow();
      assertFalse(rs.first(), "every row deleted: the result is empty");
      assertFalse(rs.isBeforeFirst());
    }
    assertEquals(List.of(), rows(c));
  }

  @Test
  void refreshRowReadsTheTableAgain() throws SQLException {
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, name FROM urs_item ORDER BY id");
        Statement other = c.createStatement()) {
      rs.refreshRow();   // before the first row: nothing to read, as pgjdbc
      assertTrue(rs.next());
      other.executeUpdate("UPDATE urs_item SET name = 'changed' WHERE id = 1");
      assertEquals("one", rs.getString(2));
      rs.updateString(2, "pending");
      rs.refreshRow();
      assertEquals("changed", rs.getString(2));
      rs.updateRow();   // refreshRow dropped what was set
      assertTrue(rs.next());
      other.executeUpdate("DELETE FROM urs_item WHERE id = 2");
      assertState("02000", rs::refreshRow);
      rs.updateString(2, "gone");
      assertState("02000", rs::updateRow);
      assertState("02000", rs::deleteRow);
    }
    assertEquals(List.of("1:changed:7", "3:three:7", "4:four:7"), rows(c));
  }

  @Test
  void withoutACurrentRowChangesAreRefused() throws SQLException {
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, name FROM urs_item ORDER BY id")) {
      assertState("24000", () -> rs.updateInt(1, 2));
      assertState("24000", rs::updateRow);
      assertState("24000", rs::deleteRow);
      rs.afterLast();
      assertState("24000", () -> rs.updateString(2, "x"));
      assertState("24000", rs::deleteRow);
      assertTrue(rs.first());
      assertState("22023", () -> rs.updateInt(0, 1));
      assertState("22023", () -> rs.updateString(3, "x"));
      assertState("42703", () -> rs.updateString("nope", "x"));
    }
  }

  /** pgjdbc's simpleAndUpdateableSameQuery: forward-only and updatable, with a parameter; a fetch size does not stream it. */
  @Test
  void aForwardOnlyPreparedStatementIsUpdatableToo() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("SELECT id, name FROM urs_item WHERE id >= ? ORDER BY id",
        ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_UPDATABLE)) {
      assertEquals(ResultSet.CONCUR_UPDATABLE, p.getResultSetConcurrency());
      p.setFetchSize(1);
      p.setInt(1, 3);
      try (ResultSet rs = p.executeQuery()) {
        assertEquals(ResultSet.TYPE_FORWARD_ONLY, rs.getType());
        assertTrue(rs.next());
        rs.updateString("name", "drei");
        rs.updateRow();
        assertTrue(rs.next());
        rs.deleteRow();
        assertState("24000", rs::previous);
        assertFalse(rs.next());
      }
    }
    assertEquals(List.of("1:one:7", "2:two:7", "3:drei:7"), rows(c));
  }

  @Test
  void aReadOnlyResultRefusesChangesWithPgjdbcsState() throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id, name FROM urs_item")) {
      assertEquals(ResultSet.CONCUR_READ_ONLY, rs.getConcurrency());
      assertTrue(rs.next());
      assertState("24000", () -> rs.updateString(2, "x"));
      assertState("24000", () -> rs.updateString("name", "x"));
      assertState("24000", rs::moveToInsertRow);
      assertState("24000", rs::updateRow);
      assertState("24000", rs::deleteRow);
      rs.cancelRowUpdates();   // nothing to drop (pgjdbc does not refuse it either)
      assertFalse(rs.rowUpdated());
    }
  }

  @Test
  void inATransactionChangesCommitOrRollBackWithIt() throws SQLException {
    c.setAutoCommit(false);
    try {
      try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, name FROM urs_item ORDER BY id")) {
        assertTrue(rs.next());
        rs.updateString(2, "rolled back");
        rs.updateRow();
        rs.moveToInsertRow();
        rs.updateString(2, "also rolled back");
        rs.insertRow();
      }
      c.rollback();
      assertEquals(List.of("1:one:7", "2:two:7", "3:three:7", "4:four:7"), rows(c));
      try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, name FROM urs_item ORDER BY id");
          Connection other = TestDatabase.connect()) {
        assertTrue(rs.next());
        rs.deleteRow();
        assertEquals(4, rows(other).size(), "not yet committed");
        c.commit();
        assertEquals(3, rows(other).size());
      }
    } finally {
      c.setAutoCommit(true);
    }
  }

  @Test
  void inAutoCommitModeEachChangeIsCommittedAtOnce() throws SQLException {
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, name FROM urs_item ORDER BY id");
        Connection other = TestDatabase.connect()) {
      assertTrue(rs.next());
      rs.updateString(2, "seen");
      rs.updateRow();
      assertEquals("1:seen:7", rows(other).get(0));
    }
  }

  @Test
  void aFailedChangeFailsTheTransactionAsAnyStatementWould() throws SQLException {
    c.setAutoCommit(false);
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, qty FROM urs_item ORDER BY id")) {
      assertTrue(rs.next());
      rs.updateNull("qty");
      assertState("23502", rs::updateRow);   // qty is NOT NULL
      assertState("25P02", () -> rows(c));
      c.rollback();
      assertEquals(7, rs.getInt("qty"), "the row shown is unchanged");
    } finally {
      c.setAutoCommit(true);
    }
  }
}
