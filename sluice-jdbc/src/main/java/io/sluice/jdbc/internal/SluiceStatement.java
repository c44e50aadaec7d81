package io.sluice.jdbc.internal;

import io.sluice.Column;
import io.sluice.sql.RewrittenSql;
import io.sluice.Row;
import io.sluice.SluiceException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A JDBC statement. Its SQL is rewritten once per string ({@link RewriteCache}); several
 * statements in one string run together in one round trip, in one implicit transaction, each
 * giving its own result ({@link #getMoreResults()}). With a fetch size, rows are streamed from a
 * portal in chunks of that size, in auto-commit mode too; without, a result is read whole.
 */
public class SluiceStatement implements Statement, StatementRefusals, SelfWrapper {
  final SluiceConnection connection;
  final int resultSetType;
  /** CONCUR_READ_ONLY or CONCUR_UPDATABLE: an updatable statement's results are read whole ({@link RowEdits}). */
  final int concurrency;
  private final StatementResults results = new StatementResults();
  final StatementRunner runner;
  private final List<String> batch = new ArrayList<>();
  private int fetchSize;
  private long maxRows;
  private int queryTimeoutSeconds;
  private int maxFieldSize;
  private volatile boolean closed;
  /** Statements of this one on the server now: close() from another thread cancels them. */
  private volatile boolean running;
  private boolean closeOnCompletion;
  private boolean poolable;
  private long warningMark = Long.MAX_VALUE;

  /** For {@link Extension#statement} and its subclasses (the drop-in's is a pgjdbc {@code PGStatement}). */
  @SuppressWarnings("this-escape")   // its runner keeps it; the drop-in's subclasses override nothing it calls
  protected SluiceStatement(SluiceConnection connection, int resultSetType, int concurrency) {
    this.connection = connection;
    this.resultSetType = resultSetType;
    this.concurrency = concurrency;
    this.fetchSize = connection.statementDefaults().fetchSize();
    this.queryTimeoutSeconds = connection.statementDefaults().queryTimeoutSeconds();
    this.runner = new StatementRunner(this, connection, results);
  }

  /**
   * A statement that is closed, or whose connection is, refuses work with pgjdbc's {@code 55000}
   * (object not in prerequisite state; {@code PgStatement.checkClosed}). As in pgjdbc, what only
   * reads or resets the statement's own settings still works then: {@code getConnection}, the
   * fetch size and direction, the result type, concurrency and holdability, {@code
   * getMaxFieldSize}, {@code closeOnCompletion}, {@code clearBatch}, {@code clearWarnings},
   * {@code clearParameters}, and {@code cancel}, which has nothing to cancel.
   */
  void checkOpen() throws SQLException {
    if (closed || connection.isClosed()) {
      throw SqlErrors.of("the statement is closed", "55000");
    }
  }

  /**
   * Runs the statements of {@code r} with their values and queues their results; the one entry
   * point of every execute method.
   */
  final void run(RewrittenSql r, List<Object[]> values, GeneratedKeys keys) throws SQLException {
    run(r.statements(), values, keys);
  }

  /** As {@link #run(RewrittenSql, List, GeneratedKeys)}, for statements already rewritten (and cast). */
  final void run(List<String> statements, List<Object[]> values, GeneratedKeys keys) throws SQLException {
    checkOpen();
    for (String statement : statements) {
      StatementKinds.refuseCopy(statement);
    }
    results.clear();
    connection.beforeStatement();
    warningMark = connection.warnings.mark();
    StatementRunner.Limits limits = new StatementRunner.Limits(resultSetType, concurrency, fetchSize, maxRows,
        timeoutMillis());
    // a portal (fetch size, max rows) may keep streaming after this returns: its session's WAL
    // position is then asked when it ends, not tracked now
    // a single statement a second try heals runs once more (AutoSavepoints); its first try queued nothing
    connection.transactions.autosaved(statements, statements.size() == 1, () -> running(fetchSize == 0 && maxRows == 0,
        s -> {
          runner.run(statements, values, keys, limits);
          return null;
        }));
    results.start();
  }

  /** {@code work} on the connection's session, marked as running for {@link #close()}. */
  private <T> T running(boolean tracked, Sessions.Work<T> work) throws SQLException {
    running = true;
    java.util.concurrent.ScheduledFuture<?> cut = queryTimeoutSeconds > 0 ? null : connection.armNetworkTimeout();
    try {
      return connection.inSession(tracked, work);
    } finally {
      Timeouts.disarm(cut);
      running = false;
    }
  }

  /**
   * The statement's timeout, {@code setQueryTimeout}; 0 for none. It goes with the statement's own
   * request, so that when it passes, Sluice cancels that statement and no other thread's on the
   * shared connection. Without one, the connection's network timeout closes the connection
   * ({@link SluiceConnection#armNetworkTimeout}).
   */
  private long timeoutMillis() {
    return queryTimeoutSeconds > 0 ? queryTimeoutSeconds * 1000L : 0;
  }

  /** A plain statement's SQL: escapes translated, {@code ?} left as it is (as pgjdbc does). */
  private RewrittenSql plain(String sql) throws SQLException {
    checkOpen();
    return connection.rewritePlain(sql);
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    RewrittenSql r = plain(sql);
    run(r, BoundParameters.valuesFor(r, new Object[0]), GeneratedKeys.NONE);
    return singleResult();
  }

  /** The one result set of an executeQuery; a statement that returned none is an error. */
  final ResultSet singleResult() throws SQLException {
    SluiceResultSet rs = results.resultSet();
    if (rs != null) {
      return rs;
    }
    throw SqlErrors.of("the statement returned no result set (use executeUpdate or execute)", "02000");
  }

  /** The update count of an executeUpdate; a statement that returned rows counts them. */
  final long singleCount() {
    return results.updateCount();
  }

  @Override
  public int executeUpdate(String sql) throws SQLException {
    return (int) executeLargeUpdate(sql);
  }

  @Override
  public long executeLargeUpdate(String sql) throws SQLException {
    return executeLargeUpdate(sql, NO_GENERATED_KEYS);
  }

  @Override
  public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    return (int) executeLargeUpdate(sql, autoGeneratedKeys);
  }

  @Override
  public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    execute(sql, autoGeneratedKeys);
    return countOrRows();
  }

  private long countOrRows() throws SQLException {
    if (results.resultSet() != null) {
      throw SqlErrors.of("executeUpdate ran a statement that returned rows; use executeQuery or execute", "0100E");
    }
    return singleCount();
  }

  @Override
  public int executeUpdate(String sql, String[] columnNames) throws SQLException {
    return (int) executeLargeUpdate(sql, columnNames);
  }

  @Override
  public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
    execute(sql, columnNames);
    return countOrRows();
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    RewrittenSql r = plain(sql);
    run(r, BoundParameters.valuesFor(r, new Object[0]), GeneratedKeys.NONE);
    return results.resultSet() != null;
  }

  @Override
  public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
    RewrittenSql r = plain(sql);
    run(r, BoundParameters.valuesFor(r, new Object[0]), autoGeneratedKeys == RETURN_GENERATED_KEYS ? GeneratedKeys.ALL
        : GeneratedKeys.NONE);
    return results.resultSet() != null;
  }

  @Override
  public boolean execute(String sql, String[] columnNames) throws SQLException {
    RewrittenSql r = plain(sql);
    run(r, BoundParameters.valuesFor(r, new Object[0]),
        GeneratedKeys.named(columnNames, connection.settings.quoteKeyNames()));
    return results.resultSet() != null;
  }

  @Override
  public ResultSet getResultSet() throws SQLException {
    checkOpen();
    return results.resultSet();
  }

  @Override
  public int getUpdateCount() throws SQLException {
    return (int) Math.min(Integer.MAX_VALUE, getLargeUpdateCount());
  }

  @Override
  public long getLargeUpdateCount() throws SQLException {
    checkOpen();
    return results.updateCount();
  }

  @Override
  public boolean getMoreResults() throws SQLException {
    return getMoreResults(CLOSE_CURRENT_RESULT);
  }

  @Override
  public boolean getMoreResults(int current) throws SQLException {
    checkOpen();
    return results.next(current);
  }

  @Override
  public ResultSet getGeneratedKeys() throws SQLException {
    checkOpen();
    if (results.generatedKeys() != null) {
      return results.generatedKeys();
    }
    return SluiceResultSet.of(this, connection, List.of(), List.of(), ResultSet.TYPE_FORWARD_ONLY, 0);
  }

  void setGeneratedKeys(List<Column> columns, List<Row> rows) {
    results.generatedKeys(SluiceResultSet.of(this, connection, columns, rows, ResultSet.TYPE_FORWARD_ONLY, 0));
  }

  @Override
  public void addBatch(String sql) throws SQLException {
    plain(sql);
    if (connection.rewritePlain(sql).statements().size() > 1) {
      // executeBatch gives one count per entry (JDBC 4.3 §14.1.2): an entry of several statements
      // would give several; refused here, before anything runs, as pgjdbc does (0A000)
      throw SqlErrors.of("a batch entry must be one SQL statement; add each statement with its own addBatch", "0A000");
    }
    batch.add(sql);
  }

  @Override
  public void clearBatch() throws SQLException {
    batch.clear();
  }

  @Override
  public int[] executeBatch() throws SQLException {
    return BatchRun.ints(executeLargeBatch());
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    checkOpen();
    List<String> sqls = new ArrayList<>();
    List<Object[]> values = new ArrayList<>();
    for (String sql : batch) {
      for (String s : connection.rewritePlain(sql).statements()) {
        sqls.add(s);
        values.add(new Object[0]);
      }
    }
    batch.clear();
    if (sqls.isEmpty()) {
      return new long[0];
    }
    BatchPlan plan = new BatchPlan(sqls, values, null);
    // plain SQL runs in order: an entry may create what the next one names (BatchRun.runInOrder)
    return runBatch(plan, s -> BatchRun.runInOrder(connection, plan, timeoutMillis()), null).counts();
  }

  /** Runs a batch; {@code keys} wanted collects the rows returned as generated keys. */
  final BatchRun runBatch(BatchPlan plan, GeneratedKeys keys) throws SQLException {
    return runBatch(plan, s -> BatchRun.run(connection, plan, timeoutMillis()), keys);
  }

  private BatchRun runBatch(BatchPlan plan, Sessions.Work<BatchRun> batch, GeneratedKeys keys) throws SQLException {
    results.clear();
    connection.beforeStatement();
    warningMark = connection.warnings.mark();
    // a batch is never run twice: part of it may have run (AutoSavepoints rolls all of it back)
    BatchRun run = connection.transactions.autosaved(plan.sqls(), false, () -> running(true, batch));
    if (keys != null && keys.wanted() && !run.keys().isEmpty()) {
      setGeneratedKeys(run.keys().get(0).columns(), run.keys());
    }
    return run;
  }

  /**
   * Closes the statement. JDBC's close releases what the statement holds; called from another
   * thread while it runs, it cancels it, as pgjdbc does: the running execute fails with {@code
   * 57014} and the connection stays usable. The cancel is a CancelRequest, which cancels what the
   * server runs for the connection at that moment (see {@link #cancel()}).
   */
  @Override
  public void close() throws SQLException {
    if (closed) {
      return;
    }
    closed = true;
    if (running) {
      try {
        connection.sessions.cancel();
      } catch (SluiceException e) {
        // the connection closed meanwhile: nothing runs any more
      }
      return;   // its results are the running thread's to drop
    }
    results.clear();
  }

  /** A result of this statement was closed: with closeOnCompletion, the last one closes the statement. */
  void resultClosed() throws SQLException {
    if (closeOnCompletion && !closed && !results.clearing() && results.allClosed()) {
      close();
    }
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public int getMaxFieldSize() throws SQLException {
    return maxFieldSize;
  }

  @Override
  public void setMaxFieldSize(int max) throws SQLException {
    checkOpen();
    maxFieldSize = Wrappers.nonNegative(max, "max field size");
  }

  @Override
  public int getMaxRows() throws SQLException {
    return (int) Math.min(Integer.MAX_VALUE, getLargeMaxRows());
  }

  @Override
  public void setMaxRows(int max) throws SQLException {
    setLargeMaxRows(max);
  }

  @Override
  public long getLargeMaxRows() throws SQLException {
    checkOpen();
    return maxRows;
  }

  @Override
  public void setLargeMaxRows(long max) throws SQLException {
    checkOpen();
    if (max < 0) {
      throw SqlErrors.of("max rows must be 0 or more, not " + max, "HY000");
    }
    maxRows = max;
  }

  @Override
  public void setEscapeProcessing(boolean enable) throws SQLException {
    checkOpen();   // escapes are always translated: the rewriter reads them as part of the SQL
  }

  @Override
  public int getQueryTimeout() throws SQLException {
    checkOpen();
    return queryTimeoutSeconds;
  }

  @Override
  public void setQueryTimeout(int seconds) throws SQLException {
    checkOpen();
    queryTimeoutSeconds = Wrappers.nonNegative(seconds, "query timeout");
  }

  @Override
  public void cancel() throws SQLException {
    if (closed || connection.isClosed()) {
      return;
    }
    try {
      connection.sessions.cancel();
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return warningMark == Long.MAX_VALUE ? null : connection.warnings.chain(warningMark);
  }

  @Override
  public void clearWarnings() throws SQLException {
    warningMark = connection.warnings.mark();
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    checkOpen();
    if (direction != ResultSet.FETCH_FORWARD && direction != ResultSet.FETCH_REVERSE
        && direction != ResultSet.FETCH_UNKNOWN) {
      throw SqlErrors.of("unknown fetch direction " + direction, "HY000");
    }
  }

  @Override
  public int getFetchDirection() throws SQLException {
    return ResultSet.FETCH_FORWARD;
  }

  @Override
  public void setFetchSize(int rows) throws SQLException {
    checkOpen();
    fetchSize = Wrappers.nonNegative(rows, "fetch size");
  }

  @Override
  public int getFetchSize() throws SQLException {
    return fetchSize;
  }

  /** The fetch size, for the results this statement makes. */
  final int fetchSize() {
    return fetchSize;
  }

  @Override
  public int getResultSetConcurrency() throws SQLException {
    return concurrency;
  }

  @Override
  public int getResultSetType() throws SQLException {
    return resultSetType;
  }

  @Override
  public int getResultSetHoldability() throws SQLException {
    return ResultSet.HOLD_CURSORS_OVER_COMMIT;
  }

  @Override
  public Connection getConnection() throws SQLException {
    return connection;
  }

  @Override
  public void setPoolable(boolean poolable) throws SQLException {
    checkOpen();
    this.poolable = poolable;
  }

  @Override
  public boolean isPoolable() throws SQLException {
    checkOpen();
    return poolable;
  }

  @Override
  public void closeOnCompletion() throws SQLException {
    closeOnCompletion = true;
  }

  @Override
  public boolean isCloseOnCompletion() throws SQLException {
    return closeOnCompletion;
  }
}
