package io.sluice;

import io.sluice.internal.calls.Runner;
import java.time.Duration;

/**
 * The {@link Queryable} that {@link Queryable#withTimeout} and {@link Pool#readOnly()} return: the
 * same calls through another runner (one with a call timeout, or a routing pool's read route).
 * It stays in this package, package-private, because {@code Queryable} is sealed and a sealed
 * interface's permitted classes must share its package when Sluice runs on the class path.
 *
 * @param target what the view is of: the connection, pool or transaction, or the pool whose reads these are
 * @param timeout the call timeout, or null for a pool's read route (which keeps it under {@code withTimeout})
 */
record View(Runner runner, Queryable target, Duration timeout) implements Queryable {
  @Override
  public Queryable withTimeout(Duration timeout) {
    // a new timeout replaces this one, it does not nest; a read route keeps its route
    return this.timeout == null ? Queryable.super.withTimeout(timeout) : target.withTimeout(timeout);
  }

  @Override
  public String toString() {
    return timeout == null ? "read-only view of " + target
        : target + " with a timeout of " + timeout.toMillis() + " ms per call";
  }
}
