package io.sluice.auth;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.AuthenticationException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.testkit.TestRoles;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every authentication method over TCP and the Unix socket, with and without TLS, and the TLS
 * checks of each sslmode, against a real server prepared with one pg_hba rule per role.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class AuthTlsTest {
  static PostgresServer pg;

  @BeforeAll
  static void server() {
    pg = PostgresServer.shared();
    assumeTrue(pg.prepared(), "the server was not started by the testkit: no test roles or TLS");
  }

  static String tcp(String user, String password, String extra) {
    return "host=localhost port=" + pg.port() + " dbname=" + pg.database() + " user=" + user
        + (password == null ? "" : " password=" + password) + " " + extra;
  }

  static String unix(String user, String password, String extra) {
    return "host=" + pg.socketDirectory() + " port=" + pg.port() + " dbname=" + pg.database() + " user=" + user
        + (password == null ? "" : " password=" + password) + " " + extra;
  }

  static String whoAmI(String url) {
    try (Connection c = Connection.open(url)) {
      return c.simpleQuery("select current_user, coalesce((select ssl::text from pg_stat_ssl where pid = pg_backend_pid()), 'false')")
          .get(0).rows().get(0).get(0);
    }
  }

  record Role(String user, String password) {}

  static Stream<Arguments> passwordRoles() {
    return Stream.of(
        Arguments.of(TestRoles.CLEAR, TestRoles.CLEAR_PASSWORD),
        Arguments.of(TestRoles.MD5, TestRoles.MD5_PASSWORD),
        Arguments.of(TestRoles.SCRAM, TestRoles.SCRAM_PASSWORD));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("passwordRoles")
  void eachPasswordMethodOverEveryTransport(String user, String password) {
    List<String> urls = List.of(
        tcp(user, password, "sslmode=disable"),
        tcp(user, password, "sslmode=require"),
        tcp(user, password, "sslmode=verify-full sslrootcert=" + pg.caCertificate()),
        unix(user, password, ""));
    for (String url : urls) {
      assertEquals(user, whoAmI(url), url);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("passwordRoles")
  void wrongPasswordIsRejectedByTheServerAndNeverEchoed(String user, String password) {
    String wrong = "Wr0ng-" + password + "-zz";
    for (String url : List.of(tcp(user, wrong, "sslmode=disable"), tcp(user, wrong, "sslmode=require"), unix(user, wrong, ""))) {
      ServerException e = assertThrows(ServerException.class, () -> Connection.open(url));
      assertEquals("28P01", e.sqlState(), e.getMessage());
      assertFalse(e.getMessage().contains(wrong), "the password leaked into the message");
    }
  }

  @Test
  void missingPasswordIsRefusedWithoutContactingTheServerTwice() {
    AuthenticationException e = assertThrows(AuthenticationException.class,
        () -> Connection.open(tcp(TestRoles.SCRAM, null, "sslmode=disable passfile=/nonexistent")));
    assertTrue(e.getMessage().contains("password"), e.getMessage());
  }

  @Test
  void tlsIsTls13AndScramUsesChannelBinding() {
    List<String> trace = new ArrayList<>();
    ConnectionConfig cfg = ConnectionConfig.parse(tcp(TestRoles.SCRAM, TestRoles.SCRAM_PASSWORD, "sslmode=require"));
    try (Connection c = Connection.open(cfg, trace::add)) {
      assertEquals("TLSv1.3", c.tlsProtocol());
    }
    assertTrue(trace.stream().anyMatch(l -> l.startsWith("F SASLInitialResponse") && l.contains("SCRAM-SHA-256-PLUS")),
        String.join("\n", trace));
  }

  @Test
  void channelBindingRequire() {
    assertEquals(TestRoles.SCRAM, whoAmI(tcp(TestRoles.SCRAM, TestRoles.SCRAM_PASSWORD, "sslmode=require channel_binding=require")));
    // without TLS there is nothing to bind to
    AuthenticationException noTls = assertThrows(AuthenticationException.class, () -> Connection.open(
        tcp(TestRoles.SCRAM, TestRoles.SCRAM_PASSWORD, "sslmode=disable channel_binding=require")));
    assertTrue(noTls.getMessage().contains("channel_binding"), noTls.getMessage());
    // a server asking for a method that cannot bind is refused before the password is sent
    for (String[] r : new String[][] {{TestRoles.CLEAR, TestRoles.CLEAR_PASSWORD}, {TestRoles.MD5, TestRoles.MD5_PASSWORD}}) {
      AuthenticationException e = assertThrows(AuthenticationException.class, () -> Connection.open(
          tcp(r[0], r[1], "sslmode=require channel_binding=require")));
      assertTrue(e.getMessage().contains("channel_binding"), e.getMessage());
    }
    // trust authenticates nobody: channel binding cannot have happened
    assertThrows(AuthenticationException.class, () -> Connection.open(
        tcp(TestRoles.TRUST, null, "sslmode=require channel_binding=require")));
  }

  @Test
  void channelBindingDisableStillAuthenticates() {
    List<String> trace = new ArrayList<>();
    ConnectionConfig cfg = ConnectionConfig.parse(tcp(TestRoles.SCRAM, TestRoles.SCRAM_PASSWORD, "sslmode=require channel_binding=disable"));
    try (Connection c = Connection.open(cfg, trace::add)) {
      assertNotNull(c.tlsProtocol());
    }
    assertTrue(trace.stream().anyMatch(l -> l.startsWith("F SASLInitialResponse") && !l.contains("SCRAM-SHA-256-PLUS")),
        String.join("\n", trace));
  }

  @Test
  void requireAuthRefusesWeakerMethods() {
    // a cleartext password where SCRAM is required: refused before the password is sent
    AuthenticationException clear = assertThrows(AuthenticationException.class, () -> Connection.open(
        tcp(TestRoles.CLEAR, TestRoles.CLEAR_PASSWORD, "sslmode=disable require_auth=scram-sha-256")));
    assertTrue(clear.getMessage().contains("require_auth"), clear.getMessage());
    assertThrows(AuthenticationException.class, () -> Connection.open(
        tcp(TestRoles.MD5, TestRoles.MD5_PASSWORD, "sslmode=disable require_auth=scram-sha-256")));
    assertThrows(AuthenticationException.class, () -> Connection.open(
        tcp(TestRoles.TRUST, null, "sslmode=disable require_auth=scram-sha-256")));
    assertThrows(AuthenticationException.class, () -> Connection.open(
        tcp(TestRoles.SCRAM, TestRoles.SCRAM_PASSWORD, "sslmode=disable require_auth=!scram-sha-256")));
    // allowed combinations work
    assertEquals(TestRoles.MD5, whoAmI(tcp(TestRoles.MD5, TestRoles.MD5_PASSWORD, "sslmode=disable require_auth=md5,scram-sha-256")));
    assertEquals(TestRoles.TRUST, whoAmI(tcp(TestRoles.TRUST, null, "sslmode=disable require_auth=none")));
    assertEquals(TestRoles.CLEAR, whoAmI(tcp(TestRoles.CLEAR, TestRoles.CLEAR_PASSWORD, "sslmode=disable require_auth=!md5")));
  }

  @Test
  void sslModesAgainstHostsslAndHostnosslRules() {
    String so = TestRoles.SSL_ONLY, sop = TestRoles.SSL_ONLY_PASSWORD;
    String ns = TestRoles.NO_SSL, nsp = TestRoles.NO_SSL_PASSWORD;
    // hostssl-only role
    assertEquals("28000", assertThrows(ServerException.class, () -> Connection.open(tcp(so, sop, "sslmode=disable"))).sqlState());
    assertEquals(so, whoAmI(tcp(so, sop, "sslmode=allow")));     // retries with TLS
    assertEquals(so, whoAmI(tcp(so, sop, "sslmode=prefer")));
    assertEquals(so, whoAmI(tcp(so, sop, "sslmode=require")));
    // hostnossl-only role
    assertEquals(ns, whoAmI(tcp(ns, nsp, "sslmode=disable")));
    assertEquals(ns, whoAmI(tcp(ns, nsp, "sslmode=allow")));
    assertEquals(ns, whoAmI(tcp(ns, nsp, "sslmode=prefer")));    // retries without TLS
    assertEquals("28000", assertThrows(ServerException.class, () -> Connection.open(tcp(ns, nsp, "sslmode=require"))).sqlState());
  }

  @Test
  void verifyCaAndVerifyFull() {
    String u = TestRoles.SCRAM, p = TestRoles.SCRAM_PASSWORD;
    assertEquals(u, whoAmI(tcp(u, p, "sslmode=verify-ca sslrootcert=" + pg.caCertificate())));
    assertEquals(u, whoAmI(tcp(u, p, "sslmode=verify-full sslrootcert=" + pg.caCertificate())));
    // an untrusted CA fails verify-ca and verify-full; require does not check
    ConnectionException untrusted = assertThrows(ConnectionException.class,
        () -> Connection.open(tcp(u, p, "sslmode=verify-ca sslrootcert=" + pg.untrustedCaCertificate())));
    assertTrue(untrusted.getMessage().contains("TLS"), untrusted.getMessage());
    assertThrows(ConnectionException.class,
        () -> Connection.open(tcp(u, p, "sslmode=verify-full sslrootcert=" + pg.untrustedCaCertificate())));
    // libpq: with a root certificate given, require verifies the chain like verify-ca
    assertThrows(ConnectionException.class,
        () -> Connection.open(tcp(u, p, "sslmode=require sslrootcert=" + pg.untrustedCaCertificate())));
    // the certificate names localhost, not 127.0.0.1: verify-full checks the name, verify-ca does not
    String byIp = tcp(u, p, "sslmode=verify-full sslrootcert=" + pg.caCertificate()).replace("host=localhost", "host=127.0.0.1");
    ConnectionException mismatch = assertThrows(ConnectionException.class, () -> Connection.open(byIp));
    assertTrue(mismatch.getMessage().contains("TLS"), mismatch.getMessage());
    assertEquals(u, whoAmI(byIp.replace("verify-full", "verify-ca")));
    // verify modes without a root certificate to check against are an error, not a silent downgrade
    assertThrows(SluiceException.class, () -> Connection.open(tcp(u, p, "sslmode=verify-full sslrootcert=/nonexistent/root.crt")));
  }

  @Test
  void clientCertificateAuthentication() {
    String base = tcp(TestRoles.CERT, null, "sslmode=verify-full sslrootcert=" + pg.caCertificate());
    assertEquals(TestRoles.CERT, whoAmI(base + " sslcert=" + pg.clientCertificate() + " sslkey=" + pg.clientKey()));
    assertEquals(TestRoles.CERT, whoAmI(base + " sslcert=" + pg.clientKeyStore() + " sslpassword=" + TestRoles.KEY_STORE_PASSWORD));
    ServerException noCert = assertThrows(ServerException.class, () -> Connection.open(base + " sslcert=/nonexistent.crt"));
    assertEquals("28000", noCert.sqlState());
  }

  @Test
  void tlsOverUnixSocketIsRefusedWhenRequired() {
    ConnectionException e = assertThrows(ConnectionException.class,
        () -> Connection.open(unix(TestRoles.SCRAM, TestRoles.SCRAM_PASSWORD, "sslmode=require")));
    assertTrue(e.getMessage().contains("Unix socket"), e.getMessage());
  }
}
