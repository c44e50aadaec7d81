package io.sluice.internal.engine;

import io.sluice.ConnectionException;
import io.sluice.SluiceException.Outcome;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import io.sluice.SluiceException;
import java.util.function.Supplier;

/**
 * Whose turn it is to write on a connection: a thread that pinned it (a transaction or a session
 * with state, {@link #hold}), and an exclusive request in flight (COPY, an open portal, a simple
 * query), the barrier every other thread's request waits behind. Also keeps the pinning thread's
 * deferred BEGIN and savepoint ({@link Prelude}), which travel in front of its next request. Everything here is guarded by the
 * engine's output lock, which the caller holds unless a method says otherwise.
 */
final class Pin {
  private final ReentrantLock outLock;
  private final Condition lifted;
  /** Why the connection failed, or null: nobody waits for a turn on a dead connection. */
  private final Supplier<SluiceException> failure;
  /** The bound on a wait when the caller has no deadline of its own ({@code pin_timeout}). */
  private final long pinTimeoutNanos;
  /** The thread a transaction or session has pinned the connection to, or null. */
  private Thread holder;
  /** The BEGIN of the holder's transaction while it is not sent yet; read and written by the holder only. */
  private String deferredBegin;
  /** A SAVEPOINT to set before the holder's next request (pgjdbc's autosave); read and written by the holder only. */
  private String deferredSavepoint;
  /** The exclusive request in flight, or null. */
  private Request barrier;

  Pin(ReentrantLock outLock, Supplier<SluiceException> failure, long pinTimeoutNanos) {
    this.outLock = outLock;
    this.lifted = outLock.newCondition();
    this.failure = failure;
    this.pinTimeoutNanos = pinTimeoutNanos;
  }

  /**
   * Pins the connection to the calling thread once its turn comes (a transaction or a session
   * with state): until {@link #release}, other threads' requests wait before being written.
   */
  void hold(Thread me, Deadline deadline) {
    if (holder == me) {
      throw new IllegalStateException("this thread already holds the connection in a transaction or session;"
          + " nest through the transaction (savepoints) instead");
    }
    awaitTurn(me, deadline);
    SluiceException broken = failure.get();
    if (broken != null) {
      throw new ConnectionException("the connection is closed: " + broken.getMessage(), Outcome.NOT_SENT, broken);
    }
    holder = me;
  }

  /** Ends the calling thread's pin; other threads' requests go ahead. Takes the output lock. */
  void release() {
    outLock.lock();
    try {
      if (holder == Thread.currentThread()) {
        deferredBegin = null;
        deferredSavepoint = null;
        holder = null;
        lifted.signalAll();
      }
    } finally {
      outLock.unlock();
    }
  }

  /**
   * Moves the pin, with its deferred BEGIN, from the thread holding it to {@code me}: for a JDBC
   * connection, whose transaction belongs to the connection and not to a thread (a pool or a
   * framework may commit it on another thread than the one that ran its statements). Requests the
   * old holder already wrote complete in order; the caller makes sure it writes no more.
   */
  void moveTo(Thread me) {
    if (holder != null && holder != me) {
      holder = me;
      lifted.signalAll();
    }
  }

  boolean heldBy(Thread t) {
    return holder == t;
  }

  /** Whether no transaction or session holds the connection. Under the output lock. */
  boolean unpinned() {
    return holder == null;
  }

  /** Defers the holder's BEGIN; see {@link RequestEngine#deferBegin}. Called by the holder, no lock needed. */
  void deferBegin(String sql) {
    if (holder != Thread.currentThread()) {
      throw new IllegalStateException("only the thread holding the connection begins a transaction on it");
    }
    deferredBegin = sql;
  }

  /**
   * Defers a SAVEPOINT to the front of the holder's next request, behind its BEGIN if that is
   * deferred too; see {@link RequestEngine#deferSavepoint}. Called by the holder.
   */
  void deferSavepoint(String sql) {
    if (holder != Thread.currentThread()) {
      throw new IllegalStateException("only the thread holding the connection sets a savepoint on it");
    }
    deferredSavepoint = sql;
  }

