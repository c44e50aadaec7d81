package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.testkit.ServerTest;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Functions and procedures through CallableStatement: return values, OUT and INOUT parameters. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class CallableStatementTest extends OneConnection {
  @BeforeAll
  static void schema() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("create or replace function jdbc_add(a int, b int) returns int language sql as $$ select a + b $$");
      s.execute("create or replace function jdbc_split(x int, out half int, out rest int) language sql"
          + " as $$ select x / 2, x % 2 $$");
      if (outParameters()) {
        s.execute("create or replace procedure jdbc_double(inout v int, out note text) language plpgsql"
            + " as $$ begin v := v * 2; note := 'doubled'; end $$");
      }
      s.execute("create or replace procedure jdbc_triple(inout v int) language plpgsql as $$ begin v := v * 3; end $$");
    }
  }

  /** A procedure has OUT parameters from PostgreSQL 14 (before, INOUT only). */
  private static boolean outParameters() {
    return TestDatabase.server().majorVersion() >= 14;
  }

  /** pgjdbc's CallableStmtTest testGetUpdateCount and testWasNullBeforeFetch. */
  @Test
  void theOutRowIsNoResultSetAndWasNullNeedsARead() throws SQLException {
    try (CallableStatement cs = c.prepareCall("{? = call jdbc_add(?, ?)}")) {
      cs.registerOutParameter(1, Types.INTEGER);
      cs.setInt(2, 1);
      cs.setNull(3, Types.INTEGER);
      assertThrows(SQLException.class, cs::wasNull, "not run yet");
      assertFalse(cs.execute());
      assertThrows(SQLException.class, cs::wasNull, "no OUT parameter read yet");
      assertNull(cs.getResultSet());
      assertEquals(-1, cs.getUpdateCount());
      assertEquals(0, cs.getInt(1));
      assertTrue(cs.wasNull());
    }
    try (CallableStatement cs = c.prepareCall("{call jdbc_add(?, ?)}")) {   // no OUT: the row is the result
      cs.setInt(1, 1);
      cs.setInt(2, 2);
      assertTrue(cs.execute());
      assertEquals(-1, cs.getUpdateCount());
      try (java.sql.ResultSet rs = cs.getResultSet()) {
        assertTrue(rs.next());
        assertEquals(3, rs.getInt(1));
      }
    }
  }

  /** pgjdbc's Jdbc3CallableStatementTest testNotEnoughParameters, testTooManyParameters. */
  @Test
  void registeredOutParametersMustMatchTheRoutines() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("create or replace function jdbc_io(a inout int, b out int) language plpgsql"
          + " as $$ begin b := a; a := 1; end $$");
    }
    try (CallableStatement cs = c.prepareCall("{call jdbc_io(?, ?)}")) {
      cs.setInt(1, 2);   // INOUT a given a value, not registered
      cs.registerOutParameter(2, Types.INTEGER);
      SQLException e = assertThrows(SQLException.class, cs::execute);
      assertEquals("42601", e.getSQLState());
    }
    try (CallableStatement cs = c.prepareCall("{? = call jdbc_add(?, ?)}")) {
      cs.registerOutParameter(1, Types.INTEGER);
      cs.setInt(2, 1);
      cs.setInt(3, 2);
      cs.registerOutParameter(3, Types.INTEGER);   // an IN argument registered too
      SQLException e = assertThrows(SQLException.class, cs::execute);
      assertEquals("42601", e.getSQLState());
    }
  }

  /** pgjdbc's CallableStmtTest testBadStmt: a brace first must open a call escape. */
  @Test
  void aBraceThatOpensNoCallIsRefusedAtPrepareCall() throws SQLException {
    for (String sql : new String[] {"{ ?= jdbc_add (?, ?) }", " { = ? call jdbc_add (?, ?); }", "{fn now()}"}) {
      SQLException e = assertThrows(SQLException.class, () -> c.prepareCall(sql), sql);
      assertEquals("42601", e.getSQLState(), sql);
    }
    c.prepareCall("select jdbc_add(?, ?)").close();   // no brace: SQL as it is
  }

  @Test
  void aFunctionsReturnValue() throws SQLException {
    try (CallableStatement cs = c.prepareCall("{? = call jdbc_add(?, ?)}")) {
      cs.registerOutParameter(1, Types.INTEGER);
      cs.setInt(2, 40);
      cs.setInt(3, 2);
      cs.execute();
      assertEquals(42, cs.getInt(1));
      assertFalse(cs.wasNull());
    }
  }

  @Test
  void aFunctionsOutParametersAreResultColumns() throws SQLException {
    try (CallableStatement cs = c.prepareCall("{call jdbc_split(?, ?, ?)}")) {
      cs.setInt(1, 7);
      cs.registerOutParameter(2, Types.INTEGER);
      cs.registerOutParameter(3, Types.INTEGER);
      cs.execute();
      assertEquals(3, cs.getInt(2));
      assertEquals(1, cs.getInt(3));
      assertEquals(Integer.valueOf(1), cs.getObject(3));
    }
  }

  @Test
  void aProcedureWithInoutAndOutParameters() throws SQLException {
    assumeTrue(outParameters(), "OUT parameters of procedures need PostgreSQL 14");
    try (CallableStatement cs = c.prepareCall("call jdbc_double(?, ?)")) {
      cs.setInt(1, 21);
      cs.registerOutParameter(1, Types.INTEGER);
      cs.registerOutParameter(2, Types.VARCHAR);
      cs.execute();
      assertEquals(42, cs.getInt(1));
      assertEquals("doubled", cs.getString(2));
    }
  }

  @Test
  void callEscapeAsCallForProcedures() throws SQLException {
    assumeTrue(outParameters(), "OUT parameters of procedures need PostgreSQL 14");
    try (Connection cc = TestDatabase.connect("&escapeSyntaxCallMode=callIfNoReturn");
        CallableStatement cs = cc.prepareCall("{call jdbc_double(?, ?)}")) {
      cs.setInt(1, 5);
      cs.registerOutParameter(1, Types.INTEGER);
      cs.registerOutParameter(2, Types.VARCHAR);
      cs.execute();
      assertEquals(10, cs.getInt(1));
    }
  }

  @Test
  void aProcedureWithAnInoutParameterOnEveryMajor() throws SQLException {
    try (CallableStatement cs = c.prepareCall("call jdbc_triple(?)")) {
      cs.setInt(1, 7);
      cs.registerOutParameter(1, Types.INTEGER);
      cs.execute();
      assertEquals(21, cs.getInt(1));
    }
  }

  @Test
  void namedParametersAreRefusedSayingWhy() throws SQLException {
    try (CallableStatement cs = c.prepareCall("{? = call jdbc_add(?, ?)}")) {
      SQLException e = assertThrows(java.sql.SQLFeatureNotSupportedException.class, () -> cs.setInt("a", 1));
      assertTrue(e.getMessage().contains("by index"), e.getMessage());
      assertThrows(SQLException.class, () -> cs.getInt(2), "not an OUT parameter");
    }
  }
}
