package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Calendar;
import java.util.TimeZone;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A backend terminated under a JDBC connection, and the transaction edges the pools and
 * frameworks rely on: what they see is a connection-class SQLSTATE (08…) that a pool evicts on.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class ConnectionFaultTest {
  private static int pid(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select pg_backend_pid()")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  private static void terminate(int pid) throws SQLException {
    try (Connection admin = TestDatabase.connect(); PreparedStatement p = admin.prepareStatement(
        "select pg_terminate_backend(?)")) {
      p.setInt(1, pid);
      p.executeQuery().close();
    }
  }

  @Test
  void aTerminatedBackendIsAConnectionErrorAndTheConnectionIsClosed() throws Exception {
    Connection c = TestDatabase.connect();
    terminate(pid(c));
    SQLException e = null;
    for (int i = 0; i < 50 && e == null; i++) {   // the FATAL may be read by the next statement or the one after
      try (Statement s = c.createStatement()) {
        s.executeQuery("select 1").close();
        Thread.sleep(20);
      } catch (SQLException x) {
        e = x;
      }
    }
    assertNotNull(e, "a statement on a terminated backend failed");
    assertTrue(e.getSQLState().startsWith("08") || e.getSQLState().startsWith("57P"), e.getSQLState() + " " + e);
    assertInstanceOf(java.sql.SQLNonTransientConnectionException.class, e);
    assertTrue(c.isClosed());
    assertFalse(c.isValid(1));
    c.close();
  }

  @Test
  void aTerminatedBackendInsideATransaction() throws Exception {
    Connection c = TestDatabase.connect();
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      s.executeQuery("select 1").close();
      terminate(pid(c));
      SQLException e = assertThrows(SQLException.class, () -> {
        for (int i = 0; i < 50; i++) {
          s.executeQuery("select 1").close();
          Thread.sleep(20);
        }
      });
      assertTrue(e.getSQLState().startsWith("08") || e.getSQLState().startsWith("57P"), e.getSQLState());
      assertTrue(SqlExceptions.outcome(e).isPresent());
    } finally {
      c.close();
    }
  }

  @Test
  void aFailedBatchInATransactionAbortsItAndCountsEveryEntryAsFailed() throws SQLException {
    // one statement per entry, so that the counts name the failed entry (merged inserts: BatchedInsertsTest)
    try (Connection c = TestDatabase.connect("&reWriteBatchedInserts=false"); Statement s = c.createStatement()) {
      s.execute("create temp table fb (k int primary key)");
      c.setAutoCommit(false);
      try (PreparedStatement p = c.prepareStatement("insert into fb values (?)")) {
        for (int k : new int[] {1, 1, 2}) {
          p.setInt(1, k);
          p.addBatch();
        }
        BatchUpdateException e = assertThrows(BatchUpdateException.class, p::executeBatch);
        // the first entry ran, but the transaction it ran in is aborted: nothing of it can commit (pgjdbc)
        assertArrayEquals(new int[] {Statement.EXECUTE_FAILED, Statement.EXECUTE_FAILED, Statement.EXECUTE_FAILED},
            e.getUpdateCounts());
        assertEquals("23505", e.getSQLState());
        SQLException aborted = assertThrows(SQLException.class, () -> s.executeQuery("select 1"));
        assertEquals("25P02", aborted.getSQLState());
      }
      c.rollback();
      c.setAutoCommit(true);
    }
  }

  @Test
  void aBatchInATransactionCommitsWithIt() throws SQLException {
    try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table tb (k int)");
      c.setAutoCommit(false);
      try (PreparedStatement p = c.prepareStatement("insert into tb values (?)")) {
        for (int k = 0; k < 2000; k++) {
          p.setInt(1, k);
          p.addBatch();
        }
        assertEquals(2000, p.executeBatch().length);
      }
      c.commit();
      c.setAutoCommit(true);
      try (ResultSet rs = s.executeQuery("select count(*) from tb")) {
        assertTrue(rs.next());
        assertEquals(2000, rs.getInt(1));
      }
    }
  }

  @Test
  void aStreamedResultSurvivesCommit() throws SQLException {
    try (Connection c = TestDatabase.connect()) {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        s.setFetchSize(5);
        try (ResultSet rs = s.executeQuery("select g from generate_series(1, 30) g")) {
          assertTrue(rs.next());
          c.commit();   // HOLD_CURSORS_OVER_COMMIT: the rest is read into memory first
          int n = 1;
          while (rs.next()) {
            n++;
          }
          assertEquals(30, n);
        }
      }
      c.setAutoCommit(true);
    }
  }

  @Test
  void timestampsWithACalendarUseItsZone() throws SQLException {
    try (Connection c = TestDatabase.connect();
        PreparedStatement p = c.prepareStatement("select ?::timestamptz, ?::timestamp")) {
      Calendar utc = Calendar.getInstance(TimeZone.getTimeZone("UTC"));
      java.sql.Timestamp t = java.sql.Timestamp.from(java.time.Instant.parse("2024-06-01T12:00:00Z"));
      p.setTimestamp(1, t, utc);
      p.setTimestamp(2, t, utc);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals(t.toInstant(), rs.getTimestamp(1).toInstant());
        assertEquals(java.time.LocalDateTime.of(2024, 6, 1, 12, 0), rs.getObject(2, java.time.LocalDateTime.class),
            "the wall clock in the calendar's zone");
        assertEquals(t.toInstant(), rs.getTimestamp(2, utc).toInstant());
      }
    }
  }
}
