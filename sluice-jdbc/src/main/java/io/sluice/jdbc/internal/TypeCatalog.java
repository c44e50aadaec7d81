package io.sluice.jdbc.internal;

import io.sluice.jdbc.internal.ConstantRows.Column;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Types (getTypeInfo, getUDTs), table inheritance (getSuperTables), the client info properties,
 * and the hierarchies PostgreSQL does not have (super types, UDT attributes, pseudo columns),
 * which are empty results with the javadoc's columns.
 */
final class TypeCatalog {
  private static final String TYPE_USAGE = "pg_catalog.has_type_privilege(t.oid, 'USAGE')";
  private final Connection connection;
  private final boolean hideUnprivileged;

  TypeCatalog(Connection connection, boolean hideUnprivileged) {
    this.connection = connection;
    this.hideUnprivileged = hideUnprivileged;
  }

  /** The longest char/varchar (MaxAttrSize, 10 MB), numeric precision and bit string PostgreSQL takes. */
  private static final String MAX_PRECISION = "CASE WHEN t.oid OPERATOR(pg_catalog.=) ANY (ARRAY[1042, 1043]::oid[])"
      + " THEN 10485760"
      + " WHEN t.oid OPERATOR(pg_catalog.=) 1700 THEN 1000 WHEN t.oid OPERATOR(pg_catalog.=) ANY (ARRAY[1560,"
      + " 1562]::oid[]) THEN 83886080 ELSE ty.column_size END";

  /** The types whose values carry a sign, as ResultSetMetaData.isSigned answers ({@link JdbcTypes#isSigned}). */
  private static final String SIGNED = JdbcTypes.SIGNED.stream().map(String::valueOf).collect(Collectors.joining(", "));

  private static final String CREATE_PARAMS = "CASE WHEN t.oid OPERATOR(pg_catalog.=) ANY (ARRAY[1042, 1043, 1560,"
      + " 1562]::oid[]) THEN 'length'"
      + " WHEN t.oid OPERATOR(pg_catalog.=) 1700 THEN 'precision,scale' WHEN t.oid OPERATOR(pg_catalog.=) ANY"
      + " (ARRAY[1083, 1114, 1184, 1266]::oid[]) THEN 'precision' END";

  /**
   * Every defined type but pseudo-types and the row types of tables (domains as DISTINCT),
   * ordered by DATA_TYPE and then by how closely the type matches it ({@link
   * CatalogTypes.BuiltIn#rank}). Literals of non-numeric, non-boolean types are quoted ({@code
   * typcategory} N and B are not).
   */
  ResultSet typeInfo() throws SQLException {
    return new CatalogQuery("SELECT " + TableCatalog.typeName("t") + " AS \"TYPE_NAME\","
        + " (CASE WHEN t.typtype OPERATOR(pg_catalog.=) 'd' THEN " + Types.DISTINCT + " ELSE ty.data_type END)::int4"
        + " AS \"DATA_TYPE\","
        + " (" + MAX_PRECISION + ")::int4 AS \"PRECISION\","
        + " CASE WHEN NOT t.typcategory OPERATOR(pg_catalog.=) ANY (ARRAY['N', 'B']::\"char\"[]) THEN '''' END AS"
        + " \"LITERAL_PREFIX\","
        + " CASE WHEN NOT t.typcategory OPERATOR(pg_catalog.=) ANY (ARRAY['N', 'B']::\"char\"[]) THEN '''' END AS"
        + " \"LITERAL_SUFFIX\","
        + " " + CREATE_PARAMS + " AS \"CREATE_PARAMS\", " + DatabaseMetaData.typeNullable + "::int2 AS \"NULLABLE\","
        + " t.typcategory OPERATOR(pg_catalog.=) 'S' AS \"CASE_SENSITIVE\","
        + " " + DatabaseMetaData.typeSearchable + "::int2 AS \"SEARCHABLE\","
        // only the numeric types carry a sign; for every other type "unsigned" is true (as pgjdbc answers)
        + " NOT ty.base_oid OPERATOR(pg_catalog.=) ANY (ARRAY[" + SIGNED + "]::oid[]) AS \"UNSIGNED_ATTRIBUTE\", t.oid OPERATOR(pg_catalog.=) 790 AS \"FIXED_PREC_SCALE\", false AS"
        + " \"AUTO_INCREMENT\","
        + " NULL::text AS \"LOCAL_TYPE_NAME\","
        + " (CASE WHEN t.oid OPERATOR(pg_catalog.=) 1700 THEN -1000 WHEN ty.decimal_digits IS NOT NULL THEN 0"
        + " END)::int2"
        + " AS \"MINIMUM_SCALE\","
        + " (CASE WHEN t.oid OPERATOR(pg_catalog.=) 1700 THEN 1000 WHEN t.oid OPERATOR(pg_catalog.=) ANY (ARRAY[1083,"
        + " 1114, 1184, 1266]::oid[]) THEN 6"
        + " WHEN ty.decimal_digits IS NOT NULL THEN 0 END)::int2 AS \"MAXIMUM_SCALE\","
        + " NULL::int4 AS \"SQL_DATA_TYPE\", NULL::int4 AS \"SQL_DATETIME_SUB\", ty.radix AS \"NUM_PREC_RADIX\""
        + " FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) t.typnamespace"
        + CatalogTypes.describe("t", "-1", "ty")
        + " WHERE t.typisdefined AND t.typtype OPERATOR(pg_catalog.<>) 'p' AND " + TableCatalog.VISIBLE_SCHEMA
        + " AND (t.typrelid OPERATOR(pg_catalog.=) 0 OR (SELECT rc.relkind OPERATOR(pg_catalog.=) 'c' FROM"
        + " pg_catalog.pg_class rc WHERE rc.oid OPERATOR(pg_catalog.=) t.typrelid))")
        .visibleOnly(hideUnprivileged, TYPE_USAGE)
        .then(" ORDER BY \"DATA_TYPE\", ty.rank, \"TYPE_NAME\"")
        .run(connection);
  }

