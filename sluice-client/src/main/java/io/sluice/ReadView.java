package io.sluice;

import io.sluice.internal.calls.Runner;

/**
 * What {@link Pool#readOnly()} returns on a routing pool: the pool's calls through a runner on
 * the read route. Not API: only the {@code Queryable} it is matters. Its {@code withTimeout}
 * (Queryable's default) times the same runner, so the route is kept.
 */
record ReadView(Runner runner, Pool pool) implements Queryable {
  @Override
  public String toString() {
    return "read-only view of " + pool;
  }
}
