package io.sluice.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * A primary and two standbys — standby 1 with an apply delay, standby 0 synchronous — checked
 * against the servers themselves (psql). The last tests fail over, so they run in order.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@ServerTest
abstract class FleetChecks {
  static final Duration DELAY = Duration.ofSeconds(2);
  static Fleet fleet;

  static Fleet startFleet(String version) {
    fleet = Fleet.start(Fleet.Options.defaults().withVersion(version).withApplyDelay(1, DELAY)
        .withSync(Fleet.Sync.FLUSH).withHotStandbyFeedback(true));
    return fleet;
  }

  @AfterAll
  static void closeFleet() {
    if (fleet != null) {
      fleet.close();
      fleet = null;
    }
  }

  abstract int expectedMajor();

  @Test
  @Order(1)
  void rolesVersionAndReplicationSettings() {
    assertEquals(expectedMajor(), fleet.primary().majorVersion());
    assertEquals("f", fleet.primary().psql("SELECT pg_is_in_recovery()"));
    for (int i = 0; i < 2; i++) {
      assertEquals("t", fleet.standby(i).psql("SELECT pg_is_in_recovery()"), "standby " + i);
      assertEquals(expectedMajor(), fleet.standby(i).majorVersion());
    }
    assertEquals("2s", fleet.standby(1).psql("SHOW recovery_min_apply_delay"));
    assertEquals("0", fleet.standby(0).psql("SHOW recovery_min_apply_delay"));
    assertEquals("on", fleet.standby(0).psql("SHOW hot_standby_feedback"));
    assertEquals("on", fleet.standby(0).psql("SHOW synchronous_commit"), "as it will be once promoted");
    assertEquals("ANY 1 (standby0)", fleet.primary().psql("SHOW synchronous_standby_names"));
    assertEquals("standby0|quorum\nstandby1|async", fleet.primary().psql(
        "SELECT application_name, sync_state FROM pg_stat_replication ORDER BY application_name"));
    String conninfo = fleet.conninfo("connect_timeout=5");
    assertEquals("host=127.0.0.1,127.0.0.1,127.0.0.1 port=" + fleet.primary().port() + "," + fleet.standby(0).port()
        + "," + fleet.standby(1).port() + " user=sluice dbname=sluice connect_timeout=5", conninfo);
    // libpq itself reads the multi-host forms: read-write lands on the primary, standby on a standby
    assertEquals(Integer.toString(fleet.primary().port()), fleet.primary().psqlAs(
        fleet.conninfo("target_session_attrs=read-write"), (String) null, "SHOW port").orThrow("psql").stdout().strip());
    String standbyPort = fleet.primary().psqlAs(fleet.url("target_session_attrs=standby"), (String) null, "SHOW port")
        .orThrow("psql").stdout().strip();
    assertTrue(standbyPort.equals(Integer.toString(fleet.standby(0).port()))
        || standbyPort.equals(Integer.toString(fleet.standby(1).port())), standbyPort);
  }

  @Test
  @Order(2)
  void aWriteIsVisibleOnTheStandbyAfterWaitForReplay() {
    fleet.primary().psql("CREATE TABLE fleet_rows (v int); INSERT INTO fleet_rows VALUES (1)");
    String lsn = fleet.primaryLsn();
    fleet.waitForReplay(0, lsn, Duration.ofSeconds(30));
    assertTrue(fleet.hasReplayed(0, lsn));
    assertEquals("1", fleet.standby(0).psql("SELECT count(*) FROM fleet_rows"));
    assertThrows(IllegalArgumentException.class, () -> fleet.waitForReplay(0, "0/1'; drop table x", Duration.ZERO));
  }

  @Test
  @Order(3)
  void theDelayedStandbyReallyLags() {
    long before = System.nanoTime();
    fleet.primary().psql("INSERT INTO fleet_rows VALUES (2)");
    String lsn = fleet.primaryLsn();
    fleet.waitForReplay(0, lsn, Duration.ofSeconds(30));
    boolean delayedHasIt = fleet.hasReplayed(1, lsn);
    Duration checkedAfter = Duration.ofNanos(System.nanoTime() - before);
    assertTrue(checkedAfter.compareTo(DELAY) < 0, "precondition: checked within the delay, " + checkedAfter);
    assertFalse(delayedHasIt, "the delayed standby replayed the commit within " + checkedAfter);
    fleet.waitForReplay(1, lsn, Duration.ofSeconds(30));
    Duration replayedAfter = Duration.ofNanos(System.nanoTime() - before);
    assertTrue(replayedAfter.compareTo(DELAY) >= 0, "replayed after " + replayedAfter);
    assertEquals("2", fleet.standby(1).psql("SELECT count(*) FROM fleet_rows"));
  }

  @Test
  @Order(4)
  void aStoppedStandbyComesBackAndCatchesUp() {
    fleet.stop(0, Fleet.Shutdown.IMMEDIATE);
    assertFalse(fleet.standby(0).running());
    fleet.start(0);
    fleet.primary().psql("INSERT INTO fleet_rows VALUES (3)");
    fleet.waitForReplay(0);
    assertEquals("3", fleet.standby(0).psql("SELECT count(*) FROM fleet_rows"));
  }

  @Test
  @Order(5)
  void promotionMakesAStandbyWritableAndTheOthersFollowIt() {
    fleet.stopPrimary(Fleet.Shutdown.FAST);
    fleet.promote(0);
    assertEquals(fleet.standby(0), fleet.currentPrimary());
    assertEquals("f", fleet.standby(0).psql("SELECT pg_is_in_recovery()"));
    fleet.standby(0).psql("INSERT INTO fleet_rows VALUES (4)");
    assertEquals("4", fleet.standby(0).psql("SELECT count(*) FROM fleet_rows"));

    fleet.follow(1);
    fleet.standby(0).psql("INSERT INTO fleet_rows VALUES (5)");
    fleet.waitForReplay(1);
    assertEquals("5", fleet.standby(1).psql("SELECT count(*) FROM fleet_rows"));

    fleet.rejoinPrimaryAsStandby();
    assertEquals("t", fleet.primary().psql("SELECT pg_is_in_recovery()"));
    fleet.standby(0).psql("INSERT INTO fleet_rows VALUES (6)");
    String lsn = fleet.primaryLsn();
    assertTrue(io.sluice.testkit.Poll.until(() -> fleet.primary().psqlScript(
        "SELECT pg_last_wal_replay_lsn() >= '" + lsn + "'::pg_lsn").stdout().strip().equals("t"), Duration.ofSeconds(30)));
    assertEquals("6", fleet.primary().psql("SELECT count(*) FROM fleet_rows"));
  }
}
