package io.sluice;

import io.sluice.SluiceException.Outcome;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The connections of a {@link Pool} and who uses them. Every decision is taken under one lock,
 * and every network operation (connecting, checking, resetting, closing) happens outside it, so a
 * slow or dead server never stalls callers who only need a decision. A keeper thread (virtual)
 * retires old and idle connections, refills to the minimum with backoff, and reports leaks.
 */
final class PoolSlots {
  private static final System.Logger LOG = System.getLogger("io.sluice.pool");
  private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
  private static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(5);

  /** One pooled connection. Fields other than {@code c} are guarded by the pool's lock. */
  static final class Slot {
    final Connection c;
    final long retireAt;
    long lastUsed;
    int inFlight;
    boolean borrowed;
    long borrowedAt;
    Throwable borrower;
    boolean leakReported;

    Slot(Connection c, long retireAt) {
      this.c = c;
      this.retireAt = retireAt;
      this.lastUsed = System.nanoTime();
    }
  }

  private final PoolOptions o;
  private final Supplier<Connection> opener;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final List<Slot> slots = new ArrayList<>();
  private final Thread keeper;
  private int opening;
  private int waiting;
  private boolean closed;
  private long acquired, timeouts, opened, closedCount, evicted, connectFailures;
  private String lastError;
  private long backoffNanos;
  private long nextRefillAt;

  PoolSlots(PoolOptions options, Supplier<Connection> opener) {
    this.o = options;
    this.opener = opener;
    this.keeper = Thread.ofVirtual().name("sluice-pool-keeper").start(this::keep);
  }

  /** A connection for one shared statement: the least busy one, pipelined with whatever runs there. */
  Slot shared(long deadline) {
    while (true) {
      Slot pick;
      boolean check;
      lock.lock();
      try {
        ensureOpen();
        pick = null;
        for (Slot s : slots) {
          if (!s.borrowed && (pick == null || s.inFlight < pick.inFlight)) {
            pick = s;
          }
        }
        boolean canGrow = slots.size() + opening < o.maxSize();
        if (pick == null && !canGrow) {
          awaitChange(deadline);
          continue;
        }
        if (pick == null) {
          opening++;
        } else {
          if (pick.inFlight > 0 && canGrow) {   // busy: open another in the background for the next callers
            opening++;
            Thread.startVirtualThread(() -> openInto(false));
          }
          check = pick.inFlight == 0 && idleTooLong(pick);
          pick.inFlight++;
          acquired++;
          if (!check || validate(pick)) {
            return pick;
          }
          continue;
        }
      } finally {
        lock.unlock();
      }
      Slot fresh = openNow();
      lock.lock();
      try {
        fresh.inFlight++;
        acquired++;
        return fresh;
      } finally {
        lock.unlock();
      }
    }
  }

  /** The end of a shared statement; a connection that failed is closed and forgotten. */
  void doneShared(Slot s, Throwable failure) {
    boolean evict;
    lock.lock();
    try {
      s.inFlight--;
      s.lastUsed = System.nanoTime();
      evict = isFatal(s, failure) && slots.remove(s);
      if (evict) {
        evicted++;
        closedCount++;
      }
      changed.signalAll();
    } finally {
      lock.unlock();
    }
    if (evict) {
      s.c.close();
    }
  }

  /** A connection for one caller alone: an idle one, a new one, or (at the maximum) the least busy. */
  Slot borrow(long deadline) {
    while (true) {
      lock.lock();
      try {
        ensureOpen();
        Slot pick = null;
        for (Slot s : slots) {   // the most recently used idle one, so that the others can time out
          if (!s.borrowed && s.inFlight == 0 && (pick == null || s.lastUsed > pick.lastUsed)) {
            pick = s;
          }
        }
        if (pick == null && slots.size() + opening < o.maxSize()) {
          opening++;
        } else if (pick == null) {
          awaitChange(deadline);
          continue;
        } else {
          boolean check = idleTooLong(pick);
          markBorrowed(pick);
          if (!check || validate(pick)) {
            return pick;
          }
          continue;
        }
      } finally {
        lock.unlock();
      }
      Slot fresh = openNow();
      lock.lock();
      try {
        markBorrowed(fresh);
        return fresh;
      } finally {
        lock.unlock();
      }
    }
  }

