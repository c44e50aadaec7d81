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
 * A JDBC batch sent as Sluice {@link Batch}es: every statement written at once, one round trip
 * for the lot once prepared, as one unit (one Sync): in auto-commit mode one implicit transaction,
 * all statements applied or none, as pgjdbc's batches do; in a transaction, a failure aborts the
 * transaction. (Sluice's {@link Batch#run()}, a Sync per statement, is not used: a JDBC batch stops
 * at its first failure either way, and one Sync is what keeps a large batch in one round trip.)
 *
 * <p>A failure is a {@link BatchUpdateException} with one count per entry, as pgjdbc's {@code
 * BatchResultHandler}: {@link Statement#EXECUTE_FAILED} for every entry whose work did not survive
 * (JDBC 4.3 §14.1.3 lets a driver that reports every entry mark the failures so). Entries that ran
 * before the failing one are no exception: their work went with the rolled-back implicit
 * transaction, or with the transaction the failure aborted, so a count for them would name rows
 * that are not there. The message names the failing entry; the server's error is the cause and,
 * as pgjdbc chains it, the next exception.
 *
 * @param counts the update count of each statement
 * @param keys the rows each statement returned (generated keys), in order
 */
record BatchRun(long[] counts, List<Row> keys) {

  /**
   * Runs {@code plan} as one Sluice batch; a statement of it standing for several batch entries (a
   * multi-row insert) gives each of them a count of 1 when its row count equals the entries (every
   * row went in), else {@link Statement#SUCCESS_NO_INFO} (some went nowhere: {@code ON CONFLICT DO
   * NOTHING}).
   */
  static BatchRun run(SluiceConnection connection, BatchPlan plan, long timeoutMillis) throws SQLException {
    long[] counts = new long[plan.entries()];
    List<Row> keys = new ArrayList<>();
    runPart(connection, plan, 0, plan.sqls().size(), timeoutMillis, counts, keys, 0);
    return new BatchRun(counts, keys);
  }

  /**
   * Runs a batch of plain SQL ({@code Statement.addBatch}) in order: each statement is prepared
   * only once the ones it may depend on ran, so that a table one entry creates is there for the
   * next (pgjdbc sends Parse after the earlier Execute for the same reason). Consecutive data
   * statements ({@link StatementKinds#onlyTouchesRows}) still go as one Sluice batch, one round
   * trip; any other statement (DDL, {@code SET}) ends such a run. Several runs in auto-commit mode
   * share one transaction, so that the batch stays all or nothing; a batch that controls
   * transactions itself ({@code COMMIT}, {@code VACUUM}) runs as it is, and then a failure leaves
   * the counts of the runs before it, which committed (pgjdbc: the rows secured before the failure).
   */
  static BatchRun runInOrder(SluiceConnection connection, BatchPlan plan, long timeoutMillis) throws SQLException {
    List<String> sqls = plan.sqls();
    List<Integer> ends = new ArrayList<>();
    for (int i = 0; i < sqls.size(); i++) {
      if (i == sqls.size() - 1 || !StatementKinds.onlyTouchesRows(sqls.get(i))) {
        ends.add(i + 1);
      }
    }
    if (ends.size() == 1) {
      return run(connection, plan, timeoutMillis);
    }
    boolean controls = sqls.stream().anyMatch(StatementKinds::controlsTransactions);
    boolean autoCommit = connection.getAutoCommit();
    long[] counts = new long[plan.entries()];
    List<Row> keys = new ArrayList<>();
    io.sluice.Transaction tx = autoCommit && !controls ? begin(connection) : null;
    try {
      int from = 0;
      for (int to : ends) {
        // each run before this one committed on its own only when nothing wraps them
        int secured = autoCommit && tx == null ? plan.firstEntry(from) : 0;
        runPart(connection, plan, from, to, timeoutMillis, counts, keys, secured);
        from = to;
      }
      if (tx != null) {
        commit(connection, tx, counts.length);
      }
    } finally {
      if (tx != null) {
        tx.close();   // rolls back unless committed
      }
    }
    return new BatchRun(counts, keys);
  }

  /**
   * Runs statements {@code from} to {@code to} of {@code plan} as one Sluice batch, into {@code
   * counts} and {@code keys}; at a failure, entries from {@code secured} on are {@link
   * Statement#EXECUTE_FAILED}.
   */
  private static void runPart(SluiceConnection connection, BatchPlan plan, int from, int to, long timeoutMillis,
      long[] counts, List<Row> keys, int secured) throws SQLException {
    // the timeout travels with the batch's own requests: only they are cancelled when it passes
    Batch b = timeoutMillis > 0 ? connection.sluice().batch(java.time.Duration.ofMillis(timeoutMillis))
        : connection.sluice().batch();
    for (int i = from; i < to; i++) {
      b.add(plan.sqls().get(i), plan.values().get(i));
    }
    List<RowSet> sets;
    try {
      // reported as the application's entries, not the merged inserts
      sets = b.runAtomic(plan.entrySqls().subList(plan.firstEntry(from), plan.firstEntry(to)));
    } catch (BatchException e) {
      throw failed(connection, e, "batch entry " + plan.firstEntry(from + e.index()), counts, secured);
    } catch (SluiceException e) {
      throw failed(connection, e, "the batch", counts, secured);
    }
    for (int i = 0, entry = plan.firstEntry(from); i < sets.size(); i++) {
      int n = plan.entriesOf(from + i);
      long count = count(sets.get(i));
      if (n == 1) {
        counts[entry] = count;
      } else {
        Arrays.fill(counts, entry, entry + n, count == n ? 1 : Statement.SUCCESS_NO_INFO);
      }
      entry += n;
      keys.addAll(sets.get(i));
    }
  }

  private static BatchUpdateException failed(SluiceConnection connection, SluiceException e, String what,
      long[] counts, int secured) {
    SQLException cause = connection.failed(e);
    Arrays.fill(counts, secured, counts.length, Statement.EXECUTE_FAILED);
    BatchUpdateException b = new BatchUpdateException(what + " failed: " + cause.getMessage(), cause.getSQLState(),
        cause.getErrorCode(), counts.clone(), cause);
    b.setNextException(cause);
    return b;
  }

  private static io.sluice.Transaction begin(SluiceConnection connection) throws SQLException {
    try {
      return connection.sluice().begin();
    } catch (SluiceException e) {
      throw failed(connection, e, "the batch", new long[0], 0);
    }
  }

  private static void commit(SluiceConnection connection, io.sluice.Transaction tx, int entries) throws SQLException {
    try {
      tx.commit();
    } catch (SluiceException e) {
      throw failed(connection, e, "the batch's commit", new long[entries], 0);
    }
  }

  /**
   * An update count: the tag's row count, 0 for a command that reports none (DDL) and for a query's
   * rows ({@code SELECT 1} of a SELECT in a batch changed nothing; pgjdbc's BatchExecuteTest allows
   * 0 or SUCCESS_NO_INFO). {@code SELECT … INTO} has no result columns: its count is the rows it wrote.
   */
  static long count(RowSet set) {
    if (set.commandTag().startsWith("SELECT") && !set.columns().isEmpty()) {
      return 0;
    }
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
