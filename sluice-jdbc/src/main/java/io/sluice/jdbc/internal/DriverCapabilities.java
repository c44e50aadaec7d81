package io.sluice.jdbc.internal;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;

/**
 * The answers of {@link DatabaseMetaData} about what the driver does, the same for every
 * connection: transactions, statements and result sets, the driver's own name and version. Each
 * says what it rests on where that is not obvious; MetaDataCapabilitiesTest checks them against
 * the driver. Public only so that reflection through the public {@link SluiceDatabaseMetaData}
 * reaches these methods; not meant to be implemented elsewhere.
 */
public interface DriverCapabilities extends DatabaseMetaData {
  // --- transactions: every statement, DDL included, is transactional ---

  @Override
  default boolean supportsTransactions() {
    return true;
  }

  /** READ UNCOMMITTED is accepted and behaves as READ COMMITTED, which the JDBC javadoc allows. */
  @Override
  default boolean supportsTransactionIsolationLevel(int level) {
    return level == Connection.TRANSACTION_READ_UNCOMMITTED || level == Connection.TRANSACTION_READ_COMMITTED
        || level == Connection.TRANSACTION_REPEATABLE_READ || level == Connection.TRANSACTION_SERIALIZABLE;
  }

  @Override
  default boolean supportsDataDefinitionAndDataManipulationTransactions() {
    return true;
  }

  @Override
  default boolean supportsDataManipulationTransactionsOnly() {
    return false;
  }

  @Override
  default boolean dataDefinitionCausesTransactionCommit() {
    return false;
  }

  @Override
  default boolean dataDefinitionIgnoredInTransactions() {
    return false;
  }

  @Override
  default boolean supportsMultipleTransactions() {
    return true;
  }

  /** A streamed result (fetch size) ends with its transaction; statements stay usable. */
  @Override
  default boolean supportsOpenCursorsAcrossCommit() {
    return false;
  }

  @Override
  default boolean supportsOpenCursorsAcrossRollback() {
    return false;
  }

  @Override
  default boolean supportsOpenStatementsAcrossCommit() {
    return true;
  }

  @Override
  default boolean supportsOpenStatementsAcrossRollback() {
    return true;
  }

  @Override
  default boolean supportsSavepoints() {
    return true;
  }

  @Override
  default boolean autoCommitFailureClosesAllResultSets() {
    return false;
  }

  // --- what the driver's statements and result sets do ---

  @Override
  default boolean supportsMultipleResultSets() {
    return true;
  }

  /** getMoreResults(KEEP_CURRENT_RESULT) keeps the current result open. */
  @Override
  default boolean supportsMultipleOpenResults() {
    return true;
  }

  @Override
  default boolean supportsBatchUpdates() {
    return true;
  }

  /** Generated keys come from a RETURNING clause the driver adds. */
  @Override
  default boolean supportsGetGeneratedKeys() {
    return true;
  }

  @Override
  default boolean generatedKeyAlwaysReturned() {
    return true;
  }

  /** CallableStatement parameters are positional. */
  @Override
  default boolean supportsNamedParameters() {
    return false;
  }

  /** {@code {? = call f(?)}} and {@code {call f(?)}} run functions as well as procedures. */
  @Override
  default boolean supportsStoredFunctionsUsingCallSyntax() {
    return true;
  }

  /** Forward-only, and scroll-insensitive over a result read whole (ResultSetKinds); never sensitive; either updatable. */
  @Override
  default boolean supportsResultSetType(int type) {
    return type == ResultSet.TYPE_FORWARD_ONLY || type == ResultSet.TYPE_SCROLL_INSENSITIVE;
  }

  @Override
  default boolean supportsResultSetConcurrency(int type, int concurrency) {
    return supportsResultSetType(type)
        && (concurrency == ResultSet.CONCUR_READ_ONLY || concurrency == ResultSet.CONCUR_UPDATABLE);
  }

  /** An updatable result shows its own updates, deletes and inserts (RowEdits), as pgjdbc's does. */
  @Override
  default boolean ownUpdatesAreVisible(int type) {
    return supportsResultSetType(type);
  }

  @Override
  default boolean ownDeletesAreVisible(int type) {
    return supportsResultSetType(type);
  }

  @Override
  default boolean ownInsertsAreVisible(int type) {
    return supportsResultSetType(type);
  }

  @Override
  default boolean othersUpdatesAreVisible(int type) {
    return false;
  }

  @Override
  default boolean othersDeletesAreVisible(int type) {
    return false;
  }

  @Override
  default boolean othersInsertsAreVisible(int type) {
    return false;
  }

  @Override
  default boolean updatesAreDetected(int type) {
    return false;
  }

  @Override
  default boolean deletesAreDetected(int type) {
    return false;
  }

  @Override
  default boolean insertsAreDetected(int type) {
    return false;
  }

  /**
   * A result read whole stays readable after commit (Connection.getHoldability says so too); a
   * streamed one (fetch size) ends with its transaction, which is why open cursors are not
   * promised across commit above.
   */
  @Override
  default boolean supportsResultSetHoldability(int holdability) {
    return holdability == ResultSet.HOLD_CURSORS_OVER_COMMIT || holdability == ResultSet.CLOSE_CURSORS_AT_COMMIT;
  }

  @Override
  default int getResultSetHoldability() {
    return ResultSet.HOLD_CURSORS_OVER_COMMIT;
  }

  /** SQLSTATEs are the SQL standard's (PostgreSQL Appendix A). */
  @Override
  default int getSQLStateType() {
    return DatabaseMetaData.sqlStateSQL;
  }

  /**
   * A Blob or Clob is the large object itself: {@code setBytes} changes the object the row names,
   * no copy. (pgjdbc answers true, with a comment that its LOBs "aren't updateable at all", which
   * they are; the answer here is the one that describes what happens.)
   */
  @Override
  default boolean locatorsUpdateCopy() {
    return false;
  }

  /** Statements are prepared once per connection and SQL text, but JDBC statement pooling is not offered. */
  @Override
  default boolean supportsStatementPooling() {
    return false;
  }

  @Override
  default RowIdLifetime getRowIdLifetime() {
    return RowIdLifetime.ROWID_UNSUPPORTED;
  }

  /** A refcursor column or OUT parameter reads as a ResultSet of its rows ({@link RefCursors}). */
  @Override
  default boolean supportsRefCursors() {
    return true;
  }

  @Override
  default boolean supportsSharding() {
    return false;
  }

  @Override
  default long getMaxLogicalLobSize() {
    return 1_073_741_824L;
  }

  // --- the driver ---

  @Override
  default String getDriverName() {
    return DriverVersion.NAME;
  }

  @Override
  default String getDriverVersion() {
    return DriverVersion.text();
  }

  @Override
  default int getDriverMajorVersion() {
    return DriverVersion.MAJOR;
  }

  @Override
  default int getDriverMinorVersion() {
    return DriverVersion.MINOR;
  }

  @Override
  default int getJDBCMajorVersion() {
    return DriverVersion.JDBC_MAJOR;
  }

  @Override
  default int getJDBCMinorVersion() {
    return DriverVersion.JDBC_MINOR;
  }

  @Override
  default String getDatabaseProductName() {
    return "PostgreSQL";
  }
}
