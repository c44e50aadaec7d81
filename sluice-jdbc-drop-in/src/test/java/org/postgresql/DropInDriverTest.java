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
}
