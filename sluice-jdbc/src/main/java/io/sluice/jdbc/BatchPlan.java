package io.sluice.jdbc;

import io.sluice.MultiRowInsert;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The statements a JDBC batch is sent as: one per entry, except that consecutive entries of the
 * same single-row {@code INSERT … VALUES} go as multi-row inserts ({@link MultiRowInsert}), in
 * chunks of a power of two rows up to {@link #MAX_ROWS} (so that a statement cache holds a handful
 * of shapes per insert, whatever the batch sizes).
 *
 * @param sqls the statements to send, in order
 * @param values each statement's parameters
 * @param entriesPer how many batch entries each statement stands for, or null when one each
 */
record BatchPlan(List<String> sqls, List<Object[]> values, int[] entriesPer) {
  /**
   * The most rows per multi-row statement. Measured with 1,000 two-column inserts on a local
   * server (pgjdbc's own batch 3.3 ms): 32 or 64 rows per statement 1.3 ms, 128 rows 1.5 ms, 256
   * rows 1.8 ms, 1,024 rows 8 ms: past a few dozen rows, the server's work on one long VALUES list
   * grows faster than the rows.
   */
  static final int MAX_ROWS = 64;

  /** The entries in order ({@code sqls}, {@code values}); {@code insertOf} says which SQL may be rewritten. */
  static BatchPlan of(List<String> sqls, List<Object[]> values, Function<String, MultiRowInsert> insertOf) {
    List<String> outSql = new ArrayList<>();
    List<Object[]> outValues = new ArrayList<>();
    List<Integer> per = new ArrayList<>();
    boolean merged = false;
    int i = 0;
    while (i < sqls.size()) {
      String sql = sqls.get(i);
      int run = 1;
      while (i + run < sqls.size() && sqls.get(i + run).equals(sql)) {
        run++;
      }
      MultiRowInsert insert = run > 1 ? insertOf.apply(sql) : null;
      if (insert == null) {
        for (int j = 0; j < run; j++) {
          outSql.add(sql);
          outValues.add(values.get(i + j));
          per.add(1);
        }
      } else {
        int limit = Integer.highestOneBit(Math.min(MAX_ROWS, insert.maxRows()));
        int done = 0;
        while (done < run) {
          int rows = Math.min(limit, Integer.highestOneBit(run - done));
          outSql.add(rows == 1 ? sql : insert.sql(rows));
          outValues.add(concat(values, i + done, rows, insert.parametersPerRow()));
          per.add(rows);
          merged |= rows > 1;
          done += rows;
        }
      }
      i += run;
    }
    if (!merged) {
      return new BatchPlan(sqls, values, null);
    }
    return new BatchPlan(outSql, outValues, per.stream().mapToInt(Integer::intValue).toArray());
  }

  private static Object[] concat(List<Object[]> values, int from, int rows, int perRow) {
    Object[] out = new Object[rows * perRow];
    for (int r = 0; r < rows; r++) {
      System.arraycopy(values.get(from + r), 0, out, r * perRow, perRow);
    }
    return out;
  }

  /** The batch entries in all. */
  int entries() {
    if (entriesPer == null) {
      return sqls.size();
    }
    int n = 0;
    for (int e : entriesPer) {
      n += e;
    }
    return n;
  }

  /** How many entries statement {@code i} stands for. */
  int entriesOf(int i) {
    return entriesPer == null ? 1 : entriesPer[i];
  }

  /** The index of the first entry statement {@code i} stands for. */
  int firstEntry(int i) {
    int entry = 0;
    for (int s = 0; s < i; s++) {
      entry += entriesOf(s);
    }
    return entry;
  }
}
