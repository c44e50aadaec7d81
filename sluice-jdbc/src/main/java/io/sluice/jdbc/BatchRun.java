package io.sluice.jdbc;

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
 * for the lot once prepared. In auto-commit mode it runs as one implicit transaction (one Sync, as
 * pgjdbc's batches do): all statements apply or none; at a failure, {@link BatchUpdateException}
 * counts the statements before it as {@link Statement#SUCCESS_NO_INFO} (rolled back with the
 * rest) and the failed one as {@link Statement#EXECUTE_FAILED}. In a transaction each statement
 * has its own outcome, and every count is reported.
 *
 * @param counts the update count of each statement
 * @param keys the rows each statement returned (generated keys), in order
 */
record BatchRun(long[] counts, List<Row> keys) {
  static BatchRun run(SluiceConnection connection, List<String> sqls, List<Object[]> values, boolean atomic)
      throws SQLException {
    Batch b = connection.sluice.batch();
    for (int i = 0; i < sqls.size(); i++) {
      b.add(sqls.get(i), values.get(i));
    }
    List<Row> keys = new ArrayList<>();
    long[] counts = new long[sqls.size()];
    if (atomic) {
      List<RowSet> sets;
      try {
        sets = b.runAtomic();
      } catch (BatchException e) {
        long[] partial = new long[e.index() + 1];
        Arrays.fill(partial, Statement.SUCCESS_NO_INFO);
        partial[e.index()] = Statement.EXECUTE_FAILED;
        SQLException cause = SqlExceptions.of(e);
        throw new BatchUpdateException(cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), partial, cause);
      } catch (SluiceException e) {
        SQLException cause = SqlExceptions.of(e);
        throw new BatchUpdateException(cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), new long[0], cause);
      }
      for (int i = 0; i < sets.size(); i++) {
        counts[i] = count(sets.get(i));
        keys.addAll(sets.get(i));
      }
      return new BatchRun(counts, keys);
    }
    List<Batch.Item> items;
    try {
      items = b.run();
    } catch (SluiceException e) {
      SQLException cause = SqlExceptions.of(e);
      throw new BatchUpdateException(cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), new long[0], cause);
    }
    SQLException first = null;
    for (int i = 0; i < items.size(); i++) {
      Batch.Item item = items.get(i);
      if (item.ok()) {
        counts[i] = count(item.rows());
        keys.addAll(item.rows());
      } else {
        counts[i] = Statement.EXECUTE_FAILED;
        SQLException e = SqlExceptions.of(item.error());
        if (first == null) {
          first = e;
        } else {
          first.setNextException(e);
        }
      }
    }
    if (first != null) {
      throw new BatchUpdateException("statement of the batch failed: " + first.getMessage(), first.getSQLState(),
          first.getErrorCode(), counts, first);
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
