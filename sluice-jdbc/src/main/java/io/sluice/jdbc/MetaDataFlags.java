package io.sluice.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;

/**
 * The answers of {@link DatabaseMetaData} that are the same for every PostgreSQL server the driver
 * supports (15 and later) and every connection: SQL dialect, identifier rules and what the driver
 * itself does. Each says what it rests on where that is not obvious. {@link
 * SluiceDatabaseMetaData} adds what must be asked of the server.
 */
abstract class MetaDataFlags implements DatabaseMetaData, SelfWrapper {
  // --- identifiers: unquoted names fold to lower case, quoted ones are kept as written (scan.l) ---

  @Override
  public boolean supportsMixedCaseIdentifiers() {
    return false;
  }

  @Override
  public boolean storesUpperCaseIdentifiers() {
    return false;
  }

  @Override
  public boolean storesLowerCaseIdentifiers() {
    return true;
  }

  @Override
  public boolean storesMixedCaseIdentifiers() {
    return false;
  }

  @Override
  public boolean supportsMixedCaseQuotedIdentifiers() {
    return true;
  }

  @Override
  public boolean storesUpperCaseQuotedIdentifiers() {
    return false;
  }

  @Override
  public boolean storesLowerCaseQuotedIdentifiers() {
    return false;
  }

  @Override
  public boolean storesMixedCaseQuotedIdentifiers() {
    return false;
  }

  @Override
  public String getIdentifierQuoteString() {
    return "\"";
  }

  @Override
  public String getSearchStringEscape() {
    return "\\";
  }

  /** Unquoted identifiers may also hold {@code $} after the first character (and non-ASCII letters). */
  @Override
  public String getExtraNameCharacters() {
    return "$";
  }

  @Override
  public String getSchemaTerm() {
    return "schema";
  }

  @Override
  public String getProcedureTerm() {
    return "function";
  }

  @Override
  public String getCatalogTerm() {
    return "database";
  }

  @Override
  public boolean isCatalogAtStart() {
    return true;
  }

  @Override
  public String getCatalogSeparator() {
    return ".";
  }

  // --- JDBC escape functions ({fn …}): those PostgreSQL has under the same name, and those the
  // driver's rewriter (io.sluice.JdbcSql) renames, such as ucase → upper and log → ln ---

  @Override
  public String getNumericFunctions() {
    return "abs,acos,asin,atan,atan2,ceiling,cos,cot,degrees,exp,floor,log,log10,mod,pi,power,radians,rand,round,"
        + "sign,sin,sqrt,tan,truncate";
  }

  @Override
  public String getStringFunctions() {
    return "ascii,bit_length,char,char_length,character_length,concat,lcase,left,length,ltrim,octet_length,"
        + "position,repeat,replace,right,rtrim,substring,ucase";
  }

  @Override
  public String getSystemFunctions() {
    return "database,ifnull,user";
  }

  @Override
  public String getTimeDateFunctions() {
    return "curdate,curtime,current_date,current_time,current_timestamp,extract,now";
  }

  // --- SQL the server accepts ---

  @Override
  public boolean allProceduresAreCallable() {
    return true;
  }

  @Override
  public boolean allTablesAreSelectable() {
    return true;
  }

  /** NULL sorts above every value in ascending order (NULLS LAST by default, FIRST for DESC). */
  @Override
  public boolean nullsAreSortedHigh() {
    return true;
  }

  @Override
  public boolean nullsAreSortedLow() {
    return false;
  }

  @Override
  public boolean nullsAreSortedAtStart() {
    return false;
  }

  @Override
  public boolean nullsAreSortedAtEnd() {
    return false;
  }

  @Override
  public boolean usesLocalFiles() {
    return false;
  }

  @Override
  public boolean usesLocalFilePerTable() {
    return false;
  }

  @Override
  public boolean supportsAlterTableWithAddColumn() {
    return true;
  }

  @Override
  public boolean supportsAlterTableWithDropColumn() {
    return true;
  }

  @Override
  public boolean supportsColumnAliasing() {
    return true;
  }

  @Override
  public boolean nullPlusNonNullIsNull() {
    return true;
  }

  /** The JDBC {@code {fn convert(value, type)}} escape is not translated. */
  @Override
  public boolean supportsConvert() {
    return false;
  }

  @Override
  public boolean supportsConvert(int fromType, int toType) {
    return false;
  }

  @Override
  public boolean supportsTableCorrelationNames() {
    return true;
  }

  @Override
  public boolean supportsDifferentTableCorrelationNames() {
    return false;
  }

  @Override
  public boolean supportsExpressionsInOrderBy() {
    return true;
  }

