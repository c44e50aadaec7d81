package io.sluice.jdbc.internal;

import io.sluice.sql.MultiRowInsert;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The statements a JDBC batch is sent as: one per entry, except that consecutive entries of the
 * same single-row {@code INSERT … VALUES} go as multi-row inserts ({@link MultiRowInsert}, in its
 * chunks).
 *
 * @param sqls the statements to send, in order
 * @param values each statement's parameters
 * @param entriesPer how many batch entries each statement stands for, or null when one each
 * @param entrySqls each batch entry's own SQL, as the application added it: what events report
 */
record BatchPlan(List<String> sqls, List<Object[]> values, int[] entriesPer, List<String> entrySqls) {
  /** A plan sending each entry as it is. */
  BatchPlan(List<String> sqls, List<Object[]> values, int[] entriesPer) {
    this(sqls, values, entriesPer, sqls);
  }

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
        int done = 0;
        for (int rows : insert.chunks(run)) {
          outSql.add(rows == 1 ? sql : insert.sql(rows));
          outValues.add(insert.parameters(values, i + done, rows));
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
    return new BatchPlan(outSql, outValues, per.stream().mapToInt(Integer::intValue).toArray(), sqls);
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
