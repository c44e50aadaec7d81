package io.sluice;

import io.sluice.internal.calls.Runner;
import io.sluice.internal.pool.FleetPool;
import io.sluice.internal.pool.PoolCore;
import io.sluice.internal.pool.PoolEvents;
import io.sluice.internal.pool.SlotPool;
import java.util.List;

/**
 * A pool of connections: the one thread-safe entry point an application needs. Independent
 * statements ({@link #query}, {@link #execute}, …) go to the least busy connection and are
 * pipelined there with other callers' statements, so a few connections serve many threads;
 * transactions and sessions borrow a connection for themselves and give it back.
 *
 * <pre>{@code
 * try (Pool pool = Pool.open("postgresql://app@db/app", PoolOptions.DEFAULT.maxSize(8))) {
 *   RowSet rows = pool.query("select * from items where id = $1", 42);
 *   pool.transaction(tx -> tx.execute("update items set n = n + 1 where id = $1", 42));
 * }
 * }</pre>
 *
 * <p>A connection that fails fatally (the server ended the session, the socket broke) is closed
 * and replaced. An idle connection is checked before it is handed out: what the server sent while
 * it was idle is read (a terminated backend's FATAL), and after a while an empty query makes a
 * round trip; a statement that found its connection dead before reaching the server runs again on
 * another. One past its lifetime is retired. When every connection is taken, callers wait up to
 * the acquire timeout, then get a {@link PoolExhaustedException}; when the server refuses more
 * connections (SQLSTATE class 53, e.g. a role's connection limit), callers wait for the
 * connections the pool has, and the pool stops trying to grow for a while.
 *
 * <p>Streams ({@link #forEach}, {@link #reduce}, {@link #stream}) borrow a connection for
 * themselves: a slow consumer holds up no other caller.
 */
public final class Pool implements Queryable, AutoCloseable {
  /** Numbers the pools opened without a name, as {@code pool-1}, {@code pool-2}, … */
  private static final java.util.concurrent.atomic.AtomicInteger UNNAMED = new java.util.concurrent.atomic.AtomicInteger();

  private final String name;
  private final PoolOptions options;
  /** The connections: of one server, or with {@code read_routing}, of each host and its monitor. */
  final PoolCore core;
  /** The calls of {@link Queryable}, through this pool. */
  final Runner runner;
  /** What {@link #readOnly()} returns. */
  private final Queryable readOnly;
  /** What {@link #whenClosed} was given, run once by {@link #close()}. */
  private final java.util.List<Runnable> onClose = new java.util.concurrent.CopyOnWriteArrayList<>();

  private Pool(String name, ConnectionConfig config, PoolOptions options) {
    this.name = name;
    this.options = options;
    PoolEvents events = new PoolEvents(name, config.listener().orElse(null));
    this.core = config.readRouting() == ReadRouting.PRIMARY ? new SlotPool(this, config, options, events)
        : new FleetPool(this, config, options, events);
    this.runner = core.runner();
    Runner reads = core.readRunner();
    this.readOnly = reads == null ? this : new View(reads, this, null);
  }

  /**
   * The pool's calls as read-only work. With {@code read_routing} {@code prefer-standby} or {@code
   * standby}, they go to a standby that lags at most {@code max_standby_lag} (the least busy of
   * them), where the server refuses a write ({@code 25006}); when none is fit after a short wait,
   * {@code prefer-standby} runs them on the primary and {@code standby} fails naming each host's
   * reason. Its {@code withTimeout} keeps the route.
   *
   * <p>With {@code read_routing=primary} (the default) this is the pool itself: read-only work
   * stays on the one server, and nothing is enforced — marking every statement read-only there
   * would cost a transaction of its own per statement (a borrowed connection, no pipelining). The
   * same holds for a read {@code prefer-standby} sends to the primary. For a read-only check by
   * the server, use a transaction with {@link TxOptions#readOnly(boolean)}.
   */
  public Queryable readOnly() {
    return readOnly;
  }

  /** A pool with {@link PoolOptions#DEFAULT} settings. */
  public static Pool open(String connectionString) {
    return open(ConnectionConfig.parse(connectionString), PoolOptions.DEFAULT);
  }

  public static Pool open(String connectionString, PoolOptions options) {
    return open(ConnectionConfig.parse(connectionString), options);
  }

  /** Opens the pool, named {@code pool-N}; its minimum connections open in the background. */
  public static Pool open(ConnectionConfig config, PoolOptions options) {
    return open("pool-" + UNNAMED.incrementAndGet(), config, options);
  }

  /**
   * Opens the pool named {@code name}, as events ({@link io.sluice.event.PoolEvent#pool()}) and
   * metrics name it; its minimum connections open in the background.
   */
  public static Pool open(String name, ConnectionConfig config, PoolOptions options) {
    if (name == null || name.isBlank()) {
      throw new ConfigException("a pool's name must not be empty");
    }
    return new Pool(name, config, options);
  }

  /** The name given to {@link #open(String, ConnectionConfig, PoolOptions)}, else {@code pool-N}. */
  public String name() {
    return name;
  }




















  /** A transaction with default settings on a borrowed connection; see {@link Connection#transaction(TxOptions, Transaction.Body)}. */
  public <T, X extends Exception> T transaction(Transaction.Body<T, X> body) throws X {
    return transaction(TxOptions.DEFAULT, body);
  }

