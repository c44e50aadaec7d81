package io.sluice.jdbc.internal;

import io.sluice.Queryable;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.RowStream;
import io.sluice.SluiceException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledFuture;

/**
 * Runs a statement's SQL on the Sluice connection and queues what it returns into the
 * statement's {@link StatementResults}: one statement as a query read whole or as a portal
 * streamed in chunks, several from one string one after the other, in one transaction when
 * auto-commit is on. {@link SluiceStatement} checks, clears and times; this class runs.
 */
final class StatementRunner {
  /**
   * What the statement's settings ask of a run: its result set type and concurrency, fetch size
   * (0: read whole), max rows (0: all) and timeout in milliseconds (0: none).
   */
  record Limits(int resultSetType, int concurrency, int fetchSize, long maxRows, long timeoutMillis) {
    /** Whether results may stream: forward-only and read-only (an updatable result is read whole, as pgjdbc's). */
    boolean mayStream() {
      return resultSetType == ResultSet.TYPE_FORWARD_ONLY && concurrency == ResultSet.CONCUR_READ_ONLY;
    }
  }

  private final SluiceStatement owner;
  private final SluiceConnection connection;
  private final StatementResults results;

  StatementRunner(SluiceStatement owner, SluiceConnection connection, StatementResults results) {
    this.owner = owner;
    this.connection = connection;
    this.results = results;
  }

  /** Runs {@code statements} (already rewritten) with their values; their results are queued. */
  void run(List<String> statements, List<Object[]> values, GeneratedKeys keys, Limits limits) throws SQLException {
    long timeout = limits.timeoutMillis();
    Queryable on = timeout > 0 ? connection.sluice().withTimeout(Duration.ofMillis(timeout)) : connection.sluice();
    try {
      if (statements.isEmpty()) {
        results.add(0L);
      } else if (statements.size() == 1) {
        runOne(on, withKeys(statements.get(0), keys), values.get(0), keys, limits);
      } else {
        runSeveral(on, statements, values, limits);
      }
    } catch (SluiceException e) {
      throw connection.failed(e);
    }
  }

  /** The last statement given a RETURNING clause, and the result: a statement runs the same SQL again and again. */
  private String keysIn;
  private GeneratedKeys keysOf;
  private String keysOut;
  private boolean keysReturned;

  /** {@code sql} with the RETURNING clause {@code keys} asks for. */
  String withKeys(String sql, GeneratedKeys keys) {
    if (!keys.wanted()) {
      return sql;
    }
    if (sql != keysIn || keys != keysOf) {
      keysOut = keys.apply(sql, connection.standardStrings());
      keysReturned = GeneratedKeys.returnsKeys(keysOut, connection.standardStrings());
      keysIn = sql;
      keysOf = keys;
    }
    return keysOut;
  }

  private void runOne(Queryable on, String sql, Object[] values, GeneratedKeys keys, Limits limits)
      throws SQLException {
    long maxRows = limits.maxRows();
    boolean forwardOnly = limits.mayStream() && !keys.wanted();
    boolean streams = limits.fetchSize() > 0 && forwardOnly;
    if (streams || (maxRows > 0 && forwardOnly)) {
      // a portal: fetchSize rows at a time, or only as many rows as maxRows lets through
      long limit = maxRows > 0 ? Math.min(maxRows, Integer.MAX_VALUE) : Integer.MAX_VALUE;
      int chunk = (int) (streams ? Math.min(limits.fetchSize(), limit) : limit);
      // a stream's deadline would last as long as the stream; JDBC's timeout bounds the execution
      // only, so a timer does (a CancelRequest: it may hit another thread's statement, see docs/jdbc.md).
      // The execution is the first chunk too, as pgjdbc's executeQuery fetches it: the portal's
      // Describe answers before the statement runs, so a slow statement would otherwise outlive
      // its timeout in the first next(), and its first error would surface there instead of here
      ScheduledFuture<?> timer = Timeouts.arm(connection.sluice(), limits.timeoutMillis());
      RowStream s;
      try {
        s = connection.sluice().stream(sql, chunk, values);
        try {
          s.iterator().hasNext();
        } catch (RuntimeException e) {
          s.close();
          throw e;
        }
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
      SluiceResultSet rs = SluiceResultSet.streamed(owner, connection, s, maxRows);
      if (!streams) {
        rs.buffer();   // maxRows alone: the portal sent only those rows; free the connection now
      }
      results.add(rs);
      return;
    }
    RowSet set = on.query(sql, values);
    if (keys.wanted() && keysReturned) {
      results.add(BatchRun.count(set));
      results.generatedKeys(SluiceResultSet.of(owner, connection, set.columns(), set, ResultSet.TYPE_FORWARD_ONLY, 0));
    } else {
      results.add(resultOf(set, limits, sql));
    }
  }

  /**
   * Several statements from one string run one after the other (each is prepared only once the
   * ones before it ran, so that a table created by one is there for the next). In auto-commit
   * mode they run in one transaction, so that the string applies whole or not at all, as one
   * simple Query would; a string that controls transactions itself ({@code BEGIN}, {@code
   * COMMIT}, {@code VACUUM}, {@code … CONCURRENTLY}) runs as it is.
   */
  private void runSeveral(Queryable on, List<String> statements, List<Object[]> values, Limits limits)
      throws SQLException {
    boolean wrap = connection.getAutoCommit() && statements.stream().noneMatch(StatementKinds::controlsTransactions);
    io.sluice.Transaction tx = wrap ? connection.sluice().begin() : null;
    try {
      for (int i = 0; i < statements.size(); i++) {
        results.add(resultOf(on.query(statements.get(i), values.get(i)), limits, statements.get(i)));
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

  /** A statement's rows as a result; {@code sql} is what an updatable one looks for its table in. */
  private Object resultOf(RowSet set, Limits limits, String sql) {
    if (set.columns().isEmpty()) {
      return BatchRun.count(set);
    }
    if (limits.concurrency() == ResultSet.CONCUR_UPDATABLE) {
      return SluiceResultSet.editable(owner, connection, set, limits.resultSetType(), limits.maxRows(), sql);
    }
    return SluiceResultSet.of(owner, connection, set.columns(), set, limits.resultSetType(), limits.maxRows());
  }
}
