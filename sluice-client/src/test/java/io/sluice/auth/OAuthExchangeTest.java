package io.sluice.auth;

import static io.sluice.hostile.HostileScenario.readInitial;
import static io.sluice.hostile.HostileScenario.send;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.AuthenticationException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.OAuthTokenRequest;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.TransactionStatus;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The OAUTHBEARER exchange against a scripted server speaking as PostgreSQL 18's {@code
 * auth-oauth.c} does: the exact bytes the client sends, the discovery round and the second
 * connection, and servers that answer wrongly.
 */
class OAuthExchangeTest {
  static final String ISSUER = "https://auth.sluice.test/realm";
  static final String DISCOVERY = ISSUER + "/.well-known/openid-configuration";
  static final String ERROR_JSON = "{ \"status\": \"invalid_token\", \"openid-configuration\": \"" + DISCOVERY
      + "\", \"scope\": \"openid sluice\" }";
  static final Map<Character, String> FATAL = Map.of('S', "FATAL", 'V', "FATAL", 'C', "28000",
      'M', "OAuth bearer authentication failed for user \"u\"");

  /** One server connection's part: reads what the client sent, answers. */
  interface Step {
    void run(DataInputStream in, OutputStream out) throws Exception;
  }

  /** A loopback server that runs one script per connection, in order, and records what it read. */
  static final class Server implements AutoCloseable {
    final ServerSocket socket;
    final List<Throwable> failures = new CopyOnWriteArrayList<>();
    final Thread thread;

    Server(Step... connections) throws IOException {
      socket = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
      thread = Thread.ofVirtual().start(() -> {
        for (Step step : connections) {
          try (Socket s = socket.accept()) {
            s.setSoTimeout(10_000);
            DataInputStream in = new DataInputStream(s.getInputStream());
            readInitial(in);
            step.run(in, s.getOutputStream());
            s.getOutputStream().flush();
            in.read();   // until the client hangs up
          } catch (IOException e) {
            // the client hung up
          } catch (Throwable t) {
            failures.add(t);
          }
        }
      });
    }

    String url(String extra) {
      return "host=127.0.0.1 port=" + socket.getLocalPort() + " user=u dbname=d sslmode=disable connect_timeout=5 "
          + extra;
    }

    @Override
    public void close() throws IOException, InterruptedException {
      socket.close();
      thread.join(10_000);
      if (!failures.isEmpty()) {
        throw new AssertionError("the scripted server failed", failures.get(0));
      }
    }
  }

  /** Reads one 'p' message: its body. */
  static byte[] readP(DataInputStream in) throws IOException {
    assertEquals('p', in.readByte());
    return in.readNBytes(in.readInt() - 4);
  }

  /** A SASLInitialResponse body: mechanism, NUL, length, data; returns the data. */
  static byte[] initialData(byte[] body) {
    int nul = 0;
    while (body[nul] != 0) {
      nul++;
    }
    assertEquals("OAUTHBEARER", new String(body, 0, nul, StandardCharsets.US_ASCII));
    int len = ((body[nul + 1] & 0xFF) << 24) | ((body[nul + 2] & 0xFF) << 16) | ((body[nul + 3] & 0xFF) << 8)
        | (body[nul + 4] & 0xFF);
    assertEquals(body.length - nul - 5, len);
    return java.util.Arrays.copyOfRange(body, nul + 5, body.length);
  }

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  static void offerOAuth(OutputStream out) throws IOException {
    send(out, new BackendMessage.AuthenticationSASL(List.of("OAUTHBEARER")));
  }

  static void ready(OutputStream out) throws IOException {
    send(out, BackendMessage.AuthenticationOk.INSTANCE,
        new BackendMessage.ParameterStatus("server_version", "18.1"),
        new BackendMessage.ParameterStatus("client_encoding", "UTF8"),
        new BackendMessage.ParameterStatus("integer_datetimes", "on"),
        new BackendMessage.ParameterStatus("standard_conforming_strings", "on"),
        new BackendMessage.BackendKeyData(7, new byte[] {1, 2, 3, 4}),
        new BackendMessage.ReadyForQuery(TransactionStatus.IDLE));
  }

  /** The discovery round as the server plays it: error object, then the client's 0x01, then FATAL. */
  static Step discovery(List<byte[]> seen) {
    return (in, out) -> {
      offerOAuth(out);
      seen.add(initialData(readP(in)));
      send(out, new BackendMessage.AuthenticationSASLContinue(ascii(ERROR_JSON)));
      seen.add(readP(in));
      send(out, new BackendMessage.ErrorResponse(FATAL));
    };
  }

