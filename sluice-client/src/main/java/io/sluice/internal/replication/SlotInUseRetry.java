package io.sluice.internal.replication;

import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.SluiceException.Outcome;
import java.util.concurrent.TimeUnit;

/**
 * {@code START_REPLICATION} on a slot that another walsender still holds fails with 55006
 * ({@code object_in_use}: "replication slot … is active for PID …"). Right after a stream was
 * cut, that walsender is usually on its way out: terminated, or about to notice the closed socket
 * (it reads EOF, or its next write fails). So the start is tried again, with a growing pause, for
 * a bounded time; past it the server's error is thrown as it came. Any other error is thrown at
 * once. The session stays usable between attempts: the server answers the error with
 * ReadyForQuery.
 */
final class SlotInUseRetry {
  /** PostgreSQL's ERRCODE_OBJECT_IN_USE, which ReplicationSlotAcquire raises for an active slot. */
  static final String OBJECT_IN_USE = "55006";
  /** How long a start keeps trying: a walsender that was told to go leaves within milliseconds. */
  static final long DEFAULT_BOUND_NANOS = TimeUnit.SECONDS.toNanos(10);
  private static final long FIRST_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
  private static final long MAX_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

  /** One attempt at the command. */
  @FunctionalInterface
  interface Attempt {
    void run();
  }

  private SlotInUseRetry() {}

  /** Runs {@code attempt}, again while the slot is in use, for at most {@code boundNanos}; returns the attempts made. */
  static int run(Attempt attempt, long boundNanos) {
    long deadline = System.nanoTime() + boundNanos;
    long pause = FIRST_PAUSE_NANOS;
    for (int attempts = 1; ; attempts++) {
      try {
        attempt.run();
        return attempts;
      } catch (ServerException e) {
        if (!OBJECT_IN_USE.equals(e.sqlState()) || System.nanoTime() + pause - deadline > 0) {
          throw e;
        }
      }
      try {
        TimeUnit.NANOSECONDS.sleep(pause);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SluiceException("interrupted while waiting for a replication slot to be released",
            Outcome.NOT_SENT);
      }
      pause = Math.min(MAX_PAUSE_NANOS, pause * 2);
    }
  }
}
