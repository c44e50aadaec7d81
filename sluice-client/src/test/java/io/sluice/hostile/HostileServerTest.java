package io.sluice.hostile;

import static io.sluice.hostile.HostileScenario.readInitial;
import static io.sluice.hostile.HostileScenario.send;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.AuthenticationException;
import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.ProtocolViolationException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.SqlStateClass;
import io.sluice.protocol.BackendEncoder;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.TransactionStatus;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A scripted server on loopback that breaks the rules at startup: Sluice must fail with its own
 * clear error and close, never hang or misread. (Faults after startup are tested with the engine.)
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class HostileServerTest {

  interface Script {
    void run(DataInputStream in, OutputStream out) throws IOException;
  }

  /** Serves one connection with {@code script}, then closes. */
  static final class Scripted implements AutoCloseable {
    final ServerSocket server;
    final Thread thread;

    Scripted(Script script) throws IOException {
      server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
      thread = Thread.ofVirtual().start(() -> {
        try (Socket s = server.accept()) {
          s.setSoTimeout(10_000);
          script.run(new DataInputStream(s.getInputStream()), s.getOutputStream());
          s.getOutputStream().flush();
          Thread.sleep(200);
        } catch (IOException | InterruptedException ignored) {
          // the client hung up, as it should
        }
      });
    }

    String url(String extra) {
      return "host=127.0.0.1 port=" + server.getLocalPort() + " user=u dbname=d password=pw connect_timeout=5 " + extra;
    }

    @Override
    public void close() throws IOException {
      server.close();
    }
  }

  /** Reads the startup message (or SSLRequest): length, then the rest. */
  @Test
  void tlsRequiredButRefusedByTheServer() throws Exception {
    try (Scripted s = new Scripted((in, out) -> {
      readInitial(in);
      out.write('N');
    })) {
      ConnectionException e = assertThrows(ConnectionException.class, () -> Connection.open(s.url("sslmode=require")));
      assertTrue(e.getMessage().contains("does not support TLS"), e.getMessage());
      assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
    }
  }

  @Test
  void plaintextInjectedAfterTheTlsYesIsRefused() throws Exception {
    // CVE-2021-23222: bytes sent before the handshake must not be read as if they were encrypted
    try (Scripted s = new Scripted((in, out) -> {
      readInitial(in);
      out.write('S');
      send(out, BackendMessage.AuthenticationOk.INSTANCE, new BackendMessage.ReadyForQuery(TransactionStatus.IDLE));
    })) {
      ConnectionException e = assertThrows(ConnectionException.class, () -> Connection.open(s.url("sslmode=require")));
      assertTrue(e.getMessage().contains("unencrypted data") || e.getMessage().contains("TLS"), e.getMessage());
    }
  }

  @Test
  void garbageInsteadOfAnAuthenticationRequest() throws Exception {
    try (Scripted s = new Scripted((in, out) -> {
      readInitial(in);
      out.write(new byte[] {'R', (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xF0, 0, 0, 0, 0});
    })) {
      ProtocolViolationException e = assertThrows(ProtocolViolationException.class,
          () -> Connection.open(s.url("sslmode=disable")));
      assertTrue(e.getMessage().contains("invalid length"), e.getMessage());
    }
  }

  @Test
  void unknownMessageTypeDuringStartup() throws Exception {
    try (Scripted s = new Scripted((in, out) -> {
      readInitial(in);
      out.write(new byte[] {'?', 0, 0, 0, 4});
    })) {
      ProtocolViolationException e = assertThrows(ProtocolViolationException.class,
          () -> Connection.open(s.url("sslmode=disable")));
      assertTrue(e.getMessage().contains("unknown backend message"), e.getMessage());
    }
  }

  @Test
  void connectionClosedInTheMiddleOfAMessage() throws Exception {
    try (Scripted s = new Scripted((in, out) -> {
      readInitial(in);
      byte[] ok = BackendEncoder.toBytes(new BackendMessage.ParameterStatus("server_version", "18.1"));
      out.write(ok, 0, ok.length - 3);
    })) {
      ConnectionException e = assertThrows(ConnectionException.class, () -> Connection.open(s.url("sslmode=disable")));
      assertTrue(e.getMessage().contains("in the middle of"), e.getMessage());
    }
  }

  @Test
  void weakAuthenticationOfferedWhereScramIsRequiredIsRefusedBeforeThePasswordLeaves() throws Exception {
    byte[][] received = new byte[1][];
    try (Scripted s = new Scripted((in, out) -> {
      readInitial(in);
      send(out, BackendMessage.AuthenticationCleartextPassword.INSTANCE);
      received[0] = in.readNBytes(1);  // what comes next: a PasswordMessage would start with 'p'
    })) {
      AuthenticationException e = assertThrows(AuthenticationException.class,
          () -> Connection.open(s.url("sslmode=disable require_auth=scram-sha-256")));
      assertTrue(e.getMessage().contains("require_auth"), e.getMessage());
      s.thread.join(5000);
      assertTrue(received[0] == null || received[0].length == 0 || received[0][0] != 'p',
          "the password was sent after all");
    }
  }

  @Test
  void hugeScramIterationCountIsRefused() throws Exception {
    try (Scripted s = new Scripted((in, out) -> {
      readInitial(in);
      send(out, new BackendMessage.AuthenticationSASL(java.util.List.of("SCRAM-SHA-256")));
      in.readByte();
      int len = in.readInt();
      byte[] body = in.readNBytes(len - 4);
      String first = new String(body, java.nio.charset.StandardCharsets.US_ASCII);
      String nonce = first.substring(first.indexOf("r=") + 2);
      send(out, new BackendMessage.AuthenticationSASLContinue(
          ("r=" + nonce + "server,s=c2FsdA==,i=999999999").getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
    })) {
      AuthenticationException e = assertThrows(AuthenticationException.class, () -> Connection.open(s.url("sslmode=disable")));
      assertTrue(e.getMessage().contains("iteration"), e.getMessage());
    }
  }

  @Test
  void serverErrorDuringStartupCarriesItsFields() throws Exception {
    try (Scripted s = new Scripted((in, out) -> {
      readInitial(in);
      send(out, new BackendMessage.ErrorResponse(Map.of('S', "FATAL", 'V', "FATAL", 'C', "53300",
          'M', "sorry, too many clients already")));
    })) {
      ServerException e = assertThrows(ServerException.class, () -> Connection.open(s.url("sslmode=disable")));
      assertEquals("53300", e.sqlState());
      assertTrue(e.isConnectionFatal());
      assertEquals(SqlStateClass.INSUFFICIENT_RESOURCES, e.stateClass());
    }
  }
}
