package io.sluice.jdbc.internal;

import java.sql.SQLException;

/**
 * What a connection's new statements start with: the fetch size ({@code defaultRowFetchSize}) and
 * the query timeout in seconds. pgjdbc's {@code PGConnection.setDefaultFetchSize} and
 * {@code setQueryTimeout} change them for the statements created after the call, as in pgjdbc;
 * statements already made keep theirs.
 */
public final class StatementDefaults {
  private volatile int fetchSize;
  private volatile int queryTimeoutSeconds;

  StatementDefaults(int fetchSize) {
    this.fetchSize = fetchSize;
  }

  public int fetchSize() {
    return fetchSize;
  }

  public void fetchSize(int rows) throws SQLException {
    fetchSize = Wrappers.nonNegative(rows, "default fetch size");
  }

  /** 0: no timeout. */
  public int queryTimeoutSeconds() {
    return queryTimeoutSeconds;
  }

  public void queryTimeoutSeconds(int seconds) throws SQLException {
    queryTimeoutSeconds = Wrappers.nonNegative(seconds, "default query timeout");
  }
}
