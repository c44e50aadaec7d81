package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Issue 35: pgjdbc's BatchExecuteTest testSelectInBatch and testMultiStatementSqlInAddBatch. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class BatchCountsTest extends OneConnection {
  @BeforeEach
  void table() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("drop table if exists jdbc_batch_counts; create table jdbc_batch_counts (pk int, v int);"
          + " insert into jdbc_batch_counts values (1, 0), (2, 0)");
    }
  }

  private static int value() throws SQLException {
    return Integer.parseInt(text("select v from jdbc_batch_counts where pk = 1"));
  }

  @Test
  void aSelectInABatchChangesNoRows() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.addBatch("update jdbc_batch_counts set v = v + 1 where pk = 1");
      s.addBatch("select v from jdbc_batch_counts");   // two rows, none changed
      s.addBatch("select v into temp jdbc_batch_copy from jdbc_batch_counts");   // SELECT INTO writes two
      s.addBatch("update jdbc_batch_counts set v = v + 2 where pk = 1");
      assertArrayEquals(new int[] {1, 0, 2, 1}, s.executeBatch());
    }
    assertEquals(3, value());
  }

  @Test
  void anEntryOfSeveralStatementsIsRefusedBeforeAnythingRuns() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.addBatch("update jdbc_batch_counts set v = v + 1 where pk = 1");
      SQLException e = assertThrows(SQLException.class,
          () -> s.addBatch("update jdbc_batch_counts set v = v + 1 where pk = 1; update jdbc_batch_counts set v = 9"));
      assertEquals("0A000", e.getSQLState());
      s.addBatch("update jdbc_batch_counts set v = v + 1 where pk = 1;");   // one statement, a trailing semicolon
      assertArrayEquals(new int[] {1, 1}, s.executeBatch(), "the refused entry was not added");
    }
    assertEquals(2, value());
  }
}
