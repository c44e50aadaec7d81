package io.sluice.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.SluiceException;
import io.sluice.testkit.CommandResult;
import io.sluice.testkit.Kdc;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.testkit.TestRoles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code gssencmode} × {@code sslmode} × pg_hba line × credentials, each case run twice with the
 * same settings: by Sluice and by {@code psql} (libpq, built with GSSAPI, from Debian), the oracle.
 * Both must end alike: connected with the same encryption as the server sees it ({@code
 * pg_stat_gssapi.encrypted}, {@code pg_stat_ssl.ssl}), or refused.
 *
 * <p>The server (GSSAPI-capable, with TLS) has, first in pg_hba.conf: {@code hostgssenc … gss} for
 * role {@value #ENC}, {@code hostnogssenc … gss} for {@value #NOENC} (and {@code hostgssenc … reject}
 * for it, so that an encrypted session is refused and {@code prefer} must fall back), {@code host …
 * gss} for
 * {@value #ANY}; then the test roles' password lines ({@code host … scram-sha-256} for {@link
 * TestRoles#SCRAM}, {@code hostssl}-only for {@link TestRoles#SSL_ONLY}), reached with {@value
 * #ANY}'s ticket. Credentials: a ticket cache from kinit, a client keytab (libpq: {@code
 * KRB5_CLIENT_KTNAME}; Sluice: {@code gss_keytab}), or none. A second, smaller matrix runs against
 * the embedded PostgreSQL 18, built without GSSAPI, which answers 'N' to GSSENCRequest.
 *
 * <p>The outcomes are written to {@code target/gss-matrix.md}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class GssEncryptionMatrixTest {
  static final String ENC = "gss_enc";
  static final String NOENC = "gss_noenc";
  static final String ANY = "gss_any";
  static final List<String> ROLES = List.of(ENC, NOENC, ANY, TestRoles.SCRAM, TestRoles.SSL_ONLY);
  static final List<String> GSSENCMODES = List.of("disable", "prefer", "require");
  static final List<String> SSLMODES = List.of("disable", "allow", "prefer", "require");
  static final List<String> CREDENTIALS = List.of("ticket", "keytab", "none");

  static Kdc kdc;
  static PostgresServer pg;
  static final Map<String, Path> caches = new HashMap<>();
  static final Map<String, Path> keytabs = new HashMap<>();
  static final List<String> reasons = new ArrayList<>();
  static final Map<String, String> table = new ConcurrentSkipListMap<>();

  @BeforeAll
  static void realmAndServer() {
    assumeTrue(Kdc.available(), Kdc::missing);
    kdc = Kdc.shared();
    for (String p : List.of(ENC, NOENC, ANY)) {
      kdc.addUser(p, p + "-kerberos-secret");
      caches.put(p, kdc.ticketCache(p, p + "-kerberos-secret"));
      keytabs.put(p, kdc.keytab(p, kdc.directory().resolve(p + ".keytab")));
    }
    List<String> hba = new ArrayList<>();
    hba.addAll(GssServers.lines("hostgssenc", ENC));
    hba.addAll(GssServers.lines("hostnogssenc", NOENC));
    // else the catch-all password line would take its encrypted sessions: refused, so prefer must fall back
    hba.add("hostgssenc all " + NOENC + " 127.0.0.1/32 reject");
    hba.add("hostgssenc all " + NOENC + " ::1/128 reject");
    hba.addAll(GssServers.lines("host", ANY));
    pg = GssServers.start(kdc, true, hba, reasons).orElse(null);
    assumeTrue(pg != null, () -> "no PostgreSQL with GSSAPI here: " + reasons);
    pg.psql("CREATE ROLE " + ENC + " LOGIN; CREATE ROLE " + NOENC + " LOGIN; CREATE ROLE " + ANY + " LOGIN;");
  }

  @AfterAll
  static void stop() throws IOException {
    if (pg != null) {
      pg.close();
    }
    if (!table.isEmpty()) {
      StringBuilder b = new StringBuilder("| server | role (pg_hba) | credentials | gssencmode | sslmode | psql (libpq) | Sluice |\n"
          + "| --- | --- | --- | --- | --- | --- | --- |\n");
      table.values().forEach(b::append);
      Path out = Path.of("target", "gss-matrix.md");
      Files.createDirectories(out.getParent());
      Files.writeString(out, b.toString());
    }
  }

  /** How a case ended: connected (with which encryption) or refused. */
  record Seen(boolean connected, boolean gssenc, boolean ssl, String error) {
    static Seen refused(String error) {
      return new Seen(false, false, false, error);
    }

    String brief() {
      return connected ? (gssenc ? "GSS-encrypted" : ssl ? "TLS" : "plain") : "refused";
    }
  }

  static Stream<Object[]> cases() {
    List<Object[]> out = new ArrayList<>();
    for (String role : ROLES) {
      for (String creds : CREDENTIALS) {
        for (String g : GSSENCMODES) {
          for (String s : SSLMODES) {
            out.add(new Object[] {role, creds, g, s});
          }
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} {1} gssencmode={2} sslmode={3}")
  @MethodSource("cases")
  void sluiceEndsAsPsqlDoes(String role, String creds, String gssencmode, String sslmode) {
    compare(pg, "15+gss", role, creds, gssencmode, sslmode);
  }

  static Stream<Object[]> withoutGss() {
    List<Object[]> out = new ArrayList<>();
    for (String g : GSSENCMODES) {
      for (String s : SSLMODES) {
        out.add(new Object[] {g, s});
      }
    }
    return out.stream();
  }

  /** A server built without GSSAPI answers 'N': prefer goes on on the same socket, require refuses. */
  @ParameterizedTest(name = "no GSSAPI: gssencmode={0} sslmode={1}")
  @MethodSource("withoutGss")
  void aServerWithoutGssapiAsPsqlDoes(String gssencmode, String sslmode) {
    PostgresServer plain = PostgresServer.shared();
    assumeTrue(plain.prepared() && plain.tlsEnabled(), "needs the local test server with TLS");
    assumeTrue(answersNo(plain), "the shared server has GSSAPI; this case needs one without");
    compare(plain, "18 no gss", TestRoles.SCRAM, "ticket", gssencmode, sslmode);
  }

  /** Whether {@code server} answers 'N' to a GSSENCRequest: built without GSSAPI. */
  static boolean answersNo(PostgresServer server) {
    try (java.net.Socket s = new java.net.Socket("127.0.0.1", server.port())) {
      s.setSoTimeout(10_000);
      s.getOutputStream().write(new byte[] {0, 0, 0, 8, 0x04, (byte) 0xd2, 0x16, 0x30});   // 1234 5680
      return s.getInputStream().read() == 'N';
    } catch (IOException e) {
      return false;
    }
  }

  static void compare(PostgresServer server, String serverName, String role, String creds, String gssencmode,
      String sslmode) {
    String target = "host=localhost port=" + server.port() + " dbname=" + server.database() + " user=" + role
        + " sslmode=" + sslmode + " gssencmode=" + gssencmode + " connect_timeout=10";
    String principal = role.startsWith("gss_") ? role : ANY;
    Seen psql = psql(server, target, role, principal, creds);
    Seen sluice = sluice(target + password(role) + sluiceCredentials(principal, creds), role);
    table.put(serverName + role + creds + GSSENCMODES.indexOf(gssencmode) + SSLMODES.indexOf(sslmode),
        "| " + serverName + " | " + role + " (" + hbaOf(role) + ") | " + creds + " | " + gssencmode + " | " + sslmode
            + " | " + psql.brief() + " | " + sluice.brief() + " |\n");
    String why = "psql: " + psql + "\nSluice: " + sluice;
    assertEquals(psql.connected(), sluice.connected(), why);
    assertEquals(psql.gssenc(), sluice.gssenc(), why);
    assertEquals(psql.ssl(), sluice.ssl(), why);
    if (!sluice.connected()) {
      assertFalse(sluice.error().isBlank(), why);
      assertFalse(sluice.error().contains(TestRoles.SCRAM_PASSWORD), "no password in the message");
      if (gssencmode.equals("require") && creds.equals("none")) {
        assertTrue(sluice.error().contains("no Kerberos ticket"), "the real cause is named: " + sluice.error());
      }
    }
  }

  static String hbaOf(String role) {
    return switch (role) {
      case ENC -> "hostgssenc gss";
      case NOENC -> "hostnogssenc gss, hostgssenc reject";
      case ANY -> "host gss";
      case TestRoles.SCRAM -> "host scram";
      default -> "hostssl scram";
    };
  }

  static String password(String role) {
    return switch (role) {
      case TestRoles.SCRAM -> " password=" + TestRoles.SCRAM_PASSWORD;
      case TestRoles.SSL_ONLY -> " password=" + TestRoles.SSL_ONLY_PASSWORD;
      default -> "";
    };
  }

  static String sluiceCredentials(String principal, String creds) {
    return switch (creds) {
      case "ticket" -> " gss_ticket_cache=" + caches.get(principal);
      case "keytab" -> " gss_keytab=" + keytabs.get(principal) + " gss_principal=" + principal;
      default -> " gss_ticket_cache=" + kdc.directory().resolve("no-such-cache");
    };
  }

  static final String QUERY = "select coalesce((select encrypted from pg_stat_gssapi where pid = pg_backend_pid()),"
      + " false), coalesce((select ssl from pg_stat_ssl where pid = pg_backend_pid()), false), current_user::text";

  static Seen sluice(String conninfo, String role) {
    try (Connection c = Connection.open(conninfo)) {
      Row r = c.query(QUERY).get(0);
      assertEquals(role, r.getString(2));
      assertEquals(r.getBoolean(0), c.gssEncrypted(), "the client agrees with the server about GSS encryption");
      assertEquals(r.getBoolean(1), c.tlsProtocol() != null, "the client agrees with the server about TLS");
      return new Seen(true, r.getBoolean(0), r.getBoolean(1), "");
    } catch (SluiceException e) {
      StringBuilder m = new StringBuilder(e.getClass().getSimpleName() + ": " + e.getMessage());
      for (Throwable s : e.getSuppressed()) {
        m.append(" [suppressed: ").append(s.getMessage()).append(']');
      }
      return Seen.refused(m.toString());
    }
  }

  static Seen psql(PostgresServer server, String conninfo, String role, String principal, String creds) {
    Map<String, String> env = new HashMap<>();
    env.put("KRB5_CONFIG", kdc.krb5Conf().toString());
    switch (creds) {
      case "ticket" -> env.put("KRB5CCNAME", "FILE:" + caches.get(principal));
      case "keytab" -> {
        // MIT Kerberos signs in from the client keytab into a new, empty cache
        env.put("KRB5CCNAME", "FILE:" + kdc.directory().resolve("psql-cc-" + System.nanoTime()));
        env.put("KRB5_CLIENT_KTNAME", keytabs.get(principal).toString());
      }
      default -> env.put("KRB5CCNAME", "FILE:" + kdc.directory().resolve("no-such-cache"));
    }
    String pw = password(role);
    if (!pw.isEmpty()) {
      env.put("PGPASSWORD", pw.substring(" password=".length()));
    }
    CommandResult r = server.psqlAs(conninfo, env, QUERY);
    if (!r.ok()) {
      return Seen.refused(r.stderr().strip());
    }
    String[] cols = r.stdout().strip().split("\\|");
    assertEquals(3, cols.length, () -> "psql's output: " + r.stdout() + "\n" + r.stderr());
    assertEquals(role, cols[2], "psql's current_user");
    return new Seen(true, cols[0].equals("t"), cols[1].equals("t"), "");
  }
}
