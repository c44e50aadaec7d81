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

  /** pgjdbc 42.7's connection parameter names, less the PG* environment names and service. */
  static final String[] PGJDBC_PARAMETERS = {
      "ApplicationName", "adaptiveFetch", "adaptiveFetchMaximum", "adaptiveFetchMinimum",
      "allowEncodingChanges", "assumeMinServerVersion", "authenticationPluginClassName", "autosave",
      "binaryTransfer", "binaryTransferDisable", "binaryTransferEnable", "cancelSignalTimeout",
      "channelBinding", "classLoaderStrategy", "cleanupSavepoints", "connectExecutor", "connectExecutorArg",
      "connectTimeout", "convertBooleanToNumeric", "currentSchema", "databaseMetadataCacheFields",
      "databaseMetadataCacheFieldsMiB", "defaultRowFetchSize", "disableColumnSanitiser",
      "escapeSyntaxCallMode", "flushCacheOnDdl", "groupStartupParameters", "gssEncMode",
      "gssResponseTimeout", "gssUseDefaultCreds", "gsslib", "hideUnprivilegedObjects", "hostRecheckSeconds",
      "jaasApplicationName", "jaasLogin", "kerberosServerName", "loadBalanceHosts", "localSocketAddress",
      "logServerErrorDetail", "logUnclosedConnections", "loggerFile", "loggerLevel", "loginTimeout",
      "maxResultBuffer", "maxSendBufferSize", "options", "password", "pemKeyAlgorithm", "preferQueryMode",
      "prepareThreshold", "preparedStatementCacheQueries", "preparedStatementCacheSizeMiB",
      "protocolVersion", "queryTimeout", "quoteReturningIdentifiers", "reWriteBatchedInserts",
      "reWriteBatchedInsertsSize", "readOnly", "readOnlyMode", "receiveBufferSize", "replication",
      "requireAuth", "scramMaxIterations", "sendBufferSize", "socketFactory", "socketFactoryArg",
      "socketTimeout", "ssl", "sslNegotiation", "sslResponseTimeout", "sslcert", "sslfactory",
      "sslfactoryarg", "sslhostnameverifier", "sslkey", "sslmode", "sslpassword", "sslpasswordcallback",
      "sslrootcert", "sspiServiceClass", "stringtype", "targetServerType", "tcpKeepAlive", "tcpNoDelay",
      "unknownLength", "useSpnego", "user", "xmlFactoryFactory"};

  /** pgjdbc's setURL: the URL's parts answer the bean getters, and connect as the URL said. */
  @Test
  void setUrlSetsTheBeanProperties() throws Exception {
    PostgresServer pg = PostgresServer.shared();
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setURL("jdbc:postgresql://" + pg.host() + ":" + pg.port() + "/" + pg.database() + "?prepareThreshold=3"
        + "&ApplicationName=from%20url");
    DropInServer.properties().forEach((k, v) -> ds.setProperty((String) k, (String) v));
    assertEquals(pg.host(), ds.getServerName());
    assertEquals(pg.port(), ds.getPortNumber());
    assertEquals(pg.database(), ds.getDatabaseName());
    assertEquals(3, ds.getPrepareThreshold());
    assertEquals("from url", ds.getApplicationName());
    try (Connection c = ds.getConnection()) {
      assertEquals("from url", one(c, "select current_setting('application_name')"));
    }
    assertThrows(IllegalArgumentException.class, () -> ds.setURL("jdbc:mysql://h/db"));
  }

  /**
   * A JNDI reference, as an application server binds a data source: PGObjectFactory builds the
   * same data source again, which connects; the URL names each server's port as pgjdbc's does.
   */
  @Test
  void aReferenceBuildsTheDataSourceAgain() throws Exception {
    PGSimpleDataSource ds = configured(new PGSimpleDataSource());
    ds.setApplicationName("by-reference");
    ds.setLoginTimeout(9);
    javax.naming.Reference ref = ds.getReference();
    assertEquals(org.postgresql.ds.common.PGObjectFactory.class.getName(), ref.getFactoryClassName());
    Object made = new org.postgresql.ds.common.PGObjectFactory().getObjectInstance(ref, null, null, null);
    PGSimpleDataSource again = assertInstanceOf(PGSimpleDataSource.class, made);
    assertEquals(ds.getURL(), again.getURL());
    assertEquals(9, again.getLoginTimeout());
    try (Connection c = again.getConnection()) {
      assertEquals("by-reference", one(c, "select current_setting('application_name')"));
    }
    assertNull(new org.postgresql.ds.common.PGObjectFactory().getObjectInstance(
        new javax.naming.Reference("com.example.Other"), null, null, null));

    PGSimpleDataSource two = new PGSimpleDataSource();
    two.setURL("jdbc:postgresql://server1,server2:2345/database");
    assertEquals("jdbc:postgresql://server1:5432,server2:2345/database", two.getURL());
    PGSimpleDataSource copy = new PGSimpleDataSource();
    copy.initializeFrom(two);
    assertEquals(two.getURL(), copy.getURL());
    two.setPortNumbers(new int[] {6432});
    assertThrows(IllegalArgumentException.class, two::getURL, "one port for two servers");
    PGSimpleDataSource sluiceUrl = new PGSimpleDataSource();
    sluiceUrl.setURL("jdbc:sluice:postgresql://h:6000/d");
    sluiceUrl.setApplicationName("kept");
    PGSimpleDataSource fromRef = (PGSimpleDataSource) new org.postgresql.ds.common.PGObjectFactory()
        .getObjectInstance(sluiceUrl.getReference(), null, null, null);
    assertEquals("jdbc:sluice:postgresql://h:6000/d?ApplicationName=kept", fromRef.getURL(),
        "a URL of Sluice's prefix travels whole, its parameters beside it");
    assertEquals(null, fromRef.getServerName());
    PGSimpleDataSource none = new PGSimpleDataSource();
    none.setDatabaseName("database");
    assertEquals("jdbc:postgresql://localhost/database", none.getURL());
    assertEquals(0, none.getPortNumbers()[0]);
    none.setPortNumbers(new int[0]);
    assertEquals(0, none.getPortNumber(), "no ports: the default");
    assertEquals("jdbc:postgresql://localhost/database", none.getURL());
  }

  static PGSimpleDataSource withUrlParts(String database, String applicationName) {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setDatabaseName(database);
    ds.setUser("u");
    ds.setPassword("secret");
    ds.setApplicationName(applicationName);
    return ds;
  }

  /**
   * Every pgjdbc parameter is a bean property of pgjdbc's data sources (its own tests and
   * application servers find them by introspection, case aside), and a value read from one can be
   * written back; a setter reaches the connection's parameters (a refused one is refused by name).
   */
  @Test
  void everyPgjdbcParameterIsABeanProperty() throws Exception {
    assertEquals("jdbc:postgresql://localhost/d%26b?ApplicationName=a%26b%3Dc",
        withUrlParts("d&b", "a&b=c").getURL(), "pgjdbc's getURL: the properties' URL, each encoded");
    PGSimpleDataSource ds = configured(new PGSimpleDataSource());
    // as java.beans.Introspector pairs them (java.desktop is not read here): get/is + name, set + name
    java.util.Map<String, java.lang.reflect.Method> getters = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    java.util.Map<String, java.lang.reflect.Method> setters = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (java.lang.reflect.Method m : PGSimpleDataSource.class.getMethods()) {
      String n = m.getName();
      if (m.getParameterCount() == 0 && n.startsWith("get") && m.getReturnType() != void.class) {
        getters.put(n.substring(3), m);
      } else if (m.getParameterCount() == 0 && n.startsWith("is") && m.getReturnType() == boolean.class) {
        getters.put(n.substring(2), m);
      }
    }
    for (java.lang.reflect.Method m : PGSimpleDataSource.class.getMethods()) {
      java.lang.reflect.Method g = getters.get(m.getName().substring(Math.min(3, m.getName().length())));
      if (m.getName().startsWith("set") && m.getParameterCount() == 1 && g != null
          && m.getParameterTypes()[0] == g.getReturnType()) {
        setters.put(m.getName().substring(3), m);
      }
    }
    java.util.List<String> missing = new java.util.ArrayList<>();
    for (String name : PGJDBC_PARAMETERS) {
      if (!getters.containsKey(name) || !setters.containsKey(name)) {
        missing.add(name);
      } else {
        setters.get(name).invoke(ds, getters.get(name).invoke(ds));
      }
    }
    assertEquals(java.util.List.of(), missing);
    try (Connection c = ds.getConnection()) {
      // every default read and written back leaves a data source that connects (logServerErrorDetail
      // reads true when unset: false would be refused); the class-name ones stay null
      assertEquals("1", one(c, "SELECT 1"));
    }
    PGSimpleDataSource unchanged = configured(new PGSimpleDataSource());
    unchanged.setAdaptiveFetchMaximum(50);
    unchanged.setHideUnprivilegedObjects(true);
    assertEquals(50, unchanged.getAdaptiveFetchMaximum());
    try (Connection c = unchanged.getConnection()) {
      assertEquals("1", one(c, "SELECT 1"));
    }
    PGSimpleDataSource refused = configured(new PGSimpleDataSource());
    refused.setSocketFactory("javax.net.SocketFactory");
    SQLException e = assertThrows(SQLException.class, () -> refused.getConnection().close());
    assertTrue(e.getMessage().contains("socketFactory"), e.getMessage());
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
    // pgjdbc's getURL: the URL set, with the properties set beside it as its parameters
    assertTrue(ds.getURL().startsWith(DropInServer.url()), ds.getURL());
    assertTrue(ds.getURL().endsWith("ApplicationName=by-url"), ds.getURL());
    assertFalse(ds.getURL().contains("password"), ds.getURL());
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
        // and its statements cast to PGStatement, as pgjdbc's pooled statements do
        try (java.sql.PreparedStatement ps = again.prepareStatement("select 1")) {
          ((PGStatement) ps).setPrepareThreshold(3);
          assertEquals(3, ((PGStatement) ps).getPrepareThreshold());
          assertSame(again, ps.getConnection());
        }
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