  @Override
  public boolean supportsOrderByUnrelated() {
    return true;
  }

  @Override
  public boolean supportsGroupBy() {
    return true;
  }

  @Override
  public boolean supportsGroupByUnrelated() {
    return true;
  }

  @Override
  public boolean supportsGroupByBeyondSelect() {
    return true;
  }

  @Override
  public boolean supportsLikeEscapeClause() {
    return true;
  }

  @Override
  public boolean supportsNonNullableColumns() {
    return true;
  }

  @Override
  public boolean supportsMinimumSQLGrammar() {
    return true;
  }

  @Override
  public boolean supportsCoreSQLGrammar() {
    return false;
  }

  @Override
  public boolean supportsExtendedSQLGrammar() {
    return false;
  }

  @Override
  public boolean supportsANSI92EntryLevelSQL() {
    return true;
  }

  @Override
  public boolean supportsANSI92IntermediateSQL() {
    return false;
  }

  @Override
  public boolean supportsANSI92FullSQL() {
    return false;
  }

  @Override
  public boolean supportsIntegrityEnhancementFacility() {
    return true;
  }

  @Override
  public boolean supportsOuterJoins() {
    return true;
  }

  @Override
  public boolean supportsFullOuterJoins() {
    return true;
  }

  @Override
  public boolean supportsLimitedOuterJoins() {
    return true;
  }

  @Override
  public boolean supportsSchemasInDataManipulation() {
    return true;
  }

  @Override
  public boolean supportsSchemasInProcedureCalls() {
    return true;
  }

  @Override
  public boolean supportsSchemasInTableDefinitions() {
    return true;
  }

  @Override
  public boolean supportsSchemasInIndexDefinitions() {
    return true;
  }

  @Override
  public boolean supportsSchemasInPrivilegeDefinitions() {
    return true;
  }

  /** A statement names objects of the connection's database only. */
  @Override
  public boolean supportsCatalogsInDataManipulation() {
    return false;
  }

  @Override
  public boolean supportsCatalogsInProcedureCalls() {
    return false;
  }

  @Override
  public boolean supportsCatalogsInTableDefinitions() {
    return false;
  }

  @Override
  public boolean supportsCatalogsInIndexDefinitions() {
    return false;
  }

  @Override
  public boolean supportsCatalogsInPrivilegeDefinitions() {
    return false;
  }

  /** WHERE CURRENT OF needs a named cursor, which the driver's result sets do not expose. */
  @Override
  public boolean supportsPositionedDelete() {
    return false;
  }

  @Override
  public boolean supportsPositionedUpdate() {
    return false;
  }

  @Override
  public boolean supportsSelectForUpdate() {
    return true;
  }

  @Override
  public boolean supportsStoredProcedures() {
    return true;
  }

  @Override
  public boolean supportsSubqueriesInComparisons() {
    return true;
  }

  @Override
  public boolean supportsSubqueriesInExists() {
    return true;
  }

  @Override
  public boolean supportsSubqueriesInIns() {
    return true;
  }

  @Override
  public boolean supportsSubqueriesInQuantifieds() {
    return true;
  }

  @Override
  public boolean supportsCorrelatedSubqueries() {
    return true;
  }

  @Override
  public boolean supportsUnion() {
    return true;
  }

  @Override
  public boolean supportsUnionAll() {
    return true;
  }

  // --- limits: 0 means none or unknown; the name limits come from the server (NAMEDATALEN) ---

  @Override
  public int getMaxBinaryLiteralLength() {
    return 0;
  }

  @Override
  public int getMaxCharLiteralLength() {
    return 0;
  }

  @Override
  public int getMaxColumnsInGroupBy() {
    return 0;
  }

  @Override
  public int getMaxColumnsInOrderBy() {
    return 0;
  }

  /** MaxTupleAttributeNumber (htup_details.h): the most columns a result row can have. */
  @Override
  public int getMaxColumnsInSelect() {
    return 1664;
  }

  /** MaxHeapAttributeNumber (htup_details.h). */
  @Override
  public int getMaxColumnsInTable() {
    return 1600;
  }

  @Override
  public int getMaxIndexLength() {
    return 0;
  }

  /** 1 GB, the largest field value; a row is bounded by its fields, not by one total. */
  @Override
  public int getMaxRowSize() {
    return 1_073_741_824;
  }

  @Override
  public boolean doesMaxRowSizeIncludeBlobs() {
    return false;
  }

  @Override
  public int getMaxStatementLength() {
    return 0;
  }

  @Override
  public int getMaxStatements() {
    return 0;
  }

  @Override
  public int getMaxTablesInSelect() {
    return 0;
  }

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
