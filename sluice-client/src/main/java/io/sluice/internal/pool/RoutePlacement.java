package io.sluice.internal.pool;

import io.sluice.Queryable;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.fleet.Route;
import java.util.function.BiFunction;

/** A routing pool's calls on one route: each on a host group the route picks per call ({@link FleetPool#run}). */
record RoutePlacement(FleetPool fleet, Route route) implements Placement {
  @Override
  public <T> T run(Hold hold, Deadline call, BiFunction<HostGroup, PoolSlot, T> statement) {
    return fleet.run(route, hold, call, statement);
  }

  /** No trailer can follow a stream: its position is asked as its connection comes back. */
  @Override
  public void giveBackLent(HostGroup group, PoolSlot slot) {
    if (fleet.tracking().tracks(route)) {
      fleet.tracking().ask(route, group, slot.core, Deadline.NONE);
    }
    group.slots().giveBack(slot, null);
  }

  @Override
  public Queryable preparedThrough() {
    return route == Route.READ ? fleet.pool().readOnly() : fleet.pool();
  }
}
