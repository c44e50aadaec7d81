package io.sluice.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.testkit.Fleet;
import io.sluice.testkit.PostgresServer;
import io.sluice.Pool;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.StringJoiner;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.annotation.Transactional;

/**
 * A whole Spring Boot application on a fleet (issue 23 step 5): {@code spring.datasource.url}
 * lists a primary and two standbys with {@code readRouting=prefer-standby}, and nothing else
 * changes — {@code @Transactional(readOnly = true)} runs on a standby, {@code @Transactional} on
 * the primary, a read-only transaction sees the write the one before it committed (standby 1
 * replays {@link #DELAY} late), with HikariCP over sluice-jdbc and with Sluice's own pool.
 */
@ServerTest
class FleetTransactionTest {
  static final Duration DELAY = Duration.ofSeconds(2);
  static final Duration BOUND = Duration.ofSeconds(60);
  private static Fleet fleet;

  /** The fleet, started by the first context that asks for it. */
  static synchronized Fleet fleet() {
    if (fleet == null) {
      fleet = Fleet.start(Fleet.Options.defaults().withApplyDelay(1, DELAY));
      fleet.primary().psql("CREATE TABLE accounts (id bigint PRIMARY KEY, owner text NOT NULL)");
      fleet.waitForReplay(1);
    }
    return fleet;
  }

  @AfterAll
  static synchronized void stop() {
    if (fleet != null) {
      fleet.close();
      fleet = null;
    }
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(Accounts.class)
  static class Application {}

  /** Where a transaction's statement ran. */
  record Landed(int port, boolean standby) {}

  @Service
  static class Accounts {
    private static final String WHERE = "select inet_server_port(), pg_is_in_recovery()";
    private final JdbcTemplate jdbc;

    Accounts(JdbcTemplate jdbc) {
      this.jdbc = jdbc;
    }

    @Transactional(readOnly = true)
    public Landed readOnly() {
      return jdbc.queryForObject(WHERE, (rs, i) -> new Landed(rs.getInt(1), rs.getBoolean(2)));
    }

    @Transactional
    public Landed readWrite() {
      return jdbc.queryForObject(WHERE, (rs, i) -> new Landed(rs.getInt(1), rs.getBoolean(2)));
    }

    @Transactional
    public void open(long id, String owner) {
      jdbc.update("insert into accounts values (?, ?)", id, owner);
    }

    @Transactional(readOnly = true)
    public void openInReadOnly(long id, String owner) {
      jdbc.update("insert into accounts values (?, ?)", id, owner);
    }

    /** Whether the account is there, and whether the read ran on a standby. */
    @Transactional(readOnly = true)
    public boolean[] seen(long id) {
      return jdbc.queryForObject("select count(*) = 1, pg_is_in_recovery() from accounts where id = ?",
          (rs, i) -> new boolean[] {rs.getBoolean(1), rs.getBoolean(2)}, id);
    }
  }

  abstract static class Cases {
    @Autowired Accounts accounts;
    @Autowired DataSource dataSource;

    @DynamicPropertySource
    static void server(DynamicPropertyRegistry registry) {
      Fleet f = fleet();
      StringJoiner hosts = new StringJoiner(",");
      for (PostgresServer s : f.servers()) {
        hosts.add(s.host() + ":" + s.port());
      }
      registry.add("spring.datasource.url", () -> "jdbc:postgresql://" + hosts + "/" + f.primary().database()
          + "?readRouting=prefer-standby&connect_timeout=5");
      registry.add("spring.datasource.username", () -> f.primary().superuser());
    }

    @Autowired Pool pool;

    abstract long id();

    @Test
    void thePoolBeanIsTheRoutingPoolOfTheDataSourcesConnections() throws SQLException {
      try (Connection c = dataSource.getConnection()) {
        assertThat(c.unwrap(Pool.class)).isSameAs(pool);
      }
      awaitStandbyReads();
      accounts.open(id() + 99, "grace");
      assertThat(pool.readOnly().query("select count(*)::int4 from accounts where id = $1", id() + 99).get(0).getInt(0))
          .as("a read through the Pool bean sees the JDBC write").isEqualTo(1);
    }

    /** Waits (bounded) until the pool's monitor has seen a standby fit for reads. */
    void awaitStandbyReads() {
      long end = System.nanoTime() + BOUND.toNanos();
      while (!accounts.readOnly().standby()) {
        assertThat(System.nanoTime()).as("a read-only transaction on a standby within " + BOUND).isLessThan(end);
      }
    }

    @Test
    void readOnlyTransactionsRunOnStandbysAndTheOthersOnThePrimary() {
      awaitStandbyReads();
      for (int i = 0; i < 10; i++) {
        Landed l = accounts.readOnly();
        assertThat(l.standby()).as("read-only transaction " + i + ": " + l).isTrue();
        assertThat(l.port()).isNotEqualTo(fleet().primary().port());
        Landed w = accounts.readWrite();
        assertThat(w.standby()).as("read-write transaction " + i + ": " + w).isFalse();
        assertThat(w.port()).isEqualTo(fleet().primary().port());
      }
    }

    @Test
    void aWriteInAReadOnlyTransactionIsRefusedByTheStandby() {
      awaitStandbyReads();
      assertThatThrownBy(() -> accounts.openInReadOnly(id(), "eve"))
          .isInstanceOf(DataAccessException.class)
          .satisfies(e -> assertThat(((SQLException) e.getCause()).getSQLState()).isEqualTo("25006"));
    }

    @Test
    void aReadOnlyTransactionSeesTheWriteCommittedBeforeIt() {
      awaitStandbyReads();
      int onStandby = 0;
      for (int i = 1; i <= 30; i++) {
        accounts.open(id() + i, "ada");
        boolean[] seen = accounts.seen(id() + i);
        assertThat(seen[0]).as("account " + (id() + i) + " read back").isTrue();
        onStandby += seen[1] ? 1 : 0;
      }
      assertThat(onStandby).as("reads on a standby").isGreaterThan(15);
    }
  }

  @Nested
  @SpringBootTest(classes = Application.class)
  @DirtiesContext
  class OnHikari extends Cases {
    @Override
    long id() {
      return 100;
    }

    @Test
    void theDataSourceIsHikariOverSluice() {
      assertThat(dataSource).isInstanceOf(com.zaxxer.hikari.HikariDataSource.class);
    }
  }

  @Nested
  @SpringBootTest(classes = Application.class, properties = "spring.sluice.jdbc-pool=sluice")
  @DirtiesContext
  class OnSluicePool extends Cases {
    @Override
    long id() {
      return 200;
    }

    @Test
    void theDataSourceIsSluicesPool() {
      assertThat(dataSource).isInstanceOf(io.sluice.jdbc.SluicePoolDataSource.class);
    }
  }
}
