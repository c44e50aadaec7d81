package io.sluice.soak;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * When faults happen, so that a failed call can be judged: a call that began at least
 * {@link #GRACE} after the last fault had ended, with no fault begun while it ran, met a healthy
 * server and link, and had no reason to fail. The injector marks each fault's start and end; for
 * a server restart or crash the end is when the server accepts connections again.
 */
final class FaultClock {
  /** Long enough for a terminated or crashed backend's FATAL/EOF to be in the client's socket. */
  static final Duration GRACE = Duration.ofMillis(500);

  private final AtomicLong begun = new AtomicLong();
  private volatile boolean active;
  private volatile long endedAt = System.nanoTime() - GRACE.toNanos();

  void faultBegins() {
    active = true;
    begun.incrementAndGet();
  }

  void faultEnded() {
    endedAt = System.nanoTime();
    active = false;
  }

  /** Taken as a call begins: the faults begun so far, or -1 when a fault is under way or ended within the grace. */
  long callBegins() {
    long token = begun.get();
    boolean calm = !active && System.nanoTime() - endedAt >= GRACE.toNanos();
    return calm ? token : -1;
  }

  /** Whether the call that took {@code token} ran from start to end with no fault near it. */
  boolean faultFree(long token) {
    return token >= 0 && token == begun.get() && !active;
  }
}
