package io.sluice.internal.pool;

import io.sluice.internal.calls.ConnectionCore;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.engine.Trailer;
import io.sluice.internal.fleet.Route;
import java.util.function.Supplier;

/**
 * How a routing pool learns the WAL position behind a leased connection's work ({@link
 * WalTracking}): by a trailer in the same socket write while {@link Pool.Lease#tracked} runs, else
 * by asking at the lease's return, a round trip.
 */
record LeaseTracking(WalTracking tracking, Route route, HostGroup group, ConnectionCore connection) {
  /** Runs {@code work} with a trailer armed behind each of this thread's requests, then records the last answer. */
  <T> T tracked(Supplier<T> work) {
    Trailer t = tracking.arm(route, Trailer.Follows.EVERY_REQUEST);
    try {
      return work.get();
    } finally {
      tracking.learn(t, route, group, connection, Deadline.NONE);
    }
  }

  /** Asks the connection where the WAL stands (the lease's work went untracked); never throws. */
  void ask() {
    tracking.ask(route, group, connection, Deadline.NONE);
  }
}
