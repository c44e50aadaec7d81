package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.PgBouncer;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * sluice-jdbc through PgBouncer 1.18 in transaction mode (two server connections for many
 * clients): plain statements, prepared statements with the default cache and with {@code
 * statement_cache_size=0}, and transactions.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PgBouncerJdbcTest {
  static PostgresServer pg;
  static PgBouncer bouncer;

  @BeforeAll
  static void start() {
    if (PgBouncer.available().isEmpty()) {
      System.err.println("PgBouncerJdbcTest SKIPPED: pgbouncer is not installed (Debian package pgbouncer;"
          + " bin/sluice test installs it when run as root)");
    }
    Assumptions.assumeTrue(PgBouncer.available().isPresent(), "pgbouncer is not installed");
    pg = TestDatabase.server();
    Assumptions.assumeTrue(pg.prepared(), "needs a local test server");
    bouncer = PgBouncer.start(pg, "transaction", 2);
  }

  @AfterAll
  static void stop() {
    if (bouncer != null) {
      bouncer.close();
    }
  }

  static Connection open(String extra) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://" + bouncer.host() + ":" + bouncer.port() + "/"
        + pg.database() + "?user=" + pg.superuser() + "&sslmode=disable" + extra);
  }

  @Test
  void plainStatements() throws Exception {
    try (Connection c = open(""); Statement s = c.createStatement()) {
      for (int i = 0; i < 20; i++) {
        try (ResultSet rs = s.executeQuery("select " + i + " + 1, current_setting('server_version_num')")) {
          assertTrue(rs.next());
          assertEquals(i + 1, rs.getInt(1));
        }
      }
      assertEquals(0, s.executeUpdate("create temp table if not exists bouncer_jdbc (v int) on commit drop"));
    }
  }

  /** Six connections, each with its own statement under the same shape, at once: each gets its own results. */
  @Test
  void preparedStatementsNeverCross() throws Exception {
    for (String extra : List.of("", "&statement_cache_size=0", "&prepareThreshold=0", "&pooler_mode=transaction")) {
      List<Connection> conns = new ArrayList<>();
      try (var exec = Executors.newVirtualThreadPerTaskExecutor()) {
        List<Future<?>> done = new ArrayList<>();
        for (int k = 1; k <= 6; k++) {
          Connection c = open(extra);
          conns.add(c);
          int factor = k;
          done.add(exec.submit(() -> {
            try (PreparedStatement p = c.prepareStatement("select ?::int4 * " + factor)) {
              for (int i = 0; i < 40; i++) {
                p.setInt(1, i);
                try (ResultSet rs = p.executeQuery()) {
                  assertTrue(rs.next());
                  assertEquals(i * factor, rs.getInt(1), "factor " + factor + extra);
                }
              }
            }
            return null;
          }));
        }
        for (Future<?> f : done) {
          f.get();
        }
      } finally {
        for (Connection c : conns) {
          c.close();
        }
      }
    }
  }

  @Test
  void poolerModeRefusesSessionStateNamingTheMode() throws Exception {
    try (Connection c = open("&pooler_mode=transaction"); Statement s = c.createStatement()) {
      SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class,
          () -> s.execute("set search_path = bouncer_refused"));
      assertTrue(e.getMessage().contains("pooler_mode=transaction"), e.getMessage());
      try (ResultSet rs = s.executeQuery("select 1")) {
        assertTrue(rs.next(), "the connection stays usable");
      }
    }
  }

  @Test
  void transactionsCommitAndRollBack() throws Exception {
    try (Connection c = open("&statement_cache_size=0"); Connection other = open("&statement_cache_size=0")) {
      try (Statement s = c.createStatement()) {
        s.execute("create table if not exists bouncer_jdbc_t (v int)");
        s.execute("truncate bouncer_jdbc_t");
      }
      c.setAutoCommit(false);
      try (PreparedStatement ins = c.prepareStatement("insert into bouncer_jdbc_t values (?)")) {
        ins.setInt(1, 1);
        ins.executeUpdate();
        ins.setInt(1, 2);
        ins.executeUpdate();
      }
      c.commit();
      try (PreparedStatement ins = c.prepareStatement("insert into bouncer_jdbc_t values (?)")) {
        ins.setInt(1, 100);
        ins.executeUpdate();
      }
      c.rollback();
      c.setAutoCommit(true);
      try (Statement s = other.createStatement(); ResultSet rs = s.executeQuery("select sum(v) from bouncer_jdbc_t")) {
        assertTrue(rs.next());
        assertEquals(3, rs.getInt(1));
      }
      try (Statement s = c.createStatement()) {
        s.execute("drop table bouncer_jdbc_t");
      }
    }
  }
}
