package io.sluice.jdbc.internal;

import io.sluice.jdbc.SluiceDataSource;
import io.sluice.jdbc.TestDatabase;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.ConfigException;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * No security setting is accepted and ignored (issue 28): each pgjdbc security parameter Sluice
 * cannot honour refuses the connection, naming it; the ones it can honour work ({@code gssEncMode}
 * since GSS encryption: {@code GssEncryptionJdbcTest} connects with it against a real KDC).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class SecurityParametersTest {
  private static ConfigException refused(String query) {
    return assertThrows(ConfigException.class, () -> DriverSettings.parse("jdbc:postgresql://h/db?" + query, null),
        query);
  }

  @Test
  void gssEncModeBecomesLibpqsGssencmode() {
    for (String[] m : new String[][] {{"disable", "disable"}, {"allow", "disable"}, {"prefer", "prefer"},
        {"require", "require"}}) {
      DriverSettings s = DriverSettingsTest.parse("jdbc:postgresql://h/db?user=u&gssEncMode=" + m[0]);
      assertEquals(java.util.Optional.of(m[1]), s.config().get("gssencmode"), m[0]);
    }
    assertTrue(refused("gssEncMode=sometimes").getMessage().contains("gssEncMode"));
  }

  /** A megabyte of bad value is quoted as a 64-character prefix and its length, not whole (issue 37 §3). */
  @Test
  void hugeBadValuesAreQuotedShort() {
    String huge = "y".repeat(1 << 20);
    for (String name : new String[] {"gssEncMode", "logServerErrorDetail"}) {
      String m = refused(name + "=" + huge).getMessage();
      assertTrue(m.contains(name) && m.contains("(1048576 chars)"), m.substring(0, Math.min(m.length(), 300)));
      assertTrue(m.length() < 400, name + ": message of " + m.length() + " chars");
    }
  }

  /** The test server has no GSSAPI and the JVM no ticket: require refuses, by URL, properties and data source. */
  @Test
  void gssEncModeRequireIsHonouredNotIgnored() {
    Properties p = new Properties();
    p.setProperty("gssEncMode", "require");
    SQLException byProps = assertThrows(SQLException.class, () -> DriverManager.getConnection(TestDatabase.url(), p));
    assertEquals("28000", byProps.getSQLState(), "no Kerberos credentials to encrypt with");
    assertTrue(byProps.getMessage().contains("gssencmode=require"), byProps.getMessage());
    SluiceDataSource ds = new SluiceDataSource();
    ds.setUrl(TestDatabase.url());
    ds.setGssEncMode("require");
    assertTrue(assertThrows(SQLException.class, ds::getConnection).getMessage().contains("gssencmode=require"));
  }

  @Test
  void gssEncModesThatAllowPlaintextConnect() throws SQLException {
    for (String mode : new String[] {"disable", "allow", "prefer"}) {
      try (Connection on = TestDatabase.connect("&gssEncMode=" + mode)) {
        assertTrue(on.isValid(5), mode);
      }
    }
  }

  @Test
  void libpqsGssencmodeRequireIsHonouredByTheNativeConninfo() {
    String uri = TestDatabase.server().uri();
    String sep = uri.contains("?") ? "&" : "?";
    io.sluice.ConnectionException e = assertThrows(io.sluice.ConnectionException.class,
        () -> io.sluice.Connection.open(uri + sep + "gssencmode=require").close());
    assertTrue(e.getMessage().contains("gssencmode=require"), e.getMessage());
    try (io.sluice.Connection on = io.sluice.Connection.open(uri + sep + "gssencmode=prefer")) {
      assertEquals(1, on.query("select 1").get(0).getInt(0));
    }
    assertThrows(ConfigException.class, () -> io.sluice.Connection.open(uri + sep + "gssencmode=maybe"));
  }

  @Test
  void classesNamedInPropertiesAreRefusedSayingWhatToUseInstead() {
    assertTrue(refused("sslfactory=org.postgresql.ssl.NonValidatingFactory").getMessage().contains("sslmode=require"));
    assertTrue(refused("sslfactory=org.postgresql.ssl.DefaultJavaSSLFactory").getMessage().contains("sslrootcert=system"));
    for (String p : new String[] {"sslfactoryarg=x", "sslhostnameverifier=com.example.Trusting",
        "sslpasswordcallback=com.example.Callback", "authenticationPluginClassName=com.example.Plugin"}) {
      String name = p.substring(0, p.indexOf('='));
      assertTrue(refused(p).getMessage().startsWith(name + " is not supported"), p);
    }
  }

  @Test
  void sslModesChannelBindingAndNegotiationWork() {
    assertEquals(io.sluice.SslMode.VERIFY_CA,
        DriverSettings.parse("jdbc:postgresql://h/db?sslmode=verify-ca", null).config().sslMode());
    assertEquals(io.sluice.SslMode.ALLOW,
        DriverSettings.parse("jdbc:postgresql://h/db?sslmode=allow", null).config().sslMode());
    assertEquals(io.sluice.ChannelBindingMode.REQUIRE,
        DriverSettings.parse("jdbc:postgresql://h/db?channelBinding=require", null).config().channelBinding());
    assertEquals(io.sluice.SslNegotiation.DIRECT, DriverSettings.parse(
        "jdbc:postgresql://h/db?sslNegotiation=direct&sslmode=require", null).config().sslNegotiation());
    refused("sslNegotiation=direct&sslmode=prefer");   // libpq's rule: direct needs TLS
    refused("channelBinding=sometimes");
    refused("sslmode=verify");
  }

  @Test
  void hidingErrorDetailsIsRefusedNotIgnored() {
    assertTrue(refused("logServerErrorDetail=false").getMessage().contains("logServerErrorDetail"));
    DriverSettings.parse("jdbc:postgresql://h/db?logServerErrorDetail=true", null);
  }

  @Test
  void readOnlyStartsConnectionsReadOnly() throws SQLException {
    try (Connection on = TestDatabase.connect("&readOnly=true&readOnlyMode=transaction")) {
      assertTrue(on.isReadOnly());
      on.setAutoCommit(false);
      SQLException e = assertThrows(SQLException.class,
          () -> on.createStatement().executeUpdate("create table jdbc_ro_probe (x int)"));
      assertEquals("25006", e.getSQLState());
      on.rollback();
    }
    assertTrue(refused("readOnlyMode=sometimes").getMessage().contains("readOnlyMode"));
    refused("readOnly=maybe");
  }
}
