package io.sluice.jdbc.internal;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;

/**
 * {@link DatabaseMetaData} for PostgreSQL 15 and later, answered from {@code pg_catalog} through
 * the {@code java.sql} API of the connection it describes: every catalog method runs one query
 * (caller names and patterns as bind parameters) and returns its result set, labelled and
 * ordered as the {@link DatabaseMetaData} javadoc says; closing that result set closes its
 * statement. Facts that cannot change during a session (server version, name limits, keywords)
 * are read once, on first use.
 */
public final class SluiceDatabaseMetaData implements PostgresDialect, DriverCapabilities, SelfWrapper {
  private final Connection connection;
  private final String url;
  private final TableCatalog tables;
  private final KeyCatalog keys;
  private final RoutineCatalog routines;
  private final TypeCatalog types;
  private volatile ServerFacts facts;

  /** Metadata of {@code connection}; {@link #getURL()} answers null (the URL is not known here). */
  public SluiceDatabaseMetaData(Connection connection) {
    this(connection, null);
  }

  /** Metadata of {@code connection}, which was opened with {@code url} (may be null). */
  public SluiceDatabaseMetaData(Connection connection, String url) {
    this(connection, url, false);
  }

  /**
   * Metadata of {@code connection}, opened with {@code url} (may be null); {@code hideUnprivileged}:
   * only the schemas, tables, routines and types the user holds a privilege on are listed.
   */
  public SluiceDatabaseMetaData(Connection connection, String url, boolean hideUnprivileged) {
    this.connection = Objects.requireNonNull(connection, "connection");
    this.url = url;
    this.tables = new TableCatalog(connection, hideUnprivileged);
    this.keys = new KeyCatalog(connection);
    this.routines = new RoutineCatalog(connection, hideUnprivileged);
    this.types = new TypeCatalog(connection, hideUnprivileged);
  }

  @Override
  public Connection getConnection() {
    return connection;
  }

  @Override
  public String getURL() {
    return url;
  }

  /** The session user (the role that logged in, or the one SET SESSION AUTHORIZATION chose). */
  @Override
  public String getUserName() throws SQLException {
    return scalar("SELECT session_user::text");
  }

  /** True on a standby (recovery) or when the connection is read-only. */
  @Override
  public boolean isReadOnly() throws SQLException {
    return connection.isReadOnly() || "t".equals(scalar("SELECT pg_catalog.pg_is_in_recovery()::text"));
  }

  // --- the server ---

  /** {@code server_version}, e.g. "18.1" or "15.14 (Debian 15.14-1.pgdg12+1)". */
  @Override
  public String getDatabaseProductVersion() throws SQLException {
    return facts().version();
  }

  @Override
  public int getDatabaseMajorVersion() throws SQLException {
    return facts().majorVersion();
  }

  @Override
  public int getDatabaseMinorVersion() throws SQLException {
    return facts().minorVersion();
  }

  @Override
  public String getSQLKeywords() throws SQLException {
    return facts().keywords();
  }

  /** {@code default_transaction_isolation} of this session. */
  @Override
  public int getDefaultTransactionIsolation() throws SQLException {
    return switch (scalar("SELECT pg_catalog.current_setting('default_transaction_isolation')")) {
      case "serializable" -> Connection.TRANSACTION_SERIALIZABLE;
      case "repeatable read" -> Connection.TRANSACTION_REPEATABLE_READ;
      case "read uncommitted" -> Connection.TRANSACTION_READ_UNCOMMITTED;
      default -> Connection.TRANSACTION_READ_COMMITTED;
    };
  }

  @Override
  public int getMaxConnections() throws SQLException {
    return facts().maxConnections();
  }

  @Override
  public int getMaxColumnsInIndex() throws SQLException {
    return facts().maxIndexKeys();
  }

  @Override
  public int getMaxColumnNameLength() throws SQLException {
    return facts().maxIdentifierLength();
  }

  @Override
  public int getMaxCursorNameLength() throws SQLException {
    return facts().maxIdentifierLength();
  }

  @Override
  public int getMaxSchemaNameLength() throws SQLException {
    return facts().maxIdentifierLength();
  }

  @Override
  public int getMaxProcedureNameLength() throws SQLException {
    return facts().maxIdentifierLength();
  }

  @Override
  public int getMaxCatalogNameLength() throws SQLException {
    return facts().maxIdentifierLength();
  }

  @Override
  public int getMaxTableNameLength() throws SQLException {
    return facts().maxIdentifierLength();
  }

  @Override
  public int getMaxUserNameLength() throws SQLException {
    return facts().maxIdentifierLength();
  }

  // --- catalogs, schemas, tables, columns ---

  @Override
  public ResultSet getCatalogs() throws SQLException {
    return tables.catalogs();
  }

  @Override
  public ResultSet getSchemas() throws SQLException {
    return tables.schemas(null, null);
  }