  @Test
  void theTokenGoesInTheGs2FramedInitialResponseAndOkEndsTheExchange() throws Exception {
    List<byte[]> seen = new ArrayList<>();
    try (Server s = new Server((in, out) -> {
      offerOAuth(out);
      seen.add(initialData(readP(in)));
      ready(out);
    })) {
      try (Connection c = Connection.open(ConnectionConfig.parse(s.url("")).withOAuthTokenSupplier(r -> "abc.DEF-1_~+/="))) {
        assertEquals(7, c.processId());
      }
    }
    // gs2 header "n,," (no channel binding, no authzid), kvsep, auth=Bearer TOKEN, kvsep, kvsep
    assertArrayEquals(ascii("n,,\u0001auth=Bearer abc.DEF-1_~+/=\u0001\u0001"), seen.get(0));
  }

  @Test
  void discoverySendsAnEmptyAuthAcknowledgesWithOneByteAndConnectsAgain() throws Exception {
    List<byte[]> seen = new ArrayList<>();
    List<OAuthTokenRequest> calls = new CopyOnWriteArrayList<>();
    try (Server s = new Server(discovery(seen), (in, out) -> {
      offerOAuth(out);
      seen.add(initialData(readP(in)));
      ready(out);
    })) {
      ConnectionConfig cfg = ConnectionConfig.parse(s.url("")).withOAuthTokenSupplier(r -> {
        calls.add(r);
        return r.fromServer() ? "tok" : null;
      });
      try (Connection c = Connection.open(cfg)) {
        assertEquals(7, c.processId());
      }
    }
    assertArrayEquals(ascii("n,,\u0001auth=\u0001\u0001"), seen.get(0));
    assertArrayEquals(new byte[] {1}, seen.get(1));
    assertArrayEquals(ascii("n,,\u0001auth=Bearer tok\u0001\u0001"), seen.get(2));
    assertEquals(2, calls.size());
    assertEquals(ISSUER, calls.get(1).issuer());
    assertEquals(DISCOVERY, calls.get(1).discoveryUri());
    assertEquals("openid sluice", calls.get(1).scope());
  }

  @Test
  void theConfiguredScopeIsNotOverriddenByTheServer() throws Exception {
    List<OAuthTokenRequest> calls = new CopyOnWriteArrayList<>();
    try (Server s = new Server(discovery(new ArrayList<>()), (in, out) -> {
      offerOAuth(out);
      readP(in);
      ready(out);
    })) {
      ConnectionConfig cfg = ConnectionConfig.parse(s.url("oauth_scope=mine oauth_issuer=" + ISSUER))
          .withOAuthTokenSupplier(r -> {
            calls.add(r);
            return r.fromServer() ? "tok" : null;
          });
      Connection.open(cfg).close();
    }
    assertEquals("mine", calls.get(0).scope());
    assertEquals(ISSUER, calls.get(0).issuer());
    assertEquals("mine", calls.get(1).scope());
  }

  @Test
  void aDiscoveryDocumentOfAnotherIssuerIsRefused() throws Exception {
    try (Server s = new Server(discovery(new ArrayList<>()))) {
      ConnectionConfig cfg = ConnectionConfig.parse(s.url("oauth_issuer=https://other.sluice.test"))
          .withOAuthTokenSupplier(r -> null);
      AuthenticationException e = assertThrows(AuthenticationException.class, () -> Connection.open(cfg).close());
      assertTrue(e.getMessage().contains("does not belong to oauth_issuer \"https://other.sluice.test\""), e.getMessage());
    }
  }

  @Test
  void aSupplierThatStillHasNoTokenAfterDiscoveryIsRefusedWithoutALoop() throws Exception {
    List<byte[]> seen = new ArrayList<>();
    try (Server s = new Server(discovery(seen), (in, out) -> offerOAuth(out))) {
      ConnectionConfig cfg = ConnectionConfig.parse(s.url("")).withOAuthTokenSupplier(r -> null);
      AuthenticationException e = assertThrows(AuthenticationException.class, () -> Connection.open(cfg).close());
      assertTrue(e.getMessage().contains("returned no token"), e.getMessage());
      assertTrue(e.getMessage().contains(ISSUER), e.getMessage());
    }
    assertEquals(2, seen.size(), "one discovery round only");
  }

