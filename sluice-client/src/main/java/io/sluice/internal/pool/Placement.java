package io.sluice.internal.pool;

import io.sluice.Queryable;
import io.sluice.internal.engine.Deadline;
import java.util.function.BiFunction;

/**
 * Where a pooled call runs — all that differs between a pool of one server ({@link SlotPool}) and
 * a routing pool's route ({@link RoutePlacement}); {@link PoolRunner} is the calls over either.
 */
interface Placement {
  /**
   * Runs {@code statement} on a connection held as {@code hold}, with the host group it came from
   * (null for a pool of one server); a statement that found its connection dead unsent runs again.
   */
  <T> T run(Hold hold, Deadline call, BiFunction<HostGroup, PoolSlot, T> statement);

  /** A connection lent to a stream comes back when the stream closes. */
  void giveBackLent(HostGroup group, PoolSlot slot);

  /** What a statement prepared here runs its later calls through: the pool, or its read route. */
  Queryable preparedThrough();
}
