package io.sluice.internal.fleet;

import io.sluice.replication.Lsn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ServerRole;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The probe's reading of its columns, and the settings' back-off; the probe against servers is in FleetMonitorTest. */
class HostProbeTest {
  @Test
  void rolesFromRecoveryAndReadOnly() {
    assertEquals(new HostProbe.Reading(ServerRole.PRIMARY, Lsn.parse("0/3000060"), Lsn.ZERO, false,
        Receiver.NOT_A_STANDBY),
        HostProbe.read(false, false, "0/3000060", null));
    assertEquals(ServerRole.READ_ONLY_PRIMARY, HostProbe.read(false, true, "0/1", null).role());
    HostProbe.Reading standby = HostProbe.read(true, true, "0/2", "0/3");
    assertEquals(ServerRole.STANDBY, standby.role());
    assertEquals(Lsn.parse("0/2"), standby.position());
    assertEquals(Lsn.parse("0/3"), standby.received());
    assertEquals(Lsn.ZERO, HostProbe.read(true, true, null, null).position(), "nothing replayed yet");
    assertEquals(Receiver.NONE, HostProbe.read(true, true, "0/2", "0/2", false, null).receiver(), "no row");
    assertEquals(Receiver.HIDDEN, HostProbe.read(true, true, "0/2", "0/2", false, "hidden").receiver());
    assertEquals(Receiver.NOT_STREAMING, HostProbe.read(true, true, "0/2", "0/2", false, "waiting").receiver());
    assertTrue(HostProbe.read(true, true, "0/2", "0/2", true, "streaming").paused());
    assertTrue(ServerRole.PRIMARY.writable());
    assertFalse(ServerRole.READ_ONLY_PRIMARY.writable());
    assertFalse(ServerRole.STANDBY.writable());
    assertFalse(ServerRole.UNKNOWN.writable());
  }

  @Test
  void backOffDoublesUpToItsCeiling() {
    MonitorSettings s = MonitorSettings.defaults();
    assertEquals(Duration.ofMillis(50), s.backoff(1));
    assertEquals(Duration.ofMillis(100), s.backoff(2));
    assertEquals(Duration.ofMillis(800), s.backoff(5));
    assertEquals(Duration.ofSeconds(1), s.backoff(6));
    assertEquals(Duration.ofSeconds(1), s.backoff(1000));
  }
}
