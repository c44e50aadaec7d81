package io.sluice.internal.fleet;

import io.sluice.replication.Lsn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Times are milliseconds on a made-up clock, passed in as nanoseconds. */
class LagClockTest {
  static long ms(long ms) {
    return ms * 1_000_000;
  }

  static Optional<Duration> lag(LagClock c, long replayed, long nowMs) {
    return c.lag(new Lsn(replayed), ms(nowMs));
  }

  @Test
  void unknownUntilThePrimaryIsSampled() {
    LagClock c = new LagClock(8);
    assertEquals(Optional.empty(), lag(c, 100, 0));
    assertEquals(Lsn.ZERO, c.newest());
  }

  @Test
  void lagIsTheAgeOfTheOldestSamplePastTheReplayPosition() {
    LagClock c = new LagClock(8);
    c.record(ms(1000), new Lsn(100));
    c.record(ms(2000), new Lsn(200));
    c.record(ms(3000), new Lsn(300));
    assertEquals(Optional.of(Duration.ZERO), lag(c, 300, 5000), "caught up with the newest sample");
    assertEquals(Optional.of(Duration.ZERO), lag(c, 350, 5000), "past it (the primary wrote more since)");
    assertEquals(Optional.of(Duration.ofMillis(2000)), lag(c, 200, 5000), "missing what was written by 3000");
    assertEquals(Optional.of(Duration.ofMillis(2000)), lag(c, 250, 5000));
    assertEquals(Optional.of(Duration.ofMillis(3000)), lag(c, 199, 5000), "missing part of what was written by 2000");
    assertEquals(Optional.of(Duration.ofMillis(4000)), lag(c, 0, 5000), "nothing replayed");
    assertEquals(Optional.of(Duration.ofMillis(4500)), lag(c, 0, 5500), "lag grows with time while nothing replays");
  }

  @Test
  void anIdlePrimaryAddsNoSamplesAndACaughtUpStandbyStaysAtZero() {
    LagClock c = new LagClock(4);
    c.record(ms(0), new Lsn(500));
    for (int t = 200; t <= 60_000; t += 200) {
      c.record(ms(t), new Lsn(500));
    }
    assertEquals(1, c.size());
    assertEquals(Optional.of(Duration.ZERO), lag(c, 500, 3_600_000), "an hour later, still not lagging");
    assertEquals(Optional.of(Duration.ofMillis(60_000)), lag(c, 499, 60_000),
        "but one that never got the last write lags since the write was first seen");
  }

  @Test
  void positionsThatGoBackAreIgnored() {
    LagClock c = new LagClock(4);
    c.record(ms(0), new Lsn(500));
    c.record(ms(100), new Lsn(400));
    c.record(ms(200), Lsn.ZERO);
    assertEquals(1, c.size());
    assertEquals(new Lsn(500), c.newest());
  }

  @Test
  void theRingKeepsTheNewestSamplesAndReportsALowerBoundBeyondThem() {
    LagClock c = new LagClock(3);
    for (int i = 1; i <= 5; i++) {
      c.record(ms(i * 1000), new Lsn(i * 100));
    }
    assertEquals(3, c.size());
    assertEquals(new Lsn(500), c.newest());
    assertEquals(Optional.of(Duration.ofMillis(7000)), lag(c, 100, 10_000),
        "behind every kept sample: at least the oldest one's age (3000)");
    assertEquals(Optional.of(Duration.ofMillis(6000)), lag(c, 300, 10_000));
    assertEquals(Optional.of(Duration.ofMillis(5000)), lag(c, 400, 10_000));
  }

  @Test
  void unsignedPositions() {
    LagClock c = new LagClock(4);
    c.record(ms(0), Lsn.parse("7FFFFFFF/FFFFFFFF"));
    c.record(ms(1000), Lsn.parse("80000000/00000000"));
    assertEquals(2, c.size());
    assertEquals(Optional.of(Duration.ofMillis(1000)), c.lag(Lsn.parse("7FFFFFFF/FFFFFFFF"), ms(2000)));
  }

  @Test
  void whenThePrimaryWasFirstSeenAtAPosition() {
    LagClock c = new LagClock(4);
    c.record(ms(0), new Lsn(100));
    c.record(ms(1000), new Lsn(200));
    assertEquals(java.util.OptionalLong.of(ms(0)), c.seenAt(new Lsn(50)));
    assertEquals(java.util.OptionalLong.of(ms(1000)), c.seenAt(new Lsn(150)), "written by the second probe");
    assertEquals(java.util.OptionalLong.empty(), c.seenAt(new Lsn(250)), "written after the newest probe");
    assertEquals(ms(1000), c.newestAtNanos());
  }

  @Test
  void aNewPrimaryStartsTheClockOver() {
    LagClock c = new LagClock(4);
    c.record(ms(0), new Lsn(500));
    // the promoted standby's timeline forks at 300: the old primary wrote up to 500 that no standby received
    c.record(ms(1000), new Lsn(400));
    assertEquals(1, c.size(), "a position behind the newest sample adds nothing");
    c.reset();
    assertEquals(0, c.size());
    assertEquals(0, c.newestAtNanos());
    c.record(ms(1000), new Lsn(400));
    assertEquals(new Lsn(400), c.oldest());
    assertEquals(Optional.of(Duration.ZERO), c.lag(new Lsn(400), ms(2000)), "a standby following the new primary");
  }

  @Test
  void needsRoom() {
    assertThrows(IllegalArgumentException.class, () -> new LagClock(1));
  }
}
