package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A statement with a fetch size streams through a portal, whose Describe answers before the
 * statement runs: its query timeout and its first error belong to the execute call (the first
 * chunk), as pgjdbc's executeQuery fetches it, not to the first {@code next()} without a bound.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class StreamedTimeoutTest {
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aStreamedStatementTimesOutInExecute(boolean autoCommit) throws Exception {
    try (Connection c = TestDatabase.connect()) {
      c.setAutoCommit(autoCommit);
      try (Statement s = c.createStatement()) {
        s.setFetchSize(50);
        s.setQueryTimeout(1);
        SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("select pg_sleep(30)"));
        assertEquals("57014", e.getSQLState());
        assertInstanceOf(SQLTimeoutException.class, e, e.toString());
      }
      if (!autoCommit) {
        c.rollback();
      }
      try (PreparedStatement p = c.prepareStatement("select n from generate_series(1, 200) n")) {
        p.setFetchSize(50);
        p.setQueryTimeout(5);
        try (ResultSet rs = p.executeQuery()) {
          assertEquals(50, rs.getFetchSize(), "a result's fetch size starts as its statement's (pgjdbc's CursorFetchTest)");
          int count = 0;
          while (rs.next()) {
            count++;
          }
          assertEquals(200, count, "the connection goes on, and a stream within its timeout reads every chunk");
        }
      }
    }
  }

  @Test
  void theFirstErrorOfAStreamedStatementIsExecutes() throws Exception {
    try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
      s.setFetchSize(10);
      SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("select 1 / (n - 1) from generate_series(1, 5) n"));
      assertEquals("22012", e.getSQLState());
      try (ResultSet rs = s.executeQuery("select 7")) {
        assertTrue(rs.next());
        assertEquals(7, rs.getInt(1));
      }
    }
  }
}
