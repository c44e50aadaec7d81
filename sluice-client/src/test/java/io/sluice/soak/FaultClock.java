package io.sluice.soak;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * When faults happen, so that a failed call can be judged: a call that began at least
 * {@link #GRACE} after the last fault had ended, with no fault begun while it ran, met a healthy
 * server and link, and had no reason to fail. The injector marks each fault's start and its end,
 * which is when the damage is done and visible: terminated backends have exited, a restarted or
 * crashed server accepts connections again, links are reset.
 */
final class FaultClock {
  /**
   * Time for a dead backend's EOF to travel through the proxy into the client's socket on a
   * loaded machine: a call that begins later and is still given that connection was handed one
   * that it could have known dead.
   */
  static final Duration GRACE = Duration.ofMillis(100);

  /** Where a call began relative to the faults: how many had begun, and for how long none had run (-1: one was running). */
  record Mark(long faultsBegun, long calmNanos) {}

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

  Mark callBegins() {
    long faults = begun.get();
    return new Mark(faults, active ? -1 : System.nanoTime() - endedAt);
  }

  /** Whether no fault began while the call marked {@code m} ran. */
  boolean noFaultSince(Mark m) {
    return m.calmNanos() >= 0 && m.faultsBegun() == begun.get() && !active;
  }

  /** Whether the call marked {@code m} ran from start to end with no fault near it. */
  boolean faultFree(Mark m) {
    return m.calmNanos() >= GRACE.toNanos() && noFaultSince(m);
  }
}
