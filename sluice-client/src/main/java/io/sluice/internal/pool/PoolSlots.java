package io.sluice.internal.pool;

import io.sluice.ConnectionException;
import io.sluice.ConnectionStats;
import io.sluice.PoolExhaustedException;
import io.sluice.PoolOptions;
import io.sluice.PoolStats;
import io.sluice.SluiceException.Outcome;
import io.sluice.SluiceException;
import io.sluice.event.PoolEvent;
import io.sluice.internal.calls.ConnectionCore;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The connections of a pool ({@link SlotPool}, or one host's group of a {@link FleetPool}) and who
 * uses them. Every decision is taken under one lock,
 * and every network operation (connecting, checking, resetting, closing) happens outside it, so a
 * slow or dead server never stalls callers who only need a decision. A keeper thread (virtual)
 * retires old and idle connections, refills to the minimum with backoff ({@link PoolGrowth}), and
 * reports leaks.
 *
 * <p>An idle connection is checked before it is handed out ({@link #handOut}); a shared statement
 * never goes to a connection where a stream is in flight, whose consumer sets the pace of
 * everything queued behind it.
 *
 * <p>Past 500 lines on purpose: what is left here is what must hold the one lock (the slots, the
 * counters, the waiters, opening and closing). What could go has gone: the choices to {@link
 * SlotChoice}, the keeper's loop to {@link PoolKeeper}, a slot's reset, check and leak report to
 * {@link PoolSlot}, growth after refusals to {@link PoolGrowth}.
 */
final class PoolSlots {
  private static final System.Logger LOG = System.getLogger("io.sluice.pool");

  private final PoolOptions o;
  private final Supplier<ConnectionCore> opener;
  private final PoolEvents events;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final List<PoolSlot> slots = new ArrayList<>();
  /** Started by {@link #startKeeper()}, once whoever builds the pool has finished building it. */
  private volatile Thread keeper;
  private final PoolGrowth growth = new PoolGrowth();
  private int opening;
  private int checking;
  private int waiting;
  /** Callers of {@link #borrow} waiting for an idle connection ({@link SlotChoice#reserveForBorrowers}). */
  private int borrowersWaiting;
  private boolean closed;
  private long acquired, timeouts, opened, closedCount, evicted, connectFailures;

  PoolSlots(PoolOptions options, Supplier<ConnectionCore> opener, PoolEvents events) {
    this.o = options;
    this.opener = opener;
    this.events = events;
  }

  /**
   * Starts the keeper (virtual), which opens the pool's first connections: after the pool is
   * built, so that the building thread initialises no class while the keeper waits for it
   * (docs/reliability.md, one carrier).
   */
  void startKeeper() {
    keeper = PoolKeeper.start(this);
  }

  /**
   * A connection for one shared statement: the least busy one not streaming, pipelined with
   * whatever runs there.
   */
  PoolSlot shared(long deadline, long budgetMillis) {
    return acquire(true, deadline, budgetMillis);
  }

  /**
   * A connection shared or borrowed, between the events of its acquisition (if anyone listens):
   * every acquisition gets its end, whether it got a connection, timed out, was interrupted or failed.
   */
  private PoolSlot acquire(boolean shared, long deadline, long budgetMillis) {
    PoolAcquisition a = new PoolAcquisition(deadline, budgetMillis, events.acquiring(!shared));
    PoolSlot s;
    try {
      s = shared ? pickShared(a) : pickToBorrow(a);
    } catch (RuntimeException | Error e) {
      PoolEvents.acquireEnded(a, null, e);
      throw e;
    }
    PoolEvents.acquireEnded(a, s, null);
    return s;
  }

  private PoolSlot pickShared(PoolAcquisition a) {
    while (true) {
      lock.lock();
      try {
        ensureOpen();
        PoolSlot pick = SlotChoice.leastBusy(slots);
        if (pick == null && checking > 0) {   // a check ends in a moment: wait for it rather than open another
          awaitChange(a);
          continue;
        }
        if (pick == null) {
          if (!mayOpen(a)) {
            continue;
          }
          opening++;
        } else {
          if (pick.inFlight > 0 && canGrow(System.nanoTime())) {   // busy: open another in the background for the next callers
            opening++;
            Thread.startVirtualThread(() -> openInBackground(PoolEvent.Reason.TO_GROW));
          }
          boolean wasIdle = pick.inFlight == 0;
          pick.inFlight++;
          if (!wasIdle || handOut(pick)) {
            acquired++;
            return pick;
          }
          continue;
        }
      } finally {
        lock.unlock();
      }
      PoolSlot fresh = openForCaller(s -> s.inFlight++);
      if (fresh != null) {
        return fresh;
      }
    }
  }

  /** A start time for {@link #doneShared}, or 0 when nobody listens (no clock read). */
  long clock() {
    return events.clock();
  }

  /**
   * The end of a shared statement, which got its connection at {@code since} ({@link #clock}); a
   * connection that failed is closed and forgotten.
   */
  void doneShared(PoolSlot s, Throwable failure, long since) {
    events.released(s.core, PoolEvent.Reason.STATEMENT_DONE, since);
    lock.lock();
    try {
      s.inFlight--;
      s.lastUsed = System.nanoTime();
      if (s.failedWith(failure)) {
        evict(s, PoolEvent.Reason.BROKEN, failure);
      }
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** A connection for one caller alone: an idle one, or a new one; otherwise it waits for one. */
  PoolSlot borrow(long deadline, long budgetMillis) {
    return acquire(false, deadline, budgetMillis);
  }

  private PoolSlot pickToBorrow(PoolAcquisition a) {
    while (true) {
      lock.lock();
      try {
        ensureOpen();
        PoolSlot pick = SlotChoice.mostRecentlyUsedIdle(slots);
        if (pick == null) {
          borrowersWaiting++;
          try {
            SlotChoice.reserveForBorrowers(slots, borrowersWaiting);
            if (!mayOpen(a)) {
              continue;
            }
          } finally {
            borrowersWaiting--;
            SlotChoice.reserveForBorrowers(slots, borrowersWaiting);
          }
          opening++;
        } else {
          markBorrowed(pick);
          if (handOut(pick)) {
            acquired++;
            return pick;
          }
          continue;
        }
      } finally {
        lock.unlock();
      }
      PoolSlot fresh = openForCaller(this::markBorrowed);
      if (fresh != null) {
        return fresh;
      }
    }
  }

  /**
   * With no connection the caller may use: whether it may open one. Otherwise it waits for a
   * change — a connection coming free, or the end of a pause after the server refused one — and
   * gets false. A refusal is transient by nature (other clients leave), so even a pool with no
   * connection at all waits, trying again as the pause allows, until the acquire timeout. Lock held.
   */
  private boolean mayOpen(PoolAcquisition a) {
    if (canGrow(System.nanoTime())) {
      return true;
    }
    awaitChange(a);
    return false;
  }

  /** Whether the pool may open another connection now: below its maximum, and the server not refusing. */
  private boolean canGrow(long now) {
    return slots.size() + opening < o.maxSize() && !growth.paused(now);
  }

  /**
   * Takes a borrowed connection back. An open or failed transaction is rolled back first, and
   * with {@code resetSql}, session state is discarded; a connection that cannot be reset, or
   * past its lifetime, is closed.
   */
  void giveBack(PoolSlot s, String resetSql) {
    events.released(s.core, PoolEvent.Reason.RETURNED, s.borrowedAt);
    SluiceException resetFailure = s.c.isOpen() ? s.reset(resetSql) : null;
    boolean keep = s.c.isOpen() && resetFailure == null;
    lock.lock();
    try {
      s.borrowed = false;
      s.borrower = null;
      s.lastUsed = System.nanoTime();
      keep = keep && !s.expired(s.lastUsed);
      if (!keep && slots.remove(s)) {
        closedCount++;
        evicted += s.c.isOpen() ? 0 : 1;
      }
      changed.signalAll();
    } finally {
      lock.unlock();
    }
    if (!keep) {
      boolean wasOpen = s.c.isOpen();
      s.c.close();
      if (resetFailure != null) {
        events.evicted(s.core, PoolEvent.Reason.RESET_FAILED, resetFailure);
      } else {
        events.closed(s.core, wasOpen, PoolEvent.Reason.LIFETIME);   // kept unless broken or past its lifetime
      }
    }
  }

  PoolStats stats() {
    lock.lock();
    try {
      int idle = 0, borrowed = 0, inFlight = 0;
      for (PoolSlot s : slots) {
        idle += s.isIdle() ? 1 : 0;
        borrowed += s.borrowed ? 1 : 0;
        inFlight += s.inFlight;
      }
      return new PoolStats(slots.size(), idle, borrowed, inFlight, opening, waiting, acquired, timeouts, opened,
          closedCount, evicted, connectFailures, growth.lastError());
    } finally {
      lock.unlock();
    }
  }

  /** The sum of the open connections' counters; each connection is read outside the pool's lock. */
  ConnectionStats connectionStats() {
    List<PoolSlot> all;
    lock.lock();
    try {
      all = new ArrayList<>(slots);
    } finally {
      lock.unlock();
    }
    ConnectionStats sum = ConnectionStats.NONE;
    for (PoolSlot s : all) {
      sum = sum.plus(s.c.stats());
    }
    return sum;
  }

  /** Refuses new work, lets running work finish (up to the close timeout), then closes everything. */
  void close() {
    List<PoolSlot> all;
    lock.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      changed.signalAll();
      long end = System.nanoTime() + o.closeTimeout().toNanos();
      while (busy() && System.nanoTime() < end) {
        changed.awaitNanos(Math.min(PoolKeeper.TICK_NANOS, end - System.nanoTime()));
      }
      all = new ArrayList<>(slots);
      closedCount += slots.size();
      slots.clear();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      all = new ArrayList<>(slots);
      slots.clear();
    } finally {
      lock.unlock();
    }
    Thread k = keeper;
    if (k != null) {
      k.interrupt();
    }
    for (PoolSlot s : all) {
      s.c.close();
      events.closed(s.core, true, PoolEvent.Reason.POOL_CLOSED);
    }
  }

  boolean isClosed() {
    lock.lock();
    try {
      return closed;
    } finally {
      lock.unlock();
    }
  }

  private boolean busy() {
    for (PoolSlot s : slots) {
      if (s.borrowed || s.inFlight > 0) {
        return true;
      }
    }
    return false;
  }

  private void markBorrowed(PoolSlot s) {
    s.markBorrowed(!o.leakThreshold().isZero());
  }

  /**
   * Connections used this recently are handed out unchecked: a FATAL that arrives meanwhile comes
   * as the first reply to the statement, which then fails as not sent and runs again elsewhere; the
   * check (a few system calls and a pass of the lock) would cost sequential callers more than it
   * saves. The engine's own probe uses the same threshold.
   */
  private static final long CHECK_AFTER_IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  /**
   * Checks a claimed connection that was idle before it is handed out ({@link PoolSlot#passesCheck}),
   * the lock released meanwhile; past {@code validateAfterIdle} with a round trip. False when it
   * failed: it was evicted, and the caller picks again.
   */
  private boolean handOut(PoolSlot s) {
    long now = System.nanoTime();
    if (!s.idleLongerThan(CHECK_AFTER_IDLE_NANOS, now)) {
      return true;
    }
    boolean roundTrip = s.idleLongerThan(o.validateAfterIdle().toNanos(), now);
    s.checking = true;
    checking++;
    lock.unlock();
    boolean ok;
    try {
      ok = s.passesCheck(roundTrip);
    } finally {
      lock.lock();
      s.checking = false;
      checking--;
    }
    if (!ok) {
      evict(s, PoolEvent.Reason.FAILED_CHECK, null);
    } else if (waiting > 0) {   // callers that found every connection being checked
      changed.signalAll();
    }
    return ok;
  }

  /** Forgets a connection that failed and closes it in the background, where its event is sent. Lock held. */
  private void evict(PoolSlot s, PoolEvent.Reason reason, Throwable cause) {
    if (slots.remove(s)) {
      evicted++;
      closedCount++;
      Thread.startVirtualThread(() -> {
        s.c.close();
        events.evicted(s.core, reason, cause);
      });
    }
    changed.signalAll();
  }

  private void ensureOpen() {
    if (closed) {
      throw new ConnectionException("the pool is closed", Outcome.NOT_SENT);
    }
  }

  /**
   * Waits (lock held) for a connection to free up; throws when the wait queue is full or time is
   * up. While the server refuses connections, it wakes when the pool may try to grow again. The
   * first call of an acquisition that someone listens to ({@code w}) only reports the wait, with
   * the lock let go meanwhile, and returns: every caller looks again after this returns.
   */
  private void awaitChange(PoolAcquisition a) {
    if (waiting >= o.maxWaiters()) {
      timeouts++;
      throw new PoolExhaustedException("the pool is exhausted: all " + o.maxSize() + " connections are in use and "
          + waiting + " callers already wait (maxWaiters)");
    }
    long now = System.nanoTime();
    long left = a.deadline - now;
    if (left <= 0) {
      timeouts++;
      throw growth.exhausted(a.budgetMillis(), slots.size(), o.maxSize());
    }
    a.waiting(now);
    long pause = growth.pausedFor(now);
    waiting++;
    try {
      changed.awaitNanos(pause > 0 ? Math.min(left, pause) : left);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionException("interrupted while waiting for a pooled connection", Outcome.NOT_SENT, e);
    } finally {
      waiting--;
    }
  }

  /**
   * Opens a connection for a caller (which counted it in {@code opening}) and claims it. Null when
   * the server refused it for want of resources: the caller waits, for a connection the pool has or
   * for the next try, until its acquire timeout (which then names the refusal).
   */
  private PoolSlot openForCaller(Consumer<PoolSlot> claim) {
    try {
      return openInto(claim, PoolEvent.Reason.FOR_CALLER);
    } catch (ConnectionException e) {
      if (PoolGrowth.isRefusal(e)) {
        return null;
      }
      throw e;
    }
  }

  void openInBackground(PoolEvent.Reason reason) {
    try {
      openInto(null, reason);
    } catch (SluiceException e) {
      LOG.log(Level.DEBUG, "the pool could not open a connection: {0}", e.getMessage());
    }
  }

  /**
   * Opens one connection (counted in {@code opening}) and adds it, claimed by {@code claim} in the
   * same step so that no other caller takes it first (null leaves it idle). Lock not held.
   */
  private PoolSlot openInto(Consumer<PoolSlot> claim, PoolEvent.Reason reason) {
    ConnectionCore c;
    long since = events.clock();
    try {
      c = opener.get();
    } catch (RuntimeException e) {
      ConnectionException failure = new ConnectionException("could not open a pooled connection: " + e.getMessage(),
          Outcome.NOT_SENT, e);
      lock.lock();
      try {
        opening--;
        connectFailures++;
        growth.failed(failure, System.nanoTime());
        changed.signalAll();
      } finally {
        lock.unlock();
      }
      events.openFailed(reason, e);
      throw failure;
    }
    events.opened(reason, c, since);
    long life = o.maxLifetime().toNanos();
    long retireAt = life == 0 ? 0 : System.nanoTime() + life - ThreadLocalRandom.current().nextLong(life / 10 + 1);
    PoolSlot s = new PoolSlot(c, retireAt);
    lock.lock();
    try {
      opening--;
      opened++;
      growth.opened();
      if (!closed) {
        slots.add(s);
        if (claim != null) {
          claim.accept(s);
          acquired++;
        }
        changed.signalAll();
        return s;
      }
      closedCount++;
    } finally {
      lock.unlock();
    }
    c.close();
    throw new ConnectionException("the pool is closed", Outcome.NOT_SENT);
  }

  /** What the keeper does after a {@link #sweep}, outside the lock: connections to close, and how many to open. */
  record Sweep(List<PoolSlot> toClose, int toOpen) {}

  /**
   * The keeper's look at the slots: idle ones past their lifetime, idle too long above the minimum,
   * or found closed are taken out to close; leaks are reported; how many to open to refill to the
   * minimum (unless the server's refusals pause growth). Null once the pool is closed.
   */
  Sweep sweep(long now) {
    List<PoolSlot> toClose = new ArrayList<>();
    int toOpen = 0;
    lock.lock();
    try {
      if (closed) {
        return null;
      }
      long idleLimit = o.idleTimeout().toNanos();
      for (var it = slots.iterator(); it.hasNext(); ) {
        PoolSlot s = it.next();
        boolean tooIdle = idleLimit > 0 && s.idleLongerThan(idleLimit, now) && slots.size() > o.minSize();
        if (s.isIdle() && (s.expired(now) || tooIdle || !s.c.isOpen())) {
          it.remove();
          toClose.add(s);
          closedCount++;
        }
        s.reportLeak(o.leakThreshold(), now);
      }
      if (growth.mayRefill(now)) {
        toOpen = Math.max(0, o.minSize() - slots.size() - opening);
        opening += toOpen;
      }
    } finally {
      lock.unlock();
    }
    return new Sweep(toClose, toOpen);
  }

  /** Closes what a {@link #sweep} took out, each reported as retired (lifetime, idle) or evicted (found closed). */
  void retire(List<PoolSlot> toClose) {
    for (PoolSlot s : toClose) {
      boolean wasOpen = s.c.isOpen();
      s.c.close();
      events.closed(s.core, wasOpen, s.expired(System.nanoTime()) ? PoolEvent.Reason.LIFETIME : PoolEvent.Reason.IDLE);
    }
  }
}
