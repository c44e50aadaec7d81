package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.testkit.GssSetup;
import io.sluice.testkit.Kdc;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * pgjdbc's {@code gssEncMode} through the JDBC driver, against a real KDC and a server with GSSAPI
 * ({@code host … gss}): {@code require} and {@code prefer} encrypt, {@code allow} and {@code
 * disable} sign in with Kerberos unencrypted (pgjdbc's {@code allow} never asks for encryption),
 * and a {@code require} that cannot be had is refused with its cause.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@ServerTest
class GssEncryptionJdbcTest {
  static final String USER = "gss_jdbc";
  static Kdc kdc;
  static PostgresServer pg;
  static Path cache;

  @BeforeAll
  static void realmAndServer() {
    assumeTrue(Kdc.available(), Kdc::missing);
    kdc = Kdc.shared();
    kdc.addUser(USER, "gss-jdbc-secret");
    cache = kdc.ticketCache(USER, "gss-jdbc-secret");
    List<String> versions = new ArrayList<>(List.of(PostgresServer.Options.defaults().version()));
    if (!versions.contains("15") && Files.isExecutable(Path.of("/usr/lib/postgresql/15/bin/postgres"))) {
      versions.add("15");
    }
    List<String> reasons = new ArrayList<>();
    for (String v : versions) {
      PostgresServer server = PostgresServer.start(PostgresServer.Options.defaults().withVersion(v).withTls(false));
      Optional<String> refused = GssSetup.configure(server, kdc, GssSetup.gssLines("host", USER));
      if (refused.isEmpty()) {
        pg = server;
        break;
      }
      reasons.add(refused.get());
      server.close();
    }
    assumeTrue(pg != null, () -> "no PostgreSQL with GSSAPI here: " + reasons);
    pg.psql("CREATE ROLE " + USER + " LOGIN");
  }

  @AfterAll
  static void stop() {
    if (pg != null) {
      pg.close();
    }
  }

  static String url(String gssEncMode) {
    return url(gssEncMode, "postgres");
  }

  static String url(String gssEncMode, String service) {
    return "jdbc:postgresql://localhost:" + pg.port() + "/" + pg.database() + "?user=" + USER
        + "&sslmode=disable&kerberosServerName=" + service + "&gss_ticket_cache=" + cache + "&gssEncMode=" + gssEncMode;
  }

  @Test
  void gssEncModeDecidesWhetherTheKerberosSessionIsEncrypted() throws SQLException {
    for (String[] m : new String[][] {{"require", "t"}, {"prefer", "t"}, {"allow", "f"}, {"disable", "f"}}) {
      try (Connection c = DriverManager.getConnection(url(m[0]));
          ResultSet r = c.createStatement().executeQuery("select encrypted, gss_authenticated from pg_stat_gssapi"
              + " where pid = pg_backend_pid()")) {
        assertTrue(r.next());
        assertEquals(m[1].equals("t"), r.getBoolean(1), "encrypted with gssEncMode=" + m[0]);
        assertTrue(r.getBoolean(2), "signed in with Kerberos, gssEncMode=" + m[0]);
      }
    }
  }

  @Test
  void requireThatCannotBeHadSaysWhy() {
    SQLException e = assertThrows(SQLException.class,
        () -> DriverManager.getConnection(url("require", "postgresql")).close());
    assertTrue(e.getMessage().contains("gssencmode=require"), e.getMessage());
    assertTrue(e.getMessage().contains("does not know the server's service principal"), e.getMessage());
  }
}
