package io.sluice.testkit;

import io.sluice.protocol.BackendMessage.AuthenticationOk;
import io.sluice.protocol.BackendMessage.BackendKeyData;
import io.sluice.protocol.BackendMessage.ParameterStatus;
import io.sluice.protocol.BackendMessage.ReadyForQuery;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.FrontendDecoder;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.ProtocolException;
import io.sluice.protocol.TransactionStatus;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A fake PostgreSQL server on loopback, built from the real message records: for each connection
 * it completes a normal start-up (no TLS, no password: AuthenticationOk, the ParameterStatus
 * messages a client needs, BackendKeyData, ReadyForQuery), then runs a {@link Script} that
 * answers the client's requests — correctly from a {@link FakeDatabase}, or as a hostile server
 * would. Every read has a time limit; {@link #close()} ends every connection.
 */
public final class ScriptedServer implements AutoCloseable {
  /** What the server does with one connection after start-up. */
  @FunctionalInterface
  public interface Script {
    void run(ScriptedConnection c) throws Exception;
  }

  /** How long a script waits for the client before giving up on it. */
  private static final int READ_TIMEOUT_MILLIS = 10_000;

  private final ServerSocket server;
  private final FakeDatabase db;
  private final Script script;
  private final List<Socket> sockets = new ArrayList<>();
  private final ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
  private volatile int processId = 4242;

  private ScriptedServer(FakeDatabase db, Script script) throws IOException {
    this.server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
    this.db = db;
    this.script = script;
    Thread.ofVirtual().name("scripted-server-" + server.getLocalPort()).start(this::acceptLoop);
  }

  /** Starts a server; every connection runs {@code script}. */
  public static ScriptedServer start(FakeDatabase db, Script script) throws IOException {
    return new ScriptedServer(db, script);
  }

  public int port() {
    return server.getLocalPort();
  }

  /** A connection string for this server, followed by {@code extra} options. */
  public String url(String extra) {
    return "host=127.0.0.1 port=" + port() + " user=u dbname=d sslmode=disable connect_timeout=5 " + extra;
  }

  /** What went wrong inside scripts (a client hanging up is not a failure). */
  public List<Throwable> failures() {
    return List.copyOf(failures);
  }

  private void acceptLoop() {
    while (!server.isClosed()) {
      Socket s;
      try {
        s = server.accept();
      } catch (IOException e) {
        return;   // closed
      }
      synchronized (sockets) {
        sockets.add(s);
      }
      Thread.ofVirtual().start(() -> serve(s));
    }
  }

  private void serve(Socket s) {
    try (s) {
      s.setSoTimeout(READ_TIMEOUT_MILLIS);
      s.setTcpNoDelay(true);
      if (!startUp(s)) {
        return;
      }
      script.run(new ScriptedConnection(s, db));
    } catch (IOException e) {
      // the client hung up or timed out: its side of the test says what that means
    } catch (Throwable t) {
      failures.add(t);
    }
  }

  /** Reads the StartupMessage (refusing TLS first if asked) and answers the start-up; false on EOF. */
  private boolean startUp(Socket s) throws IOException {
    DataInputStream in = new DataInputStream(s.getInputStream());
    while (true) {
      int length = in.readInt();
      if (length < 8 || length > FrontendDecoder.MAX_INITIAL_MESSAGE_LENGTH + 4) {
        throw new ProtocolException("startup packet of length " + length);
      }
      byte[] body = in.readNBytes(length - 4);
      FrontendMessage m = FrontendDecoder.decodeInitial(body, 0, body.length);
      if (m instanceof FrontendMessage.SSLRequest || m instanceof FrontendMessage.GSSENCRequest) {
        s.getOutputStream().write('N');
        continue;
      }
      if (!(m instanceof FrontendMessage.StartupMessage)) {
        return false;
      }
      s.getOutputStream().write(Replies.bytes(startUpReplies(processId++)));
      s.getOutputStream().flush();
      return true;
    }
  }

  /** What PostgreSQL sends after a trust authentication, with the parameters a client relies on. */
  static List<BackendMessage> startUpReplies(int processId) {
    return List.of(
        AuthenticationOk.INSTANCE,
        new ParameterStatus("client_encoding", "UTF8"),
        new ParameterStatus("server_version", "18.1"),
        new ParameterStatus("integer_datetimes", "on"),
        new ParameterStatus("standard_conforming_strings", "on"),
        new BackendKeyData(processId, new byte[] {1, 2, 3, 4}),
        new ReadyForQuery(TransactionStatus.IDLE));
  }

  @Override
  public void close() throws IOException {
    server.close();
    synchronized (sockets) {
      for (Socket s : sockets) {
        s.close();
      }
    }
  }
}
