package io.sluice.internal.engine;

import io.sluice.ConnectionException;
import io.sluice.SluiceException.Outcome;
import io.sluice.SluiceException;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Deadlines and cancels of one connection's requests. When a request's deadline passes, a
 * CancelRequest goes to the server once it is running that request (not before: the cancel would
 * hit whatever runs then), with nothing new written meanwhile; if the server has not ended the
 * request within {@code cancel_timeout}, the connection is closed, so that no call waits without
 * bound.
 */
final class Expiry {
  private final ServerSession s;
  private final Queue<Request> pending;
  private final ReentrantLock outLock;
  private final Consumer<SluiceException> failAll;
  private final long cancelTimeoutNanos;

  Expiry(ServerSession s, Queue<Request> pending, ReentrantLock outLock, Consumer<SluiceException> failAll,
      long cancelTimeoutNanos) {
    this.s = s;
    this.pending = pending;
    this.outLock = outLock;
    this.failAll = failAll;
    this.cancelTimeoutNanos = cancelTimeoutNanos;
  }

  /** Arms {@code r}'s deadline; null when it has none. Cancel the timer once the request is done. */
  Deadlines.Timer arm(Request r, Deadline deadline) {
    return deadline.isNone() ? null
        : Deadlines.after(deadline.remainingNanos(), () -> Thread.startVirtualThread(() -> expire(r)));
  }

  /** The deadline passed: cancel the request once the server is running it; close if that fails. */
  private void expire(Request r) {
    if (r.isFinished()) {
      return;
    }
    r.cancelledFor(InFlight.CancelCause.DEADLINE);
    Deadline end = Deadline.in(cancelTimeoutNanos);
    // the cancel must reach the server while it runs this request: wait until it heads the queue
    // (the engine wakes the new head's watcher as each request completes)
    r.watchUntil(() -> r.isFinished() || pending.peek() == r, end);
    if (r.isFinished()) {
      return;
    }
    cancelAtHead(r, end, false);
    // PostgreSQL drops a cancel that reaches the backend while it reads its next message
    // (ProcessInterrupts while DoingCommandRead): one sent as the request ahead ended, before the
    // server began this one, is lost. While this request is the only one in flight, a cancel that
    // comes late finds the server idle and is ignored, so it is sent again, less often each time
    long pause = RESEND_FIRST_NANOS;
    while (!r.watchUntil(r::isFinished, earlier(end, pause))) {
      if (end.passed()) {
        failAll.accept(new ConnectionException("the statement ran past its deadline and the server did not end it "
            + "within cancel_timeout; the connection was closed", Outcome.UNKNOWN));
        return;
      }
      cancelAtHead(r, end, true);
      pause = Math.min(pause * 2, RESEND_MAX_NANOS);
    }
  }

  /** The first wait before a cancel is sent again, doubled each time up to {@link #RESEND_MAX_NANOS}. */
  private static final long RESEND_FIRST_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
  private static final long RESEND_MAX_NANOS = TimeUnit.SECONDS.toNanos(1);

  private static Deadline earlier(Deadline end, long nanos) {
    return Deadline.in(Math.max(1, Math.min(end.remainingNanos(), nanos)));
  }

  /**
   * Sends a CancelRequest while {@code r} heads the queue and is not done ({@code alone}: and
   * nothing else is in flight behind it); nothing new is written while it is on its way.
   */
  private void cancelAtHead(Request r, Deadline end, boolean alone) {
    outLock.lock();
    try {
      if (!r.isFinished() && pending.peek() == r && (!alone || pending.size() == 1)) {
        s.cancel(Math.max(1, end.remainingNanos()));
      }
    } finally {
      outLock.unlock();
    }
  }

  /**
   * The consumer of {@code r}'s streamed rows wants no more (a {@code reduced}, a {@code take}, a
   * callback that threw): cancel {@code r} so that the server stops producing them, but only when
   * the cancel cannot touch anything else. {@code r} must be the only request written, so that a
   * cancel arriving after it ended finds the server idle, where PostgreSQL ignores it
   * ({@code ProcessInterrupts} while {@code DoingCommandRead}), never another caller's statement;
   * nothing is written until the server has the signal (the output lock is held). And no
   * transaction may be open ({@code unpinned}, status idle), as the cancel would abort it. Otherwise
   * the rest of the rows are read and dropped, as before. On a virtual thread: the reader goes on
   * draining meanwhile.
   */
  void stopEarly(Request r, java.util.function.BooleanSupplier unpinned) {
    Thread.startVirtualThread(() -> {
      outLock.lock();
      try {
        if (!r.isFinished() && pending.peek() == r && pending.size() == 1 && unpinned.getAsBoolean()
            && s.transactionStatus() == io.sluice.protocol.TransactionStatus.IDLE) {
          r.cancelledFor(InFlight.CancelCause.STOPPED);
          s.cancel(cancelTimeoutNanos);
        }
      } finally {
        outLock.unlock();
      }
    });
  }

  /** Cancels whatever the server is running for this connection now (a CancelRequest). */
  boolean cancelCurrent() {
    for (Request r : pending) {
      r.cancelledFor(InFlight.CancelCause.CALLER);
    }
    return s.cancel(cancelTimeoutNanos);
  }
}
