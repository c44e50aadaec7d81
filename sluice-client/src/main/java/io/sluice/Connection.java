package io.sluice;

import io.sluice.event.EventListener;
import io.sluice.internal.calls.ConnectionCore;
import io.sluice.internal.calls.Connections;
import io.sluice.internal.calls.Retries;
import io.sluice.internal.calls.Runner;
import io.sluice.internal.engine.Deadline;
import io.sluice.event.TransactionStart;
import io.sluice.internal.events.Events;
import io.sluice.internal.events.Started;
import io.sluice.protocol.MessageTracer;
import io.sluice.protocol.TransactionStatus;
import java.time.Duration;
import java.util.Map;

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
  /** The session, its settings and state; this class keeps only what a user calls. */
  final ConnectionCore core;
  /** The calls of {@link Queryable}, on this connection. */
  final Runner runner;

  static {
    // the pool opens cores and wraps them; the JDBC driver reaches a connection's notices
    Connections.install(new Connections.Bridge() {
      @Override
      public Connection connection(ConnectionCore core) {
        return new Connection(core);
      }

      @Override
      public ConnectionCore core(Connection connection) {
        return connection.core;
      }
    });
  }

  private Connection(ConnectionCore core) {
    this.core = core;
    this.runner = core.runner();
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
    return new Connection(ConnectionCore.open(config, trace));
  }

  /** COPY in and out on this connection; see {@link Copy}. */
  public Copy copy() {
    core.ensureOpen();
    return new Copy(this, core.statements());
  }

  /** A batch of statements to send together; see {@link Batch}. */
  public Batch batch() {
    core.ensureOpen();
    return new Batch(core.statements(), core.deadline());
  }

  /**
   * A batch whose run is bounded by {@code timeout} (from this call) in place of {@code
   * query_timeout}: past it, the statement running is cancelled and the run fails with {@link
   * QueryTimeoutException}.
   */
  public Batch batch(Duration timeout) {
    core.ensureOpen();
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new ConfigException("a batch timeout must be more than zero, got " + timeout);
    }
    return new Batch(core.statements(), Deadline.in(timeout.toNanos()));
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
    core.ensureOpen();
    core.pin();
    // BEGIN goes out with the first statement, in the same exchange: no round trip of its own
    core.statements().engine().deferBegin(options.beginSql());
    Events events = core.events();
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
    core.ensureOpen();
    core.pin();
    boolean returned = false;
    try {
      T value = body.run(this);
      returned = true;
      return value;
    } finally {
      try {
        if (isOpen() && core.transactionStatus() != TransactionStatus.IDLE) {
          core.statements().simpleQueryUnobserved("ROLLBACK", core.deadline());   // Sluice's own clean-up: not reported
          if (returned) {
            throw new TransactionException("the session ended with a transaction open; it was rolled back",
                SluiceException.Outcome.SERVER_ERROR);
          }
        }
      } finally {
        core.unpin();
      }
    }
  }

  /**
   * Sends a notification to every session listening on {@code channel}, with {@code pg_notify}
   * (the channel and payload travel as parameters: no quoting needed). Inside a transaction, it
   * is delivered when the transaction commits.
   */
  public void notifyChannel(String channel, String payload) {
    query("select pg_notify($1, $2)", channel, payload);
  }

  /**
   * Asks the server to cancel what it is running for this connection now (a CancelRequest on a
   * separate connection). With several requests in flight, the one running at that moment is
   * cancelled; prefer {@code query_timeout}, which cancels only the request that ran too long.
   * Returns whether the server acknowledged the request.
   */
  public boolean cancel() {
    core.ensureOpen();
    return core.statements().engine().cancelCurrent();
  }

  /** A run-time parameter the server reported (ParameterStatus), e.g. {@code server_version}. */
  public String parameter(String name) {
    return core.statements().server().parameters().get(name);
  }

  /** Every parameter the server reported, as of now. */
  public Map<String, String> parameters() {
    return Map.copyOf(core.statements().server().parameters());
  }

  /** The server process serving this session. */
  public int processId() {
    return core.statements().server().processId();
  }

  /** The protocol version in use: {@code 0x30000} for 3.0, {@code 0x30002} for 3.2. */
  public int protocolVersion() {
    return core.statements().server().protocolVersion();
  }

  /** The TLS protocol in use ({@code TLSv1.3}), or {@code null} without TLS. */
  public String tlsProtocol() {
    return core.statements().server().tlsProtocol();
  }

  /** Whether the session is GSS-encrypted ({@code gssencmode}; libpq's {@code PQgssEncInUse}). */
  public boolean gssEncrypted() {
    return core.statements().server().gssEncrypted();
  }

  /**
   * This connection's counters: statement-cache hits, misses and evictions, statements cached, and
   * requests in flight now and at the most. A snapshot; cheap enough to poll for gauges.
   */
  public ConnectionStats stats() {
    return core.statements().stats();
  }

  /** The configuration this connection was opened with. */
  public ConnectionConfig config() {
    return core.config();
  }

  /** Whether the connection can still be used. */
  public boolean isOpen() {
    return core.isOpen();
  }

  /**
   * Ends the session with Terminate. Requests still in flight in other threads fail with an
   * unknown outcome.
   */
  @Override
  public void close() {
    core.close();
  }

  @Override
  public String toString() {
    return "Connection[" + core.statements().server().describe() + ", pid " + processId() + (core.isClosed() ? ", closed" : "") + "]";
  }
}
