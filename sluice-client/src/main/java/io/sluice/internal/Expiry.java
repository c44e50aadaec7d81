package io.sluice.internal;

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
    this.cancelTimeoutNanos = cancelTimeoutNanos > 0 ? cancelTimeoutNanos : TimeUnit.SECONDS.toNanos(10);
  }

  /** Arms {@code r}'s deadline; null when it has none. Cancel the timer once the request is done. */
  Deadlines.Timer arm(Request r, Deadline deadline) {
    return deadline.isNone() ? null
        : Deadlines.after(deadline.remainingNanos(), () -> Thread.startVirtualThread(() -> expire(r)));
  }

  /** The deadline passed: cancel the request once the server is running it; close if that fails. */
  private void expire(Request r) {
    if (r.done) {
      return;
    }
    r.timedOut = true;
    Deadline end = Deadline.in(cancelTimeoutNanos);
    // the cancel must reach the server while it runs this request: wait until it heads the queue
    // (the engine wakes the new head's watcher as each request completes)
    r.watchUntil(() -> r.done || pending.peek() == r, end);
    if (r.done) {
      return;
    }
    outLock.lock();   // nothing new is written while the cancel is on its way
    try {
      if (!r.done && pending.peek() == r) {
        Canceller.cancel(s, Math.max(1, end.remainingNanos()));
      }
    } finally {
      outLock.unlock();
    }
    if (!r.watchUntil(() -> r.done, end)) {
      failAll.accept(new ConnectionException("the statement ran past its deadline and the server did not end it "
          + "within cancel_timeout; the connection was closed", Outcome.UNKNOWN));
    }
  }

  /** Cancels whatever the server is running for this connection now (a CancelRequest). */
  boolean cancelCurrent() {
    for (Request r : pending) {
      r.cancelRequested = true;
    }
    return Canceller.cancel(s, cancelTimeoutNanos);
  }
}
