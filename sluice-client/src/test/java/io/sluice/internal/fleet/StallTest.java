package io.sluice.internal.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sluice.HostPort;
import io.sluice.ServerRole;
import io.sluice.replication.Lsn;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** When a standby counts as unable to catch up, and which standbys a read waits for; no server. */
class StallTest {
  static final HostPort A = HostPort.Tcp.of("db2", 5432);
  static final HostPort B = HostPort.Tcp.of("db3", 5432);
  static final long SECOND = TimeUnit.SECONDS.toNanos(1);
  static final Optional<Duration> BEHIND = Optional.of(Duration.ofMillis(300));

  static HostState standby(HostPort h, long position, long received, boolean paused, Receiver receiver, long movedAt) {
    return new HostState(h, ServerRole.STANDBY, true, new Lsn(position), new Lsn(received),
        new HostState.Replay(paused, receiver, movedAt), movedAt, 0, null);
  }

  @Test
  void aStandbyThatHasReplayedTheNewestPrimaryPositionIsNeverStalled() {
    HostState orphan = standby(A, 100, 100, true, Receiver.NONE, 0);
    assertEquals(Optional.empty(), Stall.of(orphan, Optional.of(Duration.ZERO), 10 * SECOND), "lags by nothing");
    assertEquals(Optional.empty(), Stall.of(orphan, Optional.empty(), 10 * SECOND), "no primary position known");
  }

  @Test
  void theProbesSignalsComeFirst() {
    assertEquals(Optional.of(Stall.REPLAY_PAUSED), Stall.of(standby(A, 100, 200, true, Receiver.STREAMING, 0), BEHIND, 0));
    assertEquals(Optional.of(Stall.NO_RECEIVER), Stall.of(standby(A, 100, 100, false, Receiver.NONE, 0), BEHIND, 0));
    assertEquals(Optional.of(Stall.NO_RECEIVER), Stall.of(standby(A, 100, 0, false, Receiver.NONE, 0), BEHIND, 0),
        "nothing received by streaming (an archive-fed standby that stopped)");
    assertEquals(Optional.of(Stall.NOT_STREAMING),
        Stall.of(standby(A, 100, 100, false, Receiver.NOT_STREAMING, 0), BEHIND, 0));
    assertEquals(Optional.empty(), Stall.of(standby(A, 100, 150, false, Receiver.NONE, 0), BEHIND, 0),
        "WAL received and not yet replayed: it still moves");
  }

  @Test
  void replayThatDoesNotMoveWhileThePrimaryWritesOnIsAStall() {
    HostState hidden = standby(A, 100, 100, false, Receiver.HIDDEN, SECOND);
    assertEquals(Optional.empty(), Stall.of(hidden, BEHIND, SECOND + SECOND / 2), "the primary wrote on for 0.5 s");
    assertEquals(Optional.of(Stall.NOT_ADVANCING), Stall.of(hidden, BEHIND, 2 * SECOND), "for 1 s");
    HostState delayed = standby(A, 100, 200, false, Receiver.STREAMING, SECOND);
    assertEquals(Optional.empty(), Stall.of(delayed, Optional.of(Duration.ofSeconds(3)), SECOND),
        "one write the standby has not replayed yet, and none since: the primary did not write on");
  }

  @Test
  void aReadWaitsOnlyForAStandbyExpectedToCatchUpWithinTheBound() {
    LagClock clock = new LagClock(16);
    clock.record(0, new Lsn(100));
    clock.record(SECOND, new Lsn(200));
    long now = 2 * SECOND;
    FleetSnapshot snap = new FleetSnapshot(List.of(
        new FleetSnapshot.Host(standby(A, 150, 200, false, Receiver.STREAMING, now), Optional.of(Duration.ofMillis(300))),
        new FleetSnapshot.Host(standby(B, 100, 100, false, Receiver.NONE, 0), Optional.of(Duration.ofSeconds(1)),
            Optional.of(Stall.NO_RECEIVER))), now, new Lsn(200));
    Duration max = Duration.ofSeconds(5);
    Lsn known = clock.oldest();
    assertEquals(List.of(A), Fitness.worthWaiting(snap, max, new Lsn(250), known, Set.of(), clock, SECOND),
        "a floor written after the last primary probe: A replays it about 300 ms after; B cannot");
    assertEquals(List.of(), Fitness.worthWaiting(snap, max, new Lsn(250), known, Set.of(), clock, SECOND / 10),
        "not within 100 ms");
    assertEquals(List.of(), Fitness.worthWaiting(snap, max, new Lsn(250), known, Set.of(A), clock, SECOND));
    assertEquals(List.of(), Fitness.worthWaiting(snap, Duration.ofMillis(200), new Lsn(250), known, Set.of(), clock,
        SECOND), "A lags more than max_standby_lag");
  }
}
