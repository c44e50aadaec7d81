package io.sluice.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Pool;
import io.sluice.testkit.Fleet;
import io.sluice.testkit.Poll;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fleet's soak (issue 23; tag {@code soak}, run with {@code -Psoak}, {@code
 * -Dsluice.soak.minutes=N}, 10 by default): 8 writers and 4 readers on one routing pool while the
 * standbys are stopped (fast and immediate) and started over and over, with a failover in the
 * middle — the primary stopped, standby 0 promoted, the old primary back as a standby, standby 1
 * pointed at the new primary — then more restarts. At the end every acknowledged write is on the
 * primary, none reported not sent ran, and no read right after its write missed it.
 */
@Tag("soak")
@Timeout(value = 150, unit = TimeUnit.MINUTES)
@ServerTest
class FleetSoakTest {
  @Test
  void writesAndReadsKeepTheirPromisesThroughStandbyRestartsAndAFailover() throws Exception {
    Duration length = Duration.ofMinutes(Integer.getInteger("sluice.soak.minutes", 10));
    try (Fleet fleet = Fleet.start(Fleet.Options.defaults().withSync(Fleet.Sync.FLUSH)
        .withApplyDelay(1, Duration.ofMillis(300)))) {
      fleet.primary().psql("CREATE TABLE ledger (id bigint PRIMARY KEY, writer int)");
      FailoverTest.Outcomes o = new FailoverTest.Outcomes();
      o.newPort = fleet.standby(0).port();
      AtomicBoolean promoted = new AtomicBoolean();
      AtomicBoolean stop = new AtomicBoolean();
      long end = System.nanoTime() + length.toNanos();
      long half = System.nanoTime() + length.toNanos() / 2;
      int restarts = 0;
      try (Pool pool = FailoverTest.routing(fleet)) {
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < 8; w++) {
          int writer = w;
          threads.add(Thread.ofVirtual().start(() -> FailoverTest.write(pool, writer, o, promoted, stop)));
        }
        for (int r = 0; r < 4; r++) {
          threads.add(Thread.ofVirtual().start(() -> FailoverTest.read(pool, o, stop)));
        }
        boolean failedOver = false;
        while (System.nanoTime() < end && o.unexpected.get() == null) {
          if (!failedOver && System.nanoTime() > half) {
            grows(o, 100);
            fleet.stopPrimary(Fleet.Shutdown.FAST);
            fleet.promote(0);
            promoted.set(true);
            fleet.rejoinPrimaryAsStandby();
            fleet.follow(1);
            failedOver = true;
            continue;
          }
          // standby 1 (asynchronous) most of the time; standby 0 (the synchronous one, while the
          // first primary lives: commits wait for it meanwhile) every fourth time
          int i = !failedOver && restarts % 4 == 3 ? 0 : 1;
          grows(o, 100);
          fleet.stop(i, restarts % 2 == 0 ? Fleet.Shutdown.IMMEDIATE : Fleet.Shutdown.FAST);
          grows(o, i == 0 ? 0 : 100);
          fleet.start(i);
          restarts++;
        }
        grows(o, 100);
        stop.set(true);
        for (Thread t : threads) {
          assertTrue(t.join(Duration.ofSeconds(60)), "a thread of the load ended");
        }
      }
      assertEquals(null, o.unexpected.get(), "no failure other than the ones a failover or restart may give");
      assertTrue(o.ackedAfter.size() > 0, "writes after the failover");
      Set<Long> held = new HashSet<>();
      try (Connection c = Connection.open(ConnectionConfig.parse(fleet.currentPrimary().uri()))) {
        c.forEach("SELECT id FROM ledger", r -> held.add(r.getLong(0)));
      }
      Set<Long> lost = new HashSet<>(o.acked);
      lost.removeAll(held);
      Set<Long> ghost = new HashSet<>(o.notSent);
      ghost.retainAll(held);
      System.out.printf("[fleet soak] %d min, %d standby restarts and a failover: acked %d (after the failover %d),"
          + " not sent %d, unknown %d, reads %d%n", length.toMinutes(), restarts, o.acked.size(), o.ackedAfter.size(),
          o.notSent.size(), o.unknown.size(), o.readsOk.get());
      assertEquals(Set.of(), lost, "acknowledged writes missing on the primary");
      assertEquals(Set.of(), ghost, "writes reported as not sent that ran");
      assertEquals(0, o.stale.get(), "reads right after an acknowledged write that missed it");
    }
  }

  /** Waits until {@code n} more writes are acknowledged (bounded: a stuck load fails the soak). */
  private static void grows(FailoverTest.Outcomes o, int n) throws InterruptedException {
    int from = o.acked.size();
    Poll.orThrow(() -> o.acked.size() >= from + n || o.unexpected.get() != null, Duration.ofSeconds(60),
        n + " more acknowledged writes", () -> "acked " + o.acked.size() + ", unknown " + o.unknown.size());
  }
}
