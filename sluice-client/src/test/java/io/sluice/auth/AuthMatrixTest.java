package io.sluice.auth;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.AuthenticationException;
import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.ServerException;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.testkit.TestRoles;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The TLS and authentication matrix: every test role (an auth method, and a pg_hba policy of
 * {@code host}, {@code hostssl} only or {@code hostnossl} only) × {@code sslmode} × {@code
 * channel_binding} × {@code require_auth}, each case with its exact expected outcome, worked out
 * by a small model of libpq's rules written independently of the code under test:
 *
 * <ul>
 *   <li>the attempts {@code sslmode} makes: disable — plain; allow — plain, then TLS; prefer — TLS,
 *       then plain; require — TLS. An attempt the server refuses (pg_hba {@code reject}, SQLSTATE
 *       28000) moves on to the next; the last refusal is the error;
 *   <li>on an attempt the server accepts, the method it asks for is checked by the client before
 *       any password leaves: {@code channel_binding=require} accepts only SCRAM over TLS (so
 *       SCRAM-SHA-256-PLUS), and {@code require_auth} accepts only its listed methods ({@code
 *       none}: no authentication) or, negated, anything else. A refusal there is final.
 * </ul>
 */
@ServerTest
class AuthMatrixTest {
  static PostgresServer pg;

  @BeforeAll
  static void server() {
    pg = PostgresServer.shared();
    assumeTrue(pg.prepared(), "the server was not started by the testkit: no test roles or TLS");
  }

  /** A test role: its auth method and which transports pg_hba lets it use. */
  record Role(String user, String password, String method, boolean plainOk, boolean tlsOk) {
    @Override
    public String toString() {
      return user;
    }
  }

  static final List<Role> ROLES = List.of(
      new Role(TestRoles.TRUST, null, "none", true, true),
      new Role(TestRoles.CLEAR, TestRoles.CLEAR_PASSWORD, "password", true, true),
      new Role(TestRoles.MD5, TestRoles.MD5_PASSWORD, "md5", true, true),
      new Role(TestRoles.SCRAM, TestRoles.SCRAM_PASSWORD, "scram-sha-256", true, true),
      new Role(TestRoles.SSL_ONLY, TestRoles.SSL_ONLY_PASSWORD, "scram-sha-256", false, true),
      new Role(TestRoles.NO_SSL, TestRoles.NO_SSL_PASSWORD, "scram-sha-256", true, false));

  static final List<String> SSLMODES = List.of("disable", "allow", "prefer", "require");
  static final List<String> BINDINGS = List.of("disable", "prefer", "require");
  static final List<String> REQUIRE_AUTH = List.of("", "scram-sha-256", "password", "md5,scram-sha-256", "!md5",
      "none");

  /** What a case must end in. */
  sealed interface Outcome permits Connected, RefusedByServer, RefusedByClient {}

  record Connected(boolean tls) implements Outcome {}

  record RefusedByServer() implements Outcome {}

  record RefusedByClient() implements Outcome {}

  static Outcome expected(Role role, String sslmode, String binding, String requireAuth) {
    List<Boolean> attempts = switch (sslmode) {
      case "disable" -> List.of(false);
      case "allow" -> List.of(false, true);
      case "prefer" -> List.of(true, false);
      default -> List.of(true);
    };
    for (boolean tls : attempts) {
      if (!(tls ? role.tlsOk() : role.plainOk())) {
        continue;   // pg_hba rejects this transport: 28000, try the next attempt
      }
      boolean scram = role.method().equals("scram-sha-256");
      if (binding.equals("require") && !(scram && tls)) {
        return new RefusedByClient();
      }
      if (!requireAuthAllows(requireAuth, role.method())) {
        return new RefusedByClient();
      }
      return new Connected(tls);
    }
    return new RefusedByServer();
  }

  static boolean requireAuthAllows(String spec, String method) {
    if (spec.isEmpty()) {
      return true;
    }
    if (spec.startsWith("!")) {
      return !List.of(spec.substring(1).split(",")).contains(method);
    }
    return List.of(spec.split(",")).contains(method);
  }

  static Stream<Object[]> cases() {
    List<Object[]> out = new ArrayList<>();
    for (Role r : ROLES) {
      for (String s : SSLMODES) {
        for (String b : BINDINGS) {
          for (String a : REQUIRE_AUTH) {
            out.add(new Object[] {r, s, b, a});
          }
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} sslmode={1} channel_binding={2} require_auth={3}")
  @MethodSource("cases")
  void eachCombinationEndsAsExpected(Role role, String sslmode, String binding, String requireAuth) {
    String url = "host=localhost port=" + pg.port() + " dbname=" + pg.database() + " user=" + role.user()
        + (role.password() == null ? "" : " password=" + role.password()) + " sslmode=" + sslmode
        + " channel_binding=" + binding + (requireAuth.isEmpty() ? "" : " require_auth=" + requireAuth)
        + " connect_timeout=10";
    Outcome want = expected(role, sslmode, binding, requireAuth);
    switch (want) {
      case Connected c -> {
        try (Connection conn = Connection.open(url)) {
          Row r = conn.query("select current_user::text, coalesce((select ssl from pg_stat_ssl where pid ="
              + " pg_backend_pid()), false)").get(0);
          assertEquals(role.user(), r.getString(0));
          assertEquals(c.tls(), r.getBoolean(1), "TLS in use");
          assertEquals(c.tls(), conn.tlsProtocol() != null, "the client agrees about TLS");
        }
      }
      case RefusedByServer x -> {
        ServerException e = assertThrows(ServerException.class, () -> Connection.open(url).close());
        assertEquals("28000", e.sqlState());
        assertFalse(e.getMessage().contains(String.valueOf(role.password())), "no password in the message");
      }
      case RefusedByClient x -> {
        AuthenticationException e = assertThrows(AuthenticationException.class, () -> Connection.open(url).close());
        assertTrue(e.getMessage().contains(binding.equals("require") && !e.getMessage().contains("require_auth")
            ? "channel_binding" : "require_auth"), e.getMessage());
        if (role.password() != null) {
          assertFalse(e.getMessage().contains(role.password()), "no password in the message");
        }
      }
    }
  }
}
