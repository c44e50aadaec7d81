package io.sluice.jdbc;

import io.sluice.Column;
import io.sluice.Queryable;
import io.sluice.RewrittenSql;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.RowStream;
import io.sluice.SluiceException;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;

/**
 * A JDBC statement. Its SQL is rewritten once per string ({@link RewriteCache}); several
 * statements in one string run together in one round trip, in one implicit transaction, each
 * giving its own result ({@link #getMoreResults()}). With a fetch size, rows are streamed from a
 * portal in chunks of that size, in auto-commit mode too; without, a result is read whole.
 */
public class SluiceStatement implements Statement, StatementRefusals, SelfWrapper {
  final SluiceConnection connection;
  final int resultSetType;
  private final ArrayDeque<Object> results = new ArrayDeque<>();
  private final List<String> batch = new ArrayList<>();
  private Object current;
  private SluiceResultSet generatedKeys;
  private int fetchSize;
  private long maxRows;
  private int queryTimeoutSeconds;
  private int maxFieldSize;
  private boolean closed;
  private boolean closeOnCompletion;
  private boolean poolable;
  private long warningMark = Long.MAX_VALUE;
  /** The statement is closing its own results (to run again): that does not complete it. */
  private boolean clearing;

  SluiceStatement(SluiceConnection connection, int resultSetType) {
    this.connection = connection;
    this.resultSetType = resultSetType;
    this.fetchSize = connection.settings.defaultFetchSize();
  }

