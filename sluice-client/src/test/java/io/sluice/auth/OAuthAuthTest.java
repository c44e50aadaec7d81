package io.sluice.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.AuthenticationException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.OAuthTokenRequest;
import io.sluice.OAuthTokenSupplier;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.Row;
import io.sluice.ServerException;
import io.sluice.testkit.OAuthSetup;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * OAuth sign-in (SASL OAUTHBEARER) against a real PostgreSQL 18 with the test kit's validator
 * module ({@link OAuthSetup}): {@code host all oauth_alice ... oauth issuer=... scope=... map=...}
 * first in pg_hba.conf; the test roles' password lines after it, so {@code oauth_bob} signs in
 * with SCRAM. Skipped with the reason when the selected server is older than 18 or gcc is missing.
 */
@ServerTest
class OAuthAuthTest {
  static final String ALICE = "oauth_alice";
  static final String BOB = "oauth_bob";
  static final String BOB_PASSWORD = "bob-scram-secret";
  static PostgresServer pg;

  @BeforeAll
  static void server() {
    pg = PostgresServer.start(PostgresServer.Options.defaults().withTls(false));
    Optional<String> refused = OAuthSetup.configure(pg, OAuthSetup.oauthLines(ALICE));
    if (refused.isPresent()) {
      pg.close();
      pg = null;
    }
    assumeTrue(refused.isEmpty(), () -> "no OAuth here: " + refused.get());
    pg.psql("CREATE ROLE " + ALICE + " LOGIN; CREATE ROLE " + BOB + " LOGIN PASSWORD '" + BOB_PASSWORD + "'");
  }

  @AfterAll
  static void stop() {
    if (pg != null) {
      pg.close();
    }
  }

  static ConnectionConfig config(String user, String extra, OAuthTokenSupplier supplier) {
    return ConnectionConfig.parse("host=127.0.0.1 port=" + pg.port() + " dbname=" + pg.database() + " user=" + user
        + " sslmode=disable connect_timeout=10 " + extra).withOAuthTokenSupplier(supplier);
  }

  static void assertSignedInWithOAuth(Connection c, String user) {
    Row r = c.query("select current_user::text, system_user").get(0);
    assertEquals(user, r.getString(0));
    // SYSTEM_USER is auth_method:authn_id: the validator's identity
    assertEquals("oauth:" + user, r.getString(1));
  }

  @Test
  void signsInWithTheSuppliersTokenInOneRound() {
    List<OAuthTokenRequest> calls = new CopyOnWriteArrayList<>();
    ConnectionConfig cfg = config(ALICE, "oauth_issuer=" + OAuthSetup.ISSUER + " oauth_client_id=sluice-tests", r -> {
      calls.add(r);
      return OAuthSetup.token(ALICE);
    });
    try (Connection c = Connection.open(cfg)) {
      assertSignedInWithOAuth(c, ALICE);
    }
    assertEquals(1, calls.size(), calls.toString());
    OAuthTokenRequest r = calls.get(0);
    assertEquals(OAuthSetup.ISSUER, r.issuer());
    assertEquals("sluice-tests", r.clientId());
    assertEquals(ALICE, r.user());
    assertFalse(r.fromServer());
  }

  @Test
  void aSupplierThatNeedsTheServersAnswerGetsItOnASecondConnection() {
    List<OAuthTokenRequest> calls = new CopyOnWriteArrayList<>();
    ConnectionConfig cfg = config(ALICE, "", r -> {
      calls.add(r);
      return r.fromServer() ? OAuthSetup.token(ALICE) : null;
    });
    try (Connection c = Connection.open(cfg)) {
      assertSignedInWithOAuth(c, ALICE);
    }
    assertEquals(2, calls.size(), calls.toString());
    assertNull(calls.get(0).issuer());
    OAuthTokenRequest second = calls.get(1);
    assertTrue(second.fromServer());
    assertEquals(OAuthSetup.ISSUER, second.issuer());
    assertEquals(OAuthSetup.ISSUER + "/.well-known/openid-configuration", second.discoveryUri());
    assertEquals(OAuthSetup.SCOPE, second.scope());
  }

  @Test
  void aPoolAsksTheSupplierForEveryPhysicalConnection() {
    List<OAuthTokenRequest> calls = new CopyOnWriteArrayList<>();
    ConnectionConfig cfg = config(ALICE, "oauth_issuer=" + OAuthSetup.ISSUER, r -> {
      calls.add(r);
      return OAuthSetup.token(ALICE);
    });
    try (Pool pool = Pool.open(cfg, PoolOptions.DEFAULT.minSize(0).maxSize(2))) {
      try (Pool.Lease a = pool.acquire(); Pool.Lease b = pool.acquire()) {
        assertEquals(ALICE, a.connection().query("select current_user::text").get(0).getString(0));
        assertEquals(ALICE, b.connection().query("select current_user::text").get(0).getString(0));
      }
    }
    assertEquals(2, calls.size(), "one token per physical connection: " + calls);
  }

