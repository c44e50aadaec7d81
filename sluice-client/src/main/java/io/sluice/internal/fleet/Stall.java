package io.sluice.internal.fleet;

import io.sluice.replication.Lsn;
import java.time.Duration;
import java.util.Optional;

/**
 * Why a standby that is up cannot catch up with the primary now (issue 36): it takes no reads,
 * and no read waits for it, until its replay moves again. Judged only for a standby behind the
 * newest primary position the monitor has seen (one that has replayed it lags by nothing and is
 * fine however it gets its WAL).
 */
public enum Stall {
  /** {@code pg_is_wal_replay_paused()}: replay paused ({@code pg_wal_replay_pause()}, or a recovery target reached). */
  REPLAY_PAUSED("replay is paused (pg_is_wal_replay_paused())"),
  /** No WAL receiver ({@code pg_stat_wal_receiver} is empty) and everything it received is replayed. */
  NO_RECEIVER("has no WAL receiver (pg_stat_wal_receiver is empty) and has replayed all it received"),
  /** Its WAL receiver is not streaming (starting, waiting, restarting, stopping) and everything received is replayed. */
  NOT_STREAMING("its WAL receiver is not streaming and it has replayed all it received"),
  /** Its replay position has not moved while the primary went on writing for {@link #AFTER} or longer. */
  NOT_ADVANCING("has replayed nothing while the primary wrote on");

  /**
   * How long the primary must go on writing while a standby replays nothing before it is judged
   * stalled: as long as a read waits for a standby (a routing pool's {@code STANDBY_WAIT}): a
   * standby that replayed nothing in that time would have made such a wait vain. Longer than a
   * probe interval, so that one probe's view is not enough.
   */
  public static final Duration AFTER = Duration.ofSeconds(1);

  private final String text;

  Stall(String text) {
    this.text = text;
  }

  /** What it means, for an error message or an event. */
  public String text() {
    return text;
  }

  /**
   * The stall of {@code s}, if any: {@code lag} is its lag now ({@link LagClock#lag}; zero once it
   * has replayed the newest sample), {@code primaryMovedAtNanos} when the primary's position was
   * last seen to grow ({@link LagClock#newestAtNanos()}).
   */
  static Optional<Stall> of(HostState s, Optional<Duration> lag, long primaryMovedAtNanos) {
    if (!s.isUpStandby() || lag.isEmpty() || lag.get().isZero()) {
      return Optional.empty();
    }
    HostState.Replay r = s.replay();
    if (r.paused()) {
      return Optional.of(REPLAY_PAUSED);
    }
    boolean allReplayed = !s.received().isValid() || s.position().atLeast(s.received());
    if (allReplayed && r.receiver() == Receiver.NONE) {
      return Optional.of(NO_RECEIVER);
    }
    if (allReplayed && r.receiver() == Receiver.NOT_STREAMING) {
      return Optional.of(NOT_STREAMING);
    }
    if (primaryMovedAtNanos - r.movedAtNanos() >= AFTER.toNanos()) {
      return Optional.of(NOT_ADVANCING);
    }
    return Optional.empty();
  }

  /** {@link #text()} with where the standby stands: {@code "… (replayed 0/3000148, the primary at 0/3001000)"}. */
  public String describe(Lsn replayed, Lsn primary) {
    return "cannot catch up: " + text + " (replayed " + replayed + ", the primary at " + primary + ")";
  }
}
