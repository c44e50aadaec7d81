package io.sluice.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.testkit.HaProxy;
import io.sluice.testkit.Patroni;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Sluice's routing pool against a real Patroni cluster (etcd, three PostgreSQL 15 members, {@code
 * synchronous_mode: true}), under write and read load, through the faults production sees: the
 * leader's postmaster killed, the whole leader crashed (Patroni too) and back as a replica, a
 * planned switchover, a replica restarted by Patroni, and a switchover behind HAProxy. Each
 * prints what callers saw and asserts what must hold: no acknowledged write lost (synchronous
 * mode), no write reported not sent that committed, no stale read (read_your_writes), no routed
 * read failing as not run. Tag {@code ha}: run with {@code -Pha} (docs/testing.md).
 */
@Tag("ha")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
@ServerTest
class PatroniRoutingTest {
  static final Duration BOUND = Duration.ofSeconds(120);
  static Patroni cluster;

  @BeforeAll
  static void start() {
    assumeTrue(Patroni.available(), Patroni.missing());
    long t = System.nanoTime();
    cluster = Patroni.start(3);
    Patroni.Member leader = cluster.awaitHealthy(BOUND);
    cluster.psql(leader, "CREATE TABLE ledger (id bigint PRIMARY KEY)");
    System.out.printf("[patroni] cluster of 3 up in %d ms, leader %s%n",
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t), leader.name());
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  static Pool routing(String url) {
    return Pool.open(ConnectionConfig.parse(url),
        PoolOptions.DEFAULT.maxSize(4).acquireTimeout(Duration.ofSeconds(60)));
  }

  static Pool routing() {
    return routing(cluster.url("read_routing=prefer-standby&connect_timeout=2"));
  }

  /** The ids the current leader holds. */
  static Set<Long> held() {
    Patroni.Member leader = cluster.awaitLeader(null, BOUND);
    Set<Long> ids = new HashSet<>();
    try (Connection c = Connection.open(ConnectionConfig.parse("postgresql://postgres@127.0.0.1:" + leader.pgPort()
        + "/postgres"))) {
      c.forEach("SELECT id FROM ledger", r -> ids.add(r.getLong(0)));
    }
    return ids;
  }

  /** Prints the scenario's figures and asserts what must hold for it. */
  static void check(String scenario, HaLoad load) {
    check(scenario, load, true);
  }

  /**
   * As {@link #check(String, HaLoad)}; {@code oneServerPerHost} false when a listed host is a
   * load-balancing port (HAProxy's replica port): the monitor's probe and the pool's connections
   * may reach different servers behind it, so read-your-writes cannot hold there (docs/fleet.md)
   * and stale reads are reported, not asserted.
   */
  static void check(String scenario, HaLoad load, boolean oneServerPerHost) {
    Set<Long> held = held();
    Set<Long> lost = load.lost(held);
    Set<Long> ghosts = load.ghosts(held);
    long unknownHeld = load.unknown.stream().filter(held::contains).count();
    System.out.printf("[patroni] %s: lost %d, not sent but committed %d, unknown %d (committed %d); %s%n",
        scenario, lost.size(), ghosts.size(), load.unknown.size(), unknownHeld, load.summary());
    assertEquals(Set.of(), lost, scenario + ": acknowledged writes lost");
    assertEquals(Set.of(), ghosts, scenario + ": writes reported not sent that committed");
    if (oneServerPerHost) {
      assertEquals(0, load.stale.get(), scenario + ": stale reads after an acknowledged write");
    }
    assertEquals(0, load.readsNotSent.get(), scenario + ": routed reads that did not run failed their callers");
  }

  @Test
  @Order(1)
  void theLeadersPostmasterKilledUnderLoad() throws Exception {
    try (Pool pool = routing(); HaLoad load = new HaLoad(pool, 4, 4, 1)) {
      load.awaitAcked(200);
      Patroni.Member leader = cluster.awaitLeader(null, BOUND);
      cluster.killPostmaster(leader);
      load.fault();
      load.awaitAckedAfterFault(200);
      load.close();
      check("postmaster of leader " + leader.name() + " killed (now " + cluster.awaitLeader(null, BOUND).name() + ")",
          load);
    }
    cluster.awaitHealthy(BOUND);
  }

