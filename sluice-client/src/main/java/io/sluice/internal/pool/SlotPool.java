package io.sluice.internal.pool;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionStats;
import io.sluice.HostStats;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.PoolStats;
import io.sluice.Queryable;
import io.sluice.Transaction;
import io.sluice.TxOptions;
import io.sluice.internal.calls.ConnectionCore;
import io.sluice.internal.calls.Runner;
import io.sluice.internal.engine.Deadline;
import java.util.List;
import java.util.function.BiFunction;

/** A pool of one server's connections (read_routing=primary): its slots and the calls over them. */
public final class SlotPool implements PoolCore, Placement {
  private final PoolOptions options;
  private final PoolSlots slots;
  private final Runner runner;
  /** The façade: a statement prepared through the pool runs its later calls through it. */
  private final Pool pool;
  private final KnownParameters known = new KnownParameters();

  /** {@code pool} is the façade: a statement prepared through the pool is run through it again. */
  public SlotPool(Pool pool, ConnectionConfig config, PoolOptions options, PoolEvents events) {
    this.options = options;
    this.slots = new PoolSlots(options, () -> known.seen(ConnectionCore.open(config, null)), events);
    ConnectionCore.initialiseForOpen(config);
    slots.startKeeper();
    this.pool = pool;
    this.runner = new PoolRunner(this, -1);
  }

  @Override
  public Runner runner() {
    return runner;
  }

  @Override
  public Runner readRunner() {
    return null;
  }

  PoolSlots slots() {
    return slots;
  }

  @Override
  public <T, X extends Exception> T transaction(TxOptions options, Transaction.Body<T, X> body) throws X {
    PoolSlot s = borrow();
    try {
      return s.c.transaction(options, body);
    } finally {
      slots.giveBack(s, null);
    }
  }

  @Override
  public <T, X extends Exception> T session(Connection.SessionBody<T, X> body) throws X {
    PoolSlot s = borrow();
    try {
      return s.c.session(body);
    } finally {
      slots.giveBack(s, RESET_SESSION);
    }
  }

  @Override
  public Pool.Lease acquire(boolean readOnly) {
    return new PoolLease(slots, borrow(), null);
  }

  @Override
  public PoolStats stats() {
    return slots.stats();
  }

  @Override
  public List<HostStats> hosts() {
    return List.of();
  }

  @Override
  public java.util.Map<String, String> serverParameters() {
    return known.get();
  }

  @Override
  public ConnectionStats connectionStats() {
    return slots.connectionStats();
  }

  @Override
  public boolean isClosed() {
    return slots.isClosed();
  }

  @Override
  public void close() {
    slots.close();
  }

  private PoolSlot borrow() {
    AcquireBound b = AcquireBound.of(options, Deadline.NONE);
    return slots.borrow(b.deadline(), b.budgetMillis());
  }

  /**
   * Runs one statement on a pooled connection. A statement that failed because its connection was
   * found dead before the statement reached the server (outcome {@code NOT_SENT}, the connection
   * closed: a backend terminated while idle, a server restart) runs again on another connection,
   * up to {@code maxSize + 1} times within the acquire timeout; a statement that may have run
   * ({@code UNKNOWN}) or was refused for its input never does.
   */
  @Override
  public <T> T run(Hold hold, Deadline call, BiFunction<HostGroup, PoolSlot, T> statement) {
    AcquireBound bound = AcquireBound.of(options, call);
    Throwable metDead = null;
    for (int attempt = 1; ; attempt++) {
      PoolSlot s;
      try {
        s = hold == Hold.SHARED ? slots.shared(bound.deadline(), bound.budgetMillis())
            : slots.borrow(bound.deadline(), bound.budgetMillis());
      } catch (RuntimeException e) {
        if (metDead != null) {
          e.addSuppressed(metDead);   // why the first connection was not enough
        }
        throw e;
      }
      long since = slots.clock();
      Throwable failure = null;
      try {
        return statement.apply(null, s);
      } catch (RuntimeException | Error e) {
        failure = e;
        boolean again = attempt <= options.maxSize() && !bound.passed() && s.diedUnsent(e);
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

  @Override
  public void giveBackLent(HostGroup group, PoolSlot slot) {
    slots.giveBack(slot, null);
  }

  @Override
  public Queryable preparedThrough() {
    return pool;
  }
}
