package io.sluice;

import io.sluice.SluiceException.Outcome;
import io.sluice.internal.Connector;
import io.sluice.internal.RowLayout;
import io.sluice.internal.RowSink;
import io.sluice.internal.RowStore;
import io.sluice.internal.Session;
import io.sluice.internal.SessionAccess;
import io.sluice.protocol.MessageTracer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * One session with a PostgreSQL server, safe to share between threads. Independent statements
 * from concurrent callers are pipelined: each is written without waiting for the replies to
 * earlier ones, and leaves with its neighbours in one socket write. A lone caller pays nothing for
 * this. Every statement is its own implicit transaction (its own Sync), so one caller's error
 * never touches another's. Built for virtual threads: waiting parks, it never pins.
 *
 * <pre>{@code
 * try (Connection c = Connection.open("postgresql://app@db.example/app?sslmode=verify-full")) {
 *   RowSet rows = c.query("select id, name from users where team = $1", teamId);
 *   for (Row r : rows) {
 *     System.out.println(r.getLong("id") + " " + r.getString("name"));
 *   }
 * }
 * }</pre>
 */
public final class Connection implements AutoCloseable {
  private final Session session;
  private final ConnectionConfig config;
  private final long queryTimeoutNanos;
  private volatile boolean closed;

  private Connection(Session session, ConnectionConfig config) {
    this.session = session;
    this.config = config;
    this.queryTimeoutNanos = config.queryTimeout().map(Duration::toNanos).orElse(0L);
  }

  /** Connects with a {@code postgresql://} URI, a {@code jdbc:postgresql://} URL, or a libpq {@code key=value} string. */
  public static Connection open(String connectionString) {
    return open(ConnectionConfig.parse(connectionString));
  }

  public static Connection open(ConnectionConfig config) {
    return open(config, null);
  }

  /**
   * Connects, sending a readable line for every protocol message read or written during startup
   * to {@code trace} (passwords, SASL payloads and cancel keys are hidden). For debugging.
   */
  public static Connection open(ConnectionConfig config, MessageTracer.Sink trace) {
    var server = Connector.connect(ConnectSettings.from(config, trace));
    long cancelTimeout = config.cancelTimeout().map(Duration::toNanos).orElse(0L);
    return new Connection(new Session(server, config.pipelineDepth(), config.statementCacheSize(), cancelTimeout), config);
  }

  long deadline() {
    return queryTimeoutNanos == 0 ? 0 : System.nanoTime() + queryTimeoutNanos;
  }

  private void ensureOpen() {
    if (closed) {
      throw new ConnectionException("the connection is closed", Outcome.NOT_SENT);
    }
  }

  /**
   * Runs a statement with parameters ({@code $1}, {@code $2}, …) and returns all its rows. Values
   * travel in binary wherever a codec exists; the statement is prepared on first use and cached.
   */
  public RowSet query(String sql, Object... params) {
    ensureOpen();
    RowStore store = new RowStore();
    Session.QueryResult r = session.query(sql, params, store::add, false, deadline());
    return new RowSet(r.layout(), store, r.commandTag());
  }

  /** Runs a statement and returns the number of rows it affected (or returned), or -1. */
  public long execute(String sql, Object... params) {
    ensureOpen();
    Session.QueryResult r = session.query(sql, params, (b, o, l) -> {}, false, deadline());
    return CommandTags.rowCount(r.commandTag());
  }

  /**
   * Streams the rows to {@code each} as they arrive, without keeping them: any number of rows in
   * constant memory. The {@link Row} passed is reused: it is valid only during the call. The
   * callback runs on this thread; while it runs, requests queued behind this one on the same
   * connection wait, so keep it quick or use a dedicated connection. If the callback throws, the
   * remaining rows are skipped and the exception is rethrown once the connection is ready again.
   */
  public void forEach(String sql, Consumer<? super Row> each, Object... params) {
    ensureOpen();
    Streamer s = new Streamer(each);
    session.query(sql, params, s, true, deadline());
    s.rethrow();
  }

  /**
   * Prepares a statement on the server now (one round trip), letting the server infer every
   * parameter type, and returns a handle that runs it with values encoded for those types.
   */
  public PreparedQuery prepare(String sql) {
    ensureOpen();
    return new PreparedQuery(this, session, session.prepare(sql, deadline()));
  }