  @Test
  @Order(2)
  void theLeaderCrashedAPromotedStandbyTakesWritesAndTheOldLeaderReadsAgain() throws Exception {
    Patroni.Member old = cluster.awaitLeader(null, BOUND);
    try (Pool pool = routing(); HaLoad load = new HaLoad(pool, 4, 4, 2)) {
      load.awaitAcked(200);
      cluster.crash(old);
      load.fault();
      Patroni.Member next = cluster.awaitLeader(old.name(), BOUND);
      load.awaitAckedAfterFault(200);
      cluster.startPatroni(old);
      cluster.awaitHealthy(BOUND);
      Set<Integer> ports = ConcurrentHashMap.newKeySet();
      load.until(() -> {
        ports.add(pool.readOnly().query("SELECT inet_server_port()").get(0).getInt(0));
        return ports.contains(old.pgPort());
      }, "a read on the old leader, back as a replica");
      load.close();
      check("leader " + old.name() + " crashed, " + next.name() + " promoted, " + old.name() + " back as a replica",
          load);
    }
  }

  @Test
  @Order(3)
  void aPlannedSwitchoverUnderLoad() throws Exception {
    try (Pool pool = routing(); HaLoad load = new HaLoad(pool, 4, 4, 3)) {
      load.awaitAcked(200);
      Patroni.Member leader = cluster.awaitLeader(null, BOUND);
      String candidate = syncStandby();
      load.fault();
      cluster.switchover(leader.name(), candidate);
      cluster.awaitLeader(leader.name(), BOUND);
      load.awaitAckedAfterFault(200);
      cluster.awaitHealthy(BOUND);
      load.close();
      check("switchover " + leader.name() + " -> " + candidate, load);
    }
  }

  @Test
  @Order(4)
  void aReplicaRestartedByPatroniUnderReads() throws Exception {
    try (Pool pool = routing(); HaLoad load = new HaLoad(pool, 2, 8, 4)) {
      load.awaitAcked(100);
      load.awaitReads(300);
      String replica = syncStandby();
      int readsBefore = load.reads.get();
      load.fault();
      cluster.restart(replica);
      cluster.awaitHealthy(BOUND);
      load.awaitReads(readsBefore + 300);
      load.close();
      check("replica " + replica + " restarted by Patroni", load);
    }
  }

  @Test
  @Order(5)
  void aSwitchoverBehindHaProxy() throws Exception {
    assumeTrue(HaProxy.available(), HaProxy.missing());
    HaProxy proxy = cluster.haproxy();
    String url = "postgresql://postgres@127.0.0.1:" + proxy.primaryPort() + ",127.0.0.1:" + proxy.replicaPort()
        + "/postgres?read_routing=prefer-standby&connect_timeout=2";
    try (Pool pool = routing(url); HaLoad load = new HaLoad(pool, 4, 4, 5)) {
      load.awaitAcked(200);
      Patroni.Member leader = cluster.awaitLeader(null, BOUND);
      String candidate = syncStandby();
      load.fault();
      cluster.switchover(leader.name(), candidate);
      cluster.awaitLeader(leader.name(), BOUND);
      load.awaitAckedAfterFault(200);
      cluster.awaitHealthy(BOUND);
      proxy.awaitRouting(BOUND);
      load.close();
      check("switchover " + leader.name() + " -> " + candidate + " behind HAProxy", load, false);
    }
  }

  /** The member Patroni reports as the synchronous standby (waits for one). */
  static String syncStandby() throws InterruptedException {
    long end = System.nanoTime() + BOUND.toNanos();
    while (true) {
      for (Patroni.Seen s : cluster.cluster()) {
        if (s.role().equals("sync_standby")) {
          return s.name();
        }
      }
      if (System.nanoTime() - end > 0) {
        throw new AssertionError("no synchronous standby within " + BOUND + ": " + cluster.cluster());
      }
      Thread.sleep(50);
    }
  }
}
