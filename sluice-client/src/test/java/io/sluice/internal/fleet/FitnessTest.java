package io.sluice.internal.fleet;

import io.sluice.replication.Lsn;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sluice.HostPort;
import io.sluice.ServerRole;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which hosts may take a read, and the reasons given for the others; no server. */
class FitnessTest {
  static final HostPort P = HostPort.Tcp.of("db1", 5432);
  static final HostPort A = HostPort.Tcp.of("db2", 5432);
  static final HostPort B = HostPort.Tcp.of("db3", 5432);
  static final HostPort C = HostPort.Tcp.of("db4", 5432);
  static final Duration MAX = Duration.ofSeconds(5);
  /** The lag clock's oldest sample in these snapshots. */
  static final Lsn FIRST = new Lsn(50);

  static FleetSnapshot.Host up(HostPort h, ServerRole role, long position, Duration lag) {
    return new FleetSnapshot.Host(new HostState(h, role, true, new Lsn(position), Lsn.ZERO, 1, 0, null),
        Optional.ofNullable(lag));
  }

  static final FleetSnapshot SNAP = new FleetSnapshot(List.of(
      up(P, ServerRole.PRIMARY, 500, null),
      up(A, ServerRole.STANDBY, 400, Duration.ofMillis(300)),
      up(B, ServerRole.STANDBY, 100, Duration.ofMillis(7200)),
      new FleetSnapshot.Host(new HostState(C, ServerRole.STANDBY, false, new Lsn(90), Lsn.ZERO, 1, 3,
          "connection refused"), Optional.empty())), 0, new Lsn(500));

  @Test
  void aFitStandbyIsUpAndWithinTheLagAndPastTheFloor() {
    assertEquals(List.of(A), Fitness.fitStandbys(SNAP, MAX, Lsn.ZERO, FIRST, Set.of()));
    assertEquals(List.of(A, B), Fitness.fitStandbys(SNAP, Duration.ofSeconds(10), Lsn.ZERO, FIRST, Set.of()));
    assertEquals(List.of(), Fitness.fitStandbys(SNAP, MAX, new Lsn(450), FIRST, Set.of()), "none has replayed the floor");
    assertEquals(List.of(), Fitness.fitStandbys(SNAP, MAX, Lsn.ZERO, FIRST, Set.of(A)), "a host the call avoids");
  }

  @Test
  void aStandbyBehindEverySampleIsNotFitWhateverItsLagReads() {
    // just after the monitor started: the clock's first sample is newer than the delayed standby's position
    assertEquals(List.of(A), Fitness.fitStandbys(SNAP, Duration.ofSeconds(10), Lsn.ZERO, new Lsn(300), Set.of()));
    assertEquals("db1:5432 is the primary; db2:5432 fit; db3:5432 lags at least 7200 ms (behind every primary position"
        + " seen since the monitor started or the primary changed); db4:5432 down (connection refused)",
        Fitness.unfit(SNAP, Duration.ofSeconds(10), Lsn.ZERO, new Lsn(300), Set.of()));
  }

  @Test
  void theReasonsNameEachHost() {
    assertEquals("db1:5432 is the primary; db2:5432 has not replayed " + new Lsn(450) + " (this pool's writes);"
        + " db3:5432 lags 7200 ms > 5000 ms; db4:5432 down (connection refused)",
        Fitness.unfit(SNAP, MAX, new Lsn(450), FIRST, Set.of()));
    assertEquals("db1:5432 is the primary; db2:5432 failed this call's connection; db3:5432 lags 7200 ms > 5000 ms;"
        + " db4:5432 down (connection refused)", Fitness.unfit(SNAP, MAX, Lsn.ZERO, FIRST, Set.of(A)));
  }
}
