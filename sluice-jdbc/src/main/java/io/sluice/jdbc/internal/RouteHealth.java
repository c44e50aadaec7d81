package io.sluice.jdbc.internal;

import io.sluice.HostStats;
import io.sluice.ReadRouting;
import io.sluice.ServerRole;
import java.time.Duration;
import java.util.List;

/**
 * What a routing pool's monitor knows, as of its last probes (every 200 ms), of the route a
 * routing connection's next statement takes (issue 36 §3): whether a host can serve it, found
 * without asking a server. Such a connection owns no session, so {@code isValid} and {@code
 * getTransactionIsolation} answer from this rather than borrow a session — which for a read-write
 * connection means waiting for a primary, none during an election.
 */
enum RouteHealth {
  /** A host serves the route: for reads a fit standby, or with {@code prefer-standby} the primary; for writes the primary. */
  SERVED,
  /** Every host has been probed at least once and none serves the route now. */
  UNSERVED,
  /** None serves it as far as the probes went, but a host has not been probed yet (the pool has just opened). */
  UNKNOWN;

  /**
   * The route's health by {@code hosts} ({@link io.sluice.Pool#hosts()}): a standby is fit when it
   * is up, not stalled (it cannot catch up) and its lag is known and at most {@code maxLag}, as the pool's own choice asks (the pool
   * also holds a read back until the standby has replayed its read-your-writes floor, for at most
   * a second, which this does not look at: a standby behind the floor still serves later reads).
   */
  static RouteHealth of(List<HostStats> hosts, boolean readOnly, ReadRouting routing, Duration maxLag) {
    boolean unprobed = false;
    boolean primary = false;
    boolean standby = false;
    for (HostStats h : hosts) {
      if (!h.up()) {
        unprobed |= h.lastError() == null;   // a probe that failed says why; none has run yet
        continue;
      }
      primary |= h.role() == ServerRole.PRIMARY;
      standby |= h.role() == ServerRole.STANDBY && h.stalled() == null && h.lag().isPresent()
          && h.lag().get().compareTo(maxLag) <= 0;
    }
    boolean served = !readOnly || routing == ReadRouting.PRIMARY ? primary
        : standby || routing == ReadRouting.PREFER_STANDBY && primary;
    return served ? SERVED : unprobed ? UNKNOWN : UNSERVED;
  }
}
