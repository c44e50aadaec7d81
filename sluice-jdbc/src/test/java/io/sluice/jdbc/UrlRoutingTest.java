package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.HostStats;
import io.sluice.Pool;
import io.sluice.testkit.Fleet;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Routing by URL (issue 36 §2, §3) against a real fleet: {@code DriverManager.getConnection} with
 * {@code readRouting} in the URL, the connections of one URL and properties sharing one routing
 * group (opened with the first, closed a linger after the last, left by a leaked connection once it
 * is collected), read-your-writes across them, and with the primary stopped a read-only connection
 * still valid and {@code getTransactionIsolation} answering. Standby 1 replays {@link #DELAY} late.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ServerTest
class UrlRoutingTest {
  static final Duration DELAY = Duration.ofSeconds(2);
  static final Duration BOUND = Duration.ofSeconds(60);
  static Fleet fleet;

  @BeforeAll
  static void start() {
    fleet = Fleet.start(Fleet.Options.defaults().withApplyDelay(1, DELAY));
    fleet.primary().psql("CREATE TABLE url_pairs (k int, seq int, PRIMARY KEY (k, seq))");
    fleet.waitForReplay(1);
  }

  @AfterAll
  static void stop() {
    if (fleet != null) {
      fleet.close();
    }
  }

  /** {@code prefix}//every member/db?user=…&readRouting=prefer-standby&connect_timeout=5&{@code query}. */
  static String url(String prefix, String query) {
    StringJoiner hosts = new StringJoiner(",");
    for (PostgresServer s : fleet.servers()) {
      hosts.add(s.host() + ":" + s.port());
    }
    PostgresServer p = fleet.primary();
    return prefix + "//" + hosts + "/" + p.database() + "?user=" + p.superuser()
        + "&readRouting=prefer-standby&connect_timeout=5" + (query.isEmpty() ? "" : "&" + query);
  }

  static String url(String query) {
    return url("jdbc:sluice:postgresql:", query);
  }

  /** Whether a statement of {@code c} ran on a standby. */
  static boolean onStandby(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_is_in_recovery()")) {
      assertTrue(rs.next());
      return rs.getBoolean(1);
    }
  }

  /** Waits (bounded) until a read-only statement of {@code c} lands on a standby: the monitor has seen them fit. */
  static void awaitStandbyReads(Connection c) throws SQLException {
    boolean was = c.isReadOnly();
    c.setReadOnly(true);
    long end = System.nanoTime() + BOUND.toNanos();
    while (!onStandby(c)) {
      assertTrue(System.nanoTime() < end, "a read-only statement lands on a standby within " + BOUND);
    }
    c.setReadOnly(was);
  }

  /** Polls {@code condition} until it holds, failing after {@link #BOUND}. */
  static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long end = System.nanoTime() + BOUND.toNanos();
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < end, what + " within " + BOUND);
      Thread.sleep(20);
    }
  }

  @Test
  @Order(1)
  void driverManagerConnectionsRouteByTheUrlInBothForms() throws Exception {
    for (String prefix : new String[] {"jdbc:sluice:postgresql:", "jdbc:postgresql:"}) {
      try (Connection c = DriverManager.getConnection(url(prefix, ""))) {
        awaitStandbyReads(c);
        assertFalse(onStandby(c), prefix + ": read-write by default, on the primary");
        c.setReadOnly(true);
        for (int i = 0; i < 5; i++) {
          assertTrue(onStandby(c), prefix + ": read-only statement " + i + " on a standby");
        }
        c.setAutoCommit(false);
        assertTrue(onStandby(c), prefix + ": a read-only transaction on a standby");
        c.commit();
        c.setReadOnly(false);
        assertFalse(onStandby(c), prefix + ": a read-write transaction on the primary");
        c.commit();
      }
    }
  }

  @Test
  void connectionsOfOneUrlShareOneGroupOpenedWithTheFirstAndClosedAfterTheLast() throws Exception {
    String u = url("ApplicationName=share");
    Connection first = DriverManager.getConnection(u);
    Connection second = DriverManager.getConnection(u);
    Pool pool = first.unwrap(Pool.class);
    assertSame(pool, second.unwrap(Pool.class), "one routing group for one URL and properties");
    Properties other = new Properties();
    other.setProperty("maxStandbyLag", "4s");
    try (Connection third = DriverManager.getConnection(u, other)) {
      assertNotSame(pool, third.unwrap(Pool.class), "other properties: another group");
    }
    first.close();
    assertFalse(pool.isClosed(), "the second connection still uses the group");
    assertTrue(second.isValid(5));
    second.close();
    try (Connection soon = DriverManager.getConnection(u)) {
      // as a JDBC pool that discarded its last connection makes another: the group, its monitor and floors, as they were
      assertSame(pool, soon.unwrap(Pool.class), "a connection opened just after the last one closed joins the group");
    }
    await(pool::isClosed, "the group closed once unused for its linger");
    try (Connection again = DriverManager.getConnection(u)) {
      Pool reopened = again.unwrap(Pool.class);
      assertNotSame(pool, reopened, "a new group after the last one closed");
      assertFalse(reopened.isClosed());
      awaitStandbyReads(again);
    }
  }

  /** Threads opening and closing connections of one URL while one stays open: every one joins that one's group. */
  @Test
  void connectionsOpenedAndClosedFromManyThreadsJoinTheOneGroup() throws Exception {
    String u = url("ApplicationName=threads");
    try (Connection kept = DriverManager.getConnection(u)) {
      Pool pool = kept.unwrap(Pool.class);
      ExecutorService threads = Executors.newFixedThreadPool(8);
      try {
        List<Future<Integer>> done = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
          done.add(threads.submit(() -> {
            int other = 0;
            for (int i = 0; i < 50; i++) {
              try (Connection c = DriverManager.getConnection(u)) {
                other += c.unwrap(Pool.class) == pool ? 0 : 1;
              }
            }
            return other;
          }));
        }
        for (Future<Integer> f : done) {
          assertEquals(0, f.get(BOUND.toSeconds(), TimeUnit.SECONDS), "connections given another group");
        }
      } finally {
        threads.shutdownNow();
      }
      assertFalse(pool.isClosed());
      assertTrue(kept.isValid(5), "the kept connection still works: " + hosts(pool));
    }
  }

  /** Opens a connection, uses it, and drops it unclosed; returns its group's pool. */
  private static Pool leak(String u) throws SQLException {
    Connection c = DriverManager.getConnection(u);
    awaitStandbyReads(c);
    return c.unwrap(Pool.class);
  }

  @Test
  void aLeakedConnectionLeavesItsGroupOnceCollected() throws Exception {
    String u = url("ApplicationName=leak");
    Pool pool = leak(u);
    try (Connection kept = DriverManager.getConnection(u)) {
      assertSame(pool, kept.unwrap(Pool.class));
    }
    assertFalse(pool.isClosed(), "the leaked connection still counts until it is collected");
    await(() -> {
      System.gc();
      return pool.isClosed();
    }, "the leaked connection's group closed after a collection");
  }

  /**
   * A write on one connection of the URL, then a read-only read on another connection of the same
   * URL: it sees the write, on a standby that has replayed it (standby 1 replays 2 s late).
   */
  @Test
  void readYourWritesHoldsAcrossTheConnectionsOfTheUrl() throws Exception {
    String u = url("ApplicationName=ryw");
    try (Connection writer = DriverManager.getConnection(u); Connection reader = DriverManager.getConnection(u)) {
      awaitStandbyReads(reader);
      reader.setReadOnly(true);
      int stale = 0;
      int standby = 0;
      for (int seq = 0; seq < 30; seq++) {
        try (PreparedStatement w = writer.prepareStatement("INSERT INTO url_pairs VALUES (1, ?)")) {
          w.setInt(1, seq);
          w.executeUpdate();
        }
        try (PreparedStatement r = reader.prepareStatement(
            "SELECT count(*), pg_is_in_recovery() FROM url_pairs WHERE k = 1 AND seq = ?")) {
          r.setInt(1, seq);
          try (ResultSet rs = r.executeQuery()) {
            assertTrue(rs.next());
            stale += rs.getLong(1) == 1 ? 0 : 1;
            standby += rs.getBoolean(2) ? 1 : 0;
          }
        }
      }
      assertEquals(0, stale, "reads that missed the write just before them on the other connection");
      assertTrue(standby > 15, "most reads on a standby: " + standby);
    }
  }

  /** Last: it stops the primary (and starts it again). */
  @Test
  @Order(Integer.MAX_VALUE)
  void withThePrimaryStoppedAReadOnlyConnectionIsValidAndIsolationAnswers() throws Exception {
    String u = url("ApplicationName=election");
    try (Connection ro = DriverManager.getConnection(u); Connection rw = DriverManager.getConnection(u)) {
      awaitStandbyReads(ro);
      ro.setReadOnly(true);
      Pool pool = ro.unwrap(Pool.class);
      fleet.waitForReplay(0);
      int primaryPort = fleet.primary().port();
      fleet.stopPrimary(Fleet.Shutdown.IMMEDIATE);
      await(() -> pool.hosts().stream().anyMatch(h -> h.host().port() == primaryPort && !h.up()),
          "the monitor sees the primary down");
      assertTrue(ro.isValid(5), "a read-only connection is valid while a standby is fit: " + hosts(pool));
      assertTrue(onStandby(ro), "and its reads run there");
      assertFalse(rw.isValid(2), "a read-write connection needs a primary, and there is none: " + hosts(pool));
      CompletableFuture<Integer> level = CompletableFuture.supplyAsync(() -> {
        try {
          return rw.getTransactionIsolation();
        } catch (SQLException e) {
          throw new IllegalStateException(e);
        }
      });
      assertEquals(Connection.TRANSACTION_READ_COMMITTED, level.get(10, TimeUnit.SECONDS),
          "the isolation level, without waiting for a primary");
      assertEquals(Connection.TRANSACTION_READ_COMMITTED, ro.getTransactionIsolation());
    } finally {
      fleet.startPrimary();
    }
  }

  private static String hosts(Pool pool) {
    StringJoiner j = new StringJoiner("; ");
    for (HostStats h : pool.hosts()) {
      j.add(h.host() + " " + h.role() + (h.up() ? " up" : " down") + " lag " + h.lag().orElse(null));
    }
    return j.toString();
  }
}
