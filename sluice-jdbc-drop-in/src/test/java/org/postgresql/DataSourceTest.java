package org.postgresql;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import io.sluice.ConnectionConfig;
import io.sluice.testkit.PostgresServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import javax.sql.PooledConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.ds.PGConnectionPoolDataSource;
import org.postgresql.ds.PGSimpleDataSource;
import org.postgresql.ds.PGXADataSource;
import org.postgresql.ds.common.BaseDataSource;

/** pgjdbc's data sources, configured with pgjdbc's bean properties, against the server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class DataSourceTest {
  /** The testkit's server in pgjdbc's bean properties, as an application's configuration sets them. */
  static <T extends BaseDataSource> T configured(T ds) {
    PostgresServer pg = PostgresServer.shared();
    ConnectionConfig cfg = ConnectionConfig.parse(pg.uri());
    ds.setServerNames(new String[] {pg.host()});
    ds.setPortNumbers(new int[] {pg.port()});
    ds.setDatabaseName(pg.database());
    ds.setUser(cfg.user());
    cfg.password().ifPresent(ds::setPassword);
    ds.setSslMode(DropInServer.properties().getProperty("sslrootcert") == null ? "disable" : "verify-full");
    cfg.sslRootCert().ifPresent(ds::setSslRootCert);
    return ds;
  }

  static String one(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next());
      return rs.getString(1);
    }
  }

  @Test
  void simpleDataSourceWithBeanProperties() throws Exception {
    PGSimpleDataSource ds = configured(new PGSimpleDataSource());
    ds.setApplicationName("drop-in-ds");
    ds.setCurrentSchema("pg_catalog");
    ds.setConnectTimeout(7);
    ds.setProperty("options", "-c work_mem=5MB");
    assertEquals(0, ds.getProtocolVersion(), "unset");
    ds.setProtocolVersion(3);
    assertEquals(3, ds.getProtocolVersion());
    assertEquals("drop-in-ds", ds.getApplicationName());
    assertEquals(7, ds.getConnectTimeout());
    assertEquals(PostgresServer.shared().port(), ds.getPortNumber());
    assertTrue(ds.getDescription().contains("Non-Pooling"));
    try (Connection c = ds.getConnection()) {
      assertEquals("drop-in-ds", one(c, "select current_setting('application_name')"));
      assertEquals("pg_catalog", one(c, "select current_schema()"));
      assertEquals("5MB", one(c, "select current_setting('work_mem')"));
      assertTrue(c.isWrapperFor(PGConnection.class));
    }
    // pgjdbc's older names of the data sources configure the same way
    @SuppressWarnings("deprecation")
    org.postgresql.jdbc2.optional.SimpleDataSource old = configured(new org.postgresql.jdbc2.optional.SimpleDataSource());
    try (Connection c = old.getConnection()) {
      assertEquals("1", one(c, "select 1"));
    }
  }

  @Test
  void urlAndSetPropertyConfigureItToo() throws Exception {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setURL(DropInServer.url());
    DropInServer.properties().forEach((k, v) -> ds.setProperty((String) k, (String) v));
    ds.setProperty("ApplicationName", "by-url");
    assertEquals(DropInServer.url(), ds.getURL());
    try (Connection c = ds.getConnection()) {
      assertEquals("by-url", one(c, "select current_setting('application_name')"));
    }
  }

  @Test
  void connectionPoolDataSourceHandsOutHandles() throws Exception {
    PGConnectionPoolDataSource ds = configured(new PGConnectionPoolDataSource());
    ds.setDefaultAutoCommit(false);
    PooledConnection pooled = ds.getPooledConnection();
    try {
      int pid;
      try (Connection handle = pooled.getConnection()) {
        assertFalse(handle.getAutoCommit(), "defaultAutoCommit");
        pid = handle.unwrap(PGConnection.class).getBackendPID();
        handle.rollback();
      }
      try (Connection again = pooled.getConnection()) {
        assertEquals(pid, again.unwrap(PGConnection.class).getBackendPID(), "the same session underneath");
        // code that casts a pooled handle, as pgjdbc's handle allows
        assertEquals(pid, ((PGConnection) again).getBackendPID());
        again.rollback();
      }
    } finally {
      pooled.close();
    }
  }

  @Test
  void xaIsRefusedClearly() throws Exception {
    PGXADataSource ds = configured(new PGXADataSource());
    SQLFeatureNotSupportedException e = assertThrows(SQLFeatureNotSupportedException.class, ds::getXAConnection);
    assertEquals("0A000", e.getSQLState());
    assertTrue(e.getMessage().contains("XA"));
    try (Connection c = ds.getConnection()) {
      assertEquals("1", one(c, "select 1"), "plain connections still open");
    }
  }

  @Test
  void autosaveAndPgjdbcsTypedSettersOnTheBean() throws Exception {
    PGSimpleDataSource ds = configured(new PGSimpleDataSource());
    assertNull(ds.getAutosave());
    ds.setAutosave(org.postgresql.jdbc.AutoSave.ALWAYS);
    ds.setPreferQueryMode(org.postgresql.jdbc.PreferQueryMode.EXTENDED);
    ds.setDisableColumnSanitiser(true);
    assertEquals(org.postgresql.jdbc.AutoSave.ALWAYS, ds.getAutosave());
    assertEquals(org.postgresql.jdbc.PreferQueryMode.EXTENDED, ds.getPreferQueryMode());
    assertTrue(ds.isDisableColumnSanitiser());
    try (Connection c = ds.getConnection(); java.sql.Statement s = c.createStatement()) {
      assertEquals(org.postgresql.jdbc.AutoSave.ALWAYS, c.unwrap(PGConnection.class).getAutosave());
      c.setAutoCommit(false);
      assertThrows(java.sql.SQLException.class, () -> s.execute("select 1/0"));
      try (java.sql.ResultSet rs = s.executeQuery("select 1")) {
        assertTrue(rs.next(), "the data source's autosave=always: the transaction goes on");
      }
      c.rollback();
    }
  }
}
