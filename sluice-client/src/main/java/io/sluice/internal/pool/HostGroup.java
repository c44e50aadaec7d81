package io.sluice.internal.pool;

import io.sluice.HostPort;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The connections of a routing pool to one host of the fleet ({@link FleetPool}): a {@link
 * PoolSlots} whose connections open to that host alone, and the calls in flight there, by which
 * reads are spread, and the calls of each route it ran ({@link Pool#hosts()}).
 */
record HostGroup(HostPort host, PoolSlots slots, AtomicInteger inFlight, LongAdder reads, LongAdder writes) {
  HostGroup(HostPort host, PoolSlots slots) {
    this(host, slots, new AtomicInteger(), new LongAdder(), new LongAdder());
  }
}
