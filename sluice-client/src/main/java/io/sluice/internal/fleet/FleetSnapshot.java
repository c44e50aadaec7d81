package io.sluice.internal.fleet;

import io.sluice.replication.Lsn;
import io.sluice.HostPort;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The fleet as a {@link FleetMonitor} last saw it: one entry per host, in the order given.
 *
 * @param hosts per host: its state and, for a standby, its lag
 * @param takenAtNanos {@link System#nanoTime()} when the snapshot was made
 * @param primaryPosition the newest primary WAL position the monitor has seen ({@link Lsn#INVALID} if none)
 */
public record FleetSnapshot(List<Host> hosts, long takenAtNanos, Lsn primaryPosition) {
  public FleetSnapshot {
    hosts = List.copyOf(hosts);
  }

  /**
   * One host.
   *
   * @param state what its last probe found
   * @param lag for a standby, how long ago the primary wrote the oldest WAL it has not replayed
   *     ({@link LagClock}); empty for a primary, or while no primary position is known
   * @param stall for an up standby behind the primary, why it cannot catch up now, if it cannot
   */
  public record Host(HostState state, Optional<Duration> lag, Optional<Stall> stall) {
    /** A host that is not stalled. */
    public Host(HostState state, Optional<Duration> lag) {
      this(state, lag, Optional.empty());
    }

    public HostPort host() {
      return state.host();
    }

    /** An up standby that is not stalled, whose lag is known and at most {@code maxLag}. */
    boolean freshStandby(Duration maxLag) {
      return state.isUpStandby() && stall.isEmpty() && lag.isPresent() && lag.get().compareTo(maxLag) <= 0;
    }

    /** An up standby that has replayed up to {@code target}. */
    boolean replayed(Lsn target) {
      return state.isUpStandby() && state.position().atLeast(target);
    }
  }

  /** The first host that is up and a writable primary. */
  public Optional<Host> primary() {
    return hosts.stream().filter(h -> h.state().isUpPrimary()).findFirst();
  }

  /** The up standbys with a known lag of at most {@code maxLag}. */
  List<Host> freshStandbys(Duration maxLag) {
    return hosts.stream().filter(h -> h.freshStandby(maxLag)).toList();
  }

  /** The up standbys that have replayed up to {@code target}. */
  List<Host> standbysPast(Lsn target) {
    return hosts.stream().filter(h -> h.replayed(target)).toList();
  }

  /** The entry for {@code host}. */
  public Host host(HostPort host) {
    return hosts.stream().filter(h -> h.host().equals(host)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("not a host of this fleet: " + host));
  }
}
