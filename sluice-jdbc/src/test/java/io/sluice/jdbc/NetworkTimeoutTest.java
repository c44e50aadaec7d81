package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 35: a statement past the network timeout fails and the connection is marked closed, as
 * setNetworkTimeout's Javadoc says (pgjdbc's NetworkTimeoutTest, SocketTimeoutTest).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class NetworkTimeoutTest {
  @Test
  void aStatementPastTheNetworkTimeoutClosesTheConnection() throws SQLException {
    try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
      c.setNetworkTimeout(Runnable::run, 5_000);
      s.execute("select 1");   // answered in time: nothing happens
      assertFalse(c.isClosed());
      assertThrows(SQLException.class, () -> s.execute("select pg_sleep(30)"));
      assertTrue(c.isClosed());
    }
  }

  @Test
  void aQueryTimeoutOfItsOwnCancelsAndKeepsTheConnection() throws SQLException {
    try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
      c.setNetworkTimeout(Runnable::run, 60_000);
      s.setQueryTimeout(1);
      SQLException e = assertThrows(SQLException.class, () -> s.execute("select pg_sleep(30)"));
      assertEquals("57014", e.getSQLState());
      assertFalse(c.isClosed());
      s.setQueryTimeout(0);
      assertTrue(s.execute("select 1"));
    }
  }

  @Test
  void pgjdbcsSocketTimeoutIsEachConnectionsNetworkTimeout() throws SQLException {
    Properties p = new Properties();
    p.setProperty("socketTimeout", "1");
    try (Connection c = DriverManager.getConnection(TestDatabase.url(), p); Statement s = c.createStatement()) {
      assertEquals(1000, c.getNetworkTimeout());
      assertThrows(SQLException.class, () -> s.execute("select pg_sleep(30)"));
      assertTrue(c.isClosed());
    }
  }
}
