package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * pgjdbc's system property {@code org.postgresql.pgpassfile} names the password file, as pgjdbc
 * reads it (before {@code PGPASSFILE}); a {@code passfile} in the URL still wins. Against a role
 * with a password of its own (the testkit's pg_hba asks new roles for SCRAM).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PgjdbcPassFileTest {
  static final String ROLE = "sluice_passfile_prop";

  @BeforeAll
  static void role() throws SQLException {
    assumeTrue(PostgresServer.shared().prepared(), "the server was not started by the testkit: no pg_hba rules for new roles");
    try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
      s.execute("DROP ROLE IF EXISTS " + ROLE + "; CREATE ROLE " + ROLE + " LOGIN PASSWORD 'from-the-file'");
    }
  }

  @AfterAll
  static void drop() throws SQLException {
    try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
      s.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '" + ROLE + "'");
      s.execute("DROP ROLE IF EXISTS " + ROLE);
    }
  }

  @Test
  void theSystemPropertyNamesThePasswordFile() throws Exception {
    PostgresServer pg = PostgresServer.shared();
    Path file = Files.createTempFile("sluice-pgpass", ".conf");
    Files.writeString(file, "*:" + pg.port() + ":*:" + ROLE + ":from-the-file\n");
    Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    String url = TestDatabase.url().replaceFirst("user=[^&]*", "user=" + ROLE).replaceFirst("&password=[^&]*", "");
    assertThrows(SQLException.class, () -> DriverManager.getConnection(url).close(), "no password anywhere yet");
    System.setProperty("org.postgresql.pgpassfile", file.toString());
    try {
      try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("select current_user")) {
        rs.next();
        assertEquals(ROLE, rs.getString(1));
      }
      Path empty = Files.createTempFile("sluice-pgpass-empty", ".conf");
      try {
        // the URL's passfile wins over the property: this one has no line for the role
        assertThrows(SQLException.class, () -> DriverManager.getConnection(url + "&passfile=" + empty).close());
      } finally {
        Files.delete(empty);
      }
    } finally {
      System.clearProperty("org.postgresql.pgpassfile");
      Files.delete(file);
    }
  }
}
