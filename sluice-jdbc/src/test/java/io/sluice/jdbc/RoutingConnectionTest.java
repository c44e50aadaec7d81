package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.testkit.Fleet;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * JDBC connections over a routing pool (issue 23 step 5, docs/design/fleet.md §6) against a real
 * fleet: a primary, standby 0 replaying at once, standby 1 replaying each commit {@link #DELAY}
 * late (less than {@code maxStandbyLag}, so only the read-your-writes floor keeps reads off it
 * until it has replayed). Where a statement ran is asked of the server ({@code
 * pg_is_in_recovery()}, {@code inet_server_port()}, {@code pg_backend_pid()}).
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ServerTest
class RoutingConnectionTest {
  static final Duration DELAY = Duration.ofSeconds(2);
  /** The bound of every wait for a condition. */
  static final Duration BOUND = Duration.ofSeconds(60);
  static Fleet fleet;
  static SluiceDataSource ds;

  @BeforeAll
  static void start() {
    fleet = Fleet.start(Fleet.Options.defaults().withApplyDelay(1, DELAY));
    fleet.primary().psql("CREATE TABLE jdbc_pairs (k int, seq int, PRIMARY KEY (k, seq))");
    fleet.waitForReplay(1);
    ds = new SluiceDataSource();
    ds.setUrl(url("readRouting=prefer-standby&connect_timeout=5"));
    ds.setRoutingPoolOptions(PoolOptions.DEFAULT.maxSize(8));
  }

  @AfterAll
  static void stop() {
    if (ds != null) {
      ds.close();
    }
    if (fleet != null) {
      fleet.close();
    }
  }

  /** The JDBC URL of every member, primary first, with {@code query}. */
  static String url(String query) {
    StringJoiner hosts = new StringJoiner(",");
    for (PostgresServer s : fleet.servers()) {
      hosts.add(s.host() + ":" + s.port());
    }
    PostgresServer p = fleet.primary();
    return "jdbc:sluice:postgresql://" + hosts + "/" + p.database() + "?user=" + p.superuser() + "&" + query;
  }

  /** Where a statement ran: the server's port, whether it is a standby, and the backend. */
  record Landed(int port, boolean standby, int pid) {}

  static final String WHERE = "SELECT inet_server_port(), pg_is_in_recovery(), pg_backend_pid()";

  static Landed where(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(WHERE)) {
      assertTrue(rs.next());
      return new Landed(rs.getInt(1), rs.getBoolean(2), rs.getInt(3));
    }
  }

  /** Waits (bounded) until a read-only statement of {@code c} lands on a standby: the monitor has seen them fit. */
  static void awaitStandbyReads(Connection c) throws SQLException {
    boolean was = c.isReadOnly();
    c.setReadOnly(true);
    long end = System.nanoTime() + BOUND.toNanos();
    while (!where(c).standby()) {
      assertTrue(System.nanoTime() < end, "a read-only statement lands on a standby within " + BOUND);
    }
    c.setReadOnly(was);
  }

  @Test
  void autoCommitReadsAfterSetReadOnlyLandOnStandbysAndWritesOnThePrimary() throws Exception {
    try (Connection c = ds.getConnection()) {
      awaitStandbyReads(c);
      assertFalse(where(c).standby(), "read-write by default: the primary");
      c.setReadOnly(true);
      Set<Integer> ports = new HashSet<>();
      for (int i = 0; i < 20; i++) {
        Landed l = where(c);
        assertTrue(l.standby(), "read-only statement " + i + " ran on a standby: " + l);
        ports.add(l.port());
      }
      assertFalse(ports.contains(fleet.primary().port()));
      c.setReadOnly(false);
      for (int i = 0; i < 5; i++) {
        assertFalse(where(c).standby(), "statement " + i + " after setReadOnly(false) ran on the primary");
      }
      try (Statement s = c.createStatement()) {
        assertEquals(1, s.executeUpdate("INSERT INTO jdbc_pairs VALUES (-1, 1)"), "a write on the primary");
      }
    }
  }

  @Test
  void aWriteAfterSetReadOnlyIsRefusedByTheStandby() throws Exception {
    try (Connection c = ds.getConnection()) {
      awaitStandbyReads(c);
      c.setReadOnly(true);
      try (Statement s = c.createStatement()) {
        SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate("INSERT INTO jdbc_pairs VALUES (-2, 1)"));
        assertEquals("25006", e.getSQLState(), e.getMessage());
      }
      // and in a read-only transaction as well (BEGIN READ ONLY, on a standby)
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate("INSERT INTO jdbc_pairs VALUES (-2, 2)"));
        assertEquals("25006", e.getSQLState(), e.getMessage());
      }
      c.rollback();
      c.setReadOnly(false);
      try (Statement s = c.createStatement()) {
        assertEquals(1, s.executeUpdate("INSERT INTO jdbc_pairs VALUES (-2, 3)"));
      }
      c.commit();
    }
  }

  @Test
  void setReadOnlyInsideATransactionThrows() throws Exception {
    try (Connection c = ds.getConnection()) {
      c.setAutoCommit(false);
      where(c);
      SQLException e = assertThrows(SQLException.class, () -> c.setReadOnly(true));
      assertEquals("25001", e.getSQLState());
      assertFalse(c.isReadOnly());
      c.commit();
      c.setReadOnly(true);   // between transactions it may change
      assertTrue(c.isReadOnly());
      c.rollback();
    }
  }

  @Test
  void aTransactionRunsAllItsStatementsOnOneSessionAndGivesItBackAtItsEnd() throws Exception {
    try (Connection c = ds.getConnection()) {
      Pool pool = c.unwrap(Pool.class);
      awaitStandbyReads(c);
      assertEquals(0, pool.stats().borrowed(), "auto-commit statements hold no session between them");
      for (boolean readOnly : new boolean[] {false, true}) {
        c.setReadOnly(readOnly);
        c.setAutoCommit(false);
        Landed first = where(c);
        assertEquals(readOnly, first.standby(), "readOnly=" + readOnly + ": " + first);
        assertEquals(1, pool.stats().borrowed(), "the transaction holds its session");
        try (PreparedStatement p = c.prepareStatement("SELECT count(*) FROM jdbc_pairs WHERE k = ?")) {
          p.setInt(1, -3);
          p.executeQuery().close();
        }
        try (Statement s = c.createStatement()) {
          s.execute("SET LOCAL application_name = 'in_tx'");
          try (ResultSet rs = s.executeQuery("SELECT current_setting('application_name')")) {
            assertTrue(rs.next());
            assertEquals("in_tx", rs.getString(1), "a SET LOCAL is seen by the transaction's later statements");
          }
        }
        for (int i = 0; i < 5; i++) {
          assertEquals(first, where(c), "statement " + i + " of the transaction ran on its session");
        }
        if (readOnly) {
          c.rollback();
        } else {
          c.commit();
        }
        assertEquals(0, pool.stats().borrowed(), "the session went back at the transaction's end");
        c.setAutoCommit(true);
      }
    }
  }

  @Test
  void aStreamedResultHoldsItsSessionUntilClosed() throws Exception {
    try (Connection c = ds.getConnection()) {
      Pool pool = c.unwrap(Pool.class);
      awaitStandbyReads(c);
      c.setReadOnly(true);
      try (Statement s = c.createStatement()) {
        s.setFetchSize(2);
        Set<Integer> pids = new HashSet<>();
        try (ResultSet rs = s.executeQuery("SELECT pg_backend_pid(), pg_is_in_recovery(), g FROM generate_series(1, 9) g")) {
          assertEquals(1, pool.stats().borrowed(), "the stream holds its session");
          int rows = 0;
          while (rs.next()) {
            pids.add(rs.getInt(1));
            assertTrue(rs.getBoolean(2), "streamed from a standby");
            rows++;
          }
          assertEquals(9, rows);
        }
        assertEquals(1, pids.size(), "every chunk from one session");
        assertEquals(0, pool.stats().borrowed(), "given back once read and closed");
      }
    }
  }

  /**
   * Many threads, each on its own connection of the data source: a write in a transaction (or in
   * auto-commit mode), then a read after {@code setReadOnly(true)} that must see it — on a standby
   * that has replayed it, which the delayed one has not for {@link #DELAY}.
   */
  @Test
  void readYourWritesAcrossTheDataSourcesConnectionsFromManyThreads() throws Exception {
    try (Connection c = ds.getConnection()) {
      awaitStandbyReads(c);
    }
    int threads = 8;
    int pairs = 40;
    AtomicInteger stale = new AtomicInteger();
    AtomicInteger onStandby = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int k = t;
        done.add(pool.submit(() -> {
          try (Connection c = ds.getConnection()) {
            for (int seq = 0; seq < pairs; seq++) {
              c.setReadOnly(false);
              boolean inTx = seq % 2 == 0;
              c.setAutoCommit(!inTx);
              try (PreparedStatement w = c.prepareStatement("INSERT INTO jdbc_pairs VALUES (?, ?)")) {
                w.setInt(1, k);
                w.setInt(2, seq);
                w.executeUpdate();
              }
              if (inTx) {
                c.commit();
              }
              c.setReadOnly(true);
              try (PreparedStatement r = c.prepareStatement(
                  "SELECT count(*), pg_is_in_recovery() FROM jdbc_pairs WHERE k = ? AND seq = ?")) {
                r.setInt(1, k);
                r.setInt(2, seq);
                try (ResultSet rs = r.executeQuery()) {
                  assertTrue(rs.next());
                  if (rs.getLong(1) != 1) {
                    stale.incrementAndGet();
                  }
                  if (rs.getBoolean(2)) {
                    onStandby.incrementAndGet();
                  }
                }
              }
              if (inTx) {
                c.commit();
              }
            }
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get(BOUND.toSeconds() * 2, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(0, stale.get(), "reads that missed their connection's own write");
    assertTrue(onStandby.get() > threads * pairs / 2, "most reads ran on a standby: " + onStandby.get());
  }

  @Test
  void aPoolDataSourceOverARoutingConfigHandsOutRoutingConnections() throws Exception {
    SluiceDataSource server = new SluiceDataSource();
    server.setUrl(url("readRouting=prefer-standby&connect_timeout=5"));
    try (SluicePoolDataSource pds = new SluicePoolDataSource(server, PoolOptions.DEFAULT.maxSize(2));
        Connection c = pds.getConnection()) {
      awaitStandbyReads(c);
      c.setReadOnly(true);
      c.setAutoCommit(false);
      assertTrue(where(c).standby(), "a read-only transaction on a standby");
      c.commit();
      c.setReadOnly(false);
      assertFalse(where(c).standby(), "a read-write transaction on the primary");
      c.commit();
      assertEquals(0, pds.pool().stats().borrowed());
    }
  }

  /** Last: it stops the primary (and starts it again). */
  @Test
  @Order(Integer.MAX_VALUE)
  void aConnectionMadeWhileThePrimaryIsDownServesReadOnlyWork() throws Exception {
    SluiceDataSource own = new SluiceDataSource();
    own.setUrl(url("readRouting=prefer-standby&connect_timeout=5"));
    own.setRoutingPoolOptions(PoolOptions.DEFAULT.acquireTimeout(Duration.ofSeconds(2)));
    try (Connection first = own.getConnection()) {
      awaitStandbyReads(first);   // the pool has seen the fleet whole
    }
    fleet.stopPrimary(Fleet.Shutdown.FAST);
    try (Connection c = own.getConnection()) {   // as a JDBC pool opens one during a failover
      c.setReadOnly(true);
      for (int i = 0; i < 5; i++) {
        assertTrue(where(c).standby(), "read-only statement " + i + " on a standby");
      }
      c.setAutoCommit(false);
      assertTrue(where(c).standby(), "a read-only transaction on a standby");
      c.commit();
      c.setReadOnly(false);
      SQLException e = assertThrows(SQLException.class, () -> where(c), "a write needs the primary");
      assertTrue(e.getMessage().contains("no writable primary"), e.getMessage());
    } finally {
      own.close();
      fleet.startPrimary();
    }
  }

  @Test
  void aClosedDataSourceClosesItsPoolAndRefusesConnections() throws Exception {
    SluiceDataSource own = new SluiceDataSource();
    own.setUrl(url("readRouting=prefer-standby&connect_timeout=5"));
    Pool pool;
    try (Connection c = own.getConnection()) {
      pool = c.unwrap(Pool.class);
      assertFalse(pool.isClosed());
    }
    own.setLoginTimeout(3);   // as HikariCP does when it starts: still the same pool
    try (Connection c = own.getConnection()) {
      assertTrue(c.unwrap(Pool.class) == pool, "one routing pool per data source");
    }
    assertTrue(own.routingPool() == pool, "routingPool() is the connections' pool");
    own.close();
    assertTrue(pool.isClosed());
    assertThrows(SQLException.class, own::getConnection);
  }
}