  @Test
  void aTokenThatNoServerWouldAcceptIsNotSent() throws Exception {
    String token = "has space";
    try (Server s = new Server((in, out) -> offerOAuth(out))) {
      ConnectionConfig cfg = ConnectionConfig.parse(s.url("")).withOAuthTokenSupplier(r -> token);
      AuthenticationException e = assertThrows(AuthenticationException.class, () -> Connection.open(cfg).close());
      assertTrue(e.getMessage().contains("RFC 6750"), e.getMessage());
      assertFalse(e.getMessage().contains(token), e.getMessage());
    }
  }

  @Test
  void okAfterADiscoveryRequestIsRefused() throws Exception {
    try (Server s = new Server((in, out) -> {
      offerOAuth(out);
      readP(in);
      ready(out);
    })) {
      ConnectionConfig cfg = ConnectionConfig.parse(s.url(""));   // no supplier: a discovery request
      AuthenticationException e = assertThrows(AuthenticationException.class, () -> Connection.open(cfg).close());
      assertTrue(e.getMessage().contains("no token was accepted"), e.getMessage());
    }
  }

  @Test
  void malformedServerErrorsAreRefused() throws Exception {
    for (String json : List.of("not json", "{\"status\": 1}", "{\"scope\": \"x\"}", "[]",
        "{\"status\": \"invalid_token\", \"status\": \"x\"}", "{\"status\": \"invalid_token\"} trailing",
        "{\"a\":[[[[[[[[[1]]]]]]]]], \"status\": \"invalid_token\"}")) {
      try (Server s = new Server((in, out) -> {
        offerOAuth(out);
        readP(in);
        send(out, new BackendMessage.AuthenticationSASLContinue(ascii(json)));
      })) {
        ConnectionConfig cfg = ConnectionConfig.parse(s.url("")).withOAuthTokenSupplier(r -> "tok");
        AuthenticationException e = assertThrows(AuthenticationException.class, () -> Connection.open(cfg).close(),
            json);
        assertTrue(e.getMessage().contains("OAUTHBEARER error"), json + " -> " + e.getMessage());
      }
    }
  }

  @Test
  void aSecondChallengeAndASaslFinalAreRefused() throws Exception {
    try (Server s = new Server((in, out) -> {
      offerOAuth(out);
      readP(in);
      send(out, new BackendMessage.AuthenticationSASLContinue(ascii(ERROR_JSON)));
      readP(in);
      send(out, new BackendMessage.AuthenticationSASLContinue(ascii(ERROR_JSON)));
    })) {
      ConnectionConfig cfg = ConnectionConfig.parse(s.url("")).withOAuthTokenSupplier(r -> "tok");
      AuthenticationException e = assertThrows(AuthenticationException.class, () -> Connection.open(cfg).close());
      assertTrue(e.getMessage().contains("second OAUTHBEARER challenge"), e.getMessage());
    }
    try (Server s = new Server((in, out) -> {
      offerOAuth(out);
      readP(in);
      send(out, new BackendMessage.AuthenticationSASLFinal(new byte[0]));
    })) {
      ConnectionConfig cfg = ConnectionConfig.parse(s.url("")).withOAuthTokenSupplier(r -> "tok");
      assertThrows(AuthenticationException.class, () -> Connection.open(cfg).close());
    }
  }

  @Test
  void scramIsChosenWhenTheServerOffersBoth() throws Exception {
    List<String> mechanism = new ArrayList<>();
    try (Server s = new Server((in, out) -> {
      send(out, new BackendMessage.AuthenticationSASL(List.of("OAUTHBEARER", "SCRAM-SHA-256")));
      byte[] body = readP(in);
      int nul = 0;
      while (body[nul] != 0) {
        nul++;
      }
      mechanism.add(new String(body, 0, nul, StandardCharsets.US_ASCII));
    })) {
      ConnectionConfig cfg = ConnectionConfig.parse(s.url("password=pw")).withOAuthTokenSupplier(r -> "tok");
      assertThrows(ConnectionException.class, () -> Connection.open(cfg).close());
    }
    assertEquals(List.of("SCRAM-SHA-256"), mechanism);
  }

  @Test
  void theClientSecretAppearsInNoToString() {
    ConnectionConfig cfg = ConnectionConfig.parse("host=h oauth_client_id=app oauth_client_secret=s3cr3t-v4lue");
    assertFalse(cfg.toString().contains("s3cr3t-v4lue"), cfg.toString());
    assertFalse(cfg.toMap(false).toString().contains("s3cr3t-v4lue"));
    OAuthTokenRequest r = new OAuthTokenRequest(null, "u", null, null, null, "app", "s3cr3t-v4lue", false);
    assertFalse(r.toString().contains("s3cr3t-v4lue"), r.toString());
  }
}
