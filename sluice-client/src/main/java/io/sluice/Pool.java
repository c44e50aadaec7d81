package io.sluice;

import io.sluice.internal.calls.Runner;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.fleet.Route;
import java.util.List;
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
  /**
   * What {@link #acquire()} returns on a borrowed connection: SET values back to their defaults,
   * temporary tables, advisory locks, LISTENs and open cursors dropped. Statements Sluice prepared
   * stay prepared (its cache remains valid).
   */
  static final String RESET_SESSION = "CLOSE ALL; SET SESSION AUTHORIZATION DEFAULT; RESET ALL; UNLISTEN *;"
      + " SELECT pg_advisory_unlock_all(); DISCARD TEMP; DISCARD SEQUENCES";

  /** Numbers the pools opened without a name, as {@code pool-1}, {@code pool-2}, … */
  private static final java.util.concurrent.atomic.AtomicInteger UNNAMED = new java.util.concurrent.atomic.AtomicInteger();

  private final String name;
  private final PoolOptions options;
  /** The connections; null when the pool routes ({@link #fleet}). */
  private final PoolSlots slots;
  /** With {@code read_routing} other than {@code primary}: the host groups and monitor; else null. */
  private final FleetPool fleet;
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
    if (config.readRouting() == ReadRouting.PRIMARY) {
      this.slots = new PoolSlots(options, () -> Connection.open(config), events);
      this.fleet = null;
      this.runner = new PoolRunner(this, -1);
      this.readOnly = this;
    } else {
      this.slots = null;
      this.fleet = new FleetPool(this, config, options, events);
      this.runner = new RoutedRunner(fleet, Route.WRITE, -1);
      this.readOnly = new ReadView(new RoutedRunner(fleet, Route.READ, -1), this);
    }
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
    if (fleet != null) {
      return fleet.transaction(options, body);   // a read-only one on the read route
    }
    PoolSlot s = borrow();
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
    if (fleet != null) {
      return fleet.session(body);
    }
    PoolSlot s = borrow();
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
    if (fleet != null) {
      return fleet.acquire();
    }
    return new Lease(slots, borrow());
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
    if (fleet != null && readOnly) {
      return fleet.acquire(Route.READ);
    }
    return acquire();
  }

  /** A connection borrowed from the pool by {@link #acquire()}. */
  public static final class Lease implements AutoCloseable {
    private final PoolSlots slots;
    private final PoolSlot slot;
    /** How a routing pool learns the WAL position behind the lease's work, or null. */
    private final LeaseTracking tracking;
    /** The position behind the last work was learnt by {@link #tracked}: the return need not ask. */
    private volatile boolean learnt;
    private boolean returned;

    Lease(PoolSlots slots, PoolSlot slot) {
      this(slots, slot, null);
    }

    Lease(PoolSlots slots, PoolSlot slot, LeaseTracking tracking) {
      this.slots = slots;
      this.slot = slot;
      this.tracking = tracking;
    }

    /** The borrowed connection; do not use it after {@link #close()}. */
    public Connection connection() {
      if (returned) {
        throw new IllegalStateException("this lease was returned to the pool; acquire another");
      }
      learnt = false;   // whatever is sent on it now was not tracked
      return slot.c;
    }

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
    public <T> T tracked(java.util.function.Supplier<T> work) {
      if (tracking == null) {
        return work.get();
      }
      T value = tracking.tracked(work);
      learnt = true;
      return value;
    }

    /** Gives the connection back (once; later calls do nothing). */
    @Override
    public void close() {
      giveBack(RESET_SESSION);
    }

    /**
     * Gives the connection back with its session as it is: a transaction left open is rolled back,
     * but {@code SET} values, temporary tables and the rest stay, saving {@link #close()}'s reset
     * round trip. For a caller that puts back what it changed itself, as a JDBC pool does
     * (sluice-jdbc's {@code SluicePoolDataSource}). Once, like {@link #close()}.
     */
    public void closeKeepingSession() {
      giveBack(null);
    }

    private void giveBack(String resetSql) {
      if (!returned) {
        returned = true;
        try {
          if (tracking != null && !learnt) {
            tracking.ask();
          }
        } finally {
          slots.giveBack(slot, resetSql);
        }
      }
    }
  }

  /** Sizes and counters, as of now. */
  public PoolStats stats() {
    return fleet != null ? fleet.stats() : slots.stats();
  }

  /**
   * For a pool that routes ({@code read_routing} {@code prefer-standby} or {@code standby}), each
   * server as the pool's monitor last found it — role, up or down, a standby's lag — with the
   * calls the pool ran there and its connections to it; empty for a pool that does not route.
   */
  public List<HostStats> hosts() {
    return fleet != null ? fleet.hosts() : List.of();
  }

  /**
   * The counters of the pool's open connections ({@link Connection#stats()}), summed: statement
   * cache hits, misses and evictions, and requests in flight. Connections the pool has closed no
   * longer count.
   */
  public ConnectionStats connectionStats() {
    return fleet != null ? fleet.connectionStats() : slots.connectionStats();
  }

  public PoolOptions options() {
    return options;
  }

  public boolean isClosed() {
    return fleet != null ? fleet.isClosed() : slots.isClosed();
  }

  /**
   * Refuses new work, waits for running statements and borrowed connections to come back (up to
   * {@link PoolOptions#closeTimeout()}), then closes every connection.
   */
  @Override
  public void close() {
    if (fleet != null) {
      fleet.close();
    } else {
      slots.close();
    }
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

  private long deadline() {
    return System.nanoTime() + options.acquireTimeout().toNanos();
  }

  /** A connection of its own for the caller, within the acquire timeout. */
  private PoolSlot borrow() {
    return slots.borrow(deadline(), options.acquireTimeout().toMillis());
  }

  /**
   * How a single statement holds its connection. A stream (forEach, reduce) borrows one rather than
   * sharing it and marking it busy: every request queued behind a stream waits for its consumer, so
   * a shared stream would need the pool to keep all statements off that connection until it ends,
   * which is what a borrow already is; a borrow also shows in {@link PoolStats#borrowed()}, comes
   * under leak detection, and gives {@link #stream}, whose end the caller decides, the same rules.
   */
  PoolSlots slots() {
    return slots;
  }

  /** The routing part; null unless {@code read_routing} routes. */
  FleetPool fleet() {
    return fleet;
  }

  enum Hold {
    /** Pipelined with other callers' statements on the least busy connection. */
    SHARED,
    /** Alone on an idle connection until the statement ends. */
    BORROWED,
    /** Alone on an idle connection until the caller closes what the statement returned (a {@link RowStream}). */
    LENT
  }

  /**
   * Runs one statement on a pooled connection. A statement that failed because its connection was
   * found dead before the statement reached the server (outcome {@code NOT_SENT}, the connection
   * closed: a backend terminated while idle, a server restart) runs again on another connection,
   * up to {@code maxSize + 1} times within the acquire timeout; a statement that may have run
   * ({@code UNKNOWN}) or was refused for its input never does.
   */
  <T> T run(Hold hold, Deadline call, Function<PoolSlot, T> statement) {
    long deadline = deadline();
    long budget = options.acquireTimeout().toMillis();
    if (!call.isNone() && call.remainingNanos() < deadline - System.nanoTime()) {
      deadline = System.nanoTime() + call.remainingNanos();   // the call's own timeout is the shorter bound
      budget = call.budgetMillis();
    }
    Throwable metDead = null;
    for (int attempt = 1; ; attempt++) {
      PoolSlot s;
      try {
        s = hold == Hold.SHARED ? slots.shared(deadline, budget) : slots.borrow(deadline, budget);
      } catch (RuntimeException e) {
        if (metDead != null) {
          e.addSuppressed(metDead);   // why the first connection was not enough
        }
        throw e;
      }
      long since = slots.clock();
      Throwable failure = null;
      try {
        return statement.apply(s);
      } catch (RuntimeException | Error e) {
        failure = e;
        boolean again = attempt <= options.maxSize() && System.nanoTime() - deadline < 0 && diedUnsent(s, e);
        if (!again) {
          throw e;
        }
        metDead = e;
      } finally {
        if (hold == Hold.SHARED) {
          slots.doneShared(s, failure, since);
        } else if (hold == Hold.BORROWED || failure != null) {
          slots.giveBack(s, null);
        }
      }
    }
  }

  /** Whether {@code e} says the statement never reached the server because its connection had died. */
  private static boolean diedUnsent(PoolSlot s, Throwable e) {
    return e instanceof ConnectionException ce && ce.outcome() == SluiceException.Outcome.NOT_SENT && !s.c.isOpen();
  }

  /** {@code Pool[open=…, idle=…, …]}: the counters of {@link #stats()} (nothing of the configuration, so no password). */
  @Override
  public String toString() {
    String stats = stats().toString();
    return "Pool" + stats.substring(stats.indexOf('['));
  }
}
