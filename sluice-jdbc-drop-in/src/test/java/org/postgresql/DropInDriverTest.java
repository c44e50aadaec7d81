package org.postgresql;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.ConnectionConfig;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The path of a tool that has only a jdbc:postgresql: URL and loads pgjdbc's driver class by name. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class DropInDriverTest {
  @Test
  void theClassLoadedByNameIsSluice() throws Exception {
    PostgresServer pg = PostgresServer.shared();
    ConnectionConfig cfg = ConnectionConfig.parse(pg.uri());
    String url = "jdbc:postgresql://" + pg.host() + ":" + pg.port() + "/" + pg.database() + "?sslmode="
        + cfg.sslMode().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    Properties props = new Properties();
    props.setProperty("user", cfg.user());
    cfg.password().ifPresent(p -> props.setProperty("password", p));
    cfg.sslRootCert().ifPresent(r -> props.setProperty("sslrootcert", r));
    // what Flyway's DriverDataSource does: the class by name, then connect
    java.sql.Driver driver = (java.sql.Driver) Class.forName("org.postgresql.Driver").getDeclaredConstructor().newInstance();
    try (Connection c = driver.connect(url, props); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select 1")) {
      assertTrue(rs.next());
      assertTrue(c.isWrapperFor(io.sluice.Connection.class), "a Sluice connection underneath");
    }
    assertFalse(driver.acceptsURL("jdbc:mysql://x/y"));
    assertTrue(driver.acceptsURL("jdbc:postgresql://x/y"));
  }

  @Test
  void parseUrlGivesPgjdbcsPropertiesAndNullForAnotherUrl() throws Exception {
    Properties defaults = new Properties();
    defaults.setProperty("user", "fromdefaults");
    defaults.setProperty("ssl", "false");
    Properties p = Driver.parseURL("jdbc:postgresql://h1:6000,[::1],:7000/d%26b?ssl=true&user=%26u&flag", defaults);
    assertEquals("h1,[::1],localhost", p.getProperty("PGHOST"));
    assertEquals("6000,5432,7000", p.getProperty("PGPORT"));
    assertEquals("d&b", p.getProperty("PGDBNAME"));
    assertEquals("&u", p.getProperty("user"), "the URL wins over the defaults");
    assertEquals("true", p.getProperty("ssl"));
    assertEquals("", p.getProperty("flag"));
    Properties none = Driver.parseURL("jdbc:postgresql:", defaults);
    assertEquals("localhost", none.getProperty("PGHOST"));
    assertEquals("fromdefaults", none.getProperty("PGDBNAME"), "the user's name, as the server takes it");
    assertEquals("db", Driver.parseURL("jdbc:postgresql:db", null).getProperty("PGDBNAME"));
    java.nio.file.Path services = java.nio.file.Files.createTempFile("sluice-parse-services", ".conf");
    java.nio.file.Files.writeString(services, "[one]\nhost=test-host1\nport=5444\ndbname=testdb1\nuser=svc\n"
        + "[three]\nhost=a,[::1],c\nport=5541,5542\ndbname=testdb1\n");
    System.setProperty("org.postgresql.pgservicefile", services.toString());
    try {
      Properties svc = Driver.parseURL("jdbc:postgresql://?service=one", null);
      assertEquals(java.util.List.of("test-host1", "5444", "testdb1", "svc"), java.util.List.of(svc.getProperty("PGHOST"),
          svc.getProperty("PGPORT"), svc.getProperty("PGDBNAME"), svc.getProperty("user")));
      Properties urlWins = Driver.parseURL("jdbc:postgresql://[::1]/?service=one&port=3333", null);
      assertEquals("[::1]", urlWins.getProperty("PGHOST"), "a host in the URL: not the service's");
      assertEquals("3333", urlWins.getProperty("PGPORT"));
      assertEquals("testdb1", urlWins.getProperty("PGDBNAME"), "no database in the URL: the service's");
      assertNull(Driver.parseURL("jdbc:postgresql://?service=three", null), "three hosts, two ports");
      assertNull(Driver.parseURL("jdbc:postgresql://?service=none", null), "a service defined nowhere");
    } finally {
      System.clearProperty("org.postgresql.pgservicefile");
      java.nio.file.Files.delete(services);
    }
    Properties where = Driver.parseURL("jdbc:postgresql://127.0.0.1:5433/hidden?port=7777&dbname=test2", null);
    assertEquals("7777", where.getProperty("PGPORT"), "libpq's port in the query wins, as pgjdbc reads it");
    assertEquals("test2", where.getProperty("PGDBNAME"));
    assertEquals("127.0.0.1", where.getProperty("PGHOST"));
    assertNull(Driver.parseURL("jdbc:mysql://h/db", null));
    assertNull(Driver.parseURL("jdbc:postgresql://h/db/x", null));
    assertNull(Driver.parseURL("jdbc:postgresql://h/db?password=%zz", null));
    java.sql.DriverPropertyInfo user = java.util.Arrays.stream(new Driver().getPropertyInfo(
        "jdbc:postgresql://localhost/test?user=fred", new Properties())).filter(i -> i.name.equals("user"))
        .findFirst().orElseThrow();
    assertEquals("fred", user.value, "getPropertyInfo shows the URL's values");
  }

  @Test
  void deregisterAndRegisterAgain() throws Exception {
    assertTrue(Driver.isRegistered());
    Driver.deregister();
    try {
      assertFalse(Driver.isRegistered());
      assertThrows(IllegalStateException.class, Driver::deregister);
    } finally {
      Driver.register();
    }
    assertTrue(Driver.isRegistered());
    assertTrue(java.util.Collections.list(java.sql.DriverManager.getDrivers()).stream()
        .anyMatch(d -> d instanceof Driver));
    assertTrue(Driver.getVersion().startsWith("Sluice JDBC "));
  }
}
