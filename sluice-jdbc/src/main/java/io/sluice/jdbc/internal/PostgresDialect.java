package io.sluice.jdbc.internal;

import java.sql.DatabaseMetaData;

/**
 * The answers of {@link DatabaseMetaData} about PostgreSQL's SQL that are the same for every
 * server the driver supports (15 and later): identifier rules, the JDBC escape functions, the SQL
 * accepted, and the fixed limits. {@link DriverCapabilities} answers what the driver does, {@link
 * SluiceDatabaseMetaData} what must be asked of the server. Public only so that reflection
 * through the public {@link SluiceDatabaseMetaData} reaches these methods (a default method of a
 * package-private interface cannot be invoked from outside the package); not meant to be
 * implemented elsewhere.
 */
public interface PostgresDialect extends DatabaseMetaData {
  // --- identifiers: unquoted names fold to lower case, quoted ones are kept as written (scan.l) ---

  @Override
  default boolean supportsMixedCaseIdentifiers() {
    return false;
  }

  @Override
  default boolean storesUpperCaseIdentifiers() {
    return false;
  }

  @Override
  default boolean storesLowerCaseIdentifiers() {
    return true;
  }

  @Override
  default boolean storesMixedCaseIdentifiers() {
    return false;
  }

  @Override
  default boolean supportsMixedCaseQuotedIdentifiers() {
    return true;
  }

  @Override
  default boolean storesUpperCaseQuotedIdentifiers() {
    return false;
  }

  @Override
  default boolean storesLowerCaseQuotedIdentifiers() {
    return false;
  }

  @Override
  default boolean storesMixedCaseQuotedIdentifiers() {
    return false;
  }

  @Override
  default String getIdentifierQuoteString() {
    return "\"";
  }

  @Override
  default String getSearchStringEscape() {
    return "\\";
  }

  /** Unquoted identifiers may also hold {@code $} after the first character (and non-ASCII letters). */
  @Override
  default String getExtraNameCharacters() {
    return "$";
  }

  @Override
  default String getSchemaTerm() {
    return "schema";
  }

  @Override
  default String getProcedureTerm() {
    return "function";
  }

  @Override
  default String getCatalogTerm() {
    return "database";
  }

  @Override
  default boolean isCatalogAtStart() {
    return true;
  }

  @Override
  default String getCatalogSeparator() {
    return ".";
  }

  // --- JDBC escape functions ({fn …}, JDBC 4.3 appendix C): those PostgreSQL has under the same
  // name, and those the driver's rewriter (io.sluice.sql.EscapeFunctions) writes as pgjdbc does,
  // such as ucase → upper and dayname → to_char(…, 'Day'). timestampdiff is translated but not
  // listed: like pgjdbc's, it answers a field of the difference, not JDBC's count of units ---

  @Override
  default String getNumericFunctions() {
    return "abs,acos,asin,atan,atan2,ceiling,cos,cot,degrees,exp,floor,log,log10,mod,pi,power,radians,rand,round,"
        + "sign,sin,sqrt,tan,truncate";
  }

  @Override
  default String getStringFunctions() {
    return "ascii,bit_length,char,char_length,character_length,concat,insert,lcase,left,length,locate,ltrim,"
        + "octet_length,position,repeat,replace,right,rtrim,space,substring,ucase";
  }

  @Override
  default String getSystemFunctions() {
    return "database,ifnull,user";
  }

  @Override
  default String getTimeDateFunctions() {
    return "curdate,curtime,current_date,current_time,current_timestamp,dayname,dayofmonth,dayofweek,dayofyear,"
        + "extract,hour,minute,month,monthname,now,quarter,second,timestampadd,week,year";
  }

  // --- SQL the server accepts ---

  @Override
  default boolean allProceduresAreCallable() {
    return true;
  }

  @Override
  default boolean allTablesAreSelectable() {
    return true;
  }

  /** NULL sorts above every value in ascending order (NULLS LAST by default, FIRST for DESC). */
  @Override
  default boolean nullsAreSortedHigh() {
    return true;
  }

  @Override
  default boolean nullsAreSortedLow() {
    return false;
  }

  @Override
  default boolean nullsAreSortedAtStart() {
    return false;
  }

  @Override
  default boolean nullsAreSortedAtEnd() {
    return false;
  }

  @Override
  default boolean usesLocalFiles() {
    return false;
  }

  @Override
  default boolean usesLocalFilePerTable() {
    return false;
  }

  @Override
  default boolean supportsAlterTableWithAddColumn() {
    return true;
  }

  @Override
  default boolean supportsAlterTableWithDropColumn() {
    return true;
  }

  @Override
  default boolean supportsColumnAliasing() {
    return true;
  }

  @Override
  default boolean nullPlusNonNullIsNull() {
    return true;
  }

  /** The JDBC {@code {fn convert(value, type)}} escape is not translated. */
  @Override
  default boolean supportsConvert() {
    return false;
  }

