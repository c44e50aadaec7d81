package io.sluice.jdbc.internal;

import io.sluice.jdbc.OneConnection;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Plain statements: several results, streaming with a fetch size, max rows, timeouts, warnings, scrolling. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class StatementTest extends OneConnection {
  @Test
  void severalStatementsGiveSeveralResults() throws SQLException {
    try (Statement s = c.createStatement()) {
      assertFalse(s.execute("create temp table if not exists multi (x int); insert into multi values (1), (2);"
          + " select x from multi order by x; update multi set x = x + 1; select 'done'"));
      assertEquals(0, s.getUpdateCount());              // CREATE TABLE
      assertFalse(s.getMoreResults());
      assertEquals(2, s.getUpdateCount());              // INSERT 0 2
      assertTrue(s.getMoreResults());
      try (ResultSet rs = s.getResultSet()) {
        assertTrue(rs.next());
        assertEquals(1, rs.getInt(1));
      }
      assertFalse(s.getMoreResults());
      assertEquals(2, s.getUpdateCount());              // UPDATE 2
      assertTrue(s.getMoreResults());
      assertTrue(s.getResultSet().next());
      assertFalse(s.getMoreResults());
      assertEquals(-1, s.getUpdateCount());             // no more results
    }
  }

  @Test
  void fetchSizeStreamsInAutoCommitMode() throws SQLException {
    assertTrue(c.getAutoCommit());
    try (Statement s = c.createStatement()) {
      s.setFetchSize(100);
      try (ResultSet rs = s.executeQuery("select g from generate_series(1, 100000) g")) {
        long sum = 0;
        int n = 0;
        while (rs.next()) {
          sum += rs.getLong(1);
          n++;
        }
        assertEquals(100_000, n);
        assertEquals(100_000L * 100_001 / 2, sum);
      }
    }
  }

  @Test
  void aStatementRunWhileAStreamIsOpenReadsTheRestFirst() throws SQLException {
    try (Statement outer = c.createStatement(); Statement inner = c.createStatement()) {
      outer.setFetchSize(10);
      try (ResultSet rs = outer.executeQuery("select g from generate_series(1, 50) g")) {
        int n = 0;
        while (rs.next()) {
          n++;
          try (ResultSet one = inner.executeQuery("select " + rs.getInt(1) + " * 2")) {
            assertTrue(one.next());
            assertEquals(rs.getInt(1) * 2, one.getInt(1));
          }
        }
        assertEquals(50, n);
      }
    }
  }

  @Test
  void connectionQueriesWhileThisThreadStreams() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.setFetchSize(4);
      try (ResultSet rs = s.executeQuery("select g from generate_series(1, 20) g")) {
        assertTrue(rs.next());
        assertTrue(c.isValid(2), "valid while streaming, without waiting behind the stream");
        assertNotNull(c.getSchema());
        c.setClientInfo("ApplicationName", "streaming app");
        assertEquals("streaming app", c.getClientInfo("ApplicationName"));
        assertTrue(c.isValid(2));
        int n = 1;
        while (rs.next()) {
          n++;
        }
        assertEquals(20, n);
      }
    }
  }

  @Test
  void maxRowsLimitsTheRowsSent() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.setMaxRows(3);
      try (ResultSet rs = s.executeQuery("select g from generate_series(1, 1000) g")) {
        int n = 0;
        while (rs.next()) {
          n++;
        }
        assertEquals(3, n);
      }
    }
  }

  @Test
  void queryTimeoutCancelsAndTheConnectionStaysUsable() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(1);
      SQLException e = assertThrows(SQLException.class, () -> s.execute("select pg_sleep(30)"));
      assertInstanceOf(java.sql.SQLTimeoutException.class, e);
      assertEquals("57014", e.getSQLState());
      s.setQueryTimeout(0);
      try (ResultSet rs = s.executeQuery("select 1")) {
        assertTrue(rs.next());
      }
    }
  }

  @Test
  void cancelFromAnotherThread() throws Exception {
    try (Statement s = c.createStatement()) {
      var done = new java.util.concurrent.CountDownLatch(1);
      Thread canceller = Thread.ofVirtual().start(() -> {
        try {
          // cancel until the statement ends: a cancel that arrives before it started hits nothing
          for (int i = 0; i < 100 && !done.await(200, TimeUnit.MILLISECONDS); i++) {
            s.cancel();
          }
        } catch (Exception ignored) {
          // the assertion below fails if no cancel happened
        }
      });
      SQLException e = assertThrows(SQLException.class, () -> s.execute("select pg_sleep(20)"));
      done.countDown();
      assertEquals("57014", e.getSQLState());
      canceller.join();
    }
  }

  @Test
  void noticesBecomeWarnings() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("do $$ begin raise notice 'hello from the server'; end $$");
      SQLWarning w = s.getWarnings();
      assertNotNull(w);
      assertTrue(w.getMessage().contains("hello from the server"), w.getMessage());
      assertNotNull(c.getWarnings());
      c.clearWarnings();
      s.clearWarnings();
      assertNull(s.getWarnings());
    }
  }

  @Test
  void scrollInsensitiveResultsScroll() throws SQLException {
    try (Statement s = c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY);
        ResultSet rs = s.executeQuery("select g from generate_series(1, 5) g")) {
      assertTrue(rs.last());
      assertEquals(5, rs.getInt(1));
      assertEquals(5, rs.getRow());
      assertTrue(rs.absolute(2));
      assertEquals(2, rs.getInt(1));
      assertTrue(rs.previous());
      assertEquals(1, rs.getInt(1));
      assertFalse(rs.previous());
      assertTrue(rs.isBeforeFirst());
      assertTrue(rs.relative(3));
      assertEquals(3, rs.getInt(1));
      rs.afterLast();
      assertTrue(rs.isAfterLast());
    }
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select 1")) {
      assertThrows(SQLException.class, rs::previous);
    }
    assertThrows(java.sql.SQLFeatureNotSupportedException.class,
        () -> c.createStatement(ResultSet.TYPE_SCROLL_SENSITIVE, ResultSet.CONCUR_UPDATABLE));
  }

  @Test
  void aPlainStatementHasNoPlaceholders() throws SQLException {
    // as in pgjdbc: in a plain Statement, ? is jsonb's operator, not a parameter
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select '{\"a\":1}'::jsonb ? 'a', '{\"a\":1}'::jsonb ?| array['b']")) {
      assertTrue(rs.next());
      assertTrue(rs.getBoolean(1));
      assertFalse(rs.getBoolean(2));
    }
  }

  @Test
  void statementBatchRunsEveryString() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("create temp table if not exists sb (x int)");
      s.addBatch("insert into sb values (1)");
      s.addBatch("insert into sb values (2), (3)");
      s.addBatch("delete from sb where x = 1");
      assertArrayEquals(new int[] {1, 2, 1}, s.executeBatch());
    }
  }

  @Test
  void executeUpdateWithGeneratedKeys() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("create temp table if not exists gk (id int generated always as identity, v text)");
      assertEquals(1, s.executeUpdate("insert into gk (v) values ('a')", Statement.RETURN_GENERATED_KEYS));
      try (ResultSet keys = s.getGeneratedKeys()) {
        assertTrue(keys.next());
        assertTrue(keys.getInt("id") > 0);
      }
    }
  }

  @Test
  void updateCountsOfDdlAreZero() throws SQLException {
    try (Statement s = c.createStatement()) {
      assertEquals(0, s.executeUpdate("create temp table if not exists ddl (x int)"));
      assertEquals(0, s.executeUpdate("drop table ddl"));
    }
  }

  @Test
  void copyStreamsAreRefusedBeforeSendingAndSluiceCopyIsReachable() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("drop table if exists cp; create temp table cp (x int)");
      SQLException e = assertThrows(java.sql.SQLFeatureNotSupportedException.class,
          () -> s.execute("/* load */ COPY cp FROM STDIN"));
      assertTrue(e.getMessage().contains("unwrap"), e.getMessage());
      assertTrue(c.isValid(5), "nothing was sent: the connection is fine");
      io.sluice.Connection sluice = c.unwrap(io.sluice.Connection.class);
      assertEquals(3, sluice.copy().from("copy cp from stdin", new java.io.StringReader("1\n2\n3\n")));
      try (ResultSet rs = s.executeQuery("select sum(x) from cp")) {
        assertTrue(rs.next());
        assertEquals(6, rs.getInt(1));
      }
    }
  }

  @Test
  void emptySqlHasNoResult() throws SQLException {
    try (Statement s = c.createStatement()) {
      assertFalse(s.execute("  -- nothing\n"));
      assertEquals(0, s.getUpdateCount());
    }
  }

  @Test
  void closedThingsRefuseUse() throws SQLException {
    Statement s = c.createStatement();
    ResultSet rs = s.executeQuery("select 1");
    s.close();
    assertTrue(rs.isClosed());
    assertThrows(SQLException.class, rs::next);
    assertThrows(SQLException.class, () -> s.executeQuery("select 1"));
  }

  @Test
  void closeOnCompletionClosesWithTheLastResultNotOnReExecution() throws SQLException {
    Statement s = c.createStatement();
    s.closeOnCompletion();
    ResultSet first = s.executeQuery("select 1");
    ResultSet second = s.executeQuery("select 2");   // closes the first result; the statement stays open
    assertTrue(first.isClosed());
    assertFalse(s.isClosed());
    second.close();
    assertTrue(s.isClosed());
  }

  @Test
  void preparedStatementsAreRewrittenOnce() throws SQLException {
    String sql = "select ? + 1 /* rewrite cache probe */";
    try (PreparedStatement a = c.prepareStatement(sql); PreparedStatement b = c.prepareStatement(sql)) {
      assertSame(((SluicePreparedStatement) a).rewritten, ((SluicePreparedStatement) b).rewritten);
    }
  }
}
