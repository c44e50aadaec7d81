package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The capability flags say what the driver does: each flag is checked against the driver itself,
 * so that a change to either side that makes them disagree fails here.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class MetaDataCapabilitiesTest extends MetaDataTestBase {
  @Test
  void resultSetTypesAndConcurrencies() throws SQLException {
    int[] types = {ResultSet.TYPE_FORWARD_ONLY, ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.TYPE_SCROLL_SENSITIVE};
    int[] concurrencies = {ResultSet.CONCUR_READ_ONLY, ResultSet.CONCUR_UPDATABLE};
    for (int type : types) {
      for (int concurrency : concurrencies) {
        boolean works;
        try (Statement s = connection.createStatement(type, concurrency); ResultSet rs = s.executeQuery("SELECT 1")) {
          works = rs.getType() == type && rs.getConcurrency() == concurrency;
        } catch (SQLFeatureNotSupportedException e) {
          works = false;
        }
        assertEquals(md.supportsResultSetConcurrency(type, concurrency), works,
            "type " + type + ", concurrency " + concurrency);
      }
      assertEquals(md.supportsResultSetType(type), md.supportsResultSetConcurrency(type, ResultSet.CONCUR_READ_ONLY));
    }
  }

  @Test
  void isolationLevels() throws SQLException {
    int[] levels = {Connection.TRANSACTION_NONE, Connection.TRANSACTION_READ_UNCOMMITTED,
        Connection.TRANSACTION_READ_COMMITTED, Connection.TRANSACTION_REPEATABLE_READ,
        Connection.TRANSACTION_SERIALIZABLE};
    try (Connection c = MetaDataSchema.connect()) {
      for (int level : levels) {
        boolean works;
        try {
          c.setTransactionIsolation(level);
          works = true;
        } catch (SQLException e) {
          works = false;
        }
        assertEquals(md.supportsTransactionIsolationLevel(level), works, "level " + level);
      }
    }
    assertEquals(connection.getTransactionIsolation(), md.getDefaultTransactionIsolation());
  }

  @Test
  void savepointsGeneratedKeysAndBatches() throws SQLException {
    assertTrue(md.supportsSavepoints());
    assertTrue(md.supportsGetGeneratedKeys());
    assertTrue(md.supportsBatchUpdates());
    try (Connection c = MetaDataSchema.connect()) {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TEMPORARY TABLE caps (id serial PRIMARY KEY, v int)");
      }
      Savepoint sp = c.setSavepoint();
      try (PreparedStatement p = c.prepareStatement("INSERT INTO caps (v) VALUES (?)",
          Statement.RETURN_GENERATED_KEYS)) {
        p.setInt(1, 1);
        p.addBatch();
        p.setInt(1, 2);
        p.addBatch();
        assertArrayEquals(new int[] {1, 1}, p.executeBatch());
        p.setInt(1, 3);
        p.executeUpdate();
        try (ResultSet keys = p.getGeneratedKeys()) {
          assertTrue(keys.next(), "generatedKeyAlwaysReturned: " + md.generatedKeyAlwaysReturned());
          assertEquals(3, keys.getInt(1));
        }
      }
      c.rollback(sp);
      c.rollback();
    }
  }

  @Test
  void multipleResultsAndKeepingTheCurrentOneOpen() throws SQLException {
    assertTrue(md.supportsMultipleResultSets());
    try (Statement s = connection.createStatement()) {
      assertTrue(s.execute("SELECT 1; SELECT 2"));
      ResultSet first = s.getResultSet();
      assertTrue(s.getMoreResults(Statement.KEEP_CURRENT_RESULT));
      assertEquals(md.supportsMultipleOpenResults(), !first.isClosed());
      first.close();
    }
  }

  @Test
  void holdability() throws SQLException {
    assertEquals(connection.getHoldability(), md.getResultSetHoldability());
    for (int h : new int[] {ResultSet.HOLD_CURSORS_OVER_COMMIT, ResultSet.CLOSE_CURSORS_AT_COMMIT}) {
      boolean works;
      try (Connection c = MetaDataSchema.connect()) {
        c.setHoldability(h);
        works = true;
      } catch (SQLException e) {
        works = false;
      }
      assertEquals(md.supportsResultSetHoldability(h), works, "holdability " + h);
    }
  }

  @Test
  void callSyntaxRunsFunctionsAndParametersArePositional() throws SQLException {
    assertTrue(md.supportsStoredFunctionsUsingCallSyntax());
    try (CallableStatement call = connection.prepareCall("{? = call upper(?)}")) {
      call.registerOutParameter(1, java.sql.Types.VARCHAR);
      call.setString(2, "x");
      call.execute();
      assertEquals("X", call.getString(1));
      assertEquals(md.supportsNamedParameters(), namedParameterAccepted(call));
    }
  }

  private static boolean namedParameterAccepted(CallableStatement call) {
    try {
      call.setString("p", "x");
      return true;
    } catch (SQLException e) {
      return false;
    }
  }

  @Test
  void readOnlyFollowsTheConnection() throws SQLException {
    try (Connection c = MetaDataSchema.connect()) {
      var own = c.getMetaData();
      assertFalse(own.isReadOnly());
      c.setReadOnly(true);
      assertTrue(own.isReadOnly());
    }
  }
}