  /**
   * Takes a borrowed connection back. An open or failed transaction is rolled back first, and
   * with {@code resetSql}, session state is discarded; a connection that cannot be reset, or
   * past its lifetime, is closed.
   */
  void giveBack(Slot s, String resetSql) {
    boolean keep = s.c.isOpen();
    if (keep) {
      try {
        if (s.c.transactionStatus() != 'I') {
          s.c.simpleQuery("ROLLBACK");
        }
        if (resetSql != null) {
          s.c.simpleQuery(resetSql);
        }
      } catch (SluiceException e) {
        keep = false;
        LOG.log(Level.DEBUG, "a returned connection could not be reset and was closed: {0}", e.getMessage());
      }
    }
    lock.lock();
    try {
      s.borrowed = false;
      s.borrower = null;
      s.lastUsed = System.nanoTime();
      keep = keep && !expired(s, s.lastUsed);
      if (!keep && slots.remove(s)) {
        closedCount++;
        evicted += s.c.isOpen() ? 0 : 1;
      }
      changed.signalAll();
    } finally {
      lock.unlock();
    }
    if (!keep) {
      s.c.close();
    }
  }

  PoolStats stats() {
    lock.lock();
    try {
      int idle = 0, borrowed = 0, inFlight = 0;
      for (Slot s : slots) {
        idle += !s.borrowed && s.inFlight == 0 ? 1 : 0;
        borrowed += s.borrowed ? 1 : 0;
        inFlight += s.inFlight;
      }
      return new PoolStats(slots.size(), idle, borrowed, inFlight, opening, waiting, acquired, timeouts, opened,
          closedCount, evicted, connectFailures, lastError);
    } finally {
      lock.unlock();
    }
  }