  @Test
  void thePoolsLaterConnectionsUseTheServersAnswerAtOnce() {
    List<OAuthTokenRequest> calls = new CopyOnWriteArrayList<>();
    ConnectionConfig cfg = config(ALICE, "", r -> {
      calls.add(r);
      return r.fromServer() ? OAuthSetup.token(ALICE) : null;
    });
    try (Pool pool = Pool.open(cfg, PoolOptions.DEFAULT.minSize(0).maxSize(2))) {
      try (Pool.Lease a = pool.acquire(); Pool.Lease b = pool.acquire()) {
        assertEquals(ALICE, a.connection().query("select current_user::text").get(0).getString(0));
        assertEquals(ALICE, b.connection().query("select current_user::text").get(0).getString(0));
      }
    }
    // the first connection: null, discovery, then a token; the second: a token with the server's answer
    assertEquals(List.of(false, true, true), calls.stream().map(OAuthTokenRequest::fromServer).toList());
  }

  @Test
  void aRefusedTokenIsAClearErrorThatNeverShowsTheToken() {
    String bad = "secret-bad-token-4b1d";
    ConnectionConfig cfg = config(ALICE, "oauth_issuer=" + OAuthSetup.ISSUER, r -> bad);
    AuthenticationException e = assertThrows(AuthenticationException.class, () -> Connection.open(cfg).close());
    assertTrue(e.getMessage().contains("refused the OAuth bearer token for " + ALICE), e.getMessage());
    assertTrue(e.getMessage().contains("invalid_token"), e.getMessage());
    assertTrue(e.getMessage().contains(OAuthSetup.ISSUER), e.getMessage());
    ServerException server = assertInstanceOf(ServerException.class, e.getCause());
    assertEquals("28000", server.sqlState());   // invalid_authorization_specification
    assertNoToken(e, bad);
  }

  @Test
  void aTokenForAnotherIdentityIsRefusedByTheMap() {
    String mallory = OAuthSetup.token("mallory");
    AuthenticationException e = assertThrows(AuthenticationException.class,
        () -> Connection.open(config(ALICE, "", r -> mallory)).close());
    assertTrue(e.getMessage().contains("refused the OAuth bearer token"), e.getMessage());
    assertNoToken(e, mallory);
  }

  @Test
  void withoutASupplierTheErrorNamesTheIssuerScopeAndWhatToConfigure() {
    AuthenticationException e = assertThrows(AuthenticationException.class,
        () -> Connection.open(config(ALICE, "", null)).close());
    assertTrue(e.getMessage().contains("no OAuth token supplier is configured"), e.getMessage());
    assertTrue(e.getMessage().contains("withOAuthTokenSupplier"), e.getMessage());
    assertTrue(e.getMessage().contains(OAuthSetup.ISSUER), e.getMessage());
    assertTrue(e.getMessage().contains(OAuthSetup.SCOPE), e.getMessage());
  }

  @Test
  void requireAuthOauthRefusesAScramRole() {
    AuthenticationException e = assertThrows(AuthenticationException.class,
        () -> Connection.open(config(BOB, "password=" + BOB_PASSWORD + " require_auth=oauth", r -> "unused")).close());
    assertTrue(e.getMessage().contains("require_auth does not allow"), e.getMessage());
    // and the role signs in when OAuth is not required
    try (Connection c = Connection.open(config(BOB, "password=" + BOB_PASSWORD + " require_auth=scram-sha-256,oauth",
        r -> "unused"))) {
      assertEquals(BOB, c.query("select current_user::text").get(0).getString(0));
    }
  }

  @Test
  void requireAuthWithoutOauthAndChannelBindingRequireRefuseBeforeTheSupplierIsAsked() {
    List<OAuthTokenRequest> calls = new CopyOnWriteArrayList<>();
    OAuthTokenSupplier supplier = r -> {
      calls.add(r);
      return OAuthSetup.token(ALICE);
    };
    AuthenticationException e = assertThrows(AuthenticationException.class,
        () -> Connection.open(config(ALICE, "require_auth=scram-sha-256", supplier)).close());
    assertTrue(e.getMessage().contains("(oauth), which require_auth does not allow"), e.getMessage());
    AuthenticationException cb = assertThrows(AuthenticationException.class,
        () -> Connection.open(config(ALICE, "channel_binding=require", supplier)).close());
    assertTrue(cb.getMessage().contains("channel_binding=require"), cb.getMessage());
    assertTrue(cb.getMessage().contains("no channel binding"), cb.getMessage());
    assertEquals(List.of(), calls);
    try (Connection c = Connection.open(config(ALICE, "require_auth=oauth", supplier))) {
      assertSignedInWithOAuth(c, ALICE);
    }
  }

  @Test
  void aFailingSupplierIsAConnectionErrorWithItsCause() {
    IOException cause = new IOException("token endpoint unreachable");
    ConnectionException e = assertThrows(ConnectionException.class, () -> Connection.open(config(ALICE, "", r -> {
      throw cause;
    })).close());
    assertTrue(e.getMessage().contains("OAuth token supplier failed"), e.getMessage());
    Throwable root = e;
    while (root.getCause() != null && root != cause) {
      root = root.getCause();
    }
    assertSame(cause, root);
  }

  static void assertNoToken(Throwable e, String token) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      assertFalse(String.valueOf(t.getMessage()).contains(token), t.toString());
      assertFalse(t.toString().contains(token), t.toString());
    }
  }
}
