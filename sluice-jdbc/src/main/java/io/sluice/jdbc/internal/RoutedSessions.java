package io.sluice.jdbc.internal;

import io.sluice.internal.calls.Notices;
import io.sluice.Pool;
import io.sluice.SluiceException;
import io.sluice.Transaction;
import io.sluice.TxOptions;
import java.sql.SQLException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sessions of a JDBC connection over a routing pool (issue 23, docs/design/fleet.md §6): no
 * session of its own, but one taken from the pool ({@link Pool#acquire(boolean)}) for each
 * transaction — on the read route when it is read-only — and for each statement in auto-commit
 * mode, bound to the calling thread while it lasts and given back at commit, rollback or the
 * statement's end (a streamed result keeps it until it is read or closed). The work of a
 * statement and a transaction's end run {@linkplain Pool.Lease#tracked tracked}, so that the
 * pool learns the WAL position behind them without a round trip of its own: read-your-writes and
 * monotonic reads hold across every connection of the pool.
 *
 * <p>Sessions go back as they are ({@link Pool.Lease#closeKeepingSession()}), as a JDBC pool
 * gives its connections back: what the application set on one ({@code SET}, temporary tables,
 * statements prepared by SQL) is not there in its next transaction, which may run on another
 * session or host, and may be met by another connection's transaction on the same session.
 */
final class RoutedSessions implements Sessions {
  /** A session bound to a thread: for its transaction, a statement, or a result streaming from it. */
  private static final class Bound {
    final Pool.Lease lease;
    final io.sluice.Connection session;
    final Thread owner;
    Transaction tx;
    boolean streaming;
    /** A call of {@link #run} that bound it has not returned yet. */
    boolean inRun;
    boolean released;

    Bound(Pool.Lease lease, Thread owner) {
      this.lease = lease;
      this.session = lease.connection();
      this.owner = owner;
    }

    /** Whether nothing holds it any more: no transaction, no stream, no call. */
    synchronized boolean free() {
      return tx == null && !streaming && !inRun;
    }
  }

  private final Pool pool;
  private final io.sluice.ConnectionConfig config;
  private final ConnectionWarnings warnings;
  /** Run once when the connection closes (the driver's shared groups count their connections); null for none. */
  private final java.util.concurrent.atomic.AtomicReference<Runnable> leave;
  private final ConcurrentHashMap<Thread, Bound> bound = new ConcurrentHashMap<>();
  /** The binding a streamed result holds, until it ends. */
  private volatile Bound streamHolder;
  /** The session bound last: server parameters are read there when this thread has none. */
  private volatile io.sluice.Connection lastSession;
  private volatile boolean closed;

  /**
   * Binds nothing yet: a connection made while the primary is down (a failover) still serves
   * read-only work; the route of its first transaction decides where it goes.
   */
  RoutedSessions(Pool pool, io.sluice.ConnectionConfig config, ConnectionWarnings warnings, Runnable leave) {
    this.pool = pool;
    this.config = config;
    this.warnings = warnings;
    this.leave = new java.util.concurrent.atomic.AtomicReference<>(leave);
  }

  @Override
  public <T> T run(boolean readOnly, boolean tracked, Work<T> work) throws SQLException {
    Bound held = bound.get(Thread.currentThread());
    if (held != null) {
      return work.run(held.session);   // the transaction's, a streaming result's, or an outer call's
    }
    // a read-only auto-commit statement that provably did not run goes again, on a session bound
    // afresh (its dead host's idle sessions fail the pool's check, a refused connect moves on), at
    // most once per connection and host the pool may hold
    for (int attempt = 1; ; attempt++) {
      Bound b = bind(readOnly);
      try {
        return runBound(b, tracked, work);
      } catch (SQLException e) {
        if (!readOnly || !StandbyNotRun.provably(e, b.session)
            || attempt >= pool.options().maxSize() + pool.hosts().size()) {
          throw e;
        }
      }
    }
  }

  /** Runs {@code work} on {@code b}, bound for it alone, and gives {@code b} back unless a stream holds it. */
  private <T> T runBound(Bound b, boolean tracked, Work<T> work) throws SQLException {
    synchronized (b) {
      b.inRun = true;
    }
    try {
      if (!tracked) {
        return work.run(b.session);
      }
      try {
        return b.lease.tracked(() -> {
          try {
            return work.run(b.session);
          } catch (SQLException e) {
            throw new Failed(e);
          }
        });
      } catch (Failed f) {
        throw f.sql;
      }
    } finally {
      synchronized (b) {
        b.inRun = false;
      }
      releaseIfFree(b);
    }
  }

  /** Carries a statement's SQLException through {@link Pool.Lease#tracked}. */
  private static final class Failed extends RuntimeException {
    final SQLException sql;

    Failed(SQLException sql) {
      super(sql.getMessage(), sql, false, false);
      this.sql = sql;
    }
  }

  @Override
  public io.sluice.Connection current() {
    Bound b = bound.get(Thread.currentThread());
    if (b == null) {
      throw new IllegalStateException("no session is bound to this thread: a routing JDBC connection takes one per"
          + " transaction or statement");
    }
    return b.session;
  }

  @Override
  public Transaction begin(TxOptions options) throws SQLException {
    Bound b = bound.get(Thread.currentThread());
    if (b == null) {
      b = bind(options.readOnly());
    }
    try {
      Transaction tx = b.session.begin(options);
      synchronized (b) {
        b.tx = tx;
      }
      return tx;
    } catch (RuntimeException e) {
      releaseIfFree(b);
      throw e;
    }
  }

  @Override
  public void end(Runnable ending) {
    Bound b = bound.get(Thread.currentThread());
    if (b == null || b.tx == null) {
      ending.run();
      return;
    }
    try {
      b.lease.tracked(() -> {
        ending.run();
        return null;
      });
    } finally {
      synchronized (b) {
        b.tx = null;
      }
      releaseIfFree(b);
    }
  }

  @Override
  public void streamOpened() {
    Bound b = bound.get(Thread.currentThread());
    if (b != null) {
      synchronized (b) {
        b.streaming = true;
      }
      streamHolder = b;
    }
  }

  @Override
  public void streamEnded() {
    Bound b = streamHolder;
    if (b == null) {
      return;
    }
    streamHolder = null;
    synchronized (b) {
      b.streaming = false;
    }
    releaseIfFree(b);
  }

  @Override
  public String parameter(String name) {
    Bound b = bound.get(Thread.currentThread());
    if (b != null) {
      return b.session.parameter(name);
    }
    io.sluice.Connection last = lastSession;
    if (last != null) {
      return last.parameter(name);
    }
    // nothing bound yet: what the pool's newest session reported (its own, or its monitor's probe
    // sessions') — a prepareStatement asking standard_conforming_strings takes no session, and
    // so never waits for a standby to catch up or for a primary (issue 36 §1)
    java.util.Map<String, String> known = pool.serverParameters();
    if (!known.isEmpty()) {
      return known.get(name);
    }
    try {
      // the pool has opened no session yet: a session of the read route, which a standby or (prefer-standby) the primary serves
      return run(true, true, s -> s.parameter(name));
    } catch (SQLException e) {
      throw new IllegalStateException("no session to read the server parameter " + name + " from: " + e.getMessage(), e);
    }
  }

  @Override
  public boolean isOpen() {
    return !closed && !pool.isClosed();
  }

  @Override
  public RouteHealth health(boolean readOnly) {
    return !isOpen() ? RouteHealth.UNSERVED
        : RouteHealth.of(pool.hosts(), readOnly, config.readRouting(), config.maxStandbyLag());
  }

  @Override
  public void cancel() {
    for (Bound b : bound.values()) {
      try {
        b.session.cancel();
      } catch (SluiceException e) {
        // that session ended meanwhile: nothing to cancel there
      }
    }
  }

  /**
   * Gives every session back. This thread's open transaction is rolled back first; another
   * thread's session is closed (it is pinned to that thread's transaction), and the pool replaces it.
   * Idempotent: the driver's leak watch calls it again once the connection is collected.
   */
  @Override
  public NotificationInbox notifications() throws SQLException {
    throw SqlErrors.unsupported("this connection routes its statements over a pool (readRouting):"
        + " it has no one session to receive notifications on");
  }

  @Override
  public void close() {
    closed = true;
    try {
      giveBackAll();
    } finally {
      Runnable r = leave.getAndSet(null);
      if (r != null) {
        r.run();
      }
    }
  }

  private void giveBackAll() {
    for (Bound b : bound.values()) {
      Transaction tx;
      synchronized (b) {
        tx = b.tx;
        b.tx = null;
        b.streaming = false;
        b.inRun = false;
      }
      if (tx != null) {
        try {
          if (b.owner == Thread.currentThread()) {
            tx.close();
          } else {
            b.session.close();
          }
        } catch (SluiceException e) {
          // the session is gone: the server rolled the transaction back
        }
      }
      release(b);
    }
    streamHolder = null;
  }

  @Override
  public Object delegate() {
    return pool;
  }

  private Bound bind(boolean readOnly) throws SQLException {
    if (closed) {
      throw SqlErrors.of("the connection is closed", "08003");
    }
    Pool.Lease lease;
    try {
      lease = pool.acquire(readOnly);
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
    Bound b = new Bound(lease, Thread.currentThread());
    Notices.route(b.session, warnings::add);   // its notices are this connection's warnings while it is bound
    bound.put(b.owner, b);
    lastSession = b.session;
    return b;
  }

  private void releaseIfFree(Bound b) {
    if (b.free()) {
      release(b);
    }
  }

  private void release(Bound b) {
    synchronized (b) {
      if (b.released) {
        return;
      }
      b.released = true;
    }
    bound.remove(b.owner, b);
    try {
      Notices.route(b.session, null);
    } finally {
      b.lease.closeKeepingSession();
    }
  }

  @Override
  public String toString() {
    return "routing sessions of " + pool;
  }
}
