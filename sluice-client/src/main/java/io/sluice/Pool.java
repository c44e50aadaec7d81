package io.sluice;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

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
 * and replaced; one idle for a while is checked before it is handed out; one past its lifetime is
 * retired. When every connection is taken, callers wait up to the acquire timeout, then get a
 * {@link PoolExhaustedException}.
 */
public final class Pool implements AutoCloseable {
  /**
   * What {@link #acquire()} returns on a borrowed connection: SET values back to their defaults,
   * temporary tables, advisory locks, LISTENs and open cursors dropped. Statements Sluice prepared
   * stay prepared (its cache remains valid).
   */
  static final String RESET_SESSION = "CLOSE ALL; SET SESSION AUTHORIZATION DEFAULT; RESET ALL; UNLISTEN *;"
      + " SELECT pg_advisory_unlock_all(); DISCARD TEMP; DISCARD SEQUENCES";

  private final PoolOptions options;
  private final PoolSlots slots;

  private Pool(ConnectionConfig config, PoolOptions options) {
    this.options = options;
    this.slots = new PoolSlots(options, () -> Connection.open(config));
  }

  /** A pool with {@link PoolOptions#DEFAULT} settings. */
  public static Pool open(String connectionString) {
    return open(ConnectionConfig.parse(connectionString), PoolOptions.DEFAULT);
  }

  public static Pool open(String connectionString, PoolOptions options) {
    return open(ConnectionConfig.parse(connectionString), options);
  }

  /** Opens the pool; its minimum connections open in the background. */
  public static Pool open(ConnectionConfig config, PoolOptions options) {
    return new Pool(config, options);
  }

  /** See {@link Connection#query}. */
  public RowSet query(String sql, Object... params) {
    return shared(c -> c.query(sql, params));
  }

  /** See {@link Connection#execute}. */
  public long execute(String sql, Object... params) {
    return shared(c -> c.execute(sql, params));
  }

  /** See {@link Connection#forEach}; the callback holds up only the statements queued behind it. */
  public void forEach(String sql, Consumer<? super Row> each, Object... params) {
    shared(c -> {
      c.forEach(sql, each, params);
      return null;
    });
  }

  /** See {@link Connection#reduce}. */
  public <A> A reduce(String sql, A init, BiFunction<A, ? super Row, A> fn, Object... params) {
    return shared(c -> c.reduce(sql, init, fn, params));
  }

  /** See {@link Connection#simpleQuery}. */
  public List<SimpleResult> simpleQuery(String sql) {
    return shared(c -> c.simpleQuery(sql));
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
    PoolSlots.Slot s = slots.borrow(deadline());
    try {
      return s.c.transaction(options, body);
    } finally {
      slots.giveBack(s, null);
    }
  }

  /**
   * Borrows a connection for {@code body} alone (session state: {@code SET}, temporary tables,
   * advisory locks), then resets it and gives it back.
   */
  public <T, X extends Exception> T session(Connection.SessionBody<T, X> body) throws X {
    PoolSlots.Slot s = slots.borrow(deadline());
    try {
      return s.c.session(body);
    } finally {
      slots.giveBack(s, RESET_SESSION);
    }
  }

  /**
   * Borrows a connection until the returned lease is closed: for work that needs one connection
   * throughout (batches, streams, prepared statements). Close the lease; a transaction left open
   * is rolled back and session state reset on return.
   */
  public Lease acquire() {
    return new Lease(slots, slots.borrow(deadline()));
  }

  /** A connection borrowed from the pool by {@link #acquire()}. */
  public static final class Lease implements AutoCloseable {
    private final PoolSlots slots;
    private final PoolSlots.Slot slot;
    private boolean returned;

    Lease(PoolSlots slots, PoolSlots.Slot slot) {
      this.slots = slots;
      this.slot = slot;
    }

    /** The borrowed connection; do not use it after {@link #close()}. */
    public Connection connection() {
      if (returned) {
        throw new IllegalStateException("this lease was returned to the pool; acquire another");
      }
      return slot.c;
    }

    /** Gives the connection back (once; later calls do nothing). */
    @Override
    public void close() {
      if (!returned) {
        returned = true;
        slots.giveBack(slot, RESET_SESSION);
      }
    }
  }

  /** Sizes and counters, as of now. */
  public PoolStats stats() {
    return slots.stats();
  }

  public PoolOptions options() {
    return options;
  }

  public boolean isClosed() {
    return slots.isClosed();
  }

  /**
   * Refuses new work, waits for running statements and borrowed connections to come back (up to
   * {@link PoolOptions#closeTimeout()}), then closes every connection.
   */
  @Override
  public void close() {
    slots.close();
  }

  private long deadline() {
    return System.nanoTime() + options.acquireTimeout().toNanos();
  }

  private <T> T shared(Function<Connection, T> statement) {
    PoolSlots.Slot s = slots.shared(deadline());
    Throwable failure = null;
    try {
      return statement.apply(s.c);
    } catch (RuntimeException | Error e) {
      failure = e;
      throw e;
    } finally {
      slots.doneShared(s, failure);
    }
  }

  @Override
  public String toString() {
    return "Pool" + stats();
  }
}
