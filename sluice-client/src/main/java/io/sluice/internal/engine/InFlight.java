package io.sluice.internal.engine;

import io.sluice.SluiceException;
import io.sluice.protocol.TransactionStatus;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.BooleanSupplier;
import java.util.concurrent.locks.LockSupport;

/**
 * What the engine knows of a request on its way: where it stands ({@link State}), its one
 * outcome, who waits for it. The superclass of {@link Request}, so the record is the request
 * object itself and costs no allocation. Its fields are private; each change is one of the named
 * transitions below, called by the engine's parts (who calls which: docs/design/layout.md, 4.3).
 *
 * <p>The queue decides who ends a request: whoever takes it out of the engine's queue (the reader
 * that read its last ReadyForQuery, or a failure of the connection) makes the one terminal
 * transition. The compare-and-set in {@link #completed} and {@link #failed} makes a second one a
 * no-op that returns false, never a silent overwrite.
 */
public abstract class InFlight {

  /** Where a request stands. */
  public enum State {
    /** Not queued yet (being encoded, or never sent). */
    NEW,
    /**
     * Encoded into the output buffer and queued for its replies, none of which came yet. It is
     * also <i>written</i> once its sequence number is at most the outbox's written sequence: that
     * is derived, not stored, so that a write need not walk the queue.
     */
    QUEUED,
    /** A reply of its own came (not its deferred BEGIN's, not an asynchronous message). */
    ANSWERING,
    /**
     * A portal fetched in chunks ended its chunk (PortalSuspended, its CommandComplete, or an
     * error): its owner, which reads for it, stops reading until it asks for more or finishes.
     */
    CHUNK_ENDED,
    /** Its last ReadyForQuery came; its outcome is null or the server's error. */
    DONE,
    /** It ended without its replies: the connection failed, or it was never sent; the outcome says why. */
    FAILED;

    /** DONE or FAILED: nothing more happens to the request. */
    boolean finished() {
      return this == DONE || this == FAILED;
    }
  }

  /** Why Sluice sent a CancelRequest while a request was in flight. */
  public enum CancelCause {
    /** Its deadline passed: the 57014 becomes a {@code QueryTimeoutException}. */
    DEADLINE,
    /** The caller cancelled whatever the connection was running ({@code Connection.cancel}). */
    CALLER,
    /**
     * The consumer of its streamed rows wanted no more: the 57014 ends the request normally, the
     * consumer has its rows.
     */
    STOPPED
  }

