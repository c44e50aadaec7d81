package io.sluice.jdbc.tools;

import static org.junit.jupiter.api.Assertions.*;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * HikariCP pooling sluice-jdbc connections: the JDBC 4 validation ({@code isValid}) that replaces a
 * connection whose backend was terminated, leak detection naming the borrower, eviction, and the
 * reset of state a borrower changed (auto-commit, read-only, isolation, schema).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class HikariTest {
  static ToolsDatabase db;

  @BeforeAll
  static void database() throws SQLException {
    db = ToolsDatabase.create("tools_hikari");
  }

  /** A pool of Sluice connections; {@code size} connections at most. */
  private static HikariConfig config(String name, int size) {
    HikariConfig config = new HikariConfig();
    config.setPoolName(name);
    config.setDataSource(db.dataSource());
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(1);
    config.setConnectionTimeout(10_000);
    config.setValidationTimeout(2_000);
    return config;
  }

  private static HikariDataSource pool(String name, int size) {
    return new HikariDataSource(config(name, size));
  }

  /** The configuration Spring Boot writes: a URL and a driver class name, no DataSource object. */
  @Test
  void aJdbcUrlWithTheDriverClassName() throws SQLException {
    HikariConfig config = new HikariConfig();
    config.setPoolName("by-url");
    config.setJdbcUrl(db.postgresqlUrl());
    config.setUsername(db.user());
    config.setDriverClassName("io.sluice.jdbc.SluiceDriver");
    config.setMaximumPoolSize(1);
    try (HikariDataSource pool = new HikariDataSource(config); Connection c = pool.getConnection()) {
      assertTrue(c.isWrapperFor(io.sluice.Connection.class));
      assertTrue(backendPid(c) > 0);
    }
  }

  @Test
  void aTerminatedBackendIsReplacedAfterValidation() throws Exception {
    try (HikariDataSource pool = pool("validation", 2)) {
      int first;
      try (Connection c = pool.getConnection()) {
        first = backendPid(c);
      }
      try (Connection admin = db.connect(); Statement s = admin.createStatement()) {
        s.execute("SELECT pg_terminate_backend(" + first + ")");
      }
      // Hikari skips isValid for a connection used within the last 500 ms (aliveBypassWindowMs)
      Thread.sleep(600);
      try (Connection c = pool.getConnection()) {
        assertNotEquals(first, backendPid(c), "the dead connection was not handed out");
      }
    }
  }

  @Test
  void leakDetectionNamesTheBorrowingThread() throws Exception {
    List<LogRecord> warnings = new CopyOnWriteArrayList<>();
    Handler capture = new Handler() {
      @Override
      public void publish(LogRecord record) {
        if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
          warnings.add(record);
        }
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    Logger leakLogger = Logger.getLogger("com.zaxxer.hikari.pool.ProxyLeakTask");
    leakLogger.addHandler(capture);
    leakLogger.setUseParentHandlers(false);   // the expected warning carries a stack trace: keep it off the console
    HikariConfig config = config("leaks", 1);
    config.setLeakDetectionThreshold(2_000);   // the smallest Hikari takes
    try (HikariDataSource pool = new HikariDataSource(config); Connection held = pool.getConnection()) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (warnings.isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      assertFalse(warnings.isEmpty(), "leak detection fired while the connection was held");
      assertTrue(warnings.get(0).getMessage().contains("leak"), warnings.get(0).getMessage());
      assertTrue(held.isValid(1), "a leaked connection is still usable");
    } finally {
      leakLogger.removeHandler(capture);
      leakLogger.setUseParentHandlers(true);
    }
  }

  @Test
  void evictedConnectionsAreClosedAndReplaced() throws Exception {
    try (HikariDataSource pool = pool("eviction", 2)) {
      int before;
      try (Connection c = pool.getConnection()) {
        before = backendPid(c);
      }
      pool.getHikariPoolMXBean().softEvictConnections();
      try (Connection c = pool.getConnection()) {
        assertNotEquals(before, backendPid(c));
      }
      assertEquals(0, countBackends(before), "the evicted connection's backend is gone");
    }
  }

  @Test
  void stateABorrowerChangedIsResetOnReturn() throws SQLException {
    HikariConfig config = config("reset", 1);
    config.setSchema("public");   // Hikari resets the schema only to one it was given
    try (HikariDataSource pool = new HikariDataSource(config)) {
      try (Connection c = pool.getConnection()) {
        c.setAutoCommit(false);
        c.setReadOnly(true);
        c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
        c.setSchema("pg_catalog");
        try (Statement s = c.createStatement()) {
          s.execute("SELECT 1");
        }
      }
      try (Connection c = pool.getConnection()) {
        assertTrue(c.getAutoCommit());
        assertFalse(c.isReadOnly());
        assertEquals(Connection.TRANSACTION_READ_COMMITTED, c.getTransactionIsolation());
        assertEquals("public", c.getSchema());
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW transaction_isolation")) {
          assertTrue(rs.next());
          assertEquals("read committed", rs.getString(1));
        }
      }
    }
  }

  private static int backendPid(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
      assertTrue(rs.next());
      return rs.getInt(1);
    }
  }

  private static int countBackends(int pid) throws Exception {
    try (Connection admin = db.connect(); Statement s = admin.createStatement()) {
      // a backend leaves pg_stat_activity a moment after its client closed the socket
      for (int attempt = 0; attempt < 50; attempt++) {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE pid = " + pid)) {
          rs.next();
          if (rs.getInt(1) == 0) {
            return 0;
          }
        }
        Thread.sleep(100);
      }
      return 1;
    }
  }
}