  @Override
  public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
    return tables.schemas(catalog, schemaPattern);
  }

  @Override
  public ResultSet getTableTypes() throws SQLException {
    return tables.tableTypes();
  }

  @Override
  public ResultSet getTables(String catalog, String schemaPattern, String tableNamePattern, String[] types)
      throws SQLException {
    return tables.tables(catalog, schemaPattern, tableNamePattern, types);
  }

  @Override
  public ResultSet getColumns(String catalog, String schemaPattern, String tableNamePattern,
      String columnNamePattern) throws SQLException {
    return tables.columns(catalog, schemaPattern, tableNamePattern, columnNamePattern);
  }

  @Override
  public ResultSet getColumnPrivileges(String catalog, String schema, String table, String columnNamePattern)
      throws SQLException {
    return tables.columnPrivileges(catalog, schema, table, columnNamePattern);
  }

  @Override
  public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tableNamePattern)
      throws SQLException {
    return tables.tablePrivileges(catalog, schemaPattern, tableNamePattern);
  }

  /** Every row identifier the driver reports is valid for the session, which covers every scope. */
  @Override
  public ResultSet getBestRowIdentifier(String catalog, String schema, String table, int scope, boolean nullable)
      throws SQLException {
    return tables.bestRowIdentifier(catalog, schema, table, nullable);
  }

  @Override
  public ResultSet getVersionColumns(String catalog, String schema, String table) throws SQLException {
    return tables.versionColumns(catalog, schema, table);
  }

  @Override
  public ResultSet getPseudoColumns(String catalog, String schemaPattern, String tableNamePattern,
      String columnNamePattern) throws SQLException {
    return types.pseudoColumns();
  }

  // --- keys and indexes ---

  @Override
  public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
    return keys.primaryKeys(catalog, schema, table);
  }

  @Override
  public ResultSet getImportedKeys(String catalog, String schema, String table) throws SQLException {
    return keys.importedKeys(catalog, schema, table);
  }

  @Override
  public ResultSet getExportedKeys(String catalog, String schema, String table) throws SQLException {
    return keys.exportedKeys(catalog, schema, table);
  }

  @Override
  public ResultSet getCrossReference(String parentCatalog, String parentSchema, String parentTable,
      String foreignCatalog, String foreignSchema, String foreignTable) throws SQLException {
    return keys.crossReference(parentCatalog, parentSchema, parentTable, foreignCatalog, foreignSchema,
        foreignTable);
  }

  @Override
  public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
      throws SQLException {
    return keys.indexInfo(catalog, schema, table, unique);
  }

  // --- procedures and functions ---

  @Override
  public ResultSet getProcedures(String catalog, String schemaPattern, String procedureNamePattern)
      throws SQLException {
    return routines.procedures(catalog, schemaPattern, procedureNamePattern);
  }

  @Override
  public ResultSet getProcedureColumns(String catalog, String schemaPattern, String procedureNamePattern,
      String columnNamePattern) throws SQLException {
    return routines.procedureColumns(catalog, schemaPattern, procedureNamePattern, columnNamePattern);
  }

  @Override
  public ResultSet getFunctions(String catalog, String schemaPattern, String functionNamePattern)
      throws SQLException {
    return routines.functions(catalog, schemaPattern, functionNamePattern);
  }

  @Override
  public ResultSet getFunctionColumns(String catalog, String schemaPattern, String functionNamePattern,
      String columnNamePattern) throws SQLException {
    return routines.functionColumns(catalog, schemaPattern, functionNamePattern, columnNamePattern);
  }

  // --- types ---

  @Override
  public ResultSet getTypeInfo() throws SQLException {
    return types.typeInfo();
  }

  @Override
  public ResultSet getUDTs(String catalog, String schemaPattern, String typeNamePattern, int[] types)
      throws SQLException {
    return this.types.userDefinedTypes(catalog, schemaPattern, typeNamePattern, types);
  }

  @Override
  public ResultSet getSuperTypes(String catalog, String schemaPattern, String typeNamePattern)
      throws SQLException {
    return types.superTypes();
  }

  @Override
  public ResultSet getSuperTables(String catalog, String schemaPattern, String tableNamePattern)
      throws SQLException {
    return types.superTables(catalog, schemaPattern, tableNamePattern);
  }

  @Override
  public ResultSet getAttributes(String catalog, String schemaPattern, String typeNamePattern,
      String attributeNamePattern) throws SQLException {
    return types.attributes();
  }

  @Override
  public ResultSet getClientInfoProperties() throws SQLException {
    return types.clientInfoProperties();
  }

  private ServerFacts facts() throws SQLException {
    ServerFacts known = facts;
    if (known == null) {
      known = ServerFacts.read(connection);
      facts = known;
    }
    return known;
  }

  private String scalar(String sql) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql);
        ResultSet rows = statement.executeQuery()) {
      if (!rows.next()) {
        throw new SQLException("no row from the metadata query " + sql);
      }
      return rows.getString(1);
    }
  }
}