  /**
   * Composite types made with CREATE TYPE … AS (STRUCT) and domains (DISTINCT, with their base
   * type's code), ordered by DATA_TYPE, TYPE_CAT, TYPE_SCHEM and TYPE_NAME. {@code types} null
   * means both.
   */
  ResultSet userDefinedTypes(String catalog, String schemaPattern, String typePattern, int[] types)
      throws SQLException {
    // "If the parameter typeNamePattern is a fully-qualified name, then the catalog and
    // schemaPattern parameters are ignored" (getUDTs' Javadoc): schema.type or catalog.schema.type
    if (typePattern != null && typePattern.indexOf('.') >= 0) {
      int first = typePattern.indexOf('.');
      int last = typePattern.lastIndexOf('.');
      schemaPattern = first == last ? typePattern.substring(0, first) : typePattern.substring(first + 1, last);
      typePattern = typePattern.substring(last + 1);
      catalog = null;
    }
    String codes = types == null || types.length == 0 ? "NULL"
        : Arrays.stream(types).mapToObj(Integer::toString).collect(Collectors.joining(", "));
    String wanted = types == null ? "" : " AND \"DATA_TYPE\" OPERATOR(pg_catalog.=) ANY (ARRAY[" + codes + "]::int4[])";
    return new CatalogQuery("SELECT * FROM (SELECT pg_catalog.current_database() AS \"TYPE_CAT\","
        + " n.nspname AS \"TYPE_SCHEM\", t.typname AS \"TYPE_NAME\", NULL::text AS \"CLASS_NAME\","
        + " (CASE WHEN t.typtype OPERATOR(pg_catalog.=) 'c' THEN " + Types.STRUCT + " ELSE"
        + " " + Types.DISTINCT + " END)::int4"
        + " AS \"DATA_TYPE\","
        + " d.description AS \"REMARKS\", (CASE WHEN t.typtype OPERATOR(pg_catalog.=) 'd' THEN ty.data_type END)::int2"
        + " AS \"BASE_TYPE\""
        + " FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) t.typnamespace"
        + CatalogTypes.describe("t", "-1", "ty")
        + " LEFT JOIN pg_catalog.pg_class rc ON rc.oid OPERATOR(pg_catalog.=) t.typrelid"
        + " LEFT JOIN pg_catalog.pg_description d ON d.objoid OPERATOR(pg_catalog.=) t.oid"
        + " AND d.classoid OPERATOR(pg_catalog.=) 'pg_catalog.pg_type'::regclass AND d.objsubid OPERATOR(pg_catalog.=)"
        + " 0"
        + " WHERE ((t.typtype OPERATOR(pg_catalog.=) 'c' AND rc.relkind OPERATOR(pg_catalog.=) 'c') OR t.typtype"
        + " OPERATOR(pg_catalog.=) 'd') AND " + TableCatalog.VISIBLE_SCHEMA)
        .catalog(catalog)
        .like("n.nspname", schemaPattern)
        .like("t.typname", typePattern)
        .visibleOnly(hideUnprivileged, TYPE_USAGE)
        .then(") u WHERE true" + wanted + " ORDER BY \"DATA_TYPE\", \"TYPE_CAT\", \"TYPE_SCHEM\", \"TYPE_NAME\"")
        .run(connection);
  }

