package io.sluice.internal.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.internal.gss.GssSettings;
import io.sluice.internal.gss.GssSignIn;
import io.sluice.testkit.Kdc;
import io.sluice.testkit.ServerTest;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.security.auth.Subject;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.LoginContext;
import org.ietf.jgss.GSSContext;
import org.ietf.jgss.GSSCredential;
import org.ietf.jgss.GSSManager;
import org.ietf.jgss.MessageProp;
import org.ietf.jgss.Oid;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The GSS-encrypted transport byte for byte, against a scripted server that is a real Kerberos
 * acceptor (the JDK's, with a service keytab from the test realm): packets cut at the wrap limit
 * and at every boundary around it, packets arriving whole, several at once or a byte at a time,
 * and what a server must not send (an oversize packet, one without confidentiality, one that does
 * not unwrap, a packet cut short, bytes after 'G').
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class GssTransportTest {
  static final String SERVICE = "sluicetest";
  static final String USER = "transport_user";
  static Path cache;
  static Subject acceptor;

  @BeforeAll
  static void realm() throws Exception {
    assumeTrue(Kdc.available(), Kdc::missing);
    Kdc kdc = Kdc.shared();
    kdc.addUser(USER, "transport-secret");
    cache = kdc.ticketCache(USER, "transport-secret");
    kdc.addRandomKey(SERVICE + "/localhost");
    Path keytab = kdc.keytab(SERVICE + "/localhost", kdc.directory().resolve("sluicetest.keytab"));
    AppConfigurationEntry entry = new AppConfigurationEntry("com.sun.security.auth.module.Krb5LoginModule",
        AppConfigurationEntry.LoginModuleControlFlag.REQUIRED, Map.of("useKeyTab", "true", "keyTab", keytab.toString(),
            "principal", SERVICE + "/localhost@" + Kdc.REALM, "storeKey", "true", "isInitiator", "false",
            "doNotPrompt", "true"));
    LoginContext login = new LoginContext("acceptor", new Subject(), null, new Configuration() {
      @Override
      public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
        return new AppConfigurationEntry[] {entry};
      }
    });
    login.login();
    acceptor = login.getSubject();
  }

  /** The server end: a socket, and the acceptor's context once established. */
  record Server(Socket socket, DataInputStream in, DataOutputStream out, GSSContext context) {
    /** Reads one packet and unwraps it; checks the framing and confidentiality. */
    byte[] readPacket() throws Exception {
      int length = in.readInt();
      assertTrue(length > 0 && length <= GssTransport.MAX_TOKEN, "packet of " + length + " bytes");
      byte[] token = in.readNBytes(length);
      MessageProp prop = new MessageProp(0, true);
      byte[] plain = context.unwrap(token, 0, token.length, prop);
      assertTrue(prop.getPrivacy(), "sealed with confidentiality");
      return plain;
    }

    byte[] packet(byte[] plain, boolean privacy) throws Exception {
      byte[] token = context.wrap(plain, 0, plain.length, new MessageProp(0, privacy));
      byte[] p = new byte[4 + token.length];
      p[0] = (byte) (token.length >>> 24);
      p[1] = (byte) (token.length >>> 16);
      p[2] = (byte) (token.length >>> 8);
      p[3] = (byte) token.length;
      System.arraycopy(token, 0, p, 4, token.length);
      return p;
    }
  }

  /** A connected client transport and the server end, after 'G' and the handshake. */
  record Pair(GssTransport client, Server server, ServerSocket listener) implements AutoCloseable {
    @Override
    public void close() throws IOException {
      client.close();
      server.socket().close();
      listener.close();
    }
  }

  static Pair connect() throws Exception {
    ServerSocket listener = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"));
    CompletableFuture<Server> server = CompletableFuture.supplyAsync(() -> {
      try {
        Socket s = listener.accept();
        DataInputStream in = new DataInputStream(s.getInputStream());
        DataOutputStream out = new DataOutputStream(s.getOutputStream());
        assertEquals(8, in.readInt());
        assertEquals(80877104, in.readInt(), "GSSENCRequest");
        out.write('G');
        out.flush();
        GSSContext context = Subject.callAs(acceptor, () -> {
          GSSManager m = GSSManager.getInstance();
          GSSCredential cred = m.createCredential(null, GSSCredential.INDEFINITE_LIFETIME,
              new Oid("1.2.840.113554.1.2.2"), GSSCredential.ACCEPT_ONLY);
          return m.createContext(cred);
        });
        while (!context.isEstablished()) {
          byte[] token = in.readNBytes(in.readInt());
          byte[] reply = Subject.callAs(acceptor, () -> context.acceptSecContext(token, 0, token.length));
          if (reply != null && reply.length > 0) {
            out.writeInt(reply.length);
            out.write(reply);
            out.flush();
          }
        }
        return new Server(s, in, out, context);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }, r -> Thread.ofVirtual().start(r));
    SocketTransport tcp = SocketTransport.connect(new InetSocketAddress("127.0.0.1", listener.getLocalPort()), 10_000);
    assertEquals(GssUpgrade.Answer.GO, GssUpgrade.request(tcp));
    GssSignIn signIn = GssSignIn.start(new GssSettings(SERVICE, cache, null, null, null), "localhost", USER, true);
    GssTransport client = GssUpgrade.handshake(tcp, signIn);
    return new Pair(client, server.get(20, TimeUnit.SECONDS), listener);
  }

  static byte[] pattern(int n, long seed) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    return b;
  }

  @Test
  void writesAreCutAtTheWrapLimitAndEveryBoundaryAroundIt() throws Exception {
    try (Pair p = connect()) {
      int max = p.client().maxPlaintext();
      assertTrue(max > 16_000 && max < GssTransport.MAX_TOKEN, "room in a 16 KiB packet: " + max);
      for (int n : new int[] {1, max - 1, max, max + 1, 2 * max - 1, 2 * max, 2 * max + 1, 5 * max + 7, 300_000}) {
        byte[] data = pattern(n, n);
        p.client().write(data, 0, n);
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        int packets = 0;
        while (got.size() < n) {
          byte[] plain = p.server().readPacket();
          assertTrue(plain.length <= max, "a packet holds at most the wrap limit: " + plain.length);
          got.write(plain);
          packets++;
        }
        assertArrayEquals(data, got.toByteArray(), n + " bytes");
        assertEquals((n + max - 1) / max, packets, "packets for " + n + " bytes");
      }
    }
  }

  @Test
  void readsPacketsWholeSeveralAtOnceOrAByteAtATime() throws Exception {
    try (Pair p = connect()) {
      int serverMax = p.server().context().getWrapSizeLimit(0, true, GssTransport.MAX_TOKEN);
      List<byte[]> chunks = new ArrayList<>();
      for (int n : new int[] {1, 5, serverMax - 1, serverMax, 300, serverMax, 17, 4096}) {
        chunks.add(pattern(n, 31L * n));
      }
      ByteArrayOutputStream sent = new ByteArrayOutputStream();
      ByteArrayOutputStream wire = new ByteArrayOutputStream();
      for (byte[] c : chunks) {
        sent.write(c);
        wire.write(p.server().packet(c, true));
      }
      byte[] bytes = wire.toByteArray();
      // the first half in one write (several packets at once), the rest a byte at a time
      int half = bytes.length / 2;
      p.server().out().write(bytes, 0, half);
      p.server().out().flush();
      CompletableFuture<Void> trickle = CompletableFuture.runAsync(() -> {
        try {
          for (int i = half; i < bytes.length; i += 997) {
            p.server().out().write(bytes, i, Math.min(997, bytes.length - i));
            p.server().out().flush();
          }
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
      }, r -> Thread.ofVirtual().start(r));
      byte[] got = new byte[sent.size()];
      int at = 0;
      int[] sizes = {3, 1, 70_000, 5000, 16_384};
      for (int i = 0; at < got.length; i++) {
        int n = p.client().read(got, at, Math.min(sizes[i % sizes.length], got.length - at));
        assertTrue(n > 0, "read " + n);
        at += n;
      }
      trickle.get(20, TimeUnit.SECONDS);
      assertArrayEquals(sent.toByteArray(), got);
      p.server().socket().close();
      assertEquals(-1, p.client().read(new byte[10], 0, 10), "end of stream between packets");
    }
  }

  @Test
  void anOversizePacketIsRefused() throws Exception {
    try (Pair p = connect()) {
      p.server().out().writeInt(GssTransport.MAX_TOKEN + 1);
      p.server().out().write(new byte[100]);
      p.server().out().flush();
      IOException e = assertThrows(IOException.class, () -> p.client().read(new byte[10], 0, 10));
      assertTrue(e.getMessage().contains("16381") && e.getMessage().contains("16380"), e.getMessage());
    }
  }

  @Test
  void aPacketWithoutConfidentialityIsRefused() throws Exception {
    try (Pair p = connect()) {
      p.server().out().write(p.server().packet("select 1".getBytes(), false));
      p.server().out().flush();
      IOException e = assertThrows(IOException.class, () -> p.client().read(new byte[10], 0, 10));
      assertTrue(e.getMessage().contains("without confidentiality"), e.getMessage());
    }
  }

  @Test
  void aPacketThatDoesNotUnwrapIsRefused() throws Exception {
    try (Pair p = connect()) {
      byte[] good = p.server().packet(pattern(200, 1), true);
      good[good.length - 3] ^= 1;   // a bit flipped in the checksum
      p.server().out().write(good);
      p.server().out().flush();
      IOException e = assertThrows(IOException.class, () -> p.client().read(new byte[10], 0, 10));
      assertTrue(e.getMessage().contains("unwrap"), e.getMessage());
    }
  }

  @Test
  void aPacketCutShortIsAnEndOfStreamError() throws Exception {
    try (Pair p = connect()) {
      byte[] good = p.server().packet(pattern(200, 2), true);
      p.server().out().write(Arrays.copyOf(good, good.length - 10));
      p.server().out().flush();
      p.server().socket().shutdownOutput();
      assertThrows(EOFException.class, () -> p.client().read(new byte[1000], 0, 1000));
    }
  }

  @Test
  void availableSeesDataAndTheServersClose() throws Exception {
    try (Pair p = connect()) {
      assertEquals(0, p.client().available());
      p.server().out().write(p.server().packet(pattern(10, 3), true));
      p.server().out().flush();
      assertTrue(poll(p.client(), n -> n > 0), "the packet is seen waiting");
      assertEquals(10, p.client().read(new byte[100], 0, 100));
      p.server().socket().close();
      assertTrue(poll(p.client(), n -> n < 0), "the close is seen");
    }
  }

  static boolean poll(GssTransport t, java.util.function.IntPredicate until) throws Exception {
    for (int i = 0; i < 400; i++) {
      if (until.test(t.available())) {
        return true;
      }
      Thread.sleep(25);
    }
    return false;
  }

  @Test
  void theAnswersToGssencRequest() throws Exception {
    for (byte[] answer : List.of(new byte[] {'N'}, new byte[] {'E'}, new byte[] {'G', 'x'}, new byte[] {'S'})) {
      try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
        CompletableFuture<Socket> server = CompletableFuture.supplyAsync(() -> {
          try {
            Socket s = listener.accept();
            s.getOutputStream().write(answer);   // at once: the client reads it after its request
            return s;
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
        }, r -> Thread.ofVirtual().start(r));
        SocketTransport tcp = SocketTransport.connect(new InetSocketAddress("127.0.0.1", listener.getLocalPort()), 10_000);
        try (Socket s = server.get(10, TimeUnit.SECONDS)) {
          switch (answer[0]) {
            case 'N' -> assertEquals(GssUpgrade.Answer.NO, GssUpgrade.request(tcp));
            case 'E' -> assertEquals(GssUpgrade.Answer.ERROR, GssUpgrade.request(tcp));
            case 'G' -> {
              // the 'x' may arrive with the 'G' or just after it: wait until both are there
              assertTrue(poll2(tcp), "both bytes arrived");
              IOException e = assertThrows(IOException.class, () -> GssUpgrade.request(tcp));
              assertTrue(e.getMessage().contains("unencrypted data after agreeing"), e.getMessage());
            }
            default -> assertThrows(IOException.class, () -> GssUpgrade.request(tcp));
          }
        } finally {
          tcp.close();
        }
      }
    }
  }

  /** Waits (bounded) until two bytes wait on the socket, without reading them. */
  static boolean poll2(SocketTransport tcp) throws Exception {
    for (int i = 0; i < 400; i++) {
      if (tcp.socket.getInputStream().available() >= 2) {
        return true;
      }
      Thread.sleep(25);
    }
    return false;
  }

  /**
   * The JDK's side of GSS encryption's cost: how fast the transport reads and unwraps full packets
   * (and the acceptor wraps them), 46 MB a round, four rounds for the JIT. A measurement, printed;
   * run by name with {@code -Dsluice.measure=true}.
   */
  @Test
  @org.junit.jupiter.api.condition.EnabledIfSystemProperty(named = "sluice.measure", matches = "true")
  void unwrapRate() throws Exception {
    for (int round = 0; round < 4; round++) {
      try (Pair p = connect()) {
        int max = p.server().context().getWrapSizeLimit(0, true, GssTransport.MAX_TOKEN);
        byte[] chunk = pattern(max, 1);
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        long t0 = System.nanoTime();
        for (int i = 0; i < 3000; i++) {
          wire.write(p.server().packet(chunk, true));
        }
        long wrapNanos = System.nanoTime() - t0;
        byte[] bytes = wire.toByteArray();
        CompletableFuture<Void> send = CompletableFuture.runAsync(() -> {
          try {
            p.server().out().write(bytes);
            p.server().out().flush();
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
        }, r -> Thread.ofVirtual().start(r));
        byte[] buf = new byte[65536];
        long total = (long) max * 3000;
        long got = 0;
        long t1 = System.nanoTime();
        while (got < total) {
          got += p.client().read(buf, 0, buf.length);
        }
        long readNanos = System.nanoTime() - t1;
        send.get(30, TimeUnit.SECONDS);
        assertEquals(total, got);
        System.out.printf("GssTransportTest: round %d, JDK wrap %.0f MB/s, read and unwrap %.0f MB/s%n", round,
            total / (wrapNanos / 1e3), total / (readNanos / 1e3));
      }
    }
  }
}
