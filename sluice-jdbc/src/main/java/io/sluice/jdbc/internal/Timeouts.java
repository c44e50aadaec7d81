package io.sluice.jdbc.internal;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Query timeouts ({@code Statement.setQueryTimeout}): when a statement runs past its timeout, the
 * server is asked to cancel what the connection is running (a CancelRequest), and the statement
 * fails with SQLSTATE 57014 ({@link java.sql.SQLTimeoutException}). One daemon thread for the
 * driver arms and fires them; a statement that finishes in time disarms its timer.
 */
final class Timeouts {
  private static final ScheduledThreadPoolExecutor TIMER = timer();

  private Timeouts() {}

  private static ScheduledThreadPoolExecutor timer() {
    ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
      Thread th = new Thread(r, "sluice-jdbc-timeouts");
      th.setDaemon(true);
      return th;
    });
    t.setRemoveOnCancelPolicy(true);
    return t;
  }

  /** A timer that cancels on {@code connection} after {@code millis}; null for no timeout. */
  static ScheduledFuture<?> arm(io.sluice.Connection connection, long millis) {
    if (millis <= 0) {
      return null;
    }
    return TIMER.schedule(() -> {
      try {
        connection.cancel();
      } catch (io.sluice.SluiceException ignored) {
        // the connection closed meanwhile: nothing left to cancel
      }
    }, millis, TimeUnit.MILLISECONDS);
  }

  /** {@code action} after {@code millis}, on the driver's timer thread; cancel it with {@link #disarm}. */
  static ScheduledFuture<?> after(long millis, Runnable action) {
    return TIMER.schedule(action, millis, TimeUnit.MILLISECONDS);
  }

  static void disarm(ScheduledFuture<?> timer) {
    if (timer != null) {
      timer.cancel(false);
    }
  }
}
