package io.sluice.internal.engine;

import io.sluice.QueryTimeoutException;
import io.sluice.SluiceException.Outcome;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * How long a caller whose statement ran past its deadline waits for the server's answer to the
 * cancel, and what it is told when that answer is late. Cancelling takes the server a new
 * connection, a process to read it and a signal to the backend; on a starved CPU each is a wait
 * for the scheduler, on both sides, and the answer came seconds late (issue 37 §3). The caller is
 * released at the deadline plus this grace, told {@link Outcome#UNKNOWN} (the statement may have
 * completed before the cancel reached it); the request stays in flight, its end read by a
 * virtual thread of its own, and the deadline's cancel goes on as before ({@link Expiry}: sent
 * again, and the connection closed if the server has not ended it within {@code cancel_timeout}).
 */
final class CancelGrace {
  private CancelGrace() {}

  private static final long MIN_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
  private static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(1);

  /** A tenth of the deadline's budget, between 100 ms and 1 s (a 1 s timeout ends by 1.1 s plus the scheduler's delay). */
  static long of(Deadline deadline) {
    long tenth = TimeUnit.MILLISECONDS.toNanos(deadline.budgetMillis()) / 10;
    return Math.min(MAX_NANOS, Math.max(MIN_NANOS, tenth));
  }

  /**
   * The caller leaves {@code r} unfinished: a virtual thread reads on for it ({@code readFor}),
   * so that its end is taken off the connection whoever calls next; returns what the caller throws.
   */
  static QueryTimeoutException leave(Request r, Deadline deadline, Consumer<Request> readFor) {
    Thread.ofVirtual().name("sluice-late-cancel").start(() -> readFor.accept(r));
    return new QueryTimeoutException("the statement ran past its deadline (" + deadline.budgetMillis()
        + " ms); a cancel was sent, but the server had not answered it " + TimeUnit.NANOSECONDS.toMillis(of(deadline))
        + " ms later, so whether the statement completed is unknown; the connection reads its end in the background"
        + " and is closed if the server does not end it within cancel_timeout", Outcome.UNKNOWN);
  }
}
