package io.sluice.internal.pool;

import io.sluice.ConnectionStats;
import io.sluice.HostPort;
import io.sluice.HostStats;
import io.sluice.PoolStats;
import io.sluice.ServerRole;
import io.sluice.internal.fleet.FleetSnapshot;
import io.sluice.internal.fleet.HostState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A routing pool's figures: its host groups' counters summed, and each host as the monitor found it. */
final class GroupStats {
  private GroupStats() {}

  /** Every group's counters summed (the last error of the first group that has one). */
  static PoolStats sum(Collection<HostGroup> groups) {
    int open = 0, idle = 0, borrowed = 0, inFlight = 0, opening = 0, waiting = 0;
    long acquired = 0, timeouts = 0, opened = 0, closedCount = 0, evicted = 0, connectFailures = 0;
    String lastError = null;
    for (HostGroup g : groups) {
      PoolStats s = g.slots().stats();
      open += s.open();
      idle += s.idle();
      borrowed += s.borrowed();
      inFlight += s.inFlight();
      opening += s.opening();
      waiting += s.waiting();
      acquired += s.acquired();
      timeouts += s.timeouts();
      opened += s.opened();
      closedCount += s.closed();
      evicted += s.evicted();
      connectFailures += s.connectFailures();
      lastError = lastError != null ? lastError : s.lastError();
    }
    return new PoolStats(open, idle, borrowed, inFlight, opening, waiting, acquired, timeouts, opened, closedCount,
        evicted, connectFailures, lastError);
  }

  /** Each host as the monitor last found it, with what this pool sent there. */
  static List<HostStats> hosts(FleetSnapshot snap, Map<HostPort, HostGroup> groups) {
    List<HostStats> out = new ArrayList<>(snap.hosts().size());
    for (FleetSnapshot.Host h : snap.hosts()) {
      HostState st = h.state();
      HostGroup g = groups.get(h.host());
      out.add(new HostStats(h.host(), st.role(), st.up(), st.role() == ServerRole.STANDBY ? h.lag() : Optional.empty(),
          st.position().isValid() ? st.position().toString() : null, g.reads().sum(), g.writes().sum(),
          g.slots().stats(), st.lastError(),
          h.stall().map(x -> x.describe(st.position(), snap.primaryPosition())).orElse(null)));
    }
    return out;
  }

  /** The counters of every group's open connections, summed. */
  static ConnectionStats connectionStats(Collection<HostGroup> groups) {
    ConnectionStats sum = ConnectionStats.NONE;
    for (HostGroup g : groups) {
      sum = sum.plus(g.slots().connectionStats());
    }
    return sum;
  }
}
