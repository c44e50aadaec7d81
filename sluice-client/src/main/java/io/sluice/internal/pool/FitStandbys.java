package io.sluice.internal.pool;

import io.sluice.HostPort;
import io.sluice.replication.Lsn;
import java.util.ArrayList;
import java.util.List;

/** The fit standbys a {@link FleetPool} chose as of {@code atNanos} (no floor, no host avoided), each with its replay position then. */
record FitStandbys(long atNanos, List<HostPort> hosts, List<Lsn> replayed) {
  /** Those of the hosts past {@code floor}. */
  List<HostPort> past(Lsn floor) {
    if (!floor.isValid()) {
      return hosts;
    }
    List<HostPort> out = new ArrayList<>(hosts.size());
    for (int i = 0; i < hosts.size(); i++) {
      if (replayed.get(i).atLeast(floor)) {
        out.add(hosts.get(i));
      }
    }
    return out;
  }
}