  void checkOpen() throws SQLException {
    if (closed) {
      throw SqlExceptions.of("the statement is closed", "HY010");
    }
    connection.checkOpen();
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
      refuseCopy(statement);
    }
    clearResults();
    connection.beforeStatement();
    warningMark = connection.warnings.mark();
    long timeout = timeoutMillis();
    Queryable on = timeout > 0 ? connection.sluice.withTimeout(Duration.ofMillis(timeout)) : connection.sluice;
    try {
      if (statements.isEmpty()) {
        results.add(0L);
      } else if (statements.size() == 1) {
        runOne(on, withKeys(statements.get(0), keys), values.get(0), keys, timeout);
      } else {
        runSeveral(on, statements, values);
      }
    } catch (SluiceException e) {
      throw connection.failed(e);
    }
    current = results.poll();
  }

  /**
   * The statement's timeout: {@code setQueryTimeout}, else the connection's network timeout; 0 for
   * none. It goes with the statement's own request, so that when it passes, Sluice cancels that
   * statement and no other thread's on the shared connection.
   */
  private long timeoutMillis() {
    return queryTimeoutSeconds > 0 ? queryTimeoutSeconds * 1000L : connection.defaultTimeoutMillis();
  }

  /** The last statement given a RETURNING clause, and the result: a statement runs the same SQL again and again. */
  private String keysIn;
  private GeneratedKeys keysOf;
  private String keysOut;

  /** {@code sql} with the RETURNING clause {@code keys} asks for. */
  final String withKeys(String sql, GeneratedKeys keys) {
    if (!keys.wanted()) {
      return sql;
    }
    if (sql != keysIn || keys != keysOf) {
      keysOut = keys.apply(sql);
      keysIn = sql;
      keysOf = keys;
    }
    return keysOut;
  }

  private void runOne(Queryable on, String sql, Object[] values, GeneratedKeys keys, long timeout) throws SQLException {
    boolean streams = fetchSize > 0 && resultSetType == ResultSet.TYPE_FORWARD_ONLY && !keys.wanted();
    if (streams || (maxRows > 0 && resultSetType == ResultSet.TYPE_FORWARD_ONLY && !keys.wanted())) {
      // a portal: fetchSize rows at a time, or only as many rows as maxRows lets through
      long limit = maxRows > 0 ? Math.min(maxRows, Integer.MAX_VALUE) : Integer.MAX_VALUE;
      int chunk = (int) (streams ? Math.min(fetchSize, limit) : limit);
      // a stream's deadline would last as long as the stream; JDBC's timeout bounds the execution
      // only, so a timer does (a CancelRequest: it may hit another thread's statement, see docs/jdbc.md)
      ScheduledFuture<?> timer = Timeouts.arm(connection.sluice, timeout);
      RowStream s;
      try {
        s = connection.sluice.stream(sql, chunk, values);
      } finally {
        Timeouts.disarm(timer);
      }
      if (s.columns().isEmpty()) {
        for (Row ignored : s) {
          // a statement without columns sends no rows; this reads to its command tag
        }
        String tag = s.commandTag();
        s.close();
        results.add(BatchRun.count(tag));
        return;
      }
      SluiceResultSet rs = SluiceResultSet.streamed(this, connection, s, maxRows);
      if (!streams) {
        rs.buffer();   // maxRows alone: the portal sent only those rows; free the connection now
      }
      results.add(rs);
      return;
    }
    RowSet set = on.query(sql, values);
    if (keys.wanted()) {
      results.add(BatchRun.count(set));
      generatedKeys = SluiceResultSet.of(this, connection, set.columns(), set, ResultSet.TYPE_FORWARD_ONLY, 0);
    } else {
      results.add(resultOf(set));
    }
  }

  /**
   * Several statements from one string run one after the other (each is prepared only once the
   * ones before it ran, so that a table created by one is there for the next). In auto-commit
   * mode they run in one transaction, so that the string applies whole or not at all, as one
   * simple Query would; a string that controls transactions itself ({@code BEGIN}, {@code
   * COMMIT}, {@code VACUUM}, {@code … CONCURRENTLY}) runs as it is.
   */
  private void runSeveral(Queryable on, List<String> statements, List<Object[]> values) throws SQLException {
    boolean wrap = connection.getAutoCommit() && statements.stream().noneMatch(SluiceStatement::controlsTransactions);
    io.sluice.Transaction tx = wrap ? connection.sluice.begin() : null;
    try {
      for (int i = 0; i < statements.size(); i++) {
        results.add(resultOf(on.query(statements.get(i), values.get(i))));
      }
      if (tx != null) {
        tx.commit();
      }
    } finally {
      if (tx != null) {
        tx.close();   // rolls back unless committed
      }
    }
  }

  private static final java.util.regex.Pattern COPY_STREAM = java.util.regex.Pattern.compile(
      "(?is)\\s*(?:/\\*.*?\\*/\\s*|--[^\\n]*\\n\\s*)*copy\\b.*\\b(?:stdin|stdout)\\b.*");

  /**
   * {@code COPY … FROM STDIN} / {@code TO STDOUT} streams data outside the statement protocol, which
   * JDBC has no API for: refused before anything is sent, pointing to Sluice's COPY. (COPY to or
   * from a server file runs as any statement.)
   */
  private static void refuseCopy(String statement) throws SQLException {
    if (COPY_STREAM.matcher(statement).matches()) {
      throw SqlExceptions.unsupported("COPY FROM STDIN / TO STDOUT through a JDBC statement: use"
          + " connection.unwrap(io.sluice.Connection.class).copy()");
    }
  }

  private static boolean controlsTransactions(String statement) {
    String s = statement.stripLeading().toLowerCase(java.util.Locale.ROOT);
    for (String w : new String[] {"begin", "start", "commit", "end", "rollback", "abort", "vacuum", "prepare transaction",
        "commit prepared", "create database", "drop database", "alter system", "reindex", "cluster"}) {
      if (s.startsWith(w)) {
        return true;
      }
    }
    return s.contains("concurrently");
  }

  private Object resultOf(RowSet set) {
    if (set.columns().isEmpty()) {
      return BatchRun.count(set);
    }
    return SluiceResultSet.of(this, connection, set.columns(), set, resultSetType, maxRows);
  }

  private void clearResults() throws SQLException {
    clearing = true;
    try {
      if (current instanceof SluiceResultSet rs) {
        rs.close();
      }
      for (Object o : results) {
        if (o instanceof SluiceResultSet rs) {
          rs.close();
        }
      }
    } finally {
      clearing = false;
    }
    results.clear();
    current = null;
    generatedKeys = null;
  }

  /** Values per statement of {@code r}, from the JDBC parameters given (none for a plain statement). */
  static List<Object[]> valuesFor(RewrittenSql r, Object[] jdbcValues) {
    List<Object[]> out = new ArrayList<>();
    for (int s = 0; s < Math.max(1, r.statements().size()); s++) {
      out.add(new Object[r.valuesOf(s)]);
    }
    int[] index = r.parameterIndex();
    int[] statement = r.parameterStatement();
    for (int j = 0; j < r.parameterCount(); j++) {
      if (index[j] > 0) {
        out.get(statement[j])[index[j] - 1] = jdbcValues[j];
      }
    }
    return out;
  }

  /** A plain statement's SQL: escapes translated, {@code ?} left as it is (as pgjdbc does). */
  private RewrittenSql plain(String sql) throws SQLException {
    checkOpen();
    return connection.rewritePlain(sql);
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    RewrittenSql r = plain(sql);
    run(r, valuesFor(r, new Object[0]), GeneratedKeys.NONE);
    return singleResult();
  }

  /** The one result set of an executeQuery; a statement that returned none is an error. */
  final ResultSet singleResult() throws SQLException {
    if (current instanceof SluiceResultSet rs) {
      return rs;
    }
    throw SqlExceptions.of("the statement returned no result set (use executeUpdate or execute)", "02000");
  }

  /** The update count of an executeUpdate; a statement that returned rows counts them. */
  final long singleCount() {
    if (current instanceof Long n) {
      return n;
    }
    return -1;
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
    if (current instanceof SluiceResultSet) {
      throw SqlExceptions.of("executeUpdate ran a statement that returned rows; use executeQuery or execute", "0100D");
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
    run(r, valuesFor(r, new Object[0]), GeneratedKeys.NONE);
    return current instanceof SluiceResultSet;
  }

  @Override
  public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
    RewrittenSql r = plain(sql);
    run(r, valuesFor(r, new Object[0]), autoGeneratedKeys == RETURN_GENERATED_KEYS ? GeneratedKeys.ALL
        : GeneratedKeys.NONE);
    return current instanceof SluiceResultSet;
  }

  @Override
  public boolean execute(String sql, String[] columnNames) throws SQLException {
    RewrittenSql r = plain(sql);
    run(r, valuesFor(r, new Object[0]), GeneratedKeys.named(columnNames));
    return current instanceof SluiceResultSet;
  }

  @Override
  public ResultSet getResultSet() throws SQLException {
    checkOpen();
    return current instanceof SluiceResultSet rs ? rs : null;
  }

  @Override
  public int getUpdateCount() throws SQLException {
    return (int) Math.min(Integer.MAX_VALUE, getLargeUpdateCount());
  }

  @Override
  public long getLargeUpdateCount() throws SQLException {
    checkOpen();
    return current instanceof Long n ? n : -1;
  }

  @Override
  public boolean getMoreResults() throws SQLException {
    return getMoreResults(CLOSE_CURRENT_RESULT);
  }

  @Override
  public boolean getMoreResults(int current) throws SQLException {
    checkOpen();
    if (this.current instanceof SluiceResultSet rs && current != KEEP_CURRENT_RESULT) {
      rs.close();
    }
    if (current == CLOSE_ALL_RESULTS) {
      for (Object o : results) {
        if (o instanceof SluiceResultSet rs) {
          rs.close();
        }
      }
    }
    this.current = results.poll();
    return this.current instanceof SluiceResultSet;
  }

  @Override
  public ResultSet getGeneratedKeys() throws SQLException {
    checkOpen();
    if (generatedKeys != null) {
      return generatedKeys;
    }
    return SluiceResultSet.of(this, connection, List.of(), List.of(), ResultSet.TYPE_FORWARD_ONLY, 0);
  }

  void setGeneratedKeys(List<Column> columns, List<Row> rows) {
    generatedKeys = SluiceResultSet.of(this, connection, columns, rows, ResultSet.TYPE_FORWARD_ONLY, 0);
  }

  @Override
  public void addBatch(String sql) throws SQLException {
    plain(sql);
    batch.add(sql);
  }

  @Override
  public void clearBatch() throws SQLException {
    checkOpen();
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
    return runBatch(new BatchPlan(sqls, values, null), null).counts();
  }

  /** Runs a batch; {@code keyColumns} non-null collects the rows returned as generated keys. */
  final BatchRun runBatch(BatchPlan plan, GeneratedKeys keys) throws SQLException {
    clearResults();
    connection.beforeStatement();
    warningMark = connection.warnings.mark();
    try {
      BatchRun run = BatchRun.run(connection, plan, timeoutMillis());
      if (keys != null && keys.wanted() && !run.keys().isEmpty()) {
        setGeneratedKeys(run.keys().get(0).columns(), run.keys());
      }
      return run;
    } catch (BatchUpdateException e) {
      throw e;
    }
  }

  @Override
  public void close() throws SQLException {
    if (closed) {
      return;
    }
    closed = true;
    clearResults();
  }

  /** A result of this statement was closed: with closeOnCompletion, the last one closes the statement. */
  void resultClosed() throws SQLException {
    if (!closeOnCompletion || closed || clearing) {
      return;
    }
    if (current instanceof SluiceResultSet rs && !rs.isClosed()) {
      return;
    }
    for (Object o : results) {
      if (o instanceof SluiceResultSet rs && !rs.isClosed()) {
        return;
      }
    }
    close();
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public int getMaxFieldSize() throws SQLException {
    checkOpen();
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
      throw SqlExceptions.of("max rows must be 0 or more, not " + max, "HY000");
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
    checkOpen();
    try {
      connection.sluice.cancel();
    } catch (SluiceException e) {
      throw SqlExceptions.of(e);
    }
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return warningMark == Long.MAX_VALUE ? null : connection.warnings.chain(warningMark);
  }

  @Override
  public void clearWarnings() throws SQLException {
    checkOpen();
    warningMark = connection.warnings.mark();
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    checkOpen();
    if (direction != ResultSet.FETCH_FORWARD && direction != ResultSet.FETCH_REVERSE
        && direction != ResultSet.FETCH_UNKNOWN) {
      throw SqlExceptions.of("unknown fetch direction " + direction, "HY000");
    }
  }

  @Override
  public int getFetchDirection() throws SQLException {
    checkOpen();
    return ResultSet.FETCH_FORWARD;
  }

  @Override
  public void setFetchSize(int rows) throws SQLException {
    checkOpen();
    fetchSize = Wrappers.nonNegative(rows, "fetch size");
  }

  @Override
  public int getFetchSize() throws SQLException {
    checkOpen();
    return fetchSize;
  }

  @Override
  public int getResultSetConcurrency() throws SQLException {
    checkOpen();
    return ResultSet.CONCUR_READ_ONLY;
  }

  @Override
  public int getResultSetType() throws SQLException {
    checkOpen();
    return resultSetType;
  }

  @Override
  public int getResultSetHoldability() throws SQLException {
    checkOpen();
    return ResultSet.HOLD_CURSORS_OVER_COMMIT;
  }

  @Override
  public Connection getConnection() throws SQLException {
    checkOpen();
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
    checkOpen();
    closeOnCompletion = true;
  }

  @Override
  public boolean isCloseOnCompletion() throws SQLException {
    checkOpen();
    return closeOnCompletion;
  }
}
