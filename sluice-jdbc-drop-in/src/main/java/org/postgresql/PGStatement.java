package org.postgresql;

import java.sql.SQLException;

/**
 * pgjdbc's statement extensions, reached with {@code statement.unwrap(PGStatement.class)}. Sluice
 * prepares every statement with parameters on the server and keeps it in the connection's
 * statement cache, whatever the threshold: the settings are kept and read back, and change nothing.
 */
public interface PGStatement {
  /**
   * The millisecond values pgjdbc gives {@code java.sql.Date}/{@code Timestamp} for PostgreSQL's
   * {@code infinity} and {@code -infinity}; kept for code that compares against them.
   */
  long DATE_POSITIVE_INFINITY = 9223372036825200000L;
  long DATE_NEGATIVE_INFINITY = -9223372036832400000L;
  long DATE_POSITIVE_SMALLER_INFINITY = 185543533774800000L;
  long DATE_NEGATIVE_SMALLER_INFINITY = -185543533774800000L;

  /** 0: tables have had no OIDs since PostgreSQL 12, and INSERT's command tag always reports 0. */
  long getLastOID() throws SQLException;

  void setUseServerPrepare(boolean flag) throws SQLException;

  /** Whether this statement is prepared on the server: Sluice's cache decides; reported as set (true until set). */
  boolean isUseServerPrepare();

  void setPrepareThreshold(int threshold) throws SQLException;

  int getPrepareThreshold();
}