  /**
   * Borrows a connection, runs {@code body} in a transaction on it (commit, rollback, retries as
   * {@link Connection#transaction(TxOptions, Transaction.Body)}), and gives it back. Session
   * settings changed inside with plain {@code SET} outlive the transaction on that connection:
   * use {@code SET LOCAL}, or {@link #session}.
   */
  public <T, X extends Exception> T transaction(TxOptions options, Transaction.Body<T, X> body) throws X {
    return core.transaction(options, body);   // on a routing pool, a read-only one on the read route
  }

  /**
   * Borrows a connection for {@code body} alone (session state: {@code SET}, temporary tables,
   * advisory locks), then resets it and gives it back.
   */
  public <T, X extends Exception> T session(Connection.SessionBody<T, X> body) throws X {
    return core.session(body);
  }

  /**
   * Borrows a connection until the returned lease is closed: for work that needs one connection
   * throughout (batches, streams, prepared statements). Close the lease; a transaction left open
   * is rolled back and session state reset on return.
   */
  public Lease acquire() {
    return core.acquire(false);
  }

  /**
   * Borrows a connection as {@link #acquire()} does, for read-only work when {@code readOnly}: on a
   * pool that routes ({@code read_routing} {@code prefer-standby} or {@code standby}), from the
   * read route — a fit standby, chosen, waited for and fallen back from as for {@link #readOnly()}
   * — where the server refuses a write ({@code 25006}). On a pool that does not route, or with
   * {@code readOnly} false, it is {@link #acquire()}. For a caller that runs its own transactions
   * on one connection, such as sluice-jdbc's routing connections; see {@link Lease#tracked}.
   */
  public Lease acquire(boolean readOnly) {
    return core.acquire(readOnly);
  }

  /** A connection borrowed from the pool by {@link #acquire()}. */
  public interface Lease extends AutoCloseable {
    /** The borrowed connection; do not use it after {@link #close()}. */
    Connection connection();

    /**
     * Runs {@code work} on this thread so that a routing pool learns the WAL position behind the
     * requests it sends on this connection in the same socket write as they go, as the pool's own
     * calls do — for statements outside a transaction, or a transaction's {@code COMMIT} or {@code
     * ROLLBACK} (inside a transaction, a position is not the commit's). A returned lease otherwise
     * asks for the position at its return, a round trip: returned right after this, it asks nothing
     * (fetching {@link #connection()} again cancels that). Where no position could follow (a
     * stream), it is asked when {@code work} returns. On a pool that does not route, this just runs
     * {@code work}.
     */
    <T> T tracked(java.util.function.Supplier<T> work);

    /** Gives the connection back (once; later calls do nothing). */
    @Override
    void close();

    /**
     * Gives the connection back with its session as it is: a transaction left open is rolled back,
     * but {@code SET} values, temporary tables and the rest stay, saving {@link #close()}'s reset
     * round trip. For a caller that puts back what it changed itself, as a JDBC pool does
     * (sluice-jdbc's {@code SluicePoolDataSource}). Once, like {@link #close()}.
     */
    void closeKeepingSession();
  }

  /** Sizes and counters, as of now. */
  public PoolStats stats() {
    return core.stats();
  }

  /**
   * For a pool that routes ({@code read_routing} {@code prefer-standby} or {@code standby}), each
   * server as the pool's monitor last found it — role, up or down, a standby's lag — with the
   * calls the pool ran there and its connections to it; empty for a pool that does not route.
   */
  public List<HostStats> hosts() {
    return core.hosts();
  }

  /**
   * The counters of the pool's open connections ({@link Connection#stats()}), summed: statement
   * cache hits, misses and evictions, and requests in flight. Connections the pool has closed no
   * longer count.
   */
  public ConnectionStats connectionStats() {
    return core.connectionStats();
  }

  /**
   * The server parameters ({@code ParameterStatus}: {@code server_version}, {@code
   * standard_conforming_strings}, {@code integer_datetimes}, {@code client_encoding}, {@code
   * server_encoding}, {@code DateStyle}, …) as the newest session this pool opened reported them
   * by the end of its start-up, known without taking a connection; empty before the pool has
   * opened one. A routing pool counts its monitor's sessions too (same user, database and
   * options), so it knows them once a probe has connected. Later {@code SET}s on a session are
   * not reflected: for a session's own values, ask it ({@link Connection#parameter}).
   */
  public java.util.Map<String, String> serverParameters() {
    return core.serverParameters();
  }

  public PoolOptions options() {
    return options;
  }

  public boolean isClosed() {
    return core.isClosed();
  }

  /**
   * Refuses new work, waits for running statements and borrowed connections to come back (up to
   * {@link PoolOptions#closeTimeout()}), then closes every connection.
   */
  @Override
  public void close() {
    core.close();
    for (Runnable r : onClose) {
      if (onClose.remove(r)) {   // once, even when two threads close at once
        r.run();
      }
    }
  }

  /**
   * Runs {@code action} once this pool has closed, on the closing thread (at once when it is closed
   * already): for what lives as long as the pool, such as its meters in a registry.
   */
  public void whenClosed(Runnable action) {
    onClose.add(action);
    if (isClosed() && onClose.remove(action)) {
      action.run();
    }
  }

  @Override
  public String toString() {
    String stats = stats().toString();
    return "Pool" + stats.substring(stats.indexOf('['));
  }
}
