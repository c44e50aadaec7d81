package io.sluice.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.AuthenticationException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.Pool;
import io.sluice.Row;
import io.sluice.ServerException;
import io.sluice.event.ConnectEnd;
import io.sluice.event.ConnectStart;
import io.sluice.event.EventRecorder;
import io.sluice.protocol.auth.AuthMethod;
import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.Kdc;
import io.sluice.testkit.Poll;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.testkit.TestRoles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A GSS-encrypted session against a real server ({@code hostgssenc … gss}): rows and parameters
 * crossing the 16 KiB packets at every size around their limit, megabytes each way, COPY in and
 * out, a cancel that travels inside the encryption, sign-in by ticket cache and by keytab as the
 * server sees it, and refusals that keep their cause.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class GssEncryptedSessionTest {
  static final String USER = "gss_session";
  static final String PASSWORD = "gss-session-secret";

  static Kdc kdc;
  static PostgresServer pg;
  static Path cache;
  static Path keytab;
  static final List<String> reasons = new ArrayList<>();

  @BeforeAll
  static void realmAndServer() {
    assumeTrue(Kdc.available(), Kdc::missing);
    kdc = Kdc.shared();
    kdc.addUser(USER, PASSWORD);
    cache = kdc.ticketCache(USER, PASSWORD);
    keytab = kdc.keytab(USER, kdc.directory().resolve(USER + ".keytab"));
    pg = GssServers.start(kdc, false, GssServers.lines("hostgssenc", USER), reasons).orElse(null);
    assumeTrue(pg != null, () -> "no PostgreSQL with GSSAPI here: " + reasons);
    pg.psql("CREATE ROLE " + USER + " LOGIN; GRANT ALL ON SCHEMA public TO " + USER + ";");
  }

  @AfterAll
  static void stop() {
    if (pg != null) {
      pg.close();
    }
  }

  static String url(String extra) {
    return "host=localhost port=" + pg.port() + " dbname=" + pg.database() + " user=" + USER
        + " gssencmode=require connect_timeout=10 gss_ticket_cache=" + cache + " " + extra;
  }

  static String md5(byte[] b) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(b));
  }

  @Test
  void theServerSeesAnEncryptedKerberosSessionByTicketAndByKeytab() {
    for (String creds : List.of("", "gss_keytab=" + keytab + " gss_principal=" + USER)) {
      try (Connection c = Connection.open(url(creds + " require_auth=gss"))) {
        Row r = c.query("select encrypted, gss_authenticated, principal from pg_stat_gssapi"
            + " where pid = pg_backend_pid()").get(0);
        assertTrue(r.getBoolean(0), "encrypted");
        assertTrue(r.getBoolean(1), "signed in with GSSAPI");
        assertEquals(USER + "@" + Kdc.REALM, r.getString(2));
        assertTrue(c.gssEncrypted());
        assertNull(c.tlsProtocol());
      }
    }
  }

  /**
   * On a hostgssenc gss line the server asks for nothing after the encryption: that counts as gss
   * for require_auth (libpq's check_expected_areq), and as nothing else (libpq also lets "!gss" and
   * "none" through; Sluice does not).
   */
  @Test
  void requireAuthCountsTheEncryptionsSignInAsGssOnly() {
    for (String allowed : List.of("gss", "gss,scram-sha-256", "!password")) {
      try (Connection c = Connection.open(url("require_auth=" + allowed))) {
        assertTrue(c.gssEncrypted(), allowed);
      }
    }
    for (String refused : List.of("scram-sha-256", "!gss", "none", "password,md5")) {
      AuthenticationException e = assertThrows(AuthenticationException.class,
          () -> Connection.open(url("require_auth=" + refused)).close(), refused);
      assertTrue(e.getMessage().contains("GSS encryption's security context") && e.getMessage().contains("require_auth"),
          e.getMessage());
    }
    AuthenticationException binding = assertThrows(AuthenticationException.class,
        () -> Connection.open(url("channel_binding=require")).close());
    assertTrue(binding.getMessage().contains("channel_binding=require"), binding.getMessage());
  }

  @Test
  void rowsCrossThePacketsAtEverySizeAroundTheirLimit() throws Exception {
    try (Connection c = Connection.open(url(""))) {
      List<Integer> sizes = new ArrayList<>(List.of(0, 1, 8191, 8192, 65_536, 1_000_000, 8_000_000));
      for (int n = 16_200; n <= 16_450; n++) {
        sizes.add(n);
      }
      for (int n = 32_550; n <= 32_750; n += 3) {
        sizes.add(n);
      }
      for (int n : sizes) {
        Row r = c.query("select repeat(chr(65 + $1 % 26), $1), md5(repeat(chr(65 + $1 % 26), $1))", n).get(0);
        String s = r.getString(0);
        assertEquals(n, s.length());
        assertEquals(r.getString(1), md5(s.getBytes(StandardCharsets.US_ASCII)), n + " characters");
      }
    }
  }

  @Test
  void parametersCrossEveryWriteBoundary() throws Exception {
    try (Connection c = Connection.open(url(""))) {
      // the message sizes sweep past one and two packets' worth of plaintext, byte by byte
      List<Integer> sizes = new ArrayList<>(List.of(1, 100_000, 3_000_000));
      for (int n = 16_150; n <= 16_450; n++) {
        sizes.add(n);
      }
      for (int n = 32_450; n <= 32_750; n++) {
        sizes.add(n);
      }
      for (int n : sizes) {
        String value = "x".repeat(n - 1) + (char) ('a' + n % 26);
        Row r = c.query("select length($1::text), md5($1::text)", value).get(0);
        assertEquals(n, r.getInt(0));
        assertEquals(md5(value.getBytes(StandardCharsets.US_ASCII)), r.getString(1), n + " bytes");
      }
    }
  }

  /** One connection, many threads: the reader unwraps while writers wrap, on the same context. */
  @Test
  void pipelinedRequestsFromManyThreadsShareTheEncryptedSession() throws Exception {
    try (Connection c = Connection.open(url(""))) {
      List<CompletableFuture<Void>> all = new ArrayList<>();
      for (int t = 0; t < 16; t++) {
        int thread = t;
        all.add(CompletableFuture.runAsync(() -> {
          for (int i = 0; i < 100; i++) {
            int n = (thread * 7919 + i * 104_729) % 40_000;
            Row r = c.query("select $1::int, length(repeat('z', $1::int)), $2::text", n, "t" + thread).get(0);
            assertEquals(n, r.getInt(0));
            assertEquals(n, r.getInt(1));
            assertEquals("t" + thread, r.getString(2));
          }
        }, r -> Thread.ofVirtual().start(r)));
      }
      CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
      assertTrue(c.gssEncrypted());
    }
    try (Pool pool = Pool.open(url(""))) {
      List<CompletableFuture<Boolean>> all = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        all.add(CompletableFuture.supplyAsync(() -> pool.query("select encrypted from pg_stat_gssapi where pid ="
            + " pg_backend_pid()").get(0).getBoolean(0), r -> Thread.ofVirtual().start(r)));
      }
      for (CompletableFuture<Boolean> f : all) {
        assertTrue(f.get(30, TimeUnit.SECONDS), "every pooled connection is encrypted");
      }
    }
  }

  @Test
  void copyInAndOutThroughTheEncryptedSession() throws Exception {
    try (Connection c = Connection.open(url(""))) {
      c.simpleQuery("drop table if exists gss_copy; create table gss_copy (id int, body text)");
      ByteArrayOutputStream in = new ByteArrayOutputStream();
      for (int i = 0; i < 400; i++) {
        int len = (i * 7919) % 40_000;   // 0 to 40 000 characters, past the packet size and back
        in.write((i + "\t" + "y".repeat(len) + (char) ('a' + i % 26) + "\n").getBytes(StandardCharsets.US_ASCII));
      }
      byte[] sent = in.toByteArray();
      assertEquals(400, c.copy().from("copy gss_copy from stdin", new ByteArrayInputStream(sent)));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      assertEquals(400, c.copy().to("copy (select * from gss_copy order by id) to stdout", out));
      assertEquals(md5(sent), md5(out.toByteArray()), "the same " + sent.length + " bytes back");
      c.simpleQuery("drop table gss_copy");
    }
  }

  @Test
  void aCancelTravelsInsideGssEncryption() throws Exception {
    try (FaultProxy proxy = FaultProxy.start("127.0.0.1", pg.port());
        Connection c = Connection.open("host=localhost hostaddr=127.0.0.1 port=" + proxy.port() + " dbname="
            + pg.database() + " user=" + USER + " gssencmode=require gss_ticket_cache=" + cache)) {
      assertTrue(c.gssEncrypted());
      CompletableFuture<Throwable> sleeper = CompletableFuture.supplyAsync(() -> {
        try {
          c.query("select pg_sleep(30)");
          return null;
        } catch (Throwable t) {
          return t;
        }
      }, r -> Thread.startVirtualThread(r));
      Poll.eventually("the query runs", () -> pg.psql("select count(*) from pg_stat_activity where query ="
          + " 'select pg_sleep(30)' and wait_event = 'PgSleep'").strip().equals("1"));
      long before = proxy.bytesToServer();
      long connectionsBefore = proxy.connectionsAccepted();
      assertTrue(c.cancel(), "the server acknowledged the cancel");
      Throwable t = sleeper.get(20, TimeUnit.SECONDS);
      assertInstanceOf(ServerException.class, t);
      assertEquals("57014", ((ServerException) t).sqlState());
      assertEquals(connectionsBefore + 1, proxy.connectionsAccepted(), "one connection for the cancel");
      long cancelBytes = proxy.bytesToServer() - before;
      // a plain CancelRequest is 16 bytes; here a GSSENCRequest, a Kerberos AP-REQ and a wrapped cancel
      assertTrue(cancelBytes > 300, "the cancel went through GSS encryption: " + cancelBytes + " bytes");
      assertEquals(1, c.query("select 1").size());
    }
  }

  @Test
  void requireKeepsTheRealCauseOfARefusal() {
    AuthenticationException wrongService = assertThrows(AuthenticationException.class,
        () -> Connection.open(url("krbsrvname=postgresql")).close());
    assertTrue(wrongService.getMessage().contains("gssencmode=require"), wrongService.getMessage());
    assertTrue(wrongService.getMessage().contains("does not know the server's service principal"
        + " \"postgresql/localhost\""), wrongService.getMessage());
    AuthenticationException noTicket = assertThrows(AuthenticationException.class,
        () -> Connection.open(url("gss_ticket_cache=" + kdc.directory().resolve("none"))).close());
    assertTrue(noTicket.getMessage().contains("gssencmode=require") && noTicket.getMessage().contains("no Kerberos"
        + " ticket"), noTicket.getMessage());
    ConnectionException unix = assertThrows(ConnectionException.class, () -> Connection.open("host="
        + pg.socketDirectory() + " port=" + pg.port() + " dbname=" + pg.database() + " user=" + USER
        + " gssencmode=require").close());
    assertTrue(unix.getMessage().contains("Unix socket"), unix.getMessage());
  }

  /** pgjdbc's prefer fails here: the context cannot be had, so libpq goes on without encryption. */
  @Test
  void preferGoesOnWithoutEncryptionWhenTheContextCannotBeHad() {
    String scram = "host=localhost port=" + pg.port() + " dbname=" + pg.database() + " user=" + TestRoles.SCRAM
        + " password=" + TestRoles.SCRAM_PASSWORD + " gss_ticket_cache=" + cache + " sslmode=disable";
    EventRecorder events = new EventRecorder();
    try (Connection c = Connection.open(ConnectionConfig.parse(scram + " krbsrvname=postgresql").withListener(events))) {
      assertFalse(c.gssEncrypted());
      assertEquals("t", c.query("select 't'").get(0).getString(0));
    }
    assertEquals(2, events.starts(ConnectStart.class).size(), "the encrypted attempt, then a plain one");
    try (Connection c = Connection.open(scram)) {
      assertTrue(c.gssEncrypted(), "with the right service name, the password travels encrypted");
    }
  }

  @Test
  void aServerWithoutGssapiAnswersNoAndPreferGoesOnOnTheSameSocket() {
    PostgresServer plain = PostgresServer.shared();
    assumeTrue(plain.prepared() && GssEncryptionMatrixTest.answersNo(plain), "needs a test server without GSSAPI");
    EventRecorder events = new EventRecorder();
    String target = "host=localhost port=" + plain.port() + " dbname=" + plain.database() + " user="
        + TestRoles.SCRAM + " password=" + TestRoles.SCRAM_PASSWORD + " gss_ticket_cache=" + cache;
    try (Connection c = Connection.open(ConnectionConfig.parse(target + " sslmode=disable").withListener(events))) {
      assertFalse(c.gssEncrypted());
    }
    assertEquals(1, events.starts(ConnectStart.class).size(), "one attempt, one socket");
    assertEquals(AuthMethod.SCRAM_SHA_256, events.ends(ConnectEnd.class).get(0).authMethod());
    ConnectionException e = assertThrows(ConnectionException.class,
        () -> Connection.open(target + " gssencmode=require").close());
    assertTrue(e.getMessage().contains("gssencmode=require") && e.getMessage().contains("'N'"), e.getMessage());
    if (plain.tlsEnabled() && plain.majorVersion() >= 17) {
      // a socket that had a GSSENCRequest cannot go on with direct TLS (libpq): a second one does
      // (direct TLS, without an SSLRequest, is PostgreSQL 17's)
      events.clear();
      try (Connection c = Connection.open(ConnectionConfig.parse(target + " sslmode=require sslnegotiation=direct")
          .withListener(events))) {
        assertFalse(c.gssEncrypted());
        assertTrue(c.tlsProtocol() != null, "direct TLS");
      }
      assertEquals(2, events.starts(ConnectStart.class).size(), "the GSSENCRequest's socket, then direct TLS");
    }
  }

  @Test
  void anExpiredTicketIsNamed() throws Exception {
    Path shortLived = kdc.ticketCache(USER, PASSWORD, "2s");
    for (int i = 0; i < 200 && kdc.hasValidTicket(shortLived); i++) {
      Thread.sleep(50);   // bounded: the ticket lives two seconds
    }
    assertFalse(kdc.hasValidTicket(shortLived), "the ticket expired");
    AuthenticationException e = assertThrows(AuthenticationException.class,
        () -> Connection.open(url("gss_ticket_cache=" + shortLived)).close());
    assertTrue(e.getMessage().contains("no Kerberos ticket") && e.getMessage().contains("expired"), e.getMessage());
  }
}