  private static final VarHandle STATE;
  private static final VarHandle CANCEL_CAUSE;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.lookup();
      STATE = l.findVarHandle(InFlight.class, "state", State.class);
      CANCEL_CAUSE = l.findVarHandle(InFlight.class, "cancelCause", CancelCause.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** The thread that waits for this request; {@code null} for fire-and-forget requests. */
  private final Thread owner;
  /**
   * The thread parked in {@link RequestEngine#await} for this request, woken when it may read:
   * the owner, unless another thread reads on its behalf ({@link RequestEngine#readFor}).
   */
  private volatile Thread reader;
  /**
   * A thread other than the reader waiting for this request to start being answered or to end: a
   * deadline's canceller, or the writer of a COPY. The engine wakes it when the request reaches
   * the head of the queue, starts, or ends, so such waits are signalled, never polled. One at a
   * time: a deadline's canceller watches requests run with a deadline timer ({@link
   * RequestEngine#finish}), the COPY writer watches its COPY FROM STDIN, which has none.
   */
  private volatile Thread watcher;
  /** Its place in the output: the outbox's sequence once encoded (under the output lock). */
  private long seq;
  /**
   * Requests in flight on the connection when this one was written, itself included (0 until
   * written; at most {@link Short#MAX_VALUE}). A short, not an int: it fits the padding of a
   * query's request, whose size stays what it was before events existed.
   */
  private short depthAtSend;
  /** ReadyForQuery replies still to come: the Syncs it wrote. */
  private int syncsLeft;
  private volatile State state = State.NEW;
  /**
   * The one outcome: null, the server's first ErrorResponse (while answering, and when DONE), or
   * why it FAILED, which replaces a server error seen before (the connection's failure is the
   * answer its owner gets).
   */
  private volatile SluiceException outcome;
  /**
   * Why a cancel was sent (or is being sent) while this request was in flight, or null: the first
   * reason wins, and says what the server's 57014 means for it ({@link CancelCause}).
   */
  private volatile CancelCause cancelCause;
  /** The transaction status of the last ReadyForQuery. */
  private TransactionStatus lastStatus;

  InFlight(boolean waited) {
    this.owner = waited ? Thread.currentThread() : null;
    this.reader = owner;
  }

  // ---- transitions: the engine's parts call them (and a portal its two chunk ones)

  /**
   * NEW → QUEUED: encoded as output number {@code seq}, with {@code inFlight} requests in flight
   * counting this one, expecting {@code syncs} ReadyForQuery. Under the output lock, before the
   * queue publishes the request (so a plain write is enough).
   */
  final void queued(long seq, int inFlight, int syncs) {
    this.seq = seq;
    this.depthAtSend = (short) Math.min(inFlight, Short.MAX_VALUE);
    this.syncsLeft = syncs;
    STATE.set(this, State.QUEUED);
  }

  /** A reply of its own came: QUEUED → ANSWERING the first time, nothing after. By the reader. */
  final void answered() {
    if (state == State.QUEUED) {
      STATE.compareAndSet(this, State.QUEUED, State.ANSWERING);   // a failure meanwhile stays
    }
  }

  /** An ErrorResponse of its own came; the first one is its outcome. By the reader. */
  final void serverError(SluiceException e) {
    if (outcome == null) {
      outcome = e;
    }
  }

  /** A ReadyForQuery of its own came with {@code status}; true when it was the last one expected. By the reader. */
  final boolean ready(TransactionStatus status) {
    lastStatus = status;
    return --syncsLeft <= 0;
  }

  /**
   * Its last reply was read (its outcome stays null or the server's error) → DONE; false, changing
   * nothing, when it had ended already. By whoever took it out of the queue.
   */
  final boolean completed() {
    while (true) {
      State was = state;
      if (was.finished()) {
        return false;
      }
      if (STATE.compareAndSet(this, was, State.DONE)) {
        return true;
      }
    }
  }

  /**
   * It ends without its replies → FAILED, with {@code e} as its outcome; false, changing nothing,
   * when it had ended already. The outcome is written first, so whoever sees FAILED reads it; the
   * request hears of it in between ({@link #failing}). By whoever took it out of the queue, or
   * never queued it.
   */
  final boolean failed(SluiceException e) {
    if (state.finished()) {
      return false;
    }
    outcome = e;
    failing(e);
    while (true) {
      State was = state;
      if (was.finished()) {
        return false;
      }
      if (STATE.compareAndSet(this, was, State.FAILED)) {
        return true;
      }
    }
  }

  /** Tells the request it is failing with {@code e}, before its state says so ({@link Request#onFailure}). */
  abstract void failing(SluiceException e);

  /** Records why a cancel is sent for this request, unless an earlier reason was recorded. Not a state. */
  final void cancelledFor(CancelCause cause) {
    CANCEL_CAUSE.compareAndSet(this, (CancelCause) null, cause);
  }

  /** From now on {@code t} reads for this request and is the one woken when it may ({@link RequestEngine#readFor}). */
  final void readBy(Thread t) {
    reader = t;
  }

  /** ANSWERING → CHUNK_ENDED: a chunk of a portal ended. By its owner, which reads for it. */
  protected final void chunkEnded() {
    STATE.compareAndSet(this, State.ANSWERING, State.CHUNK_ENDED);
  }

  /** CHUNK_ENDED → ANSWERING: its owner asks for more (or for its end); nothing when it has ended. */
  protected final void nextChunk() {
    STATE.compareAndSet(this, State.CHUNK_ENDED, State.ANSWERING);
  }

  // ---- reads

  public final State state() {
    return state;
  }

  /** DONE or FAILED. */
  public final boolean isFinished() {
    return state.finished();
  }

  /** The first failure of this request, if any: connection loss, or the server's error. */
  public final SluiceException error() {
    return outcome;
  }

  /** Why it FAILED (the connection failed, it was not sent), or null: not a server error. */
  public final SluiceException failure() {
    return state == State.FAILED ? outcome : null;
  }

  /** The thread that waits for this request; {@code null} for fire-and-forget requests. */
  public final Thread owner() {
    return owner;
  }

  final Thread reader() {
    return reader;
  }

  final long seq() {
    return seq;
  }

  /** Requests in flight when it was written, itself included; 0 until then. */
  public final short depthAtSend() {
    return depthAtSend;
  }

  /** Why a cancel was sent while it was in flight, or null. */
  public final CancelCause cancelCause() {
    return cancelCause;
  }

  /** The transaction status of its last ReadyForQuery (read by the owner once it is finished). */
  public final TransactionStatus lastStatus() {
    return lastStatus;
  }

  // ---- its watcher

  /** Wakes the {@link #watcher}, if any. */
  public final void wakeWatcher() {
    Thread t = watcher;
    if (t != null) {
      LockSupport.unpark(t);
    }
  }

  /**
   * Parks the calling thread as this request's watcher until {@code until} says so or
   * {@code deadline} passes; true when {@code until} holds. The watcher is set before the first
   * check, so a wake-up between check and park is not lost (park returns at once after unpark).
   */
  public final boolean watchUntil(BooleanSupplier until, Deadline deadline) {
    watcher = Thread.currentThread();
    try {
      while (!until.getAsBoolean()) {
        if (deadline.isNone()) {
          LockSupport.park(this);
        } else {
          long left = deadline.remainingNanos();
          if (left <= 0) {
            return false;
          }
          LockSupport.parkNanos(this, left);
        }
      }
      return true;
    } finally {
      watcher = null;
    }
  }
}
