package io.sluice.jdbc.internal;

import io.sluice.jdbc.OneConnection;
import io.sluice.jdbc.TestDatabase;
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

/**
 * <code>{call p(?)}</code> on procedures and functions (issue 26): by default a procedure runs
 * with CALL (known from {@code pg_proc.prokind}), a function with SELECT; pgjdbc's {@code
 * escapeSyntaxCallMode} still chooses when given. (Functions under the default:
 * CallableStatementTest.)
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class CallEscapesTest extends OneConnection {
  @BeforeAll
  static void schema() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("drop schema if exists jdbc_calls cascade; create schema jdbc_calls");
      s.execute("create table jdbc_calls.ledger (amount int)");
      s.execute("create procedure jdbc_calls.book(in amount int) language sql"
          + " as $$ insert into jdbc_calls.ledger values (amount) $$");
      if (outParameters()) {
        s.execute("create procedure jdbc_calls.\"Scale\"(inout v int, in factor int, out note text) language plpgsql"
            + " as $$ begin v := v * factor; note := 'scaled by ' || factor; end $$");
        s.execute("create procedure jdbc_calls.total(out n bigint) language sql"
            + " as $$ select coalesce(sum(amount), 0) from jdbc_calls.ledger $$");
      }
      s.execute("create function jdbc_calls.twice(x int) returns int language sql as $$ select 2 * x $$");
    }
  }

  /** A procedure has OUT parameters from PostgreSQL 14 (before, INOUT only). */
  private static boolean outParameters() {
    return TestDatabase.server().majorVersion() >= 14;
  }

  private static void assumeOutParameters() {
    assumeTrue(outParameters(), "OUT parameters of procedures need PostgreSQL 14");
  }

  @Test
  void aProcedureWithAnInParameterRunsWithCall() throws SQLException {
    try (CallableStatement cs = c.prepareCall("{call jdbc_calls.book(?)}")) {
      cs.setInt(1, 5);
      cs.execute();
      cs.setInt(1, 6);
      cs.execute();
    }
    assumeOutParameters();
    try (CallableStatement cs = c.prepareCall("{ call jdbc_calls.total(?) }")) {
      cs.registerOutParameter(1, Types.BIGINT);
      cs.execute();
      assertEquals(11L, cs.getLong(1), "an OUT-only parameter of a procedure comes back from CALL's row");
    }
  }

  /** Runs {@code "Scale"(v, factor)} through {@code sql} on {@code on}: its INOUT and OUT values. */
  private static String scale(Connection on, String sql, int v, int factor) throws SQLException {
    try (CallableStatement cs = on.prepareCall(sql)) {
      cs.setInt(1, v);
      cs.registerOutParameter(1, Types.INTEGER);
      cs.setInt(2, factor);
      cs.registerOutParameter(3, Types.VARCHAR);
      cs.execute();
      return cs.getInt(1) + ", " + cs.getString(3);
    }
  }

  @Test
  void inoutInAndOutParametersOfAProcedureWithAQuotedName() throws SQLException {
    assumeOutParameters();
    assertEquals("21, scaled by 3", scale(c, "{call JDBC_CALLS.\"Scale\"(?, ?, ?)}", 7, 3));
  }

  @Test
  void aBareNameIsLookedUpOnTheSearchPath() throws SQLException {
    assumeOutParameters();
    try (Connection on = TestDatabase.connect("&currentSchema=jdbc_calls")) {
      assertEquals("10, scaled by 5", scale(on, "{call \"Scale\"(?, ?, ?)}", 2, 5));
    }
  }

  @Test
  void pgjdbcsModesChooseWhenGiven() throws SQLException {
    try (Connection select = TestDatabase.connect("&escapeSyntaxCallMode=select");
        CallableStatement cs = select.prepareCall("{call jdbc_calls.book(?)}")) {
      cs.setInt(1, 1);
      SQLException e = assertThrows(SQLException.class, cs::execute, "select mode: as pgjdbc, a procedure fails");
      assertEquals("42809", e.getSQLState());
    }
    try (Connection call = TestDatabase.connect("&escapeSyntaxCallMode=call");
        CallableStatement cs = call.prepareCall("{call jdbc_calls.twice(?)}")) {
      cs.setInt(1, 1);
      SQLException e = assertThrows(SQLException.class, cs::execute, "call mode: a function is not a procedure");
      assertEquals("42809", e.getSQLState());
    }
  }

  @Test
  void aRoutineThatChangedKindIsAskedAgainAfter42809() throws SQLException {
    try (Connection on = TestDatabase.connect(); Statement s = on.createStatement()) {
      s.execute("create or replace function jdbc_calls.shifting(x int) returns int language sql as $$ select x $$");
      try (CallableStatement cs = on.prepareCall("{call jdbc_calls.shifting(?)}")) {
        cs.setInt(1, 1);
        cs.execute();
      }
      s.execute("drop function jdbc_calls.shifting(int);"
          + " create procedure jdbc_calls.shifting(x int) language sql as $$ select x $$");
      try (CallableStatement cs = on.prepareCall("{call jdbc_calls.shifting(?)}")) {
        cs.setInt(1, 1);
        assertEquals("42809", assertThrows(SQLException.class, cs::execute).getSQLState(), "the kind kept was stale");
      }
      try (CallableStatement cs = on.prepareCall("{call jdbc_calls.shifting(?)}")) {
        cs.setInt(1, 1);
        cs.execute();   // asked again
      }
    }
  }

  @Test
  void aPlainStatementCallsAProcedureToo() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("{call jdbc_calls.book(100)}");
    }
  }

  @Test
  void theRoutineNameIsReadAsTheServerWould() {
    assertEquals(new RoutineName(null, "f"), RoutineName.of("select * from F($1) as result").orElseThrow());
    assertEquals(new RoutineName("Ab", "c.d"), RoutineName.of("call \"Ab\" . \"c.d\"($1)").orElseThrow());
    assertEquals(new RoutineName("s", "x\"y"), RoutineName.of("call db.S.\"x\"\"y\"()").orElseThrow());
    assertEquals(new RoutineName(null, "ÄÖ"), RoutineName.of("call ÄÖ()").orElseThrow(), "only ASCII folds");
    assertTrue(RoutineName.of("call \"open(").isEmpty());
    assertTrue(RoutineName.of("call f").isEmpty());
    assertTrue(RoutineName.of("update t set x = 1").isEmpty());
  }
}
