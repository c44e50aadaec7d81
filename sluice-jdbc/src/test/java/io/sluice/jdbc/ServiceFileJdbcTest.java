package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConnectionConfig;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * pgjdbc's {@code service} parameter and its system property {@code org.postgresql.pgservicefile}:
 * a URL that names only a service connects where the service file says (as pgjdbc's DriverTest
 * connects with {@code jdbc:postgresql://?service=…}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class ServiceFileJdbcTest {
  @Test
  void aUrlNamingAServiceConnectsWhereTheFileSays() throws Exception {
    PostgresServer pg = PostgresServer.shared();
    ConnectionConfig cfg = ConnectionConfig.parse(pg.uri());
    Path file = Files.createTempFile("sluice-service", ".conf");
    StringBuilder section = new StringBuilder("[sluice_test]\nhost=" + pg.host() + "\nport=" + pg.port()
        + "\ndbname=" + pg.database() + "\nuser=" + cfg.user() + "\napplication_name=by-service\n");
    cfg.password().ifPresent(p -> section.append("password=").append(p).append('\n'));
    section.append("sslmode=").append(cfg.sslMode().keyword()).append('\n');
    cfg.sslRootCert().ifPresent(p -> section.append("sslrootcert=").append(p).append('\n'));
    Files.writeString(file, section);
    System.setProperty("org.postgresql.pgservicefile", file.toString());
    try {
      for (String url : new String[] {"jdbc:postgresql://?service=sluice_test", "jdbc:postgresql:?service=sluice_test"}) {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
            ResultSet rs = s.executeQuery("select current_setting('application_name'), current_database()")) {
          rs.next();
          assertEquals("by-service", rs.getString(1), url);
          assertEquals(pg.database(), rs.getString(2), url);
        }
      }
      SQLException e = assertThrows(SQLException.class,
          () -> DriverManager.getConnection("jdbc:postgresql://?service=no_such_service").close());
      assertTrue(e.getMessage().contains("no_such_service"), e.getMessage());
    } finally {
      System.clearProperty("org.postgresql.pgservicefile");
      Files.delete(file);
    }
  }
}
