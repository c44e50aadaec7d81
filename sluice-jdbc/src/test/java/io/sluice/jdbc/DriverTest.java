package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The driver's URL forms, registration, properties and DataSource, against the real server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class DriverTest {
  @Test
  void registeredThroughServiceLoaderAndDriverManager() throws SQLException {
    boolean listed = ServiceLoader.load(Driver.class).stream().anyMatch(p -> p.type() == SluiceDriver.class);
    assertTrue(listed, "META-INF/services/java.sql.Driver names SluiceDriver");
    assertInstanceOf(SluiceDriver.class, DriverManager.getDriver("jdbc:sluice:postgresql://localhost/x"));
    assertInstanceOf(SluiceDriver.class, DriverManager.getDriver("jdbc:postgresql://localhost/x"));
  }

  @Test
  void aNullUrlIsAnSqlExceptionAndAnotherDriversUrlIsNull() throws SQLException {
    SQLException e = assertThrows(SQLException.class, () -> new SluiceDriver().connect(null, new Properties()));
    assertEquals("08001", e.getSQLState());
    assertNull(new SluiceDriver().connect("jdbc:mysql://localhost/db", new Properties()), "not our URL: null, as JDBC asks");
  }

  @Test
  void bothUrlFormsConnect() throws SQLException {
    for (String form : new String[] {"postgresql:", "sluice:postgresql:"}) {
      try (Connection c = DriverManager.getConnection(TestDatabase.url(form));
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("select 41 + 1")) {
        assertTrue(rs.next());
        assertEquals(42, rs.getInt(1));
        assertTrue(c.isWrapperFor(io.sluice.Connection.class));
        assertTrue(c.unwrap(io.sluice.Connection.class).isOpen());
      }
    }
  }

  @Test
  void otherUrlsAreNotOurs() throws SQLException {
    SluiceDriver d = new SluiceDriver();
    assertFalse(d.acceptsURL("jdbc:mysql://localhost/x"));
    assertEquals("08001", assertThrows(SQLException.class, () -> d.acceptsURL(null)).getSQLState(),
        "Driver.acceptsURL: an SQLException if the url is null");
    assertNull(d.connect("jdbc:mysql://localhost/x", new Properties()));
  }

  @Test
  void propertiesAndPgjdbcParametersApply() throws SQLException {
    Properties p = new Properties();
    p.setProperty("ApplicationName", "props app");
    p.setProperty("prepareThreshold", "3");   // a pgjdbc tuning knob: accepted, no effect
    try (Connection c = new SluiceDriver().connect(TestDatabase.url() + "&currentSchema=pg_catalog&defaultRowFetchSize=7",
        p)) {
      assertEquals("props app", c.getClientInfo("ApplicationName"));
      assertEquals("pg_catalog", c.getSchema());
      try (Statement s = c.createStatement()) {
        assertEquals(7, s.getFetchSize());
      }
    }
  }

  @Test
  void anUnknownParameterIsAnErrorNamingIt() {
    SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(TestDatabase.url() + "&nosuchknob=1"));
    assertTrue(e.getMessage().contains("nosuchknob"), e.getMessage());
    assertEquals("08001", e.getSQLState());
    assertInstanceOf(java.sql.SQLNonTransientConnectionException.class, e, "a bad setting stays bad on retry");
  }

  @Test
  void aWrongPasswordIsAnAuthorizationError() {
    String url = TestDatabase.url().replaceAll("&password=[^&]*", "") + "&password=wrong&user=nobody_here";
    SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url));
    assertTrue(e.getSQLState().startsWith("28") || e.getSQLState().startsWith("08"), e.getSQLState() + " " + e.getMessage());
  }

  @Test
  void propertyInfoDescribesTheParameters() {
    DriverPropertyInfo[] info = new SluiceDriver().getPropertyInfo("jdbc:postgresql://localhost/x", new Properties());
    assertTrue(java.util.Arrays.stream(info).anyMatch(i -> i.name.equals("user")));
    assertTrue(java.util.Arrays.stream(info).anyMatch(i -> i.name.equals("defaultRowFetchSize")));
  }

  @Test
  void dataSourceWithBeanProperties() throws SQLException {
    io.sluice.ConnectionConfig cfg = io.sluice.ConnectionConfig.parse(TestDatabase.server().uri());
    SluiceDataSource ds = new SluiceDataSource();
    ds.setServerNames(new String[] {TestDatabase.server().host()});
    ds.setPortNumbers(new int[] {TestDatabase.server().port()});
    ds.setDatabaseName(TestDatabase.server().database());
    ds.setUser(cfg.user());
    ds.setPassword(cfg.password().orElse(null));
    ds.setProperty("sslmode", cfg.sslMode().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
    cfg.sslRootCert().ifPresent(r -> ds.setProperty("sslrootcert", r));
    ds.setProperty("statement_cache_size", "16");   // a Sluice keyword
    ds.setApplicationName("bean app");
    try (Connection c = ds.getConnection(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select current_setting('application_name'), current_database()")) {
      assertTrue(rs.next());
      assertEquals("bean app", rs.getString(1));
      assertEquals(TestDatabase.server().database(), rs.getString(2));
      assertEquals(16, c.unwrap(io.sluice.Connection.class).config().statementCacheSize());
    }
  }

  @Test
  void dataSourceWithUrl() throws SQLException {
    SluiceDataSource ds = new SluiceDataSource();
    ds.setUrl(TestDatabase.url("sluice:postgresql:") + "&ApplicationName=from+url");
    ds.setApplicationName("from bean");   // a bean property overrides the URL's parameter
    try (Connection c = ds.getConnection()) {
      assertTrue(c.isValid(5));
      assertEquals("from bean", c.getClientInfo("ApplicationName"));
    }
  }
}
