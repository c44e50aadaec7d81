package io.sluice.internal.engine;

import io.sluice.SluiceException;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.TransactionStatus;
import io.sluice.protocol.WireWriter;
import java.util.concurrent.locks.LockSupport;

/**
 * One unit of work for the {@link RequestEngine}: the messages it writes (ending in one or more
 * Syncs) and a handler for the replies, which arrive in order. The engine calls {@link #encode}
 * once, under its output lock; then {@link #onMessage} for each reply that is not asynchronous
 * (notices, notifications and parameter changes are handled by the engine), and {@link #onReady}
 * for each ReadyForQuery. The request is complete after its last ReadyForQuery.
 *
 * <p>Handlers run on whichever caller thread is reading at the time, so they only copy bytes and
 * record state; user code runs on the owner's thread, except for requests that {@link
 * #readsItself() read themselves}.
 */
public abstract class Request {
  /** The thread that waits for this request; {@code null} for fire-and-forget requests. */
  public final Thread owner;
  /**
   * The thread parked in {@link RequestEngine#await} for this request, woken when it may read:
   * the owner, unless another thread reads on its behalf ({@link RequestEngine#readFor}).
   */
  volatile Thread reader;
  /**
   * A thread other than the reader waiting for this request to start being answered or to end: a
   * deadline's canceller, or the writer of a COPY. The engine wakes it when the request reaches
   * the head of the queue, starts, or ends, so such waits are signalled, never polled. One at a
   * time: a deadline's canceller watches requests run with a deadline timer ({@link
   * RequestEngine#finish}), the COPY writer watches its COPY FROM STDIN, which has none.
   */
  volatile Thread watcher;
  long seq;
  /**
   * Requests in flight on the connection when this one was written, itself included (0 until
   * written; at most {@link Short#MAX_VALUE}). A short, not an int: it fits the padding of a
   * query's request, whose size stays what it was before events existed.
   */
  public short depthAtSend;
  int syncsLeft;
  public volatile boolean done;
  public volatile SluiceException failure;
  /** For requests fetched in chunks: set when the current chunk has ended. */
  public volatile boolean chunkDone;
  /**
   * Why a cancel was sent (or is being sent) while this request was in flight, or null: the first
   * reason wins, and says what the server's 57014 means for it ({@link CancelCause}).
   */
  public volatile CancelCause cancelCause;
  /** The transaction status of the last ReadyForQuery. */
  public TransactionStatus lastStatus;
  /** Set when the deferred BEGIN written in front of this request failed (the request was skipped). */
  public boolean beginFailed;
  /** Set when an ErrorResponse arrived: the rest of the replies up to ReadyForQuery are drained. */
  public SluiceException serverError;
  /** Replies of this request's own that arrived (not its deferred BEGIN's, not asynchronous ones). */
  int replies;

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

  private static final java.lang.invoke.VarHandle CANCEL_CAUSE;

  static {
    try {
      CANCEL_CAUSE = java.lang.invoke.MethodHandles.lookup().findVarHandle(Request.class, "cancelCause",
          CancelCause.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Records why a cancel is sent for this request, unless an earlier reason was recorded. */
  final void cancelledFor(CancelCause cause) {
    CANCEL_CAUSE.compareAndSet(this, (CancelCause) null, cause);
  }

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
  public final boolean watchUntil(java.util.function.BooleanSupplier until, Deadline deadline) {
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

  protected Request(boolean waited) {
    this.owner = waited ? Thread.currentThread() : null;
    this.reader = owner;
  }

  /** Appends this request's messages, ending with Sync; returns how many Syncs it wrote. */
  protected abstract int encode(WireWriter out);

  /**
   * The replies this request may get, in order; the engine checks each one here before {@link
   * #onMessage}, so a handler only ever sees a reply in its place.
   */
  protected abstract ReplyOrder replyOrder();

  /**
   * Whether the server answers this request's first message before acting on anything it asked
   * (Parse, Bind, Describe and Close each get their own reply): then a connection-fatal error that
   * arrives before any reply of this request proves the server never started it. Not so for a
   * simple Query, whose statement may have run when the first reply is an error.
   */
  protected boolean answersBeforeActing() {
    return false;
  }

  /** A reply for this request (not ReadyForQuery, not an asynchronous message). */
  protected abstract void onMessage(byte type, FrameReader frame);

  /** A ReadyForQuery for this request, with the transaction status it reports. */
  protected void onReady(TransactionStatus transactionStatus) {}

  /**
   * Whether only the owner thread may read this request's replies, because it hands rows to user
   * code as they arrive (streaming). The engine then passes the reading role to the owner.
   */
  protected boolean readsItself() {
    return false;
  }

  /**
   * Whether a transaction's deferred BEGIN may be written in front of this request, without a Sync
   * between them: true for extended-protocol requests with a single Sync whose owner sees their
   * failure, so that a failed BEGIN makes the server skip all of the request.
   */
  protected boolean acceptsBegin() {
    return false;
  }

  /**
   * Whether nothing may be written after this request until it completes (a portal kept open
   * across Flush, COPY, a pinned session).
   */
  protected boolean exclusive() {
    return false;
  }

  /**
   * Rows the request returned or affected, for events: its command tag's count where the tag has
   * one, else the rows seen. Read by the owner once the request is done.
   */
  public long rowCount() {
    return 0;
  }

  /** The count in {@code tag} ({@code SELECT 3}, {@code UPDATE 2}), or {@code seen} when it has none. */
  public static long rowCount(String tag, long seen) {
    long n = io.sluice.protocol.CommandTags.rowCount(tag);
    return n >= 0 ? n : seen;
  }

  /** The connection failed before this request completed. */
  protected void onFailure(SluiceException e) {}

  /** The first failure of this request, if any: connection loss, or the server's error. */
  public SluiceException error() {
    SluiceException f = failure;
    return f != null ? f : serverError;
  }
}
