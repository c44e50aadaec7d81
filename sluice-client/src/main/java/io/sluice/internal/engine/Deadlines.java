package io.sluice.internal.engine;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One daemon timer thread for the whole JVM, for deadlines on blocking I/O: when a deadline
 * passes, its action (closing a socket, sending a cancel) unblocks the waiting thread. No thread
 * per query, no thread per connection; the JDK has no {@code TCP_USER_TIMEOUT}, so deadlines are
 * ours.
 */
public final class Deadlines {
  private Deadlines() {}

  private static final ScheduledThreadPoolExecutor TIMER = timer();

  private static ScheduledThreadPoolExecutor timer() {
    ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
      Thread th = new Thread(r, "sluice-deadlines");
      th.setDaemon(true);
      return th;
    });
    t.setRemoveOnCancelPolicy(true);
    return t;
  }

  /** A scheduled action; {@link #cancel()} before it fires to keep it from running. */
  public static final class Timer implements AutoCloseable {
    private final ScheduledFuture<?> future;
    private volatile boolean fired;

    private Timer(Runnable action, long nanos) {
      this.future = TIMER.schedule(() -> {
        fired = true;
        action.run();
      }, nanos, TimeUnit.NANOSECONDS);
    }

    /** Whether the deadline passed and the action ran (or is running). */
    public boolean fired() {
      return fired;
    }

    public void cancel() {
      future.cancel(false);
    }

    @Override
    public void close() {
      cancel();
    }
  }

  /** Runs {@code action} after {@code nanos} unless cancelled first. */
  public static Timer after(long nanos, Runnable action) {
    return new Timer(action, Math.max(0, nanos));
  }
}
