package org.postgresql;

import static org.junit.jupiter.api.Assertions.*;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.util.PGobject;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/** {@code unwrap(PGConnection.class)} and what applications call on it, against the server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PGConnectionTest {
  static int backendPid(Connection c) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select pg_backend_pid()")) {
      assertTrue(rs.next());
      return rs.getInt(1);
    }
  }

  @Test
  void aConnectionUnwrapsToPGConnectionOfItsSession() throws Exception {
    try (Connection c = DropInServer.connect()) {
      assertTrue(c.isWrapperFor(PGConnection.class));
      PGConnection pg = c.unwrap(PGConnection.class);
      assertEquals(backendPid(c), pg.getBackendPID());
      assertEquals("on", pg.getParameterStatus("standard_conforming_strings"));
      assertEquals(pg.getParameterStatus("server_version"), pg.getParameterStatuses().get("server_version"));
      assertFalse(c.isWrapperFor(String.class), "only the views the drop-in has");
      java.util.Map<String, String> statuses = pg.getParameterStatuses();
      try (Statement s = c.createStatement()) {
        s.execute("set application_name = 'status_view'");
      }
      assertEquals("status_view", statuses.get("application_name"), "the map is a live view, as pgjdbc's");
      assertThrows(UnsupportedOperationException.class, () -> statuses.put("x", "y"));
    }
  }

  @Test
  void theDriversConnectionIsAPGConnectionForCodeThatCasts() throws Exception {
    // ((PGConnection) conn).getCopyAPI(): what much pgjdbc code does instead of unwrap
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      assertInstanceOf(PGConnection.class, c);
      PGConnection pg = (PGConnection) c;
      assertSame(pg, c.unwrap(PGConnection.class), "unwrap gives the connection itself");
      assertSame(c, s.getConnection(), "statements give back the same object");
      assertEquals(backendPid(c), pg.getBackendPID());
      s.execute("create temp table cast_copy (n int)");
      long copied = pg.getCopyAPI().copyIn("copy cast_copy from stdin", new java.io.StringReader("1\n2\n3\n"));
      assertEquals(3, copied);
      try (ResultSet rs = s.executeQuery("select sum(n) from cast_copy")) {
        assertTrue(rs.next());
        assertEquals(6, rs.getInt(1));
      }
      pg.addDataType("cast_point", PGobject.class);
      assertEquals(5, pg.getPrepareThreshold());
    }
  }

  @Test
  void throughHikarisProxyToo() throws Exception {
    HikariConfig cfg = new HikariConfig();
    cfg.setDriverClassName(Driver.class.getName());
    cfg.setJdbcUrl(DropInServer.url());
    cfg.setDataSourceProperties(DropInServer.properties());
    cfg.setMaximumPoolSize(1);
    try (HikariDataSource ds = new HikariDataSource(cfg); Connection c = ds.getConnection()) {
      assertTrue(c.isWrapperFor(PGConnection.class));
      assertEquals(backendPid(c), c.unwrap(PGConnection.class).getBackendPID());
    }
  }

  @Test
  void cancelQueryStopsTheRunningStatement() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      PGConnection pg = c.unwrap(PGConnection.class);
      CompletableFuture<Void> sleeping = CompletableFuture.runAsync(() -> {
        try {
          s.execute("select pg_sleep(30)");
          fail("the sleep should have been cancelled");
        } catch (java.sql.SQLException e) {
          throw new java.util.concurrent.CompletionException(e);
        }
      });
      // cancel until the sleep is seen running (a cancel before it starts cancels nothing)
      while (!sleeping.isDone()) {
        try (Connection other = DropInServer.connect(); Statement o = other.createStatement();
            ResultSet rs = o.executeQuery("select count(*) from pg_stat_activity where pid = " + pg.getBackendPID()
                + " and query like 'select pg_sleep%' and state = 'active' and wait_event = 'PgSleep'")) {
          rs.next();
          if (rs.getInt(1) == 1) {
            pg.cancelQuery();
            break;
          }
        }
        Thread.sleep(20);
      }
      var e = assertThrows(java.util.concurrent.CompletionException.class, sleeping::join);
      PSQLException p = assertInstanceOf(PSQLException.class, e.getCause());
      assertEquals(PSQLState.QUERY_CANCELED.getState(), p.getSQLState());
      assertEquals(pg.getBackendPID(), backendPid(c), "the connection is still usable");
    }
  }

  @Test
  void escapesQuoteAsTheServerReadsThem() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      PGConnection pg = c.unwrap(PGConnection.class);
      String name = "we\"ird name";
      String text = "it's a \\ back'slash";
      assertEquals("\"we\"\"ird name\"", pg.escapeIdentifier(name));
      try (ResultSet rs = s.executeQuery("select '" + pg.escapeLiteral(text) + "' as " + pg.escapeIdentifier(name))) {
        assertTrue(rs.next());
        assertEquals(text, rs.getString(1));
        assertEquals(name, rs.getMetaData().getColumnLabel(1));
      }
      assertThrows(PSQLException.class, () -> pg.escapeLiteral("a\0b"));
    }
  }

  @Test
  void settingsAndDataTypesAreKeptPerConnection() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      c.unwrap(PGConnection.class).setPrepareThreshold(1);
      assertEquals(1, c.unwrap(PGConnection.class).getPrepareThreshold(), "kept between unwraps");
      PGStatement ps = s.unwrap(PGStatement.class);
      assertTrue(s.isWrapperFor(PGStatement.class));
      assertTrue(ps.isUseServerPrepare());
      ps.setUseServerPrepare(false);
      assertFalse(s.unwrap(PGStatement.class).isUseServerPrepare());
      s.execute("create temp table t (i int)");
      s.executeUpdate("insert into t values (1)");
      assertEquals(0, ps.getLastOID());
      java.sql.Array a = c.unwrap(PGConnection.class).createArrayOf("int4", new int[] {1, 2});
      assertArrayEquals(new Object[] {1, 2}, (Object[]) a.getArray());
    }
  }

  @Test
  void everyKindOfStatementIsAPgStatementToCastAndStartsWithItsConnectionsThreshold() throws Exception {
    try (Connection c = DropInServer.connect()) {
      ((PGConnection) c).setPrepareThreshold(1);
      try (Statement plain = c.createStatement();
          java.sql.PreparedStatement prepared = c.prepareStatement("select ? + 1");
          java.sql.CallableStatement call = c.prepareCall("{? = call abs(?)}")) {
        for (Statement st : new Statement[] {plain, prepared, call}) {
          PGStatement pg = (PGStatement) st;
          assertEquals(1, pg.getPrepareThreshold(), st.getClass().getName());
          assertSame(pg, st.unwrap(PGStatement.class), "unwrap gives the statement itself");
          pg.setPrepareThreshold(3);
          assertEquals(3, ((PGStatement) st).getPrepareThreshold());
        }
        prepared.setInt(1, 41);
        try (java.sql.ResultSet rs = prepared.executeQuery()) {
          assertTrue(rs.next());
          assertEquals(42, rs.getInt(1), "the cast statement is the driver's, and runs");
        }
        call.registerOutParameter(1, java.sql.Types.INTEGER);
        call.setInt(2, -5);
        call.execute();
        assertEquals(5, call.getInt(1));
      }
    }
  }

  @Test
  void theConnectionIsPgjdbcsPgConnectionAndBaseConnection() throws Exception {
    try (Connection c = DropInServer.connect()) {
      org.postgresql.jdbc.PgConnection pg = c.unwrap(org.postgresql.jdbc.PgConnection.class);
      org.postgresql.core.BaseConnection base = (org.postgresql.core.BaseConnection) c;
      assertSame(pg, base);
      assertEquals(org.postgresql.core.TransactionState.IDLE, pg.getTransactionState());
      c.setAutoCommit(false);
      assertEquals(org.postgresql.core.TransactionState.IDLE, pg.getTransactionState(), "BEGIN not sent yet");
      base.execSQLUpdate("select 1");
      assertEquals(org.postgresql.core.TransactionState.OPEN, pg.getTransactionState());
      assertThrows(SQLException.class, () -> base.execSQLUpdate("select 1/0"));
      assertEquals(org.postgresql.core.TransactionState.FAILED, base.getQueryExecutor().getTransactionState());
      c.rollback();
      c.setAutoCommit(true);
      try (ResultSet rs = base.execSQLQuery("select 41 + 1")) {
        assertTrue(rs.next());
        assertEquals(42, rs.getInt(1));
      }
      assertTrue(base.haveMinimumServerVersion(org.postgresql.core.ServerVersion.v13));
      assertFalse(base.haveMinimumServerVersion(org.postgresql.core.ServerVersion.v20));
      assertEquals(base.getQueryExecutor().getServerVersionNum() / 10000,
          c.getMetaData().getDatabaseMajorVersion());
      assertEquals(150018, org.postgresql.core.ServerVersion.from("15.18 (Debian 15.18-0+deb12u1)").getVersionNum());
      assertEquals(90605, org.postgresql.core.ServerVersion.from("9.6.5").getVersionNum());
      assertEquals("it''s", base.escapeString("it's"));
      assertTrue(base.getStandardConformingStrings());
      assertTrue(base.getStringVarcharFlag());
      assertEquals(org.postgresql.jdbc.AutoSave.NEVER, base.getQueryExecutor().getAutoSave());
      base.getQueryExecutor().setFlushCacheOnDdl(false);
      assertFalse(base.getQueryExecutor().isFlushCacheOnDdl(), "kept and read back");
    }
  }
}
