package io.sluice.internal.fleet;

import io.sluice.replication.Lsn;
import io.sluice.HostPort;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which hosts of a {@link FleetSnapshot} may take a read, and why the others may not: up, a
 * standby, lagging at most {@code maxLag} ({@link LagClock}) and past {@code floor} (the
 * read-your-writes floor; {@link Lsn#INVALID} for none). A standby behind {@code lagKnownFrom}
 * ({@link LagClock#oldest()}) is not fit whatever its lag reads: that lag is only how long the
 * clock has watched (just after the pool opened, a standby hours behind would otherwise read fresh).
 */
public final class Fitness {
  private Fitness() {}

  /** The fit standbys of {@code s}, in host order, leaving out {@code avoid}. */
  public static List<HostPort> fitStandbys(FleetSnapshot s, Duration maxLag, Lsn floor, Lsn lagKnownFrom,
      Set<HostPort> avoid) {
    List<HostPort> out = new ArrayList<>();
    for (FleetSnapshot.Host h : s.hosts()) {
      if (!avoid.contains(h.host()) && h.freshStandby(maxLag) && h.replayed(lagKnownFrom)
          && (!floor.isValid() || h.replayed(floor))) {
        out.add(h.host());
      }
    }
    return out;
  }

  /** Why no standby took a read: each host with its reason, {@code "db2:5432 lags 7.2 s > 5 s; …"}. */
  public static String unfit(FleetSnapshot s, Duration maxLag, Lsn floor, Lsn lagKnownFrom, Set<HostPort> avoid) {
    StringBuilder b = new StringBuilder();
    for (FleetSnapshot.Host h : s.hosts()) {
      b.append(b.isEmpty() ? "" : "; ").append(h.host()).append(' ')
          .append(reason(h, maxLag, floor, lagKnownFrom, avoid));
    }
    return b.toString();
  }

  static String reason(FleetSnapshot.Host h, Duration maxLag, Lsn floor, Lsn lagKnownFrom, Set<HostPort> avoid) {
    HostState st = h.state();
    if (!st.up()) {
      return st.probedAtNanos() == 0 ? "not probed yet" : "down (" + st.lastError() + ")";
    }
    if (avoid.contains(h.host())) {
      return "failed this call's connection";
    }
    return switch (st.role()) {
      case PRIMARY -> "is the primary";
      case READ_ONLY_PRIMARY -> "is a read-only primary, not a standby";
      case UNKNOWN -> "role unknown";
      case STANDBY -> h.lag().isEmpty() ? "lag unknown (no primary position seen)"
          : h.lag().get().compareTo(maxLag) > 0 ? "lags " + millis(h.lag().get()) + " > " + millis(maxLag)
          : !h.replayed(lagKnownFrom) ? "lags at least " + millis(h.lag().get()) + " (behind every primary position"
              + " seen since the monitor started)"
          : floor.isValid() && !h.replayed(floor) ? "has not replayed " + floor + " (this pool's writes)"
          : "fit";
    };
  }

  private static String millis(Duration d) {
    return d.toMillis() + " ms";
  }
}