  /** The direct parent of each inheriting table or partition ({@code pg_inherits}). */
  ResultSet superTables(String catalog, String schemaPattern, String tablePattern) throws SQLException {
    return new CatalogQuery("SELECT " + TableCatalog.TABLE_IDENTITY + ", pc.relname AS \"SUPERTABLE_NAME\""
        + " FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) i.inhrelid"
        + " JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) c.relnamespace"
        + " JOIN pg_catalog.pg_class pc ON pc.oid OPERATOR(pg_catalog.=) i.inhparent"
        + " WHERE c.relkind OPERATOR(pg_catalog.=) ANY (ARRAY['r', 'p', 'f']::\"char\"[]) AND"
        + " " + TableCatalog.VISIBLE_SCHEMA)
        .catalog(catalog)
        .like("n.nspname", schemaPattern)
        .like("c.relname", tablePattern)
        .then(" ORDER BY 1, 2, 3")
        .run(connection);
  }

  /** ApplicationName is the one client info property: PostgreSQL's {@code application_name}. */
  ResultSet clientInfoProperties() throws SQLException {
    // NAMEDATALEN - 1: the server truncates application_name to 63 bytes
    Object[][] rows = {{"ApplicationName", 63, "", "The name of the application using the connection "
        + "(application_name), shown in pg_stat_activity and the server log"}};
    return run(ConstantRows.select(List.of(ConstantRows.text("NAME"), ConstantRows.int4("MAX_LEN"),
        ConstantRows.text("DEFAULT_VALUE"), ConstantRows.text("DESCRIPTION")), rows));
  }

  ResultSet superTypes() throws SQLException {
    return run(ConstantRows.empty(text("TYPE_CAT"), text("TYPE_SCHEM"), text("TYPE_NAME"), text("SUPERTYPE_CAT"),
        text("SUPERTYPE_SCHEM"), text("SUPERTYPE_NAME")));
  }

  ResultSet attributes() throws SQLException {
    return run(ConstantRows.empty(text("TYPE_CAT"), text("TYPE_SCHEM"), text("TYPE_NAME"), text("ATTR_NAME"),
        int4("DATA_TYPE"), text("ATTR_TYPE_NAME"), int4("ATTR_SIZE"), int4("DECIMAL_DIGITS"), int4("NUM_PREC_RADIX"),
        int4("NULLABLE"), text("REMARKS"), text("ATTR_DEF"), int4("SQL_DATA_TYPE"), int4("SQL_DATETIME_SUB"),
        int4("CHAR_OCTET_LENGTH"), int4("ORDINAL_POSITION"), text("IS_NULLABLE"), text("SCOPE_CATALOG"),
        text("SCOPE_SCHEMA"), text("SCOPE_TABLE"), ConstantRows.int2("SOURCE_DATA_TYPE")));
  }

  ResultSet pseudoColumns() throws SQLException {
    return run(ConstantRows.empty(text("TABLE_CAT"), text("TABLE_SCHEM"), text("TABLE_NAME"), text("COLUMN_NAME"),
        int4("DATA_TYPE"), int4("COLUMN_SIZE"), int4("DECIMAL_DIGITS"), int4("NUM_PREC_RADIX"), text("COLUMN_USAGE"),
        text("REMARKS"), int4("CHAR_OCTET_LENGTH"), text("IS_NULLABLE")));
  }

  private ResultSet run(String sql) throws SQLException {
    return new CatalogQuery(sql).run(connection);
  }

  private static Column text(String label) {
    return ConstantRows.text(label);
  }

  private static Column int4(String label) {
    return ConstantRows.int4(label);
  }
}
