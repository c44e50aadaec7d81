package org.postgresql.core;

import org.postgresql.jdbc.AutoSave;

/**
 * The part of pgjdbc's query executor that code reaching {@link BaseConnection#getQueryExecutor}
 * asks: the transaction state, autosave, the server's version and settings, and the statement
 * cache switches. Sluice's statement cache always prepares again after the session's own DDL,
 * {@code DEALLOCATE ALL} or {@code DISCARD ALL} (docs/jdbc.md): the switches are kept and read
 * back, and change nothing.
 */
public interface QueryExecutor {
  TransactionState getTransactionState();

  AutoSave getAutoSave();

  void setAutoSave(AutoSave autoSave);

  int getServerVersionNum();

  String getServerVersion();

  boolean getStandardConformingStrings();

  String getParameterStatus(String parameterName);

  java.util.Map<String, String> getParameterStatuses();

  int getBackendPID();

  void setFlushCacheOnDeallocate(boolean flushCacheOnDeallocate);

  boolean isFlushCacheOnDeallocate();

  void setFlushCacheOnDdl(boolean flushCacheOnDdl);

  boolean isFlushCacheOnDdl();

  /** Whether a failed statement can be run again as it is: the server lost it, or its re-plan changed its columns. */
  boolean willHealOnRetry(java.sql.SQLException e);
}
