package io.sluice.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every role of {@link TestRoles} against a real server, through psql: the right password (or
 * certificate) gets in, anything else does not, and each rule is the one {@link TestRoles} documents.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@ServerTest
abstract class AuthMatrixTests {
  abstract PostgresServer server();

  String tcp(String user, String sslmode) {
    return "host=127.0.0.1 port=" + server().port() + " dbname=sluice connect_timeout=10 user=" + user
        + " sslmode=" + sslmode;
  }

  String socket(String user) {
    return "host=" + server().socketDirectory() + " port=" + server().port() + " dbname=sluice user=" + user;
  }

  String tls(String user, String host, String sslmode) {
    PostgresServer s = server();
    return "host=" + host + " port=" + s.port() + " dbname=sluice connect_timeout=10 user=" + user + " sslmode=" + sslmode
        + " sslrootcert=" + s.caCertificate() + " sslcert=" + s.clientCertificate() + " sslkey=" + s.clientKey();
  }

  void assertConnects(String conninfo, String password, String expectedUser) {
    CommandResult r = server().psqlAs(conninfo, password, "SELECT current_user");
    assertTrue(r.ok(), () -> conninfo + " should connect: " + r.stderr());
    assertEquals(expectedUser, r.stdout().strip());
  }

  void assertRefused(String conninfo, String password, String expectedError) {
    CommandResult r = server().psqlAs(conninfo, password, "SELECT current_user");
    assertFalse(r.ok(), () -> conninfo + " should be refused, got: " + r.stdout());
    assertTrue(r.stderr().contains(expectedError), () -> "expected '" + expectedError + "' in: " + r.stderr());
  }

  @Test
  void superuserConnectsOverTcpAndUnixSocket() {
    assertConnects(tcp(TestRoles.SUPERUSER, "disable"), null, TestRoles.SUPERUSER);
    assertConnects(socket(TestRoles.SUPERUSER), null, TestRoles.SUPERUSER);
    assertEquals("sluice|t", server().psql("SELECT current_database(), current_setting('server_encoding') = 'UTF8'"));
    assertEquals(server().majorVersion() * 10000,
        Integer.parseInt(server().psql("SHOW server_version_num")) / 10000 * 10000);
  }

  @Test
  void trustRoleNeedsNoPassword() {
    assertConnects(tcp(TestRoles.TRUST, "disable"), null, TestRoles.TRUST);
    assertConnects(socket(TestRoles.TRUST), null, TestRoles.TRUST);
  }

  @Test
  void passwordRolesTakeTheirPasswordOnly() {
    List<String[]> roles = List.of(
        new String[] {TestRoles.CLEAR, TestRoles.CLEAR_PASSWORD},
        new String[] {TestRoles.MD5, TestRoles.MD5_PASSWORD},
        new String[] {TestRoles.SCRAM, TestRoles.SCRAM_PASSWORD});
    for (String[] role : roles) {
      assertConnects(tcp(role[0], "disable"), role[1], role[0]);
      assertConnects(socket(role[0]), role[1], role[0]);
      assertRefused(tcp(role[0], "disable"), role[1] + "-wrong", "password authentication failed");
      assertRefused(socket(role[0]), "wrong", "password authentication failed");
    }
  }

  @Test
  void eachRoleGetsItsMethod() {
    PostgresServer s = server();
    String md5Stored = s.psql("SELECT rolname, left(rolpassword, 14) FROM pg_authid WHERE rolname IN ('"
        + TestRoles.MD5 + "', '" + TestRoles.SCRAM + "') ORDER BY rolname");
    assertEquals(TestRoles.MD5 + "|md5" + "\n" + TestRoles.SCRAM + "|SCRAM-SHA-256$",
        md5Stored.replaceAll("\\|md5[0-9a-f]+", "|md5"));
    assertEquals("password", method(tcp(TestRoles.CLEAR, "disable"), TestRoles.CLEAR_PASSWORD, TestRoles.CLEAR));
    assertEquals("md5", method(tcp(TestRoles.MD5, "disable"), TestRoles.MD5_PASSWORD, TestRoles.MD5));
    assertEquals("md5", method(socket(TestRoles.MD5), TestRoles.MD5_PASSWORD, TestRoles.MD5));
    assertEquals("scram-sha-256", method(socket(TestRoles.SCRAM), TestRoles.SCRAM_PASSWORD, TestRoles.SCRAM));
    assertEquals("scram-sha-256", method(tcp(TestRoles.NO_SSL, "disable"), TestRoles.NO_SSL_PASSWORD, TestRoles.NO_SSL));
    if (s.tlsEnabled()) {
      assertEquals("cert", method(tls(TestRoles.CERT, "localhost", "verify-full"), null, TestRoles.CERT));
      assertEquals("scram-sha-256",
          method(tcp(TestRoles.SSL_ONLY, "require"), TestRoles.SSL_ONLY_PASSWORD, TestRoles.SSL_ONLY));
    }
  }

