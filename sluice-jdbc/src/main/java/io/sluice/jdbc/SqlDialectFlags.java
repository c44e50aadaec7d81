package io.sluice.jdbc;

import java.sql.DatabaseMetaData;

/**
 * The answers of {@link DatabaseMetaData} about PostgreSQL's SQL that are the same for every
 * server the driver supports (15 and later): identifier rules, the JDBC escape functions, the SQL
 * accepted, and the fixed limits. {@link DriverFlags} adds what the driver does, {@link
 * SluiceDatabaseMetaData} what must be asked of the server.
 */
abstract class SqlDialectFlags implements DatabaseMetaData, SelfWrapper {
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
  // driver's rewriter (io.sluice.sql.JdbcSql) renames, such as ucase → upper and log → ln ---

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
}
