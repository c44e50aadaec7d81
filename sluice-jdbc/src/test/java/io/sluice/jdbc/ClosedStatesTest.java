package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Closed statements, results and connections fail as pgjdbc's do (issue 35): every method of the
 * interface, called by reflection, either works (what pgjdbc allows after close), is refused as
 * not supported whatever the state ({@code 0A000}), or fails with pgjdbc's state: {@code 55000}
 * for a statement or result that is closed or whose connection is, {@code 08003} for the
 * connection. The lists of what works were taken from pgjdbc 42.7 run the same way.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class ClosedStatesTest {
  /** pgjdbc's statement methods that do not check for close. */
  static final Set<String> STATEMENT_AFTER_CLOSE = Set.of("close", "isClosed", "unwrap", "isWrapperFor", "cancel",
      "clearBatch", "clearParameters", "clearWarnings", "closeOnCompletion", "isCloseOnCompletion", "getConnection",
      "getFetchDirection", "getFetchSize", "getMaxFieldSize", "getResultSetConcurrency", "getResultSetHoldability",
      "getResultSetType", "enquoteIdentifier", "enquoteLiteral", "enquoteNCharLiteral", "isSimpleIdentifier");
  static final Set<String> RESULT_AFTER_CLOSE = Set.of("close", "isClosed", "unwrap", "isWrapperFor");
  /**
   * pgjdbc's connection methods that work once it is closed (abort is left out: it refuses a null
   * executor; setClientInfo is tested on its own, as it fails with a SQLClientInfoException).
   */
  static final Set<String> CONNECTION_AFTER_CLOSE = Set.of("close", "isClosed", "isValid", "beginRequest",
      "endRequest", "setTypeMap");

  static Object arg(Class<?> t) {
    if (t == int.class) return 1;
    if (t == long.class) return 1L;
    if (t == boolean.class) return false;
    if (t == short.class) return (short) 1;
    if (t == byte.class) return (byte) 1;
    if (t == double.class) return 1.0;
    if (t == float.class) return 1.0f;
    if (t == String.class) return "select 1";
    if (t == Class.class) return Object.class;
    if (t == int[].class) return new int[] {1};
    if (t == String[].class) return new String[] {"a"};
    return null;
  }

  static boolean takesSql(Method m) {
    return m.getName().startsWith("execute") && m.getParameterCount() == 1 && m.getParameterTypes()[0] == String.class;
  }

  /** The methods of {@code iface} on {@code closed} that did not fail as {@code expected} or were not allowed. */
  static List<String> sweep(Class<?> iface, Object closed, String state, Set<String> allowed) {
    List<String> wrong = new ArrayList<>();
    for (Method m : iface.getMethods()) {
      if (Modifier.isStatic(m.getModifiers())) {
        continue;
      }
      Object[] args = Arrays.stream(m.getParameterTypes()).map(ClosedStatesTest::arg).toArray();
      String name = m.getName() + Arrays.toString(m.getParameterTypes());
      if (m.getName().equals("setClientInfo") || m.getName().equals("abort")) {
        continue;
      }
      try {
        m.invoke(closed, args);
        if (!allowed.contains(m.getName())) {
          wrong.add(name + " worked");
        }
      } catch (InvocationTargetException e) {
        Throwable t = e.getCause();
        if (t instanceof SQLFeatureNotSupportedException) {
          continue;   // refused whatever the state
        }
        if (PreparedStatement.class.isAssignableFrom(iface) && takesSql(m) && t instanceof SQLException s
            && "42809".equals(s.getSQLState())) {
          continue;   // pgjdbc too: a prepared statement's Statement forms are refused before the state
        }
        if (!(t instanceof SQLException s) || !state.equals(s.getSQLState())) {
          wrong.add(name + " " + t);
        } else if (allowed.contains(m.getName())) {
          wrong.add(name + " refused, pgjdbc allows it: " + t);
        }
      } catch (ReflectiveOperationException e) {
        wrong.add(name + " " + e);
      }
    }
    return wrong;
  }

  @Test
  void closedStatementsAndResultsAre55000AsPgjdbc() throws Exception {
    try (Connection c = TestDatabase.connect()) {
      Statement s = c.createStatement();
      ResultSet rs = s.executeQuery("select 1 as x");
      rs.close();
      rs.close();   // idempotent
      assertTrue(rs.isClosed());
      assertEquals(List.of(), sweep(ResultSet.class, rs, "55000", RESULT_AFTER_CLOSE));
      ResultSet open = s.executeQuery("select 1 as x");
      s.close();
      s.close();
      assertTrue(open.isClosed(), "closing a statement closes its results");
      assertEquals(List.of(), sweep(Statement.class, s, "55000", STATEMENT_AFTER_CLOSE));
      assertSame(c, s.getConnection(), "as pgjdbc, a closed statement still names its connection");

      PreparedStatement ps = c.prepareStatement("select ?::int");
      ps.close();
      assertEquals(List.of(), sweep(PreparedStatement.class, ps, "55000", STATEMENT_AFTER_CLOSE));
      CallableStatement cs = c.prepareCall("{? = call abs(?)}");
      cs.close();
      assertEquals(List.of(), sweep(CallableStatement.class, cs, "55000", STATEMENT_AFTER_CLOSE));
    }
  }

  @Test
  void theStatementsAndResultsOfAClosedConnectionAre55000AndItIs08003() throws Exception {
    Connection c = TestDatabase.connect();
    Statement s = c.createStatement();
    ResultSet rs = s.executeQuery("select 1 as x");
    PreparedStatement ps = c.prepareStatement("select ?::int");
    c.close();
    c.close();
    assertTrue(c.isClosed());
    assertEquals(List.of(), sweep(Statement.class, s, "55000", STATEMENT_AFTER_CLOSE));
    assertEquals(List.of(), sweep(ResultSet.class, rs, "55000", RESULT_AFTER_CLOSE));
    assertEquals(List.of(), sweep(PreparedStatement.class, ps, "55000", STATEMENT_AFTER_CLOSE));
    assertEquals(List.of(), sweep(Connection.class, c, "08003", CONNECTION_AFTER_CLOSE));
    assertThrows(java.sql.SQLClientInfoException.class, () -> c.setClientInfo("ApplicationName", "x"));
  }

  @Test
  void aPreparedStatementRefusesSqlWith42809AndAClosedOneBeforeItsParameters() throws Exception {
    try (Connection c = TestDatabase.connect(); PreparedStatement ps = c.prepareStatement("select ?::int")) {
      assertEquals("42809", assertThrows(SQLException.class, () -> ps.executeQuery("select 1")).getSQLState());
      assertEquals("42809", assertThrows(SQLException.class, () -> ps.addBatch("select 1")).getSQLState());
      assertEquals("07001", assertThrows(SQLException.class, ps::executeQuery).getSQLState(), "a parameter unset");
      ps.close();
      assertEquals("55000", assertThrows(SQLException.class, ps::executeQuery).getSQLState());
    }
  }
}
