package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.PoolOptions;
import io.sluice.SluiceException;
import io.sluice.testkit.Fleet;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * sluice-jdbc's routing {@link SluiceDataSource} while a standby is stopped with {@code pg_ctl
 * stop -m fast} under read-only auto-commit statements (what Patroni's {@code patronictl restart}
 * does to a replica): a statement whose session the server had already ended provably did not run
 * and goes to another fit host instead of failing (regression: "57P01 … it did not run").
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@ServerTest
class StandbyFastStopJdbcTest {
  static final Duration BOUND = Duration.ofSeconds(60);

  static String url(Fleet fleet, String query) {
    StringJoiner hosts = new StringJoiner(",");
    for (PostgresServer s : fleet.servers()) {
      hosts.add(s.host() + ":" + s.port());
    }
    PostgresServer p = fleet.primary();
    return "jdbc:sluice:postgresql://" + hosts + "/" + p.database() + "?user=" + p.superuser() + "&" + query;
  }

  static void until(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
    long end = System.nanoTime() + BOUND.toNanos();
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < end, what + " within " + BOUND);
      Thread.sleep(20);
    }
  }

  @Test
  void readOnlyAutoCommitStatementsOnAStandbyStoppedFastDoNotFailAsNotRun() throws Exception {
    try (Fleet fleet = Fleet.start()) {
      fleet.primary().psql("CREATE TABLE items AS SELECT g AS id FROM generate_series(1, 1000) g");
      fleet.waitForReplay(0);
      fleet.waitForReplay(1);
      SluiceDataSource ds = new SluiceDataSource();
      ds.setUrl(url(fleet, "readRouting=prefer-standby&connect_timeout=2"));
      ds.setRoutingPoolOptions(PoolOptions.DEFAULT.maxSize(4).acquireTimeout(Duration.ofSeconds(20)));
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger reads = new AtomicInteger();
      ConcurrentLinkedQueue<SQLException> notRun = new ConcurrentLinkedQueue<>();
      ConcurrentLinkedQueue<SQLException> other = new ConcurrentLinkedQueue<>();
      try {
        List<Thread> readers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
          readers.add(Thread.ofVirtual().start(() -> {
            try (Connection c = ds.getConnection()) {
              c.setReadOnly(true);
              try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM items WHERE id % 7 = ?")) {
                while (!stop.get()) {
                  try {
                    ps.setInt(1, 3);
                    try (ResultSet rs = ps.executeQuery()) {
                      rs.next();
                    }
                    reads.incrementAndGet();
                  } catch (SQLException e) {
                    (e.getErrorCode() == SluiceException.Outcome.NOT_SENT.ordinal() + 1 ? notRun : other).add(e);
                  }
                }
              }
            } catch (SQLException e) {
              other.add(e);
            }
          }));
        }
        until(() -> reads.get() >= 300, "300 reads before the stop");
        for (int round = 0; round < 3; round++) {
          int atStop = reads.get();
          fleet.stop(round % 2, Fleet.Shutdown.FAST);
          until(() -> reads.get() >= atStop + 300, "300 reads after the stop");
          fleet.start(round % 2);
        }
        stop.set(true);
        for (Thread t : readers) {
          assertTrue(t.join(BOUND), "a reader ended");
        }
      } finally {
        ds.close();
      }
      System.out.printf("[standby-fast-stop jdbc] reads %d, not run %d, other errors %d%n", reads.get(),
          notRun.size(), other.size());
      other.forEach(e -> System.out.println("[standby-fast-stop jdbc] other: " + e));
      notRun.forEach(e -> System.out.println("[standby-fast-stop jdbc] not run: " + e));
      assertEquals(List.of(), List.copyOf(notRun), "statements that did not run reached their callers");
    }
  }
}
