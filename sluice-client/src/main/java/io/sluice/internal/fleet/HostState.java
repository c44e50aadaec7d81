package io.sluice.internal.fleet;

import io.sluice.replication.Lsn;
import io.sluice.HostPort;
import io.sluice.ServerRole;
import java.util.Objects;

/**
 * What the last probe of one host found.
 *
 * @param host the host
 * @param role its role at the last successful probe ({@link ServerRole#UNKNOWN} before the first)
 * @param up whether the last probe succeeded
 * @param position for a primary its {@code pg_current_wal_lsn()} (WAL written); for a standby its
 *     {@code pg_last_wal_replay_lsn()} (WAL replayed, what its queries see); {@link Lsn#INVALID}
 *     when unknown. Kept from the last success while the host is down.
 * @param received a standby's {@code pg_last_wal_receive_lsn()} (WAL received and flushed, not
 *     necessarily replayed); {@link Lsn#INVALID} for a primary or when unknown
 * @param replay a standby's replay progress: paused or not, its WAL receiver, when its position last moved
 * @param probedAtNanos {@link System#nanoTime()} when the last probe (success or failure) ended; 0 before any
 * @param failures probes failed in a row (0 when up)
 * @param lastError why the last probe failed; null when it succeeded
 */
public record HostState(HostPort host, ServerRole role, boolean up, Lsn position, Lsn received, Replay replay,
    long probedAtNanos, int failures, String lastError) {
  public HostState {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(position, "position");
    Objects.requireNonNull(received, "received");
    Objects.requireNonNull(replay, "replay");
  }

  /**
   * How a standby's replay moves.
   *
   * @param paused replay paused ({@code pg_is_wal_replay_paused()})
   * @param receiver its WAL receiver ({@code pg_stat_wal_receiver})
   * @param movedAtNanos {@link System#nanoTime()} when {@code position} was last seen to move
   *     forward, or when the host was first seen up as a standby (nothing is known before)
   */
  public record Replay(boolean paused, Receiver receiver, long movedAtNanos) {
    static final Replay NONE = new Replay(false, Receiver.NOT_A_STANDBY, 0);
  }

  /** A host's state without replay details (tests; a primary). */
  HostState(HostPort host, ServerRole role, boolean up, Lsn position, Lsn received, long probedAtNanos, int failures,
      String lastError) {
    this(host, role, up, position, received, role == ServerRole.STANDBY
        ? new Replay(false, Receiver.STREAMING, probedAtNanos) : Replay.NONE, probedAtNanos, failures, lastError);
  }

  /** Before the first probe: unknown and not up. */
  static HostState initial(HostPort host) {
    return new HostState(host, ServerRole.UNKNOWN, false, Lsn.ZERO, Lsn.ZERO, Replay.NONE, 0, 0, null);
  }

  /** After a successful probe: the position moved when it grew, or when the host was not an up standby before. */
  HostState probed(HostProbe.Reading r, long nanos) {
    boolean moved = !isUpStandby() || r.position().compareTo(position) > 0;
    Replay next = r.role() != ServerRole.STANDBY ? Replay.NONE
        : new Replay(r.paused(), r.receiver(), moved ? nanos : replay.movedAtNanos());
    return new HostState(host, r.role(), true, r.position(), r.received(), next, nanos, 0, null);
  }

  /** After a failed probe: down, role and positions kept from before. */
  HostState failed(String error, long nanos) {
    return new HostState(host, role, false, position, received, replay, nanos, failures + 1, error);
  }

  /** As now, with a replay position heard outside the probes (a read's trailer, at {@code nanos}) when it is newer. */
  HostState replayed(Lsn p, long nanos) {
    return p.compareTo(position) > 0 ? new HostState(host, role, up, p, received,
        new Replay(replay.paused(), replay.receiver(), nanos), probedAtNanos, failures, lastError) : this;
  }

  /**
   * As now, its replay counted as moving at {@code nanos}: a standby that has replayed all the
   * primary wrote is keeping up, however long ago its position last changed (an idle primary).
   */
  HostState keepingUp(long nanos) {
    return new HostState(host, role, up, position, received, new Replay(replay.paused(), replay.receiver(), nanos),
        probedAtNanos, failures, lastError);
  }

  /** Up and a standby. */
  public boolean isUpStandby() {
    return up && role == ServerRole.STANDBY;
  }

  /** Up and a writable primary. */
  boolean isUpPrimary() {
    return up && role == ServerRole.PRIMARY;
  }
}
