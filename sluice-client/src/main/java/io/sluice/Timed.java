package io.sluice;

import io.sluice.internal.calls.Runner;
import java.time.Duration;

/**
 * What {@link Queryable#withTimeout} returns: the same target's calls through a runner whose
 * calls have another default deadline. Not API: only the {@code Queryable} it is matters.
 */
record Timed(Runner runner, Queryable target, Duration timeout) implements Queryable {
  @Override
  public Queryable withTimeout(Duration timeout) {
    return target.withTimeout(timeout);   // a new timeout replaces this one, it does not nest
  }

  @Override
  public String toString() {
    return target + " with a timeout of " + timeout.toMillis() + " ms per call";
  }
}
