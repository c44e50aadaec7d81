package io.sluice.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.AuthenticationException;
import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.testkit.GssSetup;
import io.sluice.testkit.Kdc;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.testkit.TestRoles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * GSSAPI (Kerberos) sign-in against a real MIT KDC ({@link Kdc}) and a real server configured by
 * {@link GssSetup}: {@code host all alice,bob ... gss include_realm=0} first in pg_hba.conf, the
 * test roles' password lines after it. The server is the selected major when it was built with
 * GSSAPI, else Debian's PostgreSQL 15 (the embedded 18 has no GSSAPI); without either, or without
 * the Kerberos tools, the class is skipped with the reason.
 */
@ServerTest
class GssAuthTest {
  static final String ALICE = "alice";
  static final String ALICE_PASSWORD = "alice-kerberos-secret";
  static final String BOB = "bob";
  static final String BOB_PASSWORD = "bob-kerberos-secret";

  static Kdc kdc;
  static PostgresServer pg;
  static Path aliceCache;
  static Path bobKeytab;

  @BeforeAll
  static void realmAndServer() throws java.io.IOException {
    assumeTrue(Kdc.available(), Kdc::missing);
    // the JDK reads its Kerberos configuration once per JVM: one realm for every test class
    kdc = Kdc.shared();
    kdc.addUser(ALICE, ALICE_PASSWORD);
    kdc.addUser(BOB, BOB_PASSWORD);
    aliceCache = kdc.ticketCache(ALICE, ALICE_PASSWORD);
    // the application's own JAAS configuration, read once per JVM from this property
    Path jaas = kdc.directory().resolve("jaas.conf");
    java.nio.file.Files.writeString(jaas, "SluiceGssTest {\n  com.sun.security.auth.module.Krb5LoginModule required"
        + " useTicketCache=true ticketCache=\"" + aliceCache + "\" doNotPrompt=true;\n};\n");
    System.setProperty("java.security.auth.login.config", jaas.toString());
    bobKeytab = kdc.keytab(BOB, kdc.directory().resolve("bob.keytab"));
    pg = gssServer();
    assumeTrue(pg != null, () -> "no PostgreSQL with GSSAPI here: " + reasons);
    System.out.println("GssAuthTest: signing in to " + pg + (reasons.isEmpty() ? "" : "; not usable: " + reasons));
    pg.psql("CREATE ROLE " + ALICE + " LOGIN; CREATE ROLE " + BOB + " LOGIN;");
  }

  static final List<String> reasons = new ArrayList<>();

  /** The selected server if it can do GSSAPI, else Debian's 15, else null (reasons say why). */
  static PostgresServer gssServer() {
    List<String> versions = new ArrayList<>(List.of(PostgresServer.Options.defaults().version()));
    if (!versions.contains("15") && java.nio.file.Files.isExecutable(Path.of("/usr/lib/postgresql/15/bin/postgres"))) {
      versions.add("15");
    }
    for (String v : versions) {
      PostgresServer server = PostgresServer.start(PostgresServer.Options.defaults().withVersion(v).withTls(false));
      Optional<String> refused = GssSetup.configure(server, kdc, GssSetup.gssLines("host", ALICE, BOB));
      if (refused.isEmpty()) {
        return server;
      }
      reasons.add(refused.get());
      server.close();
    }
    return null;
  }

  @AfterAll
  static void stop() {
    if (pg != null) {
      pg.close();
    }
  }

  static String url(String user, String extra) {
    return "host=localhost port=" + pg.port() + " dbname=" + pg.database() + " user=" + user
        + " sslmode=disable connect_timeout=10 " + extra;
  }

  /** current_user, and what pg_stat_gssapi says about this session. */
  static void assertSignedIn(Connection c, String user) {
    Row r = c.query("select current_user::text, gss_authenticated, principal from pg_stat_gssapi"
        + " where pid = pg_backend_pid()").get(0);
    assertEquals(user, r.getString(0));
    assertTrue(r.getBoolean(1), "the server says the session signed in with GSSAPI");
    assertEquals(user + "@" + Kdc.REALM, r.getString(2));
  }

  @Test
  void signsInWithATicketCache() {
    try (Connection c = Connection.open(url(ALICE, "gss_ticket_cache=" + aliceCache))) {
      assertSignedIn(c, ALICE);
    }
  }