  /** The calling thread's deferred prelude, kept; null when it has none. */
  Prelude pendingPrelude() {
    return holder == Thread.currentThread() && (deferredBegin != null || deferredSavepoint != null)
        ? new Prelude(deferredBegin, deferredSavepoint) : null;
  }

  /** The calling thread's deferred prelude, forgotten; null when it has none. Called by the holder. */
  Prelude takePrelude() {
    Prelude p = pendingPrelude();
    if (p != null) {
      deferredBegin = null;
      deferredSavepoint = null;
    }
    return p;
  }

  /**
   * The calling thread's deferred BEGIN, forgotten with any savepoint deferred behind it (the
   * transaction ends); null when it has no BEGIN deferred. Called by the holder.
   */
  String takeBegin() {
    if (holder != Thread.currentThread()) {
      return null;
    }
    String sql = deferredBegin;
    deferredBegin = null;
    deferredSavepoint = null;
    return sql;
  }

  /** Whether the calling thread holds the connection with a BEGIN or savepoint not sent yet. */
  boolean preludePending() {
    return holder == Thread.currentThread() && (deferredBegin != null || deferredSavepoint != null);
  }

  /** An exclusive request was queued: every other thread's request waits until it ends. */
  void exclusive(Request r) {
    barrier = r;
  }

  /** {@code r} ended: if it was the barrier, the others go ahead. Takes the output lock. */
  void ended(Request r) {
    outLock.lock();
    try {
      if (barrier == r) {
        barrier = null;
        lifted.signalAll();
      }
    } finally {
      outLock.unlock();
    }
  }

  /** The connection failed: every waiter wakes (and finds it failed). Takes the output lock. */
  void liftAll() {
    outLock.lock();
    try {
      barrier = null;
      lifted.signalAll();
    } finally {
      outLock.unlock();
    }
  }

  /**
   * Waits until {@code me} may write: no exclusive request of another thread in flight, and no
   * other thread's pin. The wait ends at the deadline, or after {@code pin_timeout} without one —
   * the thread holding the connection may be waiting for this one, which would never end — and
   * at once when the thread that pinned the connection has ended without releasing it.
   */
  void awaitTurn(Thread me, Deadline deadline) {
    if (!mustWait(me)) {
      return;   // the usual case: no clock read, no bound made (this runs for every request)
    }
    long start = System.nanoTime();
    Deadline until = deadline.orWithin(pinTimeoutNanos);
    while (mustWait(me)) {
      Thread pinner = holder;
      if (barrier == null && pinner != null && !pinner.isAlive()) {
        throw new ConnectionException("the thread " + pinner.getName() + " began a transaction or pinned session on "
            + "this connection and ended without closing it; nothing else can run on the connection", Outcome.NOT_SENT);
      }
      if (!awaitLift(until) && mustWait(me)) {
        String what = barrier != null
            ? "an exclusive request (COPY, an open RowStream, a simple query) of another thread"
            : "the transaction or pinned session of thread " + describe(holder);
        throw new ConnectionException("waited " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)
            + " ms for " + what + " on this connection to end" + (deadline.isNone() ? " (pin_timeout)" : " (query_timeout)")
            + ". If that thread is waiting for this one, they would wait forever: run this statement through the "
            + "transaction or session object, or on another connection (a Pool)", Outcome.NOT_SENT);
      }
    }
  }

  private static String describe(Thread t) {
    return t == null ? "(none)" : t.getName().isEmpty() ? "#" + t.threadId() : t.getName();
  }

  private boolean mustWait(Thread me) {
    return (barrier != null || (holder != null && holder != me)) && failure.get() == null;
  }

  /** Waits for the barrier or pin to lift; false when the deadline passed first. */
  private boolean awaitLift(Deadline deadline) {
    try {
      return lifted.awaitNanos(deadline.remainingNanos()) > 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionException("interrupted before the request was sent", Outcome.NOT_SENT, e);
    }
  }
}
