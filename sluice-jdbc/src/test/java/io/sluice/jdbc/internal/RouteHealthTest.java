package io.sluice.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sluice.HostPort;
import io.sluice.HostStats;
import io.sluice.ReadRouting;
import io.sluice.ServerRole;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a routing connection's isValid answers from its pool's hosts, without a server (issue 36 §3). */
class RouteHealthTest {
  static final Duration MAX_LAG = Duration.ofSeconds(5);

  static HostStats host(int port, ServerRole role, boolean up, Duration lag, String error) {
    return new HostStats(HostPort.Tcp.of("127.0.0.1", port), role, up, Optional.ofNullable(lag), null, 0, 0, null, error,
        null);
  }

  static final HostStats PRIMARY = host(1, ServerRole.PRIMARY, true, null, null);
  static final HostStats PRIMARY_DOWN = host(1, ServerRole.PRIMARY, false, null, "Connection refused");
  static final HostStats FIT = host(2, ServerRole.STANDBY, true, Duration.ZERO, null);
  static final HostStats LAGGING = host(3, ServerRole.STANDBY, true, Duration.ofSeconds(6), null);
  static final HostStats LAG_UNKNOWN = host(3, ServerRole.STANDBY, true, null, null);
  static final HostStats UNPROBED = host(4, ServerRole.UNKNOWN, false, null, null);
  /** Up and with a small lag, but its upstream is gone: the monitor knows it cannot catch up. */
  static final HostStats STALLED = new HostStats(HostPort.Tcp.of("127.0.0.1", 5), ServerRole.STANDBY, true,
      Optional.of(Duration.ZERO), null, 0, 0, null, null, "has no WAL receiver");

  static RouteHealth of(List<HostStats> hosts, boolean readOnly, ReadRouting routing) {
    return RouteHealth.of(hosts, readOnly, routing, MAX_LAG);
  }

  @Test
  void aReadOnlyConnectionIsServedByAFitStandbyWithThePrimaryDown() {
    assertEquals(RouteHealth.SERVED, of(List.of(PRIMARY_DOWN, FIT), true, ReadRouting.PREFER_STANDBY));
    assertEquals(RouteHealth.SERVED, of(List.of(PRIMARY_DOWN, FIT), true, ReadRouting.STANDBY));
    assertEquals(RouteHealth.UNSERVED, of(List.of(PRIMARY_DOWN, FIT), false, ReadRouting.PREFER_STANDBY),
        "a read-write one needs the primary");
  }

  @Test
  void aStandbyLaggingPastTheLimitOrOfUnknownLagServesNoRead() {
    assertEquals(RouteHealth.UNSERVED, of(List.of(PRIMARY_DOWN, LAGGING), true, ReadRouting.STANDBY));
    assertEquals(RouteHealth.UNSERVED, of(List.of(PRIMARY_DOWN, LAG_UNKNOWN), true, ReadRouting.PREFER_STANDBY));
    assertEquals(RouteHealth.UNSERVED, of(List.of(PRIMARY, LAGGING), true, ReadRouting.STANDBY));
    assertEquals(RouteHealth.UNSERVED, of(List.of(PRIMARY_DOWN, STALLED), true, ReadRouting.STANDBY),
        "a stalled standby serves no read, whatever its last lag");
  }

  @Test
  void preferStandbyReadsFallBackToAnUpPrimary() {
    assertEquals(RouteHealth.SERVED, of(List.of(PRIMARY, LAGGING), true, ReadRouting.PREFER_STANDBY));
    assertEquals(RouteHealth.SERVED, of(List.of(PRIMARY, FIT), false, ReadRouting.STANDBY));
    assertEquals(RouteHealth.SERVED, of(List.of(PRIMARY), true, ReadRouting.PRIMARY));
  }

  @Test
  void unknownOnlyWhileAHostHasNotBeenProbed() {
    assertEquals(RouteHealth.UNKNOWN, of(List.of(UNPROBED, LAGGING), false, ReadRouting.PREFER_STANDBY));
    assertEquals(RouteHealth.SERVED, of(List.of(UNPROBED, FIT), true, ReadRouting.STANDBY),
        "a fit standby answers whatever the others are");
    assertEquals(RouteHealth.UNSERVED, of(List.of(PRIMARY_DOWN, LAGGING), false, ReadRouting.PREFER_STANDBY));
  }
}
