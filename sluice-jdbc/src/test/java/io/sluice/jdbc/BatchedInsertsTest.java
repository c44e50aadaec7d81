package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A batch of a single-row INSERT goes as multi-row inserts ({@code reWriteBatchedInserts}, on by
 * default): a statement-level trigger counts the statements the server ran, so the tests see the
 * rewrite itself, and then the rows, the update counts and the failures that follow from it.
 */
@ServerTest
class BatchedInsertsTest extends OneConnection {
  @BeforeEach
  void table() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("""
          drop table if exists jdbc_rows, jdbc_row_statements;
          create table jdbc_rows (k int primary key, v text not null, at timestamptz default now());
          create table jdbc_row_statements (n int);
          create or replace function jdbc_count_statement() returns trigger language plpgsql as $$
          begin insert into jdbc_row_statements values (1); return null; end $$;
          create trigger jdbc_rows_statements after insert on jdbc_rows
            for each statement execute function jdbc_count_statement();
          """);
    }
  }

  long scalar(String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next());
      return rs.getLong(1);
    }
  }

  static int[] insert(Connection conn, String sql, int from, int to) throws SQLException {
    try (PreparedStatement p = conn.prepareStatement(sql)) {
      for (int k = from; k < to; k++) {
        p.setInt(1, k);
        p.setString(2, "row " + k);
        p.addBatch();
      }
      return p.executeBatch();
    }
  }

  @Test
  void aThousandRowsGoAsSeventeenStatementsWithACountOfOneEach() throws SQLException {
    int[] counts = insert(c, "insert into jdbc_rows (k, v) values (?, ?)", 0, 1000);
    assertEquals(1000, counts.length);
    for (int n : counts) {
      assertEquals(1, n);
    }
    assertEquals(1000, scalar("select count(*) from jdbc_rows"));
    assertEquals(499_500, scalar("select sum(k) from jdbc_rows where v = 'row ' || k"));
    // 15 × 64 + 32 + 8 rows
    assertEquals(17, scalar("select count(*) from jdbc_row_statements"));
  }

  @Test
  void switchedOffEveryEntryIsItsOwnStatement() throws SQLException {
    try (Connection rowByRow = TestDatabase.connect("&reWriteBatchedInserts=false")) {
      insert(rowByRow, "insert into jdbc_rows (k, v) values (?, ?)", 0, 100);
    }
    assertEquals(100, scalar("select count(*) from jdbc_row_statements"));
  }

  @Test
  void rowsTheServerSkippedMakeTheCountsUnknownNotWrong() throws SQLException {
    insert(c, "insert into jdbc_rows (k, v) values (?, ?)", 0, 10);
    int[] counts = insert(c, "insert into jdbc_rows (k, v) values (?, ?) on conflict (k) do nothing", 5, 21);
    assertEquals(16, counts.length);
    for (int n : counts) {
      assertEquals(Statement.SUCCESS_NO_INFO, n, "5 of the 16 rows went nowhere, and which is not known");
    }
    assertEquals(21, scalar("select count(*) from jdbc_rows"));
  }

  @Test
  void aFailedChunkFailsTheBatchAndAutoCommitAppliesNothing() throws SQLException {
    insert(c, "insert into jdbc_rows (k, v) values (?, ?)", 150, 151);
    BatchUpdateException e = assertThrows(BatchUpdateException.class,
        () -> insert(c, "insert into jdbc_rows (k, v) values (?, ?)", 0, 200));
    assertEquals("23505", e.getSQLState());
    int[] counts = e.getUpdateCounts();
    // one count per entry, all failed: nothing of the batch was kept
    assertEquals(200, counts.length);
    for (int n : counts) {
      assertEquals(Statement.EXECUTE_FAILED, n);
    }
    // row 150 is in the third chunk of 64 (entries 128-191): named by its first entry
    assertTrue(e.getMessage().contains("entry 128"), e.getMessage());
    assertEquals(1, scalar("select count(*) from jdbc_rows"));
  }

  @Test
  void generatedKeysKeepOneStatementPerEntry() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("insert into jdbc_rows (k, v) values (?, ?)", new String[] {"k"})) {
      for (int k = 0; k < 5; k++) {
        p.setInt(1, k);
        p.setString(2, "row " + k);
        p.addBatch();
      }
      assertArrayEquals(new int[] {1, 1, 1, 1, 1}, p.executeBatch());
      try (ResultSet keys = p.getGeneratedKeys()) {
        for (int k = 0; k < 5; k++) {
          assertTrue(keys.next());
          assertEquals(k, keys.getInt(1));
        }
        assertFalse(keys.next());
      }
    }
    assertEquals(5, scalar("select count(*) from jdbc_row_statements"));
  }

  @Test
  void entriesWhoseSqlDiffersAreNotMerged() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("insert into jdbc_rows (k, v) values (?, ?)")) {
      p.setInt(1, 1);
      p.setString(2, "text");
      p.addBatch();
      p.setInt(1, 2);
      p.setObject(2, "other", java.sql.Types.OTHER);   // a different cast: another statement
      p.addBatch();
      p.setInt(1, 3);
      p.setObject(2, "other", java.sql.Types.OTHER);
      p.addBatch();
      assertArrayEquals(new int[] {1, 1, 1}, p.executeBatch());
    }
    assertEquals(3, scalar("select count(*) from jdbc_rows"));
    assertEquals(2, scalar("select count(*) from jdbc_row_statements"), "the first entry alone, then the two merged");
  }

  @Test
  void insideATransactionTheMergedRowsCommitWithIt() throws SQLException {
    c.setAutoCommit(false);
    try {
      insert(c, "insert into jdbc_rows (k, v) values (?, ?)", 0, 300);
      c.rollback();
      assertEquals(0, scalar("select count(*) from jdbc_rows"));
      insert(c, "insert into jdbc_rows (k, v) values (?, ?)", 0, 300);
      c.commit();
    } finally {
      c.setAutoCommit(true);
    }
    assertEquals(300, scalar("select count(*) from jdbc_rows"));
  }

  /** Issue 26: events report the application's 1,000 entries, not the 17 merged inserts that went out. */
  @Test
  void aMergedBatchIsReportedAsTheApplicationsEntries() throws Exception {
    java.nio.file.Path file = java.nio.file.Files.createTempFile("jdbc-batch", ".jfr");
    try (jdk.jfr.Recording recording = new jdk.jfr.Recording()) {
      recording.enable("io.sluice.Batch").withThreshold(java.time.Duration.ZERO);
      recording.start();
      insert(c, "insert into jdbc_rows (k, v) values (?, ?)", 0, 1000);
      recording.stop();
      recording.dump(file);
      java.util.List<jdk.jfr.consumer.RecordedEvent> batches = jdk.jfr.consumer.RecordingFile.readAllEvents(file)
          .stream().filter(e -> e.getEventType().getName().equals("io.sluice.Batch")).toList();
      assertEquals(1, batches.size());
      assertEquals(1000, batches.get(0).getInt("statements"));
      assertEquals("insert jdbc_rows", batches.get(0).getString("summary"));
      assertEquals(17, scalar("select count(*) from jdbc_row_statements"), "while 17 statements ran");
    } finally {
      java.nio.file.Files.deleteIfExists(file);
    }
  }
}