  @Override
  default boolean supportsConvert(int fromType, int toType) {
    return false;
  }

  @Override
  default boolean supportsTableCorrelationNames() {
    return true;
  }

  @Override
  default boolean supportsDifferentTableCorrelationNames() {
    return false;
  }

  @Override
  default boolean supportsExpressionsInOrderBy() {
    return true;
  }

  @Override
  default boolean supportsOrderByUnrelated() {
    return true;
  }

  @Override
  default boolean supportsGroupBy() {
    return true;
  }

  @Override
  default boolean supportsGroupByUnrelated() {
    return true;
  }

  @Override
  default boolean supportsGroupByBeyondSelect() {
    return true;
  }

  @Override
  default boolean supportsLikeEscapeClause() {
    return true;
  }

  @Override
  default boolean supportsNonNullableColumns() {
    return true;
  }

  @Override
  default boolean supportsMinimumSQLGrammar() {
    return true;
  }

  @Override
  default boolean supportsCoreSQLGrammar() {
    return false;
  }

  @Override
  default boolean supportsExtendedSQLGrammar() {
    return false;
  }

  @Override
  default boolean supportsANSI92EntryLevelSQL() {
    return true;
  }

  @Override
  default boolean supportsANSI92IntermediateSQL() {
    return false;
  }

  @Override
  default boolean supportsANSI92FullSQL() {
    return false;
  }

  @Override
  default boolean supportsIntegrityEnhancementFacility() {
    return true;
  }

  @Override
  default boolean supportsOuterJoins() {
    return true;
  }

  @Override
  default boolean supportsFullOuterJoins() {
    return true;
  }

  @Override
  default boolean supportsLimitedOuterJoins() {
    return true;
  }

  @Override
  default boolean supportsSchemasInDataManipulation() {
    return true;
  }

  @Override
  default boolean supportsSchemasInProcedureCalls() {
    return true;
  }

  @Override
  default boolean supportsSchemasInTableDefinitions() {
    return true;
  }

  @Override
  default boolean supportsSchemasInIndexDefinitions() {
    return true;
  }

  @Override
  default boolean supportsSchemasInPrivilegeDefinitions() {
    return true;
  }

  /** A statement names objects of the connection's database only. */
  @Override
  default boolean supportsCatalogsInDataManipulation() {
    return false;
  }

  @Override
  default boolean supportsCatalogsInProcedureCalls() {
    return false;
  }

  @Override
  default boolean supportsCatalogsInTableDefinitions() {
    return false;
  }

  @Override
  default boolean supportsCatalogsInIndexDefinitions() {
    return false;
  }

  @Override
  default boolean supportsCatalogsInPrivilegeDefinitions() {
    return false;
  }

  /** WHERE CURRENT OF needs a named cursor, which the driver's result sets do not expose. */
  @Override
  default boolean supportsPositionedDelete() {
    return false;
  }

  @Override
  default boolean supportsPositionedUpdate() {
    return false;
  }

  @Override
  default boolean supportsSelectForUpdate() {
    return true;
  }

  @Override
  default boolean supportsStoredProcedures() {
    return true;
  }

  @Override
  default boolean supportsSubqueriesInComparisons() {
    return true;
  }

  @Override
  default boolean supportsSubqueriesInExists() {
    return true;
  }

  @Override
  default boolean supportsSubqueriesInIns() {
    return true;
  }

  @Override
  default boolean supportsSubqueriesInQuantifieds() {
    return true;
  }

  @Override
  default boolean supportsCorrelatedSubqueries() {
    return true;
  }

  @Override
  default boolean supportsUnion() {
    return true;
  }

  @Override
  default boolean supportsUnionAll() {
    return true;
  }

  // --- limits: 0 means none or unknown; the name limits come from the server (NAMEDATALEN) ---

  @Override
  default int getMaxBinaryLiteralLength() {
    return 0;
  }

  @Override
  default int getMaxCharLiteralLength() {
    return 0;
  }

  @Override
  default int getMaxColumnsInGroupBy() {
    return 0;
  }

  @Override
  default int getMaxColumnsInOrderBy() {
    return 0;
  }

  /** MaxTupleAttributeNumber (htup_details.h): the most columns a result row can have. */
  @Override
  default int getMaxColumnsInSelect() {
    return 1664;
  }

  /** MaxHeapAttributeNumber (htup_details.h). */
  @Override
  default int getMaxColumnsInTable() {
    return 1600;
  }

  @Override
  default int getMaxIndexLength() {
    return 0;
  }

  /** 1 GB, the largest field value; a row is bounded by its fields, not by one total. */
  @Override
  default int getMaxRowSize() {
    return 1_073_741_824;
  }

  @Override
  default boolean doesMaxRowSizeIncludeBlobs() {
    return false;
  }

  @Override
  default int getMaxStatementLength() {
    return 0;
  }

  @Override
  default int getMaxStatements() {
    return 0;
  }

  @Override
  default int getMaxTablesInSelect() {
    return 0;
  }
}
