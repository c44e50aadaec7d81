package io.sluice;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The connections of a routing pool to one host of the fleet ({@link FleetPool}): a {@link
 * PoolSlots} whose connections open to that host alone, and the calls in flight there, by which
 * reads are spread.
 */
record HostGroup(HostPort host, PoolSlots slots, AtomicInteger inFlight) {
  HostGroup(HostPort host, PoolSlots slots) {
    this(host, slots, new AtomicInteger());
  }
}