  @Test
  void aFileColonTicketCacheAsKrb5ccnameWritesIt() {
    try (Connection c = Connection.open(url(ALICE, "gss_ticket_cache=FILE:" + aliceCache + " require_auth=gss"))) {
      assertSignedIn(c, ALICE);
    }
  }

  @Test
  void signsInWithAKeytab() {
    try (Connection c = Connection.open(url(BOB, "gss_keytab=" + bobKeytab))) {
      assertSignedIn(c, BOB);
    }
  }

  @Test
  void signsInWithAKeytabForANamedPrincipal() {
    try (Connection c = Connection.open(url(BOB, "gss_keytab=" + bobKeytab + " gss_principal=" + BOB + "@" + Kdc.REALM
        + " krbsrvname=postgres gsslib=gssapi"))) {
      assertSignedIn(c, BOB);
    }
  }

  @Test
  void signsInWithTheApplicationsJaasEntry() {
    try (Connection c = Connection.open(url(ALICE, "jaas_application_name=SluiceGssTest"))) {
      assertSignedIn(c, ALICE);
    }
  }

  @Test
  void aMissingJaasEntryIsNamed() {
    AuthenticationException e = assertThrows(AuthenticationException.class,
        () -> Connection.open(url(ALICE, "jaas_application_name=NoSuchEntry")).close());
    assertTrue(e.getMessage().contains("no entry \"NoSuchEntry\""), e.getMessage());
  }

  @Test
  void noTicketSaysSo() {
    Path none = kdc.directory().resolve("no-such-cache");
    AuthenticationException e = assertThrows(AuthenticationException.class,
        () -> Connection.open(url(ALICE, "gss_ticket_cache=" + none)).close());
    assertTrue(e.getMessage().contains("no Kerberos ticket"), e.getMessage());
    assertTrue(e.getMessage().contains(none.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("kinit"), e.getMessage());
  }

  @Test
  void aKeytabWithoutThePrincipalSaysSo() {
    AuthenticationException e = assertThrows(AuthenticationException.class,
        () -> Connection.open(url(ALICE, "gss_keytab=" + bobKeytab)).close());
    assertTrue(e.getMessage().contains("holds no key for principal \"alice\""), e.getMessage());
  }

  @Test
  void aWrongServiceNameIsNamed() {
    AuthenticationException e = assertThrows(AuthenticationException.class,
        () -> Connection.open(url(ALICE, "gss_ticket_cache=" + aliceCache + " krbsrvname=postgresql")).close());
    assertTrue(e.getMessage().contains("does not know the server's service principal \"postgresql/localhost\""),
        e.getMessage());
    assertTrue(e.getMessage().contains("krbsrvname"), e.getMessage());
  }

  @Test
  void requireAuthGssRefusesAPasswordServer() {
    AuthenticationException e = assertThrows(AuthenticationException.class, () -> Connection.open(
        url(TestRoles.SCRAM, "password=" + TestRoles.SCRAM_PASSWORD + " require_auth=gss")).close());
    assertTrue(e.getMessage().contains("require_auth"), e.getMessage());
    assertFalse(e.getMessage().contains(TestRoles.SCRAM_PASSWORD), "no password in the message");
  }

  @Test
  void requireAuthWithoutGssRefusesKerberos() {
    AuthenticationException e = assertThrows(AuthenticationException.class, () -> Connection.open(
        url(ALICE, "gss_ticket_cache=" + aliceCache + " require_auth=!gss")).close());
    assertTrue(e.getMessage().contains("GSSAPI") && e.getMessage().contains("require_auth"), e.getMessage());
  }

  @Test
  void channelBindingRequireRefusesKerberos() {
    AuthenticationException e = assertThrows(AuthenticationException.class, () -> Connection.open(
        url(ALICE, "gss_ticket_cache=" + aliceCache + " channel_binding=require")).close());
    assertTrue(e.getMessage().contains("channel_binding=require"), e.getMessage());
  }

  @Test
  void aRoleWithoutAGssLineStillUsesItsPassword() {
    try (Connection c = Connection.open(url(TestRoles.SCRAM, "password=" + TestRoles.SCRAM_PASSWORD))) {
      assertEquals(TestRoles.SCRAM, c.query("select current_user::text").get(0).getString(0));
    }
  }
}
