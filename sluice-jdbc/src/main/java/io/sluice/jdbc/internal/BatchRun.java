package io.sluice.jdbc.internal;

import io.sluice.Batch;
import io.sluice.BatchException;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.SluiceException;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A JDBC batch sent as one Sluice {@link Batch}: every statement written at once, one round trip
 * for the lot once prepared, as one unit (one Sync): in auto-commit mode one implicit transaction,
 * all statements applied or none, as pgjdbc's batches do; in a transaction, the statements up to a
 * failure ran and the failure aborts the transaction. At a failure, {@link BatchUpdateException}
 * counts the statements before it as {@link Statement#SUCCESS_NO_INFO} and the failed one as
 * {@link Statement#EXECUTE_FAILED}; the statements after it did not run and have no count.
 * (Sluice's {@link Batch#run()}, a Sync per statement, is not used: a JDBC batch stops at its
 * first failure either way, and one Sync is what keeps a large batch in one round trip.)
 *
 * @param counts the update count of each statement
 * @param keys the rows each statement returned (generated keys), in order
 */
record BatchRun(long[] counts, List<Row> keys) {

  /**
   * Runs {@code plan}; a statement of it standing for several batch entries (a multi-row insert)
   * gives each of them a count of 1 when its row count equals the entries (every row went in),
   * else {@link Statement#SUCCESS_NO_INFO} (some went nowhere: {@code ON CONFLICT DO NOTHING}).
   */
  static BatchRun run(SluiceConnection connection, BatchPlan plan, long timeoutMillis) throws SQLException {
    List<String> sqls = plan.sqls();
    List<Object[]> values = plan.values();
    // the timeout travels with the batch's own requests: only they are cancelled when it passes
    Batch b = timeoutMillis > 0 ? connection.sluice().batch(java.time.Duration.ofMillis(timeoutMillis))
        : connection.sluice().batch();
    for (int i = 0; i < sqls.size(); i++) {
      b.add(sqls.get(i), values.get(i));
    }
    List<RowSet> sets;
    try {
      sets = b.runAtomic(plan.entrySqls());   // reported as the application's entries, not the merged inserts
    } catch (BatchException e) {
      int failed = plan.firstEntry(e.index());
      long[] partial = new long[failed + 1];
      Arrays.fill(partial, Statement.SUCCESS_NO_INFO);
      partial[failed] = Statement.EXECUTE_FAILED;
      SQLException cause = connection.failed(e);
      throw new BatchUpdateException(cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), partial, cause);
    } catch (SluiceException e) {
      SQLException cause = connection.failed(e);
      throw new BatchUpdateException(cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), new long[0], cause);
    }
    List<Row> keys = new ArrayList<>();
    long[] counts = new long[plan.entries()];
    for (int i = 0, entry = 0; i < sets.size(); i++) {
      int n = plan.entriesOf(i);
      long count = count(sets.get(i));
      if (n == 1) {
        counts[entry] = count;
      } else {
        Arrays.fill(counts, entry, entry + n, count == n ? 1 : Statement.SUCCESS_NO_INFO);
      }
      entry += n;
      keys.addAll(sets.get(i));
    }
    return new BatchRun(counts, keys);
  }

  /** An update count: the tag's row count, 0 for a command that reports none (DDL). */
  static long count(RowSet set) {
    return Math.max(0, set.rowCount());
  }

  /** The row count at the end of a command tag ({@code INSERT 0 5}, {@code UPDATE 3}); 0 when there is none. */
  static long count(String tag) {
    if (tag == null) {
      return 0;
    }
    int space = tag.lastIndexOf(' ');
    try {
      return space < 0 ? 0 : Math.max(0, Long.parseLong(tag.substring(space + 1)));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  static int[] ints(long[] counts) {
    int[] out = new int[counts.length];
    for (int i = 0; i < counts.length; i++) {
      out[i] = (int) Math.min(Integer.MAX_VALUE, counts[i]);
    }
    return out;
  }
}
