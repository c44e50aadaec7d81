package org.postgresql.core;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.postgresql.PGConnection;

/**
 * The part of pgjdbc's internal connection interface that code written for pgjdbc calls (casting
 * to it, or {@code unwrap(BaseConnection.class)}): SQL run directly, the server's version and
 * settings, the transaction state and the {@link QueryExecutor}. Its other methods (pgjdbc's
 * encoding, type cache, timers, replication) reach pgjdbc's machinery and are not here.
 */
public interface BaseConnection extends PGConnection, Connection {
  /** Runs {@code sql} and gives its (last) result. */
  ResultSet execSQLQuery(String sql) throws SQLException;

  /** Runs {@code sql}, which returns no rows. */
  void execSQLUpdate(String sql) throws SQLException;

  QueryExecutor getQueryExecutor();

  /** Whether the server's version is {@code version} (server_version_num's form) or later. */
  boolean haveMinimumServerVersion(int version);

  boolean haveMinimumServerVersion(Version version);

  /** {@code text} as the inside of a string literal for this session's standard_conforming_strings. */
  String escapeString(String text) throws SQLException;

  boolean getStandardConformingStrings();

  TransactionState getTransactionState();

  /** {@code stringtype=varchar} (the default): strings are sent as varchar, not untyped. */
  boolean getStringVarcharFlag();

  /** pgjdbc's switch for its own statement cache; see {@link QueryExecutor}. */
  void setFlushCacheOnDeallocate(boolean flushCacheOnDeallocate);

  /** Whether the connection is read-only (its transactions begin READ ONLY). */
  boolean hintReadOnly();

  boolean isColumnSanitiserDisabled();

  boolean getConvertBooleanToNumeric();
}
