package io.sluice;

import io.sluice.SluiceException.Outcome;
import io.sluice.internal.Connector;
import io.sluice.internal.ServerSession;
import io.sluice.internal.SessionAccess;
import io.sluice.protocol.MessageTracer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One session with a PostgreSQL server. Safe to share between threads; requests are serialised on
 * a {@link ReentrantLock} (not {@code synchronized}, so virtual threads unmount while they wait).
 *
 * <pre>{@code
 * try (Connection c = Connection.open("postgresql://app@db.example/app?sslmode=verify-full")) {
 *   List<SimpleResult> r = c.simpleQuery("select 1; select now()");
 * }
 * }</pre>
 */
public final class Connection implements AutoCloseable {
  private final ServerSession session;
  private final ConnectionConfig config;
  private final ReentrantLock lock = new ReentrantLock();
  private volatile boolean closed;

  private Connection(ServerSession session, ConnectionConfig config) {
    this.session = session;
    this.config = config;
  }

  /** Connects with a {@code postgresql://} URI, a {@code jdbc:postgresql://} URL, or a libpq {@code key=value} string. */
  public static Connection open(String connectionString) {
    return open(ConnectionConfig.parse(connectionString));
  }

  public static Connection open(ConnectionConfig config) {
    return open(config, null);
  }

  /**
   * Connects, sending a readable line for every protocol message in both directions to {@code
   * trace} (passwords, SASL payloads and cancel keys are hidden). For debugging connections.
   */
  public static Connection open(ConnectionConfig config, MessageTracer.Sink trace) {
    return new Connection(Connector.connect(ConnectSettings.from(config, trace)), config);
  }

  /**
   * Runs one or more SQL statements, separated by semicolons, with the simple query protocol.
   * Values come back as text. If a statement fails, the statements after it do not run, and the
   * error is thrown once the server is ready again (the connection stays usable); in an implicit
   * transaction (no {@code BEGIN}), earlier statements of the same string are rolled back too.
   */
  public List<SimpleResult> simpleQuery(String sql) {
    lock.lock();
    try {
      ensureOpen();
      return SessionAccess.simpleQuery(session, sql);
    } finally {
      lock.unlock();
    }
  }

  /** A run-time parameter the server reported (ParameterStatus), e.g. {@code server_version}. */
  public String parameter(String name) {
    return SessionAccess.parameters(session).get(name);
  }

  /** Every parameter the server reported, as of now. */
  public Map<String, String> parameters() {
    return Map.copyOf(SessionAccess.parameters(session));
  }

  /** The server process serving this session. */
  public int processId() {
    return SessionAccess.processId(session);
  }

  /** The protocol version in use: {@code 0x30000} for 3.0, {@code 0x30002} for 3.2. */
  public int protocolVersion() {
    return SessionAccess.protocolVersion(session);
  }

  /** The TLS protocol in use ({@code TLSv1.3}), or {@code null} without TLS. */
  public String tlsProtocol() {
    return SessionAccess.tlsProtocol(session);
  }

  /** The configuration this connection was opened with. */
  public ConnectionConfig config() {
    return config;
  }

  /** Whether the connection can still be used. */
  public boolean isOpen() {
    return !closed && !SessionAccess.isBroken(session);
  }

  private void ensureOpen() {
    if (closed) {
      throw new ConnectionException("the connection is closed", Outcome.NOT_SENT);
    }
    if (SessionAccess.isBroken(session)) {
      throw new ConnectionException("the connection was lost earlier and is closed", Outcome.NOT_SENT);
    }
  }

  /**
   * Ends the session with Terminate. If a request is running in another thread, the socket is
   * closed at once instead, and that request fails with an unknown outcome.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (lock.tryLock()) {
      try {
        SessionAccess.terminate(session);
      } finally {
        lock.unlock();
      }
    } else {
      SessionAccess.abort(session);
    }
  }

  @Override
  public String toString() {
    return "Connection[" + SessionAccess.describe(session) + ", pid " + processId() + (closed ? ", closed" : "") + "]";
  }
}
