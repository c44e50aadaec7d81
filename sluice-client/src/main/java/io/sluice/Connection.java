package io.sluice;

import io.sluice.SluiceException.Outcome;
import io.sluice.event.EventListener;
import io.sluice.internal.calls.Retries;
import io.sluice.internal.calls.Runner;
import io.sluice.internal.session.ConnectPlan;
import io.sluice.internal.session.Connector;
import io.sluice.event.ConnectionInfo;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.engine.EngineSettings;
import io.sluice.event.TransactionStart;
import io.sluice.internal.events.Events;
import io.sluice.internal.events.Started;
import io.sluice.internal.rows.RowLayout;
import io.sluice.internal.rows.RowSink;
import io.sluice.internal.statements.StatementRunner;
import io.sluice.protocol.MessageTracer;
import io.sluice.protocol.TransactionStatus;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

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
public final class Connection implements Queryable, AutoCloseable {
  private final StatementRunner session;
  private final ConnectionConfig config;
  private final long queryTimeoutNanos;
  /** This connection's events (its listener's and JFR's), called safely; see {@link Events#on}. */
  private final Events events;
  private volatile boolean closed;
  /** The calls of {@link Queryable}, on this connection. */
  final Runner runner = new ConnectionRunner(this, -1);

  private Connection(StatementRunner session, ConnectionConfig config, Events events) {
    this.session = session;
    this.config = config;
    this.events = events;
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
    if (config.readRouting() != ReadRouting.PRIMARY) {
      throw new ConfigException("routing needs a Pool: read_routing=" + config.readRouting().keyword()
          + " picks a host per call, and a single Connection stays on the host it opened"
          + " (use Pool.open, or read_routing=primary)");
    }
    EventListener listener = config.listener().orElse(null);
    var server = Connector.connect(ConnectPlan.of(config, trace), Events.of(listener, null));
    ConnectionInfo info = server.connectionInfo();
    server.onNotice(Events.noticeRoute(config.noticeHandler().orElse(null), info));
    Events events = Events.of(listener, info);
    return new Connection(new StatementRunner(server, EngineSettings.of(config), events), config, events)
        .withNamedCodecs();
  }

