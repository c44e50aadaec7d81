package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Statement.closeOnCompletion: the statement closes with its last result set, not while it runs again. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CloseOnCompletionTest {
  static Connection connection;

  @BeforeAll
  static void connect() throws SQLException {
    connection = MetaDataSchema.connect();
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  @Test
  void closingTheResultClosesTheStatement() throws SQLException {
    PreparedStatement ps = connection.prepareStatement("SELECT 1");
    ps.closeOnCompletion();
    assertTrue(ps.isCloseOnCompletion());
    ResultSet rs = ps.executeQuery();
    assertFalse(ps.isClosed());
    rs.close();
    assertTrue(ps.isClosed());
  }

  @Test
  void runningAgainClosesTheOldResultButNotTheStatement() throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement("SELECT 1")) {
      ps.closeOnCompletion();
      ResultSet first = ps.executeQuery();
      ResultSet second = ps.executeQuery();
      assertTrue(first.isClosed());
      assertFalse(ps.isClosed(), "the statement closed its own result to run again");
      assertTrue(second.next());
      second.close();
      assertTrue(ps.isClosed());
    }
  }

  @Test
  void withoutTheFlagTheStatementStaysOpen() throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement("SELECT 1")) {
      ps.executeQuery().close();
      assertFalse(ps.isClosed());
    }
  }
}
