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
 * A standby that cannot catch up ({@link Stall}) is not fit either, until its replay moves again.
 *
 * <p>{@link #worthWaiting} says which unfit standbys a read may wait for: a wait is paid only for
 * a standby expected to become fit within it (docs/fleet.md, "What a read pays").
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

  /**
   * The standbys of {@code s} not fit now that a read may wait for, up to {@code boundNanos}: up,
   * not stalled, not avoided, lagging at most {@code maxLag}, and expected to have replayed {@code
   * floor} (and {@code lagKnownFrom}) within the bound. A standby replaying {@code lag} behind the
   * primary replays a position about {@code lag} after the primary wrote it; the primary wrote the
   * target no later than the clock first saw it ({@link LagClock#seenAt}), or now if it has not yet.
   * So the expected wait is {@code seenAt + lag - now}, at most {@code lag}. For a standby behind
   * every sample the lag read is a lower bound; one just behind a young clock (the pool just
   * opened, or a promotion) is still waited for while that bound is short.
   */
  public static List<HostPort> worthWaiting(FleetSnapshot s, Duration maxLag, Lsn floor, Lsn lagKnownFrom,
      Set<HostPort> avoid, LagClock clock, long boundNanos) {
    Lsn target = Lsn.max(floor, lagKnownFrom);
    long writtenBy = clock.seenAt(target).orElse(s.takenAtNanos());
    List<HostPort> out = new ArrayList<>();
    for (FleetSnapshot.Host h : s.hosts()) {
      if (avoid.contains(h.host()) || !h.freshStandby(maxLag) || h.replayed(target)) {
        continue;
      }
      long expected = writtenBy + h.lag().get().toNanos() - s.takenAtNanos();
      if (expected <= boundNanos) {
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
          .append(reason(h, s.primaryPosition(), maxLag, floor, lagKnownFrom, avoid));
    }
    return b.toString();
  }

  static String reason(FleetSnapshot.Host h, Lsn primary, Duration maxLag, Lsn floor, Lsn lagKnownFrom,
      Set<HostPort> avoid) {
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
      case STANDBY -> h.lag().isPresent() && h.lag().get().compareTo(maxLag) > 0
          ? "lags " + millis(h.lag().get()) + " > " + millis(maxLag)
              + h.stall().map(x -> " and " + x.describe(st.position(), primary)).orElse("")
          : h.stall().isPresent() ? h.stall().get().describe(st.position(), primary)
          : h.lag().isEmpty() ? "lag unknown (no primary position seen)"
          : !h.replayed(lagKnownFrom) ? "lags at least " + millis(h.lag().get()) + " (behind every primary position"
              + " seen since the monitor started or the primary changed)"
          : floor.isValid() && !h.replayed(floor) ? "has not replayed " + floor + " (this pool's writes)"
          : "fit";
    };
  }

  private static String millis(Duration d) {
    return d.toMillis() + " ms";
  }
}
