package io.sluice.jdbc.tools;

import static org.junit.jupiter.api.Assertions.*;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.sluice.Pool;
import io.sluice.testkit.Fleet;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;

/**
 * Tools configured by a routing URL alone (issue 36 §2): HikariCP's {@code jdbcUrl} with {@code
 * readRouting=prefer-standby}, Spring's {@code @Transactional(readOnly = true)} over such a pool,
 * and Flyway migrating by URL, against a real fleet whose standby 1 replays {@link #DELAY} late;
 * last, with the primary stopped, HikariCP still hands out connections whose reads run on the
 * standby (issue 36 §3: its validation of idle connections does not wait for a primary).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ServerTest
class FleetUrlTest {
  static final Duration DELAY = Duration.ofSeconds(2);
  static final Duration BOUND = Duration.ofSeconds(60);
  static Fleet fleet;

  @BeforeAll
  static void start() {
    fleet = Fleet.start(Fleet.Options.defaults().withApplyDelay(1, DELAY));
    fleet.primary().psql("CREATE TABLE accounts (id bigint PRIMARY KEY, owner text NOT NULL)");
    fleet.waitForReplay(1);
  }

  @AfterAll
  static void stop() {
    if (fleet != null) {
      fleet.close();
    }
  }

  /** pgjdbc's URL form over every member, routing, as a HikariCP or Flyway configuration carries it. */
  static String url(String query) {
    return url(fleet.primary().database(), query);
  }

  static String url(String database, String query) {
    StringJoiner hosts = new StringJoiner(",");
    for (PostgresServer s : fleet.servers()) {
      hosts.add(s.host() + ":" + s.port());
    }
    return "jdbc:postgresql://" + hosts + "/" + database
        + "?readRouting=prefer-standby&connect_timeout=5" + (query.isEmpty() ? "" : "&" + query);
  }

  static HikariDataSource hikari(String name) {
    HikariConfig config = new HikariConfig();
    config.setPoolName(name);
    config.setJdbcUrl(url("ApplicationName=" + name));
    config.setUsername(fleet.primary().superuser());
    config.setMaximumPoolSize(4);
    config.setConnectionTimeout(10_000);
    return new HikariDataSource(config);
  }

  static boolean onStandby(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_is_in_recovery()")) {
      assertTrue(rs.next());
      return rs.getBoolean(1);
    }
  }

  static void awaitStandbyReads(DataSource ds) throws SQLException {
    long end = System.nanoTime() + BOUND.toNanos();
    while (true) {
      try (Connection c = ds.getConnection()) {
        c.setReadOnly(true);
        if (onStandby(c)) {
          return;
        }
      }
      assertTrue(System.nanoTime() < end, "a read-only statement lands on a standby within " + BOUND);
    }
  }

  @Test
  @Order(1)
  void hikariOnTheUrlRoutesReadOnlyConnectionsAndKeepsReadYourWritesAcrossThem() throws Exception {
    try (HikariDataSource ds = hikari("url_hikari")) {
      awaitStandbyReads(ds);
      int stale = 0;
      int standby = 0;
      for (int i = 0; i < 20; i++) {
        // two connections held at once: the write and the read are on different pooled connections
        try (Connection w = ds.getConnection(); Connection r = ds.getConnection()) {
          assertSame(w.unwrap(Pool.class), r.unwrap(Pool.class), "one routing group for the pool's connections");
          assertFalse(onStandby(w), "read-write: the primary");
          try (Statement s = w.createStatement()) {
            assertEquals(1, s.executeUpdate("INSERT INTO accounts VALUES (" + (1000 + i) + ", 'hikari')"));
          }
          r.setReadOnly(true);
          try (Statement s = r.createStatement();
              ResultSet rs = s.executeQuery("SELECT count(*), pg_is_in_recovery() FROM accounts WHERE id = " + (1000 + i))) {
            assertTrue(rs.next());
            stale += rs.getLong(1) == 1 ? 0 : 1;
            standby += rs.getBoolean(2) ? 1 : 0;
          }
        }
      }
      assertEquals(0, stale, "reads that missed the write on the other pooled connection");
      assertTrue(standby > 10, "most reads on a standby: " + standby);
    }
  }

  /** A service whose transactions Spring runs through a HikariCP pool made on the routing URL. */
  public static class Accounts {
    private final JdbcTemplate jdbc;

    public Accounts(JdbcTemplate jdbc) {
      this.jdbc = jdbc;
    }

    @Transactional(readOnly = true)
    public boolean readsOnStandby() {
      return Boolean.TRUE.equals(jdbc.queryForObject("SELECT pg_is_in_recovery()", Boolean.class));
    }

    @Transactional
    public boolean writesOnStandby() {
      return Boolean.TRUE.equals(jdbc.queryForObject("SELECT pg_is_in_recovery()", Boolean.class));
    }

    @Transactional
    public void open(long id) {
      jdbc.update("INSERT INTO accounts VALUES (?, 'spring')", id);
    }

    /** Whether the account is there, and whether the read ran on a standby. */
    @Transactional(readOnly = true)
    public boolean[] seen(long id) {
      return jdbc.queryForObject("SELECT count(*) = 1, pg_is_in_recovery() FROM accounts WHERE id = ?",
          (rs, n) -> new boolean[] {rs.getBoolean(1), rs.getBoolean(2)}, id);
    }
  }

  @Configuration
  @EnableTransactionManagement
  static class Wiring {
    @Bean(destroyMethod = "close")
    HikariDataSource dataSource() {
      return hikari("url_spring");
    }

    @Bean
    PlatformTransactionManager transactionManager(DataSource ds) {
      return new DataSourceTransactionManager(ds);
    }

    @Bean
    Accounts accounts(DataSource ds) {
      return new Accounts(new JdbcTemplate(ds));
    }
  }

  @Test
  @Order(2)
  void springReadOnlyTransactionsOverAUrlPoolRunOnStandbysAndSeeTheWriteBefore() throws Exception {
    try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext(Wiring.class)) {
      Accounts accounts = context.getBean(Accounts.class);
      awaitStandbyReads(context.getBean(DataSource.class));
      for (int i = 0; i < 5; i++) {
        assertTrue(accounts.readsOnStandby(), "@Transactional(readOnly = true) " + i + " on a standby");
        assertFalse(accounts.writesOnStandby(), "@Transactional " + i + " on the primary");
      }
      int standby = 0;
      for (int i = 0; i < 20; i++) {
        accounts.open(2000 + i);
        boolean[] seen = accounts.seen(2000 + i);
        assertTrue(seen[0], "account " + (2000 + i) + " read back by the read-only transaction after it");
        standby += seen[1] ? 1 : 0;
      }
      assertTrue(standby > 10, "most reads on a standby: " + standby);
    }
  }

  @Test
  @Order(3)
  void flywayMigratesByTheRoutingUrl() throws Exception {
    fleet.primary().psql("CREATE DATABASE url_flyway");   // an empty one: Flyway migrates no schema it did not make
    Flyway flyway = Flyway.configure().dataSource(url("url_flyway", ""), fleet.primary().superuser(), "")
        .locations("classpath:db/flyway").load();
    assertEquals(4, flyway.migrate().migrationsExecuted, "three versioned migrations and one repeatable, on the primary");
    assertTrue(flyway.validateWithResult().validationSuccessful);
    assertEquals(0, flyway.migrate().migrationsExecuted, "nothing left to apply");
    fleet.waitForReplay(0);
    fleet.waitForReplay(1);   // another URL, so another group: no read-your-writes floor from Flyway's writes
    try (Connection c = DriverManager.getConnection(url("url_flyway", "ApplicationName=url_flyway"),
        fleet.primary().superuser(), "")) {
      c.setReadOnly(true);
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT count(*) FROM flyway_schema_history WHERE success")) {
        assertTrue(rs.next());
        assertEquals(4, rs.getInt(1), "the history, read on a standby or the primary");
      }
    }
  }

  /** Last: it stops the primary (and starts it again). */
  @Test
  @Order(Integer.MAX_VALUE)
  void withThePrimaryStoppedHikariStillHandsOutConnectionsThatReadOnTheStandby() throws Exception {
    try (HikariDataSource ds = hikari("url_election")) {
      Pool pool;
      try (Connection c = ds.getConnection()) {
        pool = c.unwrap(Pool.class);
      }
      awaitStandbyReads(ds);
      fleet.waitForReplay(0);
      int primaryPort = fleet.primary().port();
      fleet.stopPrimary(Fleet.Shutdown.IMMEDIATE);
      long idleSince = System.nanoTime();
      long end = idleSince + BOUND.toNanos();
      // HikariCP validates (isValid) a connection idle longer than 500 ms when it hands it out
      while (pool.hosts().stream().anyMatch(h -> h.host().port() == primaryPort && h.up())
          || System.nanoTime() - idleSince < TimeUnit.MILLISECONDS.toNanos(600)) {
        assertTrue(System.nanoTime() < end, "the monitor sees the primary down within " + BOUND);
        Thread.sleep(20);
      }
      for (int i = 0; i < 3; i++) {
        try (Connection c = ds.getConnection()) {
          c.setReadOnly(true);
          assertTrue(onStandby(c), "read " + i + " on the standby with the primary down: " + pool.hosts());
          assertEquals(Connection.TRANSACTION_READ_COMMITTED, c.getTransactionIsolation());
        }
      }
    } finally {
      fleet.startPrimary();
    }
  }
}