  /** A batch of statements to send together; see {@link Batch}. */
  public Batch batch() {
    ensureOpen();
    return new Batch(session, deadline());
  }

  /**
   * Fetches the rows {@code fetchSize} at a time, as the iterator asks for them (a server-side
   * portal suspended between chunks). Close the stream; until then this connection writes
   * nothing else. See {@link RowStream}.
   */
  public RowStream stream(String sql, int fetchSize, Object... params) {
    ensureOpen();
    return new RowStream(session.openPortal(sql, params, fetchSize, deadline()));
  }

  /** Folds the rows into a value as they arrive (streaming, like {@link #forEach}). */
  public <A> A reduce(String sql, A init, BiFunction<A, ? super Row, A> fn, Object... params) {
    Object[] acc = {init};
    forEach(sql, row -> {
      @SuppressWarnings("unchecked")
      A a = (A) acc[0];
      acc[0] = fn.apply(a, row);
    }, params);
    @SuppressWarnings("unchecked")
    A result = (A) acc[0];
    return result;
  }

  /** Streams rows into a reused view; a callback's exception stops delivery, not the protocol. */
  static final class Streamer implements RowSink {
    private final Consumer<? super Row> each;
    private Row view;
    private RuntimeException failure;
    private Error error;

    Streamer(Consumer<? super Row> each) {
      this.each = each;
    }

    @Override
    public void start(RowLayout layout) {
      view = new Row(layout);
    }

    @Override
    public void row(byte[] buf, int off, int len) {
      if (failure != null || error != null) {
        return;
      }
      view.point(buf, off, len);
      try {
        each.accept(view);
      } catch (RuntimeException e) {
        failure = e;
      } catch (Error e) {
        error = e;
      }
    }

    void rethrow() {
      if (error != null) {
        throw error;
      }
      if (failure != null) {
        throw failure;
      }
    }
  }

  /**
   * Runs one or more SQL statements, separated by semicolons, with the simple query protocol.
   * Values come back as text. If a statement fails, the statements after it do not run, and the
   * error is thrown once the server is ready again (the connection stays usable); in an implicit
   * transaction (no {@code BEGIN}), earlier statements of the same string are rolled back too.
   */
  public List<SimpleResult> simpleQuery(String sql) {
    ensureOpen();
    return session.simpleQuery(sql, deadline());
  }

  /**
   * Asks the server to cancel what it is running for this connection now (a CancelRequest on a
   * separate connection). With several requests in flight, the one running at that moment is
   * cancelled; prefer {@code query_timeout}, which cancels only the request that ran too long.
   * Returns whether the server acknowledged the request.
   */
  public boolean cancel() {
    ensureOpen();
    return session.engine().cancelCurrent();
  }

  /** A run-time parameter the server reported (ParameterStatus), e.g. {@code server_version}. */
  public String parameter(String name) {
    return SessionAccess.parameters(session.server()).get(name);
  }

  /** Every parameter the server reported, as of now. */
  public Map<String, String> parameters() {
    return Map.copyOf(SessionAccess.parameters(session.server()));
  }

  /** The server process serving this session. */
  public int processId() {
    return SessionAccess.processId(session.server());
  }

  /** The protocol version in use: {@code 0x30000} for 3.0, {@code 0x30002} for 3.2. */
  public int protocolVersion() {
    return SessionAccess.protocolVersion(session.server());
  }

  /** The TLS protocol in use ({@code TLSv1.3}), or {@code null} without TLS. */
  public String tlsProtocol() {
    return SessionAccess.tlsProtocol(session.server());
  }

  /** The configuration this connection was opened with. */
  public ConnectionConfig config() {
    return config;
  }

  /** Whether the connection can still be used. */
  public boolean isOpen() {
    return !closed && !session.engine().isBroken();
  }

  /**
   * Ends the session with Terminate. Requests still in flight in other threads fail with an
   * unknown outcome.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    session.engine().terminate();
  }

  @Override
  public String toString() {
    return "Connection[" + SessionAccess.describe(session.server()) + ", pid " + processId() + (closed ? ", closed" : "") + "]";
  }
}
