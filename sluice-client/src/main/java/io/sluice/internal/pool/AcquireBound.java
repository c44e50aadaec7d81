package io.sluice.internal.pool;

import io.sluice.PoolOptions;
import io.sluice.internal.engine.Deadline;

/**
 * How long a caller may wait for a pooled connection: the pool's acquire timeout, or the call's
 * own deadline when that comes first. {@code budgetMillis} is the time the caller was given, as a
 * timeout's message names it.
 *
 * @param deadline a point on {@link System#nanoTime()}'s clock
 */
record AcquireBound(long deadline, long budgetMillis) {
  static AcquireBound of(PoolOptions options, Deadline call) {
    long deadline = System.nanoTime() + options.acquireTimeout().toNanos();
    if (!call.isNone() && call.remainingNanos() < deadline - System.nanoTime()) {
      return new AcquireBound(System.nanoTime() + call.remainingNanos(), call.budgetMillis());
    }
    return new AcquireBound(deadline, options.acquireTimeout().toMillis());
  }

  boolean passed() {
    return System.nanoTime() - deadline >= 0;
  }
}