  /**
   * Registers the configuration's codecs given by type name under this database's OIDs (one
   * catalog query, only when there are any); a failure closes the connection.
   */
  private Connection withNamedCodecs() {
    try {
      session.registerNamedCodecs(config.codecs(), config.database(), deadline());
      return this;
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /** This connection's events (for transactions, COPY and a pool's events about it); see {@link Events#on}. */
  Events events() {
    return events;
  }

  Deadline deadline() {
    return Deadline.in(queryTimeoutNanos);
  }

  /** A call's own deadline, or this connection's query_timeout from now when the call has none. */
  Deadline deadline(Deadline call) {
    return call.isNone() ? deadline() : call;
  }

  void ensureOpen() {
    if (closed) {
      throw new ConnectionException("the connection is closed", Outcome.NOT_SENT);
    }
  }









  /** Rows per fetch of {@link #forEachWhile} inside a transaction: a round trip per chunk. */
  static final int STOPPABLE_FETCH = 4096;



  /** COPY in and out on this connection; see {@link Copy}. */
  public Copy copy() {
    ensureOpen();
    return new Copy(this, session);
  }

  /** A batch of statements to send together; see {@link Batch}. */
  public Batch batch() {
    ensureOpen();
    return new Batch(session, deadline());
  }



  /**
   * A batch whose run is bounded by {@code timeout} (from this call) in place of {@code
   * query_timeout}: past it, the statement running is cancelled and the run fails with {@link
   * QueryTimeoutException}.
   */
  public Batch batch(Duration timeout) {
    ensureOpen();
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new ConfigException("a batch timeout must be more than zero, got " + timeout);
    }
    return new Batch(session, Deadline.in(timeout.toNanos()));
  }





  /**
   * Streams rows into a reused view until the callback says stop or throws; either stops delivery
   * (and, when safe, the server's work: {@link RowSink#stopped}), not the protocol.
   */
  static final class Streamer implements RowSink {
    private final Predicate<? super Row> each;
    private Row view;
    private boolean stop;
    private RuntimeException failure;
    private Error error;

    Streamer(Consumer<? super Row> each) {
      this.each = row -> {
        each.accept(row);
        return true;
      };
    }

    Streamer(Predicate<? super Row> each) {
      this.each = each;
    }

    @Override
    public boolean stopped() {
      return stop;
    }

    @Override
    public void start(RowLayout layout) {
      view = new Row(layout);
    }

    @Override
    public void row(byte[] buf, int off, int len) {
      if (stop) {
        return;
      }
      view.point(buf, off);
      try {
        stop = !each.test(view);
      } catch (RuntimeException e) {
        failure = e;
        stop = true;
      } catch (Error e) {
        error = e;
        stop = true;
      }
    }

    @Override
    public Throwable failure() {
      return error != null ? error : failure;
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
   * Begins a transaction with the server's default settings; see {@link #begin(TxOptions)}.
   */
  public Transaction begin() {
    return begin(TxOptions.DEFAULT);
  }

  /**
   * Begins a transaction and pins this connection to it and to the calling thread: until it ends,
   * statements from other threads wait, so none of them runs inside it. Close it (or use {@link
   * #transaction(TxOptions, Transaction.Body)}): an unfinished transaction is rolled back on
   * {@link Transaction#close()}.
   *
   * <p>{@code BEGIN} costs no round trip of its own: it is sent in front of the transaction's
   * first statement, in the same exchange (without a Sync between them, so that if it failed, the
   * statement would not run). A transaction that runs no statement never reaches the server.
   *
   * @throws IllegalStateException if the calling thread already holds this connection in a
   *     transaction or session (nest with {@link Transaction#transaction}, which uses a savepoint)
   */
  public Transaction begin(TxOptions options) {
    return begin(options, 1);
  }

  /** Begins a transaction, the {@code attempt}th run of a body (for its start event). */
  private Transaction begin(TxOptions options, int attempt) {
    ensureOpen();
    pin();
    // BEGIN goes out with the first statement, in the same exchange: no round trip of its own
    session.engine().deferBegin(options.beginSql());
    Deadline until = options.timeout() == null ? Deadline.NONE : Deadline.in(options.timeout().toNanos());
    return new Transaction(this, null, null, until, !Events.on(events) ? null
        : Started.begin(events, new TransactionStart(events.connection(), options, attempt),
            EventListener::transactionStart));
  }

  /** Runs {@code body} in a transaction with default settings; see {@link #transaction(TxOptions, Transaction.Body)}. */
  public <T, X extends Exception> T transaction(Transaction.Body<T, X> body) throws X {
    return transaction(TxOptions.DEFAULT, body);
  }

  /**
   * Runs {@code body} in a transaction: committed when it returns, rolled back when it throws
   * (the exception is rethrown). With {@link TxOptions#retries()}, a serialization failure or
   * deadlock ({@code 40001}, {@code 40P01}), thrown by a statement or by the commit, rolls back
   * and runs the whole body again, after a short random pause; the body must then have no
   * effects outside the database, or tolerate repeating them.
   */
  public <T, X extends Exception> T transaction(TxOptions options, Transaction.Body<T, X> body) throws X {
    for (int attempt = 0; ; attempt++) {
      Transaction tx = begin(options, attempt + 1);
      tx.retriesLeft = attempt < options.retries();
      try {
        T value = body.run(tx);
        tx.commit();
        return value;
      } catch (Throwable e) {
        tx.rollbackQuietly(e);
        if (attempt < options.retries() && Retries.isTransient(e)) {
          Retries.pause(attempt);
          continue;
        }
        throw e;
      }
    }
  }

  /** Work that needs one session to itself; see {@link #session(SessionBody)}. */
  @FunctionalInterface
  public interface SessionBody<T, X extends Exception> {
    T run(Connection pinned) throws X;
  }

  /**
   * Pins this connection to the calling thread while {@code body} runs, for session state that
   * must not be shared: {@code SET}, temporary tables, advisory locks, cursors, explicit {@code
   * BEGIN}. Other threads' statements wait until it returns. A transaction left open by the body
   * is rolled back, and then this throws {@link TransactionException}.
   *
   * @throws IllegalStateException if the calling thread already holds this connection in a
   *     transaction or session
   */
  public <T, X extends Exception> T session(SessionBody<T, X> body) throws X {
    ensureOpen();
    pin();
    boolean returned = false;
    try {
      T value = body.run(this);
      returned = true;
      return value;
    } finally {
      try {
        if (isOpen() && transactionStatus() != TransactionStatus.IDLE) {
          session.simpleQueryUnobserved("ROLLBACK", deadline());   // Sluice's own clean-up: not reported
          if (returned) {
            throw new TransactionException("the session ended with a transaction open; it was rolled back",
                SluiceException.Outcome.SERVER_ERROR);
          }
        }
      } finally {
        unpin();
      }
    }
  }

  StatementRunner session() {
    return session;
  }

  /**
   * Sends a notification to every session listening on {@code channel}, with {@code pg_notify}
   * (the channel and payload travel as parameters: no quoting needed). Inside a transaction, it
   * is delivered when the transaction commits.
   */
  public void notifyChannel(String channel, String payload) {
    query("select pg_notify($1, $2)", channel, payload);
  }

  void pin() {
    session.engine().hold(deadline());
  }

  void unpin() {
    session.engine().release();
  }

  /** The transaction status of the last ReadyForQuery. */
  TransactionStatus transactionStatus() {
    return session.engine().transactionStatus();
  }



  /** Runs Sluice's own statements (a pool's rollback and session reset): no event reports them. */
  void runInternally(String sql) {
    ensureOpen();
    session.simpleQueryUnobserved(sql, deadline());
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
    return session.server().parameters().get(name);
  }

  /** Every parameter the server reported, as of now. */
  public Map<String, String> parameters() {
    return Map.copyOf(session.server().parameters());
  }

  /** The server process serving this session. */
  public int processId() {
    return session.server().processId();
  }

  /** The protocol version in use: {@code 0x30000} for 3.0, {@code 0x30002} for 3.2. */
  public int protocolVersion() {
    return session.server().protocolVersion();
  }

  /** The TLS protocol in use ({@code TLSv1.3}), or {@code null} without TLS. */
  public String tlsProtocol() {
    return session.server().tlsProtocol();
  }

  /** Whether the session is GSS-encrypted ({@code gssencmode}; libpq's {@code PQgssEncInUse}). */
  public boolean gssEncrypted() {
    return session.server().gssEncrypted();
  }

  /**
   * This connection's counters: statement-cache hits, misses and evictions, statements cached, and
   * requests in flight now and at the most. A snapshot; cheap enough to poll for gauges.
   */
  public ConnectionStats stats() {
    return session.stats();
  }

  /** The configuration this connection was opened with. */
  public ConnectionConfig config() {
    return config;
  }

  /** For the pool: whether a stream is in flight here, so that statements routed here would wait behind it. */
  boolean isStreaming() {
    return session.engine().streaming();
  }

  /**
   * For the pool, before handing out an idle connection: reads what the server may have sent while
   * it was idle; false when it turns out closed (its backend was terminated, the server shut down).
   */
  boolean checkIdle() {
    return !closed && session.engine().checkIdle();
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
    return "Connection[" + session.server().describe() + ", pid " + processId() + (closed ? ", closed" : "") + "]";
  }
}
