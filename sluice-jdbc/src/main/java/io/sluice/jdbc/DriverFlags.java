package io.sluice.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;

/**
 * The answers of {@link DatabaseMetaData} about what the driver does, the same for every
 * connection: transactions, statements and result sets, the driver's own name and version. Each
 * says what it rests on where that is not obvious; MetaDataCapabilitiesTest checks them against
 * the driver.
 */
abstract class DriverFlags extends SqlDialectFlags {
  // --- transactions: every statement, DDL included, is transactional ---

  @Override
  public boolean supportsTransactions() {
    return true;
  }

  /** READ UNCOMMITTED is accepted and behaves as READ COMMITTED, which the JDBC javadoc allows. */
  @Override
  public boolean supportsTransactionIsolationLevel(int level) {
    return level == Connection.TRANSACTION_READ_UNCOMMITTED || level == Connection.TRANSACTION_READ_COMMITTED
        || level == Connection.TRANSACTION_REPEATABLE_READ || level == Connection.TRANSACTION_SERIALIZABLE;
  }

  @Override
  public boolean supportsDataDefinitionAndDataManipulationTransactions() {
    return true;
  }

  @Override
  public boolean supportsDataManipulationTransactionsOnly() {
    return false;
  }

  @Override
  public boolean dataDefinitionCausesTransactionCommit() {
    return false;
  }

  @Override
  public boolean dataDefinitionIgnoredInTransactions() {
    return false;
  }

  @Override
  public boolean supportsMultipleTransactions() {
    return true;
  }

  /** A streamed result (fetch size) ends with its transaction; statements stay usable. */
  @Override
  public boolean supportsOpenCursorsAcrossCommit() {
    return false;
  }

  @Override
  public boolean supportsOpenCursorsAcrossRollback() {
    return false;
  }

  @Override
  public boolean supportsOpenStatementsAcrossCommit() {
    return true;
  }

  @Override
  public boolean supportsOpenStatementsAcrossRollback() {
    return true;
  }

  @Override
  public boolean supportsSavepoints() {
    return true;
  }

  @Override
  public boolean autoCommitFailureClosesAllResultSets() {
    return false;
  }

  // --- what the driver's statements and result sets do ---

  @Override
  public boolean supportsMultipleResultSets() {
    return true;
  }

  /** getMoreResults(KEEP_CURRENT_RESULT) keeps the current result open. */
  @Override
  public boolean supportsMultipleOpenResults() {
    return true;
  }

  @Override
  public boolean supportsBatchUpdates() {
    return true;
  }

  /** Generated keys come from a RETURNING clause the driver adds. */
  @Override
  public boolean supportsGetGeneratedKeys() {
    return true;
  }

  @Override
  public boolean generatedKeyAlwaysReturned() {
    return true;
  }

  /** CallableStatement parameters are positional. */
  @Override
  public boolean supportsNamedParameters() {
    return false;
  }

  /** {@code {? = call f(?)}} and {@code {call f(?)}} run functions as well as procedures. */
  @Override
  public boolean supportsStoredFunctionsUsingCallSyntax() {
    return true;
  }

  /** Forward-only, and scroll-insensitive over a result read whole (ResultSetKinds); never sensitive. */
  @Override
  public boolean supportsResultSetType(int type) {
    return type == ResultSet.TYPE_FORWARD_ONLY || type == ResultSet.TYPE_SCROLL_INSENSITIVE;
  }

  @Override
  public boolean supportsResultSetConcurrency(int type, int concurrency) {
    return supportsResultSetType(type) && concurrency == ResultSet.CONCUR_READ_ONLY;
  }

  @Override
  public boolean ownUpdatesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean ownDeletesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean ownInsertsAreVisible(int type) {
    return false;
  }

  @Override
  public boolean othersUpdatesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean othersDeletesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean othersInsertsAreVisible(int type) {
    return false;
  }

  @Override
  public boolean updatesAreDetected(int type) {
    return false;
  }

  @Override
  public boolean deletesAreDetected(int type) {
    return false;
  }

  @Override
  public boolean insertsAreDetected(int type) {
    return false;
  }

  /**
   * A result read whole stays readable after commit (Connection.getHoldability says so too); a
   * streamed one (fetch size) ends with its transaction, which is why open cursors are not
   * promised across commit above.
   */
  @Override
  public boolean supportsResultSetHoldability(int holdability) {
    return holdability == ResultSet.HOLD_CURSORS_OVER_COMMIT || holdability == ResultSet.CLOSE_CURSORS_AT_COMMIT;
  }

  @Override
  public int getResultSetHoldability() {
    return ResultSet.HOLD_CURSORS_OVER_COMMIT;
  }

  /** SQLSTATEs are the SQL standard's (PostgreSQL Appendix A). */
  @Override
  public int getSQLStateType() {
    return DatabaseMetaData.sqlStateSQL;
  }

  /** Blob and Clob values are copies read into the client; changing one changes no row. */
  @Override
  public boolean locatorsUpdateCopy() {
    return true;
  }

  /** Statements are prepared once per connection and SQL text, but JDBC statement pooling is not offered. */
  @Override
  public boolean supportsStatementPooling() {
    return false;
  }

  @Override
  public RowIdLifetime getRowIdLifetime() {
    return RowIdLifetime.ROWID_UNSUPPORTED;
  }

  @Override
  public boolean supportsRefCursors() {
    return false;
  }

  @Override
  public boolean supportsSharding() {
    return false;
  }

  @Override
  public long getMaxLogicalLobSize() {
    return 1_073_741_824L;
  }

  // --- the driver ---

  @Override
  public String getDriverName() {
    return DriverVersion.NAME;
  }

  @Override
  public String getDriverVersion() {
    return DriverVersion.text();
  }

  @Override
  public int getDriverMajorVersion() {
    return DriverVersion.MAJOR;
  }

  @Override
  public int getDriverMinorVersion() {
    return DriverVersion.MINOR;
  }

  @Override
  public int getJDBCMajorVersion() {
    return DriverVersion.JDBC_MAJOR;
  }

  @Override
  public int getJDBCMinorVersion() {
    return DriverVersion.JDBC_MINOR;
  }

  @Override
  public String getDatabaseProductName() {
    return "PostgreSQL";
  }
}
