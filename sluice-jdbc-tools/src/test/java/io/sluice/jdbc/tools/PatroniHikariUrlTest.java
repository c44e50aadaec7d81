package io.sluice.jdbc.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.sluice.testkit.Patroni;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * HikariCP configured by a routing URL alone ({@code jdbcUrl} with {@code readRouting}) over a real
 * Patroni cluster whose leader's node is lost: Patroni and the postmaster killed, so that there is
 * no primary until the leader key expires and the synchronous standby is promoted (issue 36 §3).
 * The readers borrow, set read-only, read and give back, pausing past HikariCP's 500 ms, so that
 * HikariCP validates each connection it hands out ({@code isValid}) — the call that used to wait for
 * a primary. Read-only work must go on through the election: reads complete while no primary
 * exists, none fails. Tag {@code ha} ({@code -Pha}); the figures are printed for docs/fleet.md.
 */
@Tag("ha")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
@ServerTest
class PatroniHikariUrlTest {
  static final Duration BOUND = Duration.ofSeconds(120);
  /** Past HikariCP's {@code aliveBypassWindowMs} (500 ms): every borrow is validated. */
  static final long PAUSE_MILLIS = 600;
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

  static HikariDataSource hikari(String name) {
    StringJoiner hosts = new StringJoiner(",");
    for (Patroni.Member m : cluster.members()) {
      hosts.add("127.0.0.1:" + m.pgPort());
    }
    HikariConfig config = new HikariConfig();
    config.setPoolName(name);
    config.setJdbcUrl("jdbc:postgresql://" + hosts + "/postgres?readRouting=prefer-standby&connect_timeout=2"
        + "&ApplicationName=" + name);
    config.setUsername("postgres");
    config.setMaximumPoolSize(4);
    config.setConnectionTimeout(60_000);
    return new HikariDataSource(config);
  }

  /** What the readers and writers saw, each read's time from borrow to give-back. */
  static final class Seen {
    final ConcurrentLinkedQueue<long[]> reads = new ConcurrentLinkedQueue<>();   // {end nanos, took nanos}
    final AtomicInteger readErrors = new AtomicInteger();
    final AtomicLong acked = new AtomicLong();
    final AtomicLong firstAckAfter = new AtomicLong();
    final Map<String, AtomicInteger> errors = new ConcurrentHashMap<>();
    final AtomicBoolean stop = new AtomicBoolean();
    volatile long faultAt;

    void saw(String what, SQLException e) {
      String m = what + ": " + e.getSQLState() + " " + String.valueOf(e.getMessage()).replaceAll("\\d+", "#");
      errors.computeIfAbsent(m.length() > 160 ? m.substring(0, 160) : m, k -> new AtomicInteger()).incrementAndGet();
    }

    String summary() {
      return "reads " + reads.size() + " (failed " + readErrors.get() + "), writes acknowledged " + acked.get()
          + "; errors " + new TreeMap<>(errors);
    }
  }

  static void read(HikariDataSource ds, Seen seen) {
    while (!seen.stop.get()) {
      long t0 = System.nanoTime();
      try (Connection c = ds.getConnection()) {
        c.setReadOnly(true);
        try (PreparedStatement q = c.prepareStatement("SELECT count(*) FROM ledger"); ResultSet rs = q.executeQuery()) {
          rs.next();
        }
        long end = System.nanoTime();
        seen.reads.add(new long[] {end, end - t0});
      } catch (SQLException e) {
        seen.readErrors.incrementAndGet();
        seen.saw("read", e);
      }
      try {
        Thread.sleep(PAUSE_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  static void write(HikariDataSource ds, Seen seen, long from) {
    for (long id = from; !seen.stop.get(); id++) {
      // a write begun after the old leader's postmaster was killed can only be acknowledged by the new one
      long begun = System.nanoTime();
      long fault = seen.faultAt;
      try (Connection c = ds.getConnection(); PreparedStatement ins = c.prepareStatement("INSERT INTO ledger VALUES (?)")) {
        ins.setLong(1, id);
        ins.executeUpdate();
        seen.acked.incrementAndGet();
        if (fault != 0 && begun - fault > 0) {
          seen.firstAckAfter.compareAndSet(0, System.nanoTime());
        }
      } catch (SQLException e) {
        seen.saw("write", e);
      }
    }
  }

  static void until(BooleanSupplier c, String what, Seen seen) throws InterruptedException {
    long end = System.nanoTime() + BOUND.toNanos();
    while (!c.getAsBoolean()) {
      if (System.nanoTime() - end > 0) {
        throw new AssertionError(what + " within " + BOUND + "; " + seen.summary());
      }
      Thread.sleep(20);
    }
  }

  @Test
  void readOnlyWorkGoesOnWhileTheLeadersNodeIsLost() throws Exception {
    Patroni.Member old = cluster.awaitLeader(null, BOUND);
    Seen seen = new Seen();
    List<Thread> threads = new ArrayList<>();
    try (HikariDataSource reads = hikari("ha-reads"); HikariDataSource writes = hikari("ha-writes")) {
      for (int i = 0; i < 4; i++) {
        threads.add(Thread.ofVirtual().start(() -> read(reads, seen)));
      }
      for (int i = 0; i < 2; i++) {
        long from = (i + 1) * 10_000_000L;
        threads.add(Thread.ofVirtual().start(() -> write(writes, seen, from)));
      }
      until(() -> seen.reads.size() >= 20 && seen.acked.get() >= 50, "20 reads and 50 writes", seen);
      cluster.crash(old);
      seen.faultAt = System.nanoTime();
      Patroni.Member next = cluster.awaitLeader(old.name(), BOUND);
      until(() -> seen.firstAckAfter.get() != 0, "a write acknowledged by the new leader " + next.name(), seen);
      long backAt = seen.firstAckAfter.get();
      int readsAfter = seen.reads.size();
      until(() -> seen.reads.size() >= readsAfter + 20, "20 reads after the promotion", seen);
      seen.stop.set(true);
      for (Thread t : threads) {
        assertTrue(t.join(BOUND), "a thread of the load did not end: " + seen.summary());
      }
      long during = seen.reads.stream().filter(r -> r[0] > seen.faultAt && r[0] < backAt).count();
      long after = seen.reads.stream().filter(r -> r[0] > seen.faultAt).count();
      long slowest = seen.reads.stream().filter(r -> r[0] > seen.faultAt).mapToLong(r -> r[1]).max().orElse(0);
      long overOneSecond = seen.reads.stream().filter(r -> r[0] > seen.faultAt && r[1] > TimeUnit.SECONDS.toNanos(1))
          .count();
      System.out.printf("[patroni hikari url] leader %s lost, %s promoted: no primary for %,d ms; reads %d during the"
              + " election, %d after the fault, slowest %,d ms, %d over 1 s; %s%n", old.name(), next.name(),
          TimeUnit.NANOSECONDS.toMillis(backAt - seen.faultAt), during, after, TimeUnit.NANOSECONDS.toMillis(slowest),
          overOneSecond, seen.summary());
      assertTrue(during > 0, "no read completed while there was no primary: " + seen.summary());
      assertEquals(0, seen.readErrors.get(), "read-only work failed: " + seen.summary());
    } finally {
      seen.stop.set(true);
      cluster.startPatroni(old);
      cluster.awaitHealthy(BOUND);
    }
  }
}
