package io.sluice.jdbc.internal;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;

/**
 * The results of a statement's last execution, in order: each a {@link SluiceResultSet} or an
 * update count ({@code Long}). One is current ({@code getResultSet}, {@code getUpdateCount});
 * {@code getMoreResults} moves to the next. The generated keys of the execution are kept beside.
 */
final class StatementResults {
  private final ArrayDeque<Object> queued = new ArrayDeque<>();
  /** The current result: a result set, an update count, or null past the last. */
  private Object current;
  private SluiceResultSet generatedKeys;
  /** The results are being closed to run again: closing them does not complete the statement. */
  private boolean clearing;

  /** Adds a result (a result set, or an update count) after those of this execution. */
  void add(Object result) {
    queued.add(result);
  }

  /** The execution has queued its results: the first becomes current. */
  void start() {
    current = queued.poll();
  }

  /**
   * Closes the results of the last execution, its generated keys included (a closed statement's
   * result sets are closed, JDBC 4.3 §13.1.4), and forgets them, for the next one.
   */
  void clear() throws SQLException {
    clearing = true;
    try {
      if (generatedKeys != null) {
        generatedKeys.close();
      }
      if (current instanceof SluiceResultSet rs) {
        rs.close();
      }
      for (Object o : queued) {
        if (o instanceof SluiceResultSet rs) {
          rs.close();
        }
      }
    } finally {
      clearing = false;
    }
    queued.clear();
    current = null;
    generatedKeys = null;
  }

  /** Whether {@link #clear()} is closing the results. */
  boolean clearing() {
    return clearing;
  }

  /** The current result set; null when the current result is an update count or there is none. */
  SluiceResultSet resultSet() {
    return current instanceof SluiceResultSet rs ? rs : null;
  }

  /** The current update count; -1 when the current result is a result set or there is none. */
  long updateCount() {
    return current instanceof Long n ? n : -1;
  }

  /**
   * Moves to the next result, closing the current result set unless {@code mode} is {@link
   * Statement#KEEP_CURRENT_RESULT} and, for {@link Statement#CLOSE_ALL_RESULTS}, those kept before;
   * whether the next one is a result set.
   */
  boolean next(int mode) throws SQLException {
    if (current instanceof SluiceResultSet rs && mode != Statement.KEEP_CURRENT_RESULT) {
      rs.close();
    }
    if (mode == Statement.CLOSE_ALL_RESULTS) {
      for (Object o : queued) {
        if (o instanceof SluiceResultSet rs) {
          rs.close();
        }
      }
    }
    current = queued.poll();
    return current instanceof SluiceResultSet;
  }

  /** Whether every result set of the last execution is closed (closeOnCompletion). */
  boolean allClosed() {
    if (current instanceof SluiceResultSet rs && !rs.isClosed()) {
      return false;
    }
    for (Object o : queued) {
      if (o instanceof SluiceResultSet rs && !rs.isClosed()) {
        return false;
      }
    }
    return true;
  }

  SluiceResultSet generatedKeys() {
    return generatedKeys;
  }

  void generatedKeys(SluiceResultSet keys) {
    generatedKeys = keys;
  }
}
