package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.nio.charset.StandardCharsets;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/**
 * Issue 35, results and statements as JDBC says and pgjdbc's suite checks: setMaxFieldSize cuts
 * character and binary values, relative() in a result without rows, unknown type, concurrency
 * and holdability constants refused as SQLException (not "not supported"), a refcursor's rows
 * scrollable, the parameters of several statements in one string described, READ UNCOMMITTED
 * reported as set.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PgjdbcParityResultTest extends OneConnection {

  @Test
  void maxFieldSizeCutsCharacterAndBinaryValuesOnly() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.setMaxFieldSize(4);
      try (ResultSet rs = s.executeQuery("SELECT 123456789, 'abcdefgh'::varchar, 'abcdefgh'::text,"
          + " '\\x0102030405'::bytea, 'aéé'::text, NULL::text")) {
        assertTrue(rs.next());
        assertEquals("123456789", rs.getString(1), "not a character or binary column");
        assertEquals("abcd", rs.getString(2));
        assertEquals("abcd", new String(rs.getBytes(2), StandardCharsets.UTF_8));
        assertEquals("abcd", rs.getObject(3));
        assertArrayEquals(new byte[] {1, 2, 3, 4}, rs.getBytes(4));
        assertEquals("aé", rs.getString(5), "4 bytes: a whole character is never split");
        assertNull(rs.getString(6));
      }
      s.setMaxFieldSize(0);
      try (ResultSet rs = s.executeQuery("SELECT 'abcdefgh'::text")) {
        assertTrue(rs.next());
        assertEquals("abcdefgh", rs.getString(1), "0: no limit");
      }
    }
  }

  @Test
  void relativeInAResultWithoutRowsMovesNowhere() throws SQLException {
    try (Statement s = c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY);
        ResultSet rs = s.executeQuery("SELECT 1 WHERE false")) {
      assertFalse(rs.previous());
      assertFalse(rs.next());
      assertFalse(rs.next());
      assertFalse(rs.first());
      assertFalse(rs.last());
      assertEquals(0, rs.getRow());
      assertFalse(rs.absolute(1));
      assertFalse(rs.relative(1));
      assertFalse(rs.relative(-1));
      assertFalse(rs.isBeforeFirst());
      assertFalse(rs.isAfterLast());
    }
    try (Statement s = c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY);
        ResultSet rs = s.executeQuery("SELECT g FROM generate_series(1, 3) g")) {
      assertTrue(rs.relative(1), "from before the first row, relative(1) is next()");
      assertEquals(1, rs.getInt(1));
      rs.afterLast();
      assertTrue(rs.relative(-1));
      assertEquals(3, rs.getInt(1));
    }
  }

  @Test
  void unknownResultSetConstantsAreSqlExceptionsNotUnsupported() {
    int fwd = ResultSet.TYPE_FORWARD_ONLY;
    int ro = ResultSet.CONCUR_READ_ONLY;
    int hold = ResultSet.HOLD_CURSORS_OVER_COMMIT;
    invalid("HY024", () -> c.createStatement(-1, ro, hold));
    invalid("HY024", () -> c.createStatement(fwd, -1, hold));
    invalid("HY092", () -> c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE, -1));
    invalid("HY024", () -> c.prepareStatement("SELECT 1", -1, -1, -1));
    invalid("HY092", () -> c.prepareStatement("SELECT 1", fwd, ro, -1));
    invalid("HY024", () -> c.prepareCall("SELECT 1", fwd, -1));
    invalid("HY092", () -> c.prepareCall("SELECT 1", fwd, ro, -1));
    SQLException e = assertThrows(SQLFeatureNotSupportedException.class,
        () -> c.createStatement(ResultSet.TYPE_SCROLL_SENSITIVE, ro));
    assertEquals("0A000", e.getSQLState(), "a known constant PostgreSQL cannot offer");
  }

  private static void invalid(String state, Executable call) {
    SQLException e = assertThrows(SQLException.class, call);
    assertFalse(e instanceof SQLFeatureNotSupportedException, e.toString());
    assertEquals(state, e.getSQLState(), e.getMessage());
  }

  @Test
  void aRefcursorsRowsAreScrollable() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE OR REPLACE FUNCTION pg_temp.parity_cursor() RETURNS refcursor LANGUAGE plpgsql AS"
          + " $$DECLARE r refcursor; BEGIN OPEN r FOR SELECT g FROM generate_series(1, 6) g; RETURN r; END$$");
    }
    c.setAutoCommit(false);
    try (CallableStatement call = c.prepareCall("{ ? = call pg_temp.parity_cursor() }")) {
      call.registerOutParameter(1, Types.REF_CURSOR);
      call.execute();
      try (ResultSet rs = (ResultSet) call.getObject(1)) {
        assertEquals(ResultSet.TYPE_SCROLL_INSENSITIVE, rs.getType());
        assertEquals(ResultSet.CONCUR_READ_ONLY, rs.getConcurrency());
        assertTrue(rs.last());
        assertEquals(6, rs.getRow());
        assertTrue(rs.first());
        assertEquals(1, rs.getInt(1));
      }
    } finally {
      c.rollback();
      c.setAutoCommit(true);
    }
  }

  @Test
  void parametersOfSeveralStatementsAreDescribedEachInItsOwn() throws SQLException {
    try (java.sql.PreparedStatement p = c.prepareStatement(
        "SELECT 1 WHERE ?::float8 > 0 AND ?::text <> ''; SELECT 2 WHERE ?::int4 > 0")) {
      java.sql.ParameterMetaData pmd = p.getParameterMetaData();
      assertEquals(3, pmd.getParameterCount());
      assertEquals(List.of("float8", "text", "int4"),
          List.of(pmd.getParameterTypeName(1), pmd.getParameterTypeName(2), pmd.getParameterTypeName(3)));
      assertEquals(Types.INTEGER, pmd.getParameterType(3));
      assertThrows(SQLFeatureNotSupportedException.class, p::getMetaData, "the columns of which result?");
    }
  }

  @Test
  void readUncommittedIsReportedAsSetAndRunsAsTheServerSays() throws SQLException {
    try (Connection other = TestDatabase.connect()) {
      other.setAutoCommit(false);
      other.setTransactionIsolation(Connection.TRANSACTION_READ_UNCOMMITTED);
      assertEquals(Connection.TRANSACTION_READ_UNCOMMITTED, other.getTransactionIsolation());
      try (Statement s = other.createStatement(); ResultSet rs = s.executeQuery("SHOW transaction_isolation")) {
        assertTrue(rs.next());
        assertEquals("read uncommitted", rs.getString(1), "the transaction began with READ UNCOMMITTED");
      }
      assertEquals(Connection.TRANSACTION_READ_UNCOMMITTED, other.getTransactionIsolation(), "inside it too");
      other.rollback();
    }
  }
}
