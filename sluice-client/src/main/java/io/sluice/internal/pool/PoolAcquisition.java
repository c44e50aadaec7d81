package io.sluice.internal.pool;

import io.sluice.event.AcquireStart;
import io.sluice.internal.events.Started;

/**
 * One caller's request for a pooled connection, from its start to its end: until when it may
 * wait, how long it was given (for the message when it times out), when it began to wait, and its
 * start event when someone listens.
 */
final class PoolAcquisition {
  final long deadline;
  /** The time this acquisition was given, in ms: the acquire timeout, or the call's own when shorter. */
  private final long budgetMillis;
  /** Its start event, or null when nobody listens. */
  final Started<AcquireStart> started;
  /** When it first found no connection it could use and began to wait; 0 until then. */
  private long waitingSince;

  PoolAcquisition(long deadline, long budgetMillis, Started<AcquireStart> started) {
    this.deadline = deadline;
    this.budgetMillis = budgetMillis;
    this.started = started;
  }

  /** The caller is about to wait (lock held); only the first wait counts. */
  void waiting(long now) {
    if (waitingSince == 0) {
      waitingSince = now;
    }
  }

  /** How long it has waited, 0 if it never did. */
  long waitedNanos() {
    return waitingSince == 0 ? 0 : Math.max(1, System.nanoTime() - waitingSince);
  }

  /** The time it was given, in milliseconds: what a timeout says it waited. */
  long budgetMillis() {
    return budgetMillis;
  }
}
