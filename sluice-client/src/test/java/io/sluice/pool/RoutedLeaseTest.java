package io.sluice.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Internals;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.Transaction;
import io.sluice.replication.Lsn;
import io.sluice.testkit.Fleet;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Pool#acquire(boolean)} and {@link Pool.Lease#tracked} on a routing pool against a real
 * fleet (what sluice-jdbc's routing connections are made of): a read-only lease comes from a
 * standby, and work run tracked has its WAL position recorded before the lease is returned, where
 * untracked work's is asked at the return.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@ServerTest
class RoutedLeaseTest {
  static final Duration BOUND = Duration.ofSeconds(60);
  static Fleet fleet;
  static Connection primary;
  static Pool pool;

  @BeforeAll
  static void start() {
    fleet = Fleet.start();
    fleet.primary().psql("CREATE TABLE leased (n int)");
    primary = Connection.open(ConnectionConfig.parse(fleet.primary().uri()));
    pool = Pool.open(ConnectionConfig.parse(fleet.conninfo("connect_timeout=5 read_routing=prefer-standby")),
        PoolOptions.DEFAULT.maxSize(2));
  }

  @AfterAll
  static void stop() {
    if (pool != null) {
      pool.close();
    }
    if (primary != null) {
      primary.close();
    }
    if (fleet != null) {
      fleet.close();
    }
  }

  static boolean onStandby(Pool.Lease lease) {
    return lease.connection().query("SELECT pg_is_in_recovery()").get(0).getBoolean(0);
  }

  static Lsn insertPosition() {
    return io.sluice.internal.fleet.RecordEnd.of(Lsn.parse(primary.query("SELECT pg_current_wal_insert_lsn()::text").get(0)
        .getString(0)));
  }

  @Test
  void aReadOnlyLeaseComesFromAStandbyAndAnotherFromThePrimary() {
    long end = System.nanoTime() + BOUND.toNanos();
    while (true) {
      try (Pool.Lease lease = pool.acquire(true)) {
        if (onStandby(lease)) {
          break;
        }
      }
      assertTrue(System.nanoTime() < end, "a read-only lease on a standby within " + BOUND);
    }
    for (int i = 0; i < 5; i++) {
      try (Pool.Lease read = pool.acquire(true); Pool.Lease write = pool.acquire(false)) {
        assertTrue(onStandby(read), "read-only lease " + i);
        assertFalse(onStandby(write), "read-write lease " + i);
      }
    }
  }

  @Test
  void trackedWorkRecordsItsPositionBeforeTheLeaseGoesBackAndUntrackedWorkAtTheReturn() {
    Lsn committed;
    try (Pool.Lease lease = pool.acquire(false)) {
      Lsn before = insertPosition();
      lease.tracked(() -> lease.connection().execute("INSERT INTO leased VALUES (1)"));
      Lsn floor = Internals.fleet(pool).tracking().wrote();
      assertTrue(floor.compareTo(before) > 0, "the write floor " + floor + " rose past " + before + " while leased");
      assertTrue(floor.compareTo(insertPosition()) <= 0);

      // a transaction's COMMIT run tracked: its position is the commit's
      Transaction tx = lease.connection().begin();
      tx.execute("INSERT INTO leased VALUES (2)");
      Lsn beforeCommit = insertPosition();
      lease.tracked(() -> {
        tx.commit();
        return null;
      });
      committed = Internals.fleet(pool).tracking().wrote();
      assertTrue(committed.compareTo(beforeCommit) > 0, "the floor " + committed + " covers the COMMIT");

      // untracked: nothing is learnt until the lease goes back
      lease.connection().execute("INSERT INTO leased VALUES (3)");
      assertEquals(committed, Internals.fleet(pool).tracking().wrote(), "an untracked write raises nothing yet");
    }
    Lsn returned = Internals.fleet(pool).tracking().wrote();
    assertTrue(returned.compareTo(committed) > 0, "asked at the return: the floor " + returned + " covers the third write");
    assertTrue(returned.compareTo(insertPosition()) <= 0);
    assertEquals(3L, primary.query("SELECT count(*) FROM leased").get(0).getLong(0));
  }

  @Test
  void aTrackedReadOnALeaseRaisesTheMonotonicFloor() {
    try (Pool fresh = Pool.open(ConnectionConfig.parse(fleet.conninfo("connect_timeout=5 read_routing=prefer-standby")),
        PoolOptions.DEFAULT.maxSize(1))) {
      assertFalse(Internals.fleet(fresh).readFloor().isValid());
      try (Pool.Lease lease = fresh.acquire(true)) {
        lease.tracked(() -> lease.connection().query("SELECT 1"));
        assertTrue(Internals.fleet(fresh).readFloor().isValid(), "the read's position was recorded while leased");
      }
    }
  }
}
