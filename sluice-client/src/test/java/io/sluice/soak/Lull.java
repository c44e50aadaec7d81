package io.sluice.soak;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Makes the workers hold off between calls, so that the pool's connections sit idle while a
 * fault hits them: the traffic that comes back afterwards meets connections that died while
 * nobody used them (an application quiet at night while the database restarts).
 */
final class Lull {
  private static final long PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

  private final AtomicInteger callsRunning = new AtomicInteger();
  private volatile boolean on;

  /** Starts a lull and waits, at most {@code bound}, for the calls in progress to end; false if some did not. */
  boolean begin(Duration bound) {
    on = true;
    long deadline = System.nanoTime() + bound.toNanos();
    while (callsRunning.get() > 0) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      LockSupport.parkNanos(PARK_NANOS);
    }
    return true;
  }

  void end() {
    on = false;
  }

  /** A worker about to make a call: waits while a lull lasts, then counts the call as running. */
  void callBegins() {
    while (true) {
      callsRunning.incrementAndGet();   // counted before looking, so that begin() cannot miss this call
      if (!on) {
        return;
      }
      callsRunning.decrementAndGet();
      while (on) {
        LockSupport.parkNanos(PARK_NANOS);
      }
    }
  }

  void callEnded() {
    callsRunning.decrementAndGet();
  }
}