  /**
   * The authentication method the server used for one connection: from {@code system_user}
   * (PostgreSQL 16+), else from the "connection authenticated" log line ({@code log_connections}).
   */
  private String method(String conninfo, String password, String role) {
    PostgresServer s = server();
    if (s.majorVersion() >= 16) {
      CommandResult r = s.psqlAs(conninfo, password, "SELECT system_user");
      assertTrue(r.ok(), r::stderr);
      String[] methodAndIdentity = r.stdout().strip().split(":", 2);
      assertTrue(methodAndIdentity.length == 2 && methodAndIdentity[1].contains(role), r.stdout());
      return methodAndIdentity[0];
    }
    assumeTrue(s.psql("SHOW log_connections").equals("on"), "needs PostgreSQL 16+ or log_connections = on");
    assertConnects(conninfo, password, role);
    Matcher m = Pattern.compile("connection authenticated: identity=\"[^\"]*" + role + "\" method=(\\S+)")
        .matcher(s.logTail(100));
    String found = null;
    while (m.find()) {
      found = m.group(1);
    }
    assertNotNull(found, () -> "no authentication line for " + role + " in the log");
    return found;
  }

  @Test
  void sslOnlyRoleNeedsTls() {
    assumeTrue(server().tlsEnabled());
    assertRefused(tcp(TestRoles.SSL_ONLY, "disable"), TestRoles.SSL_ONLY_PASSWORD, "rejects connection");
    assertRefused(socket(TestRoles.SSL_ONLY), TestRoles.SSL_ONLY_PASSWORD, "rejects connection");
    CommandResult r = server().psqlAs(tcp(TestRoles.SSL_ONLY, "require"), TestRoles.SSL_ONLY_PASSWORD,
        "SELECT current_user, ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()");
    assertEquals(TestRoles.SSL_ONLY + "|t", r.stdout().strip(), r::stderr);
    assertRefused(tcp(TestRoles.SSL_ONLY, "require"), "wrong", "password authentication failed");
  }

  @Test
  void noSslRoleRefusesTls() {
    assumeTrue(server().tlsEnabled());
    assertRefused(tcp(TestRoles.NO_SSL, "require"), TestRoles.NO_SSL_PASSWORD, "rejects connection");
    assertConnects(tcp(TestRoles.NO_SSL, "disable"), TestRoles.NO_SSL_PASSWORD, TestRoles.NO_SSL);
    assertConnects(socket(TestRoles.NO_SSL), TestRoles.NO_SSL_PASSWORD, TestRoles.NO_SSL);
  }

  @Test
  void certRoleConnectsWithItsCertificateAndVerifiedHostName() {
    assumeTrue(server().tlsEnabled());
    assertConnects(tls(TestRoles.CERT, "localhost", "verify-full"), null, TestRoles.CERT);
    assertRefused(tcp(TestRoles.CERT, "require"), null, "certificate");
    assertRefused(tcp(TestRoles.CERT, "disable"), null, "rejects connection");
    assertRefused(socket(TestRoles.CERT), null, "rejects connection");
  }

  @Test
  void verifyFullFailsForTheIpAddressAndAnUntrustedCa() {
    assumeTrue(server().tlsEnabled());
    assertConnects(tls(TestRoles.SUPERUSER, "localhost", "verify-full"), null, TestRoles.SUPERUSER);
    assertConnects(tls(TestRoles.SUPERUSER, "127.0.0.1", "verify-ca"), null, TestRoles.SUPERUSER);
    assertRefused(tls(TestRoles.SUPERUSER, "127.0.0.1", "verify-full"), null, "does not match host name");
    String untrusted = tls(TestRoles.SUPERUSER, "localhost", "verify-ca")
        .replace(server().caCertificate().toString(), server().untrustedCaCertificate().toString());
    assertRefused(untrusted, null, "certificate verify failed");
  }

  @Test
  void clientKeyFilesAreStandardFormats() throws Exception {
    assumeTrue(server().tlsEnabled());
    PostgresServer s = server();
    assertTrue(Files.readString(s.clientKey()).startsWith("-----BEGIN PRIVATE KEY-----"), "PKCS#8 PEM");
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(s.clientKeyStore())) {
      store.load(in, TestRoles.KEY_STORE_PASSWORD.toCharArray());
    }
    X509Certificate client = (X509Certificate) store.getCertificate(TestRoles.CERT);
    assertEquals("CN=" + TestRoles.CERT, client.getSubjectX500Principal().getName());
    assertTrue(store.isKeyEntry(TestRoles.CERT));
    X509Certificate serverCert;
    try (InputStream in = Files.newInputStream(s.serverCertificate())) {
      serverCert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
    }
    assertEquals(List.of(List.of(2, "localhost")), List.copyOf(serverCert.getSubjectAlternativeNames()));
  }
}
