package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.PoolOptions;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Sluice's pool behind a DataSource: a handle borrows one of the pool's connections and gives it
 * back on close, its transaction rolled back, its JDBC state fresh on the next borrow, its session
 * kept (as HikariCP keeps it).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class SluicePoolDataSourceTest {
  private static SluicePoolDataSource onePool() {
    SluiceDataSource server = new SluiceDataSource();
    server.setUrl(TestDatabase.url());
    return new SluicePoolDataSource(server, PoolOptions.DEFAULT.minSize(0).maxSize(1));
  }

  private static String one(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next());
      return rs.getString(1);
    }
  }

  @Test
  void aHandleBorrowsAPooledConnectionAndCloseGivesItBack() throws Exception {
    try (SluicePoolDataSource ds = onePool()) {
      String pid;
      try (Connection c = ds.getConnection()) {
        assertEquals(1, ds.pool().stats().borrowed());
        assertTrue(c.isWrapperFor(io.sluice.Connection.class));
        pid = one(c, "select pg_backend_pid()");
      }
      assertEquals(0, ds.pool().stats().borrowed());
      try (Connection c = ds.getConnection()) {
        assertEquals(pid, one(c, "select pg_backend_pid()"), "the same pooled connection");
      }
      assertEquals(pid, ds.pool().query("select pg_backend_pid()::text").get(0).getString(0));
    }
  }

  @Test
  void anOpenTransactionIsRolledBackAndJdbcStateStartsAfresh() throws Exception {
    try (SluicePoolDataSource ds = onePool()) {
      ds.pool().execute("create table if not exists pool_ds_rows (n int)");
      ds.pool().execute("truncate pool_ds_rows");
      try (Connection c = ds.getConnection()) {
        c.setAutoCommit(false);
        c.setReadOnly(false);
        c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
        try (Statement s = c.createStatement()) {
          s.executeUpdate("insert into pool_ds_rows values (1)");
        }
      }   // closed without commit
      try (Connection c = ds.getConnection()) {
        assertTrue(c.getAutoCommit());
        assertEquals(Connection.TRANSACTION_READ_COMMITTED, c.getTransactionIsolation());
        assertEquals("0", one(c, "select count(*) from pool_ds_rows"));
      }
      ds.pool().execute("drop table pool_ds_rows");
    }
  }

  @Test
  void theSessionIsKeptAsHikariKeepsIt() throws Exception {
    try (SluicePoolDataSource ds = onePool()) {
      try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
        s.execute("set statement_timeout = '7s'");
      }
      try (Connection c = ds.getConnection()) {
        assertEquals("7s", one(c, "show statement_timeout"));
      }
    }
  }

  @Test
  void anotherUserIsRefused() throws Exception {
    try (SluicePoolDataSource ds = onePool()) {
      assertThrows(SQLFeatureNotSupportedException.class, () -> ds.getConnection("someone", "else"));
    }
  }
}
