package io.sluice.jdbc.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.PoolOptions;
import io.sluice.SluiceException;
import io.sluice.jdbc.SluiceDataSource;
import io.sluice.testkit.Patroni;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * sluice-jdbc's routing {@link SluiceDataSource} (a multi-host URL with {@code readRouting}) against
 * a real Patroni cluster ({@code synchronous_mode: true}) under JDBC writes and read-only reads:
 * a planned switchover, a replica restarted by Patroni, the leader crashed and back as a replica.
 * Asserts no acknowledged write lost, no write reported not sent that committed, no stale read
 * after a write, no read-only statement failing as not run. Tag {@code ha} ({@code -Pha}).
 */
@Tag("ha")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
@ServerTest
class PatroniDataSourceTest {
  static final Duration BOUND = Duration.ofSeconds(120);
  static final int NOT_SENT = SluiceException.Outcome.NOT_SENT.ordinal() + 1;
  static Patroni cluster;

  @BeforeAll
  static void start() {
    assumeTrue(Patroni.available(), Patroni.missing());
    cluster = Patroni.start(3);
    cluster.psql(cluster.awaitHealthy(BOUND), "CREATE TABLE ledger (id bigint PRIMARY KEY)");
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** JDBC writers and readers through one data source, and what they saw. */
  static final class Load implements AutoCloseable {
    final Set<Long> acked = ConcurrentHashMap.newKeySet();
    final Set<Long> notSent = ConcurrentHashMap.newKeySet();
    final AtomicInteger unknown = new AtomicInteger();
    final AtomicInteger reads = new AtomicInteger();
    final AtomicInteger stale = new AtomicInteger();
    final AtomicInteger readsNotSent = new AtomicInteger();
    final Map<String, AtomicInteger> errors = new ConcurrentHashMap<>();
    final AtomicLong lastAck = new AtomicLong();
    final AtomicLong maxGap = new AtomicLong();
    final AtomicBoolean stop = new AtomicBoolean();
    final List<Thread> threads = new ArrayList<>();

    Load(SluiceDataSource ds, int tag) {
      for (int w = 0; w < 4; w++) {
        long from = (tag * 100L + w) * 10_000_000L;
        threads.add(Thread.ofVirtual().start(() -> write(ds, from)));
      }
      for (int r = 0; r < 4; r++) {
        threads.add(Thread.ofVirtual().start(() -> read(ds)));
      }
    }

    void write(SluiceDataSource ds, long from) {
      try (Connection rw = ds.getConnection(); Connection ro = ds.getConnection();
          PreparedStatement ins = rw.prepareStatement("INSERT INTO ledger VALUES (?)")) {
        ro.setReadOnly(true);
        try (PreparedStatement back = ro.prepareStatement("SELECT count(*) FROM ledger WHERE id = ?")) {
          for (long id = from; !stop.get(); id++) {
            try {
              ins.setLong(1, id);
              ins.executeUpdate();
              acked.add(id);
              long now = System.nanoTime();
              long before = lastAck.getAndSet(now);
              if (before != 0) {
                maxGap.accumulateAndGet(now - before, Math::max);
              }
            } catch (SQLException e) {
              if (e.getErrorCode() == NOT_SENT) {
                notSent.add(id);
              } else {
                unknown.incrementAndGet();
              }
              saw("write", e);
              continue;
            }
            try {
              back.setLong(1, id);
              try (ResultSet rs = back.executeQuery()) {
                rs.next();
                if (rs.getLong(1) != 1) {
                  stale.incrementAndGet();
                }
              }
            } catch (SQLException e) {
              readFailed(e);
            }
          }
        }
      } catch (SQLException e) {
        saw("connection", e);
      }
    }

    void read(SluiceDataSource ds) {
      try (Connection ro = ds.getConnection()) {
        ro.setReadOnly(true);
        try (PreparedStatement q = ro.prepareStatement("SELECT count(*) FROM ledger")) {
          while (!stop.get()) {
            try (ResultSet rs = q.executeQuery()) {
              rs.next();
              reads.incrementAndGet();
            } catch (SQLException e) {
              readFailed(e);
            }
          }
        }
      } catch (SQLException e) {
        saw("connection", e);
      }
    }

    void readFailed(SQLException e) {
      if (e.getErrorCode() == NOT_SENT) {
        readsNotSent.incrementAndGet();
      }
      saw("read", e);
    }

    void saw(String what, SQLException e) {
      String m = what + ": " + e.getSQLState() + " " + String.valueOf(e.getMessage()).replaceAll("\\d+", "#");
      errors.computeIfAbsent(m.length() > 200 ? m.substring(0, 200) : m, k -> new AtomicInteger()).incrementAndGet();
    }

    void until(BooleanSupplier c, String what) throws InterruptedException {
      long end = System.nanoTime() + BOUND.toNanos();
      while (!c.getAsBoolean()) {
        if (System.nanoTime() - end > 0) {
          throw new AssertionError(what + " within " + BOUND + "; " + summary());
        }
        Thread.sleep(20);
      }
    }

    String summary() {
      return "acked " + acked.size() + ", not sent " + notSent.size() + ", unknown " + unknown.get() + ", reads "
          + reads.get() + ", reads not sent " + readsNotSent.get() + ", stale " + stale.get()
          + ", longest gap between acknowledged writes " + TimeUnit.NANOSECONDS.toMillis(maxGap.get()) + " ms; errors "
          + new TreeMap<>(errors);
    }

    @Override
    public void close() throws InterruptedException {
      stop.set(true);
      for (Thread t : threads) {
        if (!t.join(BOUND)) {
          throw new AssertionError("a thread of the load did not end: " + summary());
        }
      }
    }
  }

  static SluiceDataSource dataSource() {
    StringBuilder hosts = new StringBuilder();
    for (Patroni.Member m : cluster.members()) {
      hosts.append(hosts.isEmpty() ? "" : ",").append("127.0.0.1:").append(m.pgPort());
    }
    SluiceDataSource ds = new SluiceDataSource();
    ds.setUrl("jdbc:sluice:postgresql://" + hosts + "/postgres?user=postgres&readRouting=prefer-standby&connect_timeout=2");
    ds.setRoutingPoolOptions(PoolOptions.DEFAULT.maxSize(6).acquireTimeout(Duration.ofSeconds(60)));
    return ds;
  }

  static void check(String scenario, Load load) throws SQLException {
    Patroni.Member leader = cluster.awaitLeader(null, BOUND);
    Set<Long> held = new HashSet<>();
    for (String id : cluster.psql(leader, "SELECT id FROM ledger").split("\n")) {
      if (!id.isBlank()) {
        held.add(Long.parseLong(id.strip()));
      }
    }
    Set<Long> lost = new HashSet<>(load.acked);
    lost.removeAll(held);
    Set<Long> ghosts = new HashSet<>(load.notSent);
    ghosts.retainAll(held);
    System.out.printf("[patroni jdbc] %s: lost %d, not sent but committed %d; %s%n", scenario, lost.size(),
        ghosts.size(), load.summary());
    assertEquals(Set.of(), lost, scenario + ": acknowledged writes lost");
    assertEquals(Set.of(), ghosts, scenario + ": writes reported not sent that committed");
    assertEquals(0, load.stale.get(), scenario + ": stale reads after a write");
    assertEquals(0, load.readsNotSent.get(), scenario + ": read-only statements that did not run failed");
  }

  static String syncStandby() throws InterruptedException {
    long end = System.nanoTime() + BOUND.toNanos();
    while (System.nanoTime() - end < 0) {
      for (Patroni.Seen s : cluster.cluster()) {
        if (s.role().equals("sync_standby")) {
          return s.name();
        }
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no synchronous standby: " + cluster.cluster());
  }

  @Test
  @Order(1)
  void aSwitchoverUnderJdbcLoad() throws Exception {
    try (SluiceDataSource ds = dataSource(); Load load = new Load(ds, 1)) {
      load.until(() -> load.acked.size() >= 200, "200 writes");
      Patroni.Member leader = cluster.awaitLeader(null, BOUND);
      String to = syncStandby();
      cluster.switchover(leader.name(), to);
      int at = load.acked.size();
      load.until(() -> load.acked.size() >= at + 200, "200 writes after the switchover");
      cluster.awaitHealthy(BOUND);
      load.close();
      check("switchover " + leader.name() + " -> " + to, load);
    }
  }

  @Test
  @Order(2)
  void aReplicaRestartedByPatroniUnderJdbcReads() throws Exception {
    try (SluiceDataSource ds = dataSource(); Load load = new Load(ds, 2)) {
      load.until(() -> load.reads.get() >= 300, "300 reads");
      String replica = syncStandby();
      cluster.restart(replica);
      cluster.awaitHealthy(BOUND);
      int at = load.reads.get();
      load.until(() -> load.reads.get() >= at + 300, "300 reads after the restart");
      load.close();
      check("replica " + replica + " restarted by Patroni", load);
    }
  }

  @Test
  @Order(3)
  void theLeaderCrashedAndBackAsAReplicaUnderJdbcLoad() throws Exception {
    Patroni.Member old = cluster.awaitLeader(null, BOUND);
    try (SluiceDataSource ds = dataSource(); Load load = new Load(ds, 3)) {
      load.until(() -> load.acked.size() >= 200, "200 writes");
      cluster.crash(old);
      Patroni.Member next = cluster.awaitLeader(old.name(), BOUND);
      int at = load.acked.size();
      load.until(() -> load.acked.size() >= at + 200, "200 writes after the promotion");
      cluster.startPatroni(old);
      cluster.awaitHealthy(BOUND);
      load.close();
      check("leader " + old.name() + " crashed, " + next.name() + " promoted, " + old.name() + " back", load);
    }
  }
}
