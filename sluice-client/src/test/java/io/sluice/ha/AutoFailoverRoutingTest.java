package io.sluice.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.testkit.AutoFailover;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Sluice's routing pool over a pg_auto_failover formation (monitor and two PostgreSQL 15 nodes,
 * the secondary synchronous) through {@code pg_autoctl perform failover} under write and read
 * load: no acknowledged write lost, none reported not sent that committed, no stale read, no
 * routed read failing as not run. Tag {@code ha}.
 */
@Tag("ha")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
@ServerTest
class AutoFailoverRoutingTest {
  @Test
  void aFailoverPerformedUnderLoad() throws Exception {
    assumeTrue(AutoFailover.available(), AutoFailover.missing());
    long t = System.nanoTime();
    try (AutoFailover formation = AutoFailover.start()) {
      System.out.printf("[auto-failover] monitor and two nodes up in %d ms%n",
          TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t));
      int before = formation.primaryPort();
      try (Connection c = Connection.open(ConnectionConfig.parse("postgresql://postgres@127.0.0.1:" + before
          + "/postgres"))) {
        c.execute("CREATE TABLE ledger (id bigint PRIMARY KEY)");
      }
      try (Pool pool = Pool.open(ConnectionConfig.parse(formation.url("read_routing=prefer-standby&connect_timeout=2")),
          PoolOptions.DEFAULT.maxSize(4).acquireTimeout(Duration.ofSeconds(60)));
          HaLoad load = new HaLoad(pool, 4, 4, 7)) {
        load.awaitAcked(200);
        load.fault();
        formation.failover();
        load.awaitAckedAfterFault(200);
        load.close();
        int after = formation.primaryPort();
        Set<Long> held = new HashSet<>();
        try (Connection c = Connection.open(ConnectionConfig.parse("postgresql://postgres@127.0.0.1:" + after
            + "/postgres"))) {
          c.forEach("SELECT id FROM ledger", r -> held.add(r.getLong(0)));
        }
        System.out.printf("[auto-failover] failover %d -> %d: lost %d, not sent but committed %d; %s%n", before, after,
            load.lost(held).size(), load.ghosts(held).size(), load.summary());
        assertEquals(Set.of(), load.lost(held), "acknowledged writes lost");
        assertEquals(Set.of(), load.ghosts(held), "writes reported not sent that committed");
        assertEquals(0, load.stale.get(), "stale reads after an acknowledged write");
        assertEquals(0, load.readsNotSent.get(), "routed reads that did not run failed their callers");
      }
    }
  }
}