  /** Refuses new work, lets running work finish (up to the close timeout), then closes everything. */
  void close() {
    List<Slot> all;
    lock.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      changed.signalAll();
      long end = System.nanoTime() + o.closeTimeout().toNanos();
      while (busy() && System.nanoTime() < end) {
        changed.awaitNanos(Math.min(TICK_NANOS, end - System.nanoTime()));
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
    keeper.interrupt();
    all.forEach(s -> s.c.close());
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
    for (Slot s : slots) {
      if (s.borrowed || s.inFlight > 0) {
        return true;
      }
    }
    return false;
  }

  private void markBorrowed(Slot s) {
    s.borrowed = true;
    s.borrowedAt = System.nanoTime();
    s.leakReported = false;
    s.borrower = o.leakThreshold().isZero() ? null : new Throwable("borrowed here");
    acquired++;
  }

  private boolean idleTooLong(Slot s) {
    return System.nanoTime() - s.lastUsed >= o.validateAfterIdle().toNanos();
  }

  /**
   * Checks an idle connection with an empty query, called with the lock held and the slot already
   * claimed: the lock is released for the round trip. False when it failed (it was evicted).
   */
  private boolean validate(Slot s) {
    lock.unlock();
    boolean ok;
    try {
      s.c.simpleQuery("");
      ok = true;
    } catch (SluiceException e) {
      ok = false;
    } finally {
      lock.lock();
    }
    if (!ok) {
      slots.remove(s);
      evicted++;
      closedCount++;
      Thread.startVirtualThread(s.c::close);
      changed.signalAll();
    }
    return ok;
  }

  private static boolean isFatal(Slot s, Throwable failure) {
    if (failure == null) {
      return false;
    }
    return !s.c.isOpen() || (failure instanceof ServerException se && se.isConnectionFatal());
  }

  private boolean expired(Slot s, long now) {
    return s.retireAt != 0 && now - s.retireAt >= 0;
  }

  private void ensureOpen() {
    if (closed) {
      throw new ConnectionException("the pool is closed", Outcome.NOT_SENT);
    }
  }

  /** Waits (lock held) for a connection to free up; throws when the wait queue is full or time is up. */
  private void awaitChange(long deadline) {
    if (waiting >= o.maxWaiters()) {
      timeouts++;
      throw new PoolExhaustedException("the pool is exhausted: all " + o.maxSize() + " connections are in use and "
          + waiting + " callers already wait (maxWaiters)");
    }
    long left = deadline - System.nanoTime();
    if (left <= 0) {
      timeouts++;
      throw new PoolExhaustedException("timed out after " + o.acquireTimeout().toMillis() + " ms waiting for a "
          + "connection: all " + o.maxSize() + " are in use" + (lastError == null ? "" : "; last error: " + lastError));
    }
    waiting++;
    try {
      changed.awaitNanos(left);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionException("interrupted while waiting for a pooled connection", Outcome.NOT_SENT, e);
    } finally {
      waiting--;
    }
  }

  /** Opens a connection for the caller (which counted it in {@code opening}). */
  private Slot openNow() {
    Slot s = openInto(true);
    if (s == null) {
      throw new ConnectionException("could not open a pooled connection: " + lastErrorLocked(), Outcome.NOT_SENT);
    }
    return s;
  }

  private String lastErrorLocked() {
    lock.lock();
    try {
      return lastError;
    } finally {
      lock.unlock();
    }
  }

  /** Opens one connection and adds it (borrowed by nobody); null when it failed. Lock not held. */
  private Slot openInto(boolean forCaller) {
    Connection c;
    try {
      c = opener.get();
    } catch (RuntimeException e) {
      lock.lock();
      try {
        opening--;
        connectFailures++;
        lastError = e.getMessage();
        backoffNanos = backoffNanos == 0 ? TimeUnit.MILLISECONDS.toNanos(50) : Math.min(MAX_BACKOFF_NANOS, backoffNanos * 2);
        nextRefillAt = System.nanoTime() + backoffNanos;
        changed.signalAll();
      } finally {
        lock.unlock();
      }
      if (forCaller) {
        throw new ConnectionException("could not open a pooled connection: " + e.getMessage(), Outcome.NOT_SENT, e);
      }
      return null;
    }
    long life = o.maxLifetime().toNanos();
    long retireAt = life == 0 ? 0 : System.nanoTime() + life - ThreadLocalRandom.current().nextLong(life / 10 + 1);
    Slot s = new Slot(c, retireAt);
    lock.lock();
    try {
      opening--;
      opened++;
      backoffNanos = 0;
      if (closed) {
        closedCount++;
      } else {
        slots.add(s);
        changed.signalAll();
        return s;
      }
    } finally {
      lock.unlock();
    }
    c.close();
    if (forCaller) {
      ensureOpen();
    }
    return null;
  }

  /** The keeper: retire, trim, refill, report leaks; every tick until the pool closes. */
  private void keep() {
    while (!Thread.currentThread().isInterrupted()) {
      List<Slot> toClose = new ArrayList<>();
      int toOpen = 0;
      lock.lock();
      try {
        if (closed) {
          return;
        }
        long now = System.nanoTime();
        long idleLimit = o.idleTimeout().toNanos();
        for (var it = slots.iterator(); it.hasNext(); ) {
          Slot s = it.next();
          boolean idle = !s.borrowed && s.inFlight == 0;
          boolean tooIdle = idleLimit > 0 && now - s.lastUsed >= idleLimit && slots.size() > o.minSize();
          if (idle && (expired(s, now) || tooIdle || !s.c.isOpen())) {
            it.remove();
            toClose.add(s);
            closedCount++;
          }
          reportLeak(s, now);
        }
        if (now - nextRefillAt >= 0) {
          toOpen = Math.max(0, o.minSize() - slots.size() - opening);
          opening += toOpen;
        }
      } finally {
        lock.unlock();
      }
      toClose.forEach(s -> s.c.close());
      for (int i = 0; i < toOpen; i++) {
        openInto(false);
      }
      try {
        TimeUnit.NANOSECONDS.sleep(TICK_NANOS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void reportLeak(Slot s, long now) {
    long threshold = o.leakThreshold().toNanos();
    if (s.borrowed && threshold > 0 && !s.leakReported && now - s.borrowedAt >= threshold && s.borrower != null) {
      s.leakReported = true;
      LOG.log(Level.WARNING, "a pooled connection has been borrowed for more than " + o.leakThreshold().toMillis()
          + " ms and not returned: a leak? It was borrowed here:", s.borrower);
    }
  }
}
