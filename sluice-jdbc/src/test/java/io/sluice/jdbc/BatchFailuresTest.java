package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a failed batch reports (issue 35 §1), as pgjdbc's {@code BatchResultHandler}: one count per
 * entry, each entry whose work did not survive {@code EXECUTE_FAILED}. One Sync carries the whole
 * batch, so in auto-commit nothing of it is kept, and in a transaction the failure aborted it: every
 * entry is {@code EXECUTE_FAILED}, none reports rows that were rolled back. And a {@code Statement}
 * batch runs in order (§2): a table one entry creates is there for the next.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class BatchFailuresTest extends OneConnection {
  @BeforeEach
  void table() throws SQLException {
    c.setAutoCommit(true);
    try (Statement s = c.createStatement()) {
      s.execute("drop table if exists jdbc_bf; create table jdbc_bf (k int primary key)");
    }
  }

  private static int rows() throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select count(*) from jdbc_bf")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  private static int[] allFailed(int n) {
    int[] counts = new int[n];
    Arrays.fill(counts, Statement.EXECUTE_FAILED);
    return counts;
  }

  private static BatchUpdateException failingPreparedBatch(Connection on) throws SQLException {
    try (PreparedStatement p = on.prepareStatement("insert into jdbc_bf values (?)")) {
      for (int k : new int[] {1, 2, 2, 3, 4}) {
        p.setInt(1, k);
        p.addBatch();
      }
      return assertThrows(BatchUpdateException.class, p::executeBatch);
    }
  }

  @Test
  void aRolledBackAutoCommitBatchCountsEveryEntryAsFailed() throws SQLException {
    try (Connection rowByRow = TestDatabase.connect("&reWriteBatchedInserts=false")) {
      BatchUpdateException e = failingPreparedBatch(rowByRow);
      assertArrayEquals(allFailed(5), e.getUpdateCounts(), "nothing of the batch was kept");
      assertEquals(5, e.getLargeUpdateCounts().length);
      assertEquals("23505", e.getSQLState());
      assertTrue(e.getMessage().contains("entry 2"), e.getMessage());
      assertNotNull(e.getNextException(), "the server's error, as pgjdbc chains it");
      assertEquals("23505", e.getNextException().getSQLState());
    }
    assertEquals(0, rows());
  }

  @Test
  void mergedInsertsCountEveryEntryAsFailedToo() throws SQLException {
    BatchUpdateException e = failingPreparedBatch(c);
    assertArrayEquals(allFailed(5), e.getUpdateCounts());
    assertEquals(0, rows());
  }

  @Test
  void aFailedBatchInATransactionCountsEveryEntryAsFailed() throws SQLException {
    try (Connection rowByRow = TestDatabase.connect("&reWriteBatchedInserts=false")) {
      rowByRow.setAutoCommit(false);
      BatchUpdateException e = failingPreparedBatch(rowByRow);
      assertArrayEquals(allFailed(5), e.getUpdateCounts(), "the failure aborted the transaction");
      rowByRow.rollback();
    }
    assertEquals(0, rows());
  }

  @Test
  void aStatementBatchThatFailsToParseCountsEveryEntry() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.addBatch("insert into jdbc_bf values (1)");
      s.addBatch("seeeelect 1");
      s.addBatch("insert into jdbc_bf values (2)");
      BatchUpdateException e = assertThrows(BatchUpdateException.class, s::executeBatch);
      assertEquals("42601", e.getSQLState());
      assertArrayEquals(allFailed(3), e.getUpdateCounts());
    }
    assertEquals(0, rows());
  }

  @Test
  void aStatementBatchSeesWhatItsEarlierEntriesCreated() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.addBatch("create temp table jdbc_bf_new (k int)");
      s.addBatch("insert into jdbc_bf_new values (1), (2)");
      s.addBatch("insert into jdbc_bf select k from jdbc_bf_new");
      s.addBatch("drop table jdbc_bf_new");
      assertArrayEquals(new int[] {0, 2, 2, 0}, s.executeBatch());
    }
    assertEquals(2, rows());
  }

  @Test
  void aStatementBatchThatCreatesAndFailsInAutoCommitKeepsNothing() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.addBatch("create table jdbc_bf_kept (k int)");
      s.addBatch("insert into jdbc_bf values (1)");
      s.addBatch("insert into jdbc_bf values (1)");
      BatchUpdateException e = assertThrows(BatchUpdateException.class, s::executeBatch);
      assertArrayEquals(allFailed(3), e.getUpdateCounts());
      try (ResultSet rs = s.executeQuery("select to_regclass('jdbc_bf_kept') is null")) {
        rs.next();
        assertTrue(rs.getBoolean(1), "the batch was one transaction: the table went with it");
      }
    }
    assertEquals(0, rows());
  }
}
