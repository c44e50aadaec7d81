package io.sluice.jdbc.internal;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Schemas, catalogs, tables and their columns, privileges and row identifiers, read from {@code
 * pg_class}, {@code pg_attribute} and {@code pg_namespace} with the column labels and order the
 * {@link DatabaseMetaData} javadoc gives.
 */
final class TableCatalog {
  private final Connection connection;
  private final boolean hideUnprivileged;

  TableCatalog(Connection connection, boolean hideUnprivileged) {
    this.connection = connection;
    this.hideUnprivileged = hideUnprivileged;
  }

  /**
   * Schemas a session can see: other sessions' temporary schemas (pg_temp_N, pg_toast_temp_N) are
   * left out, this session's own temporary schema is kept; TOAST storage ({@code pg_toast}) is
   * internal and never listed.
   */
  static final String VISIBLE_SCHEMA = "(n.nspname OPERATOR(pg_catalog.!~) '^pg_(toast_)?temp_' OR n.oid"
      + " OPERATOR(pg_catalog.=) pg_catalog.pg_my_temp_schema())"
      + " AND n.nspname OPERATOR(pg_catalog.<>) 'pg_toast'";

  /** {@link #VISIBLE_SCHEMA} with {@code pg_toast}, for getTables asked for a SYSTEM TOAST type by name. */
  private static final String VISIBLE_SCHEMA_WITH_TOAST = "(n.nspname OPERATOR(pg_catalog.!~) '^pg_(toast_)?temp_'"
      + " OR n.oid OPERATOR(pg_catalog.=) pg_catalog.pg_my_temp_schema())";

  private static final List<String> TOAST_TYPES = List.of("SYSTEM TOAST INDEX", "SYSTEM TOAST TABLE");

  /**
   * The table type of a pg_class row {@code c} in namespace {@code n}, in the names pgjdbc made the
   * PostgreSQL convention (the tools ask for "TABLE", "VIEW", "PARTITIONED TABLE", "MATERIALIZED
   * VIEW"…). {@code pg_catalog} and {@code information_schema} objects are SYSTEM ones.
   */
  static final String TABLE_TYPE = "CASE"
      // TOAST storage: relkind 't' for the tables, 'i' for their indexes (pg_class.h RELKIND_TOASTVALUE)
      + " WHEN n.nspname OPERATOR(pg_catalog.=) 'pg_toast' THEN "
      + relkinds("t", "SYSTEM TOAST TABLE", "i", "SYSTEM TOAST INDEX")
      + " WHEN n.nspname OPERATOR(pg_catalog.=) ANY (ARRAY['pg_catalog', 'information_schema']::name[]) THEN "
      + relkinds("r", "SYSTEM TABLE", "v", "SYSTEM VIEW", "i", "SYSTEM INDEX")
      + " WHEN c.relpersistence OPERATOR(pg_catalog.=) 't' THEN "
      + relkinds("r", "TEMPORARY TABLE", "v", "TEMPORARY VIEW", "i", "TEMPORARY INDEX", "S", "TEMPORARY SEQUENCE",
          "p", "PARTITIONED TABLE", "I", "PARTITIONED INDEX")
      + " ELSE " + relkinds("r", "TABLE", "v", "VIEW", "i", "INDEX", "S", "SEQUENCE", "c", "TYPE",
          "m", "MATERIALIZED VIEW", "f", "FOREIGN TABLE", "p", "PARTITIONED TABLE", "I", "PARTITIONED INDEX")
      + " END";

  /**
   * A searched CASE over {@code c.relkind} (kind, name, kind, name…): a simple {@code CASE x WHEN}
   * would look {@code =} up on the search path, where a user's operator can be found first.
   */
  private static String relkinds(String... kindsAndNames) {
    StringBuilder sql = new StringBuilder("CASE");
    for (int i = 0; i < kindsAndNames.length; i += 2) {
      sql.append(" WHEN c.relkind OPERATOR(pg_catalog.=) '").append(kindsAndNames[i]).append("' THEN '")
          .append(kindsAndNames[i + 1]).append('\'');
    }
    return sql.append(" END").toString();
  }

  /** Every value {@link #TABLE_TYPE} can take, for getTableTypes. */
  static final String[] TABLE_TYPES = {
    "FOREIGN TABLE", "INDEX", "MATERIALIZED VIEW", "PARTITIONED INDEX", "PARTITIONED TABLE", "SEQUENCE",
    "SYSTEM INDEX", "SYSTEM TABLE", "SYSTEM TOAST INDEX", "SYSTEM TOAST TABLE", "SYSTEM VIEW", "TABLE",
    "TEMPORARY INDEX", "TEMPORARY SEQUENCE", "TEMPORARY TABLE", "TEMPORARY VIEW", "TYPE", "VIEW"
  };

  /** TABLE_CAT, TABLE_SCHEM, TABLE_NAME of a pg_class row {@code c} in namespace {@code n}. */
  static final String TABLE_IDENTITY = "pg_catalog.current_database() AS \"TABLE_CAT\", n.nspname AS \"TABLE_SCHEM\","
      + " c.relname AS \"TABLE_NAME\"";

  /** pg_class {@code c} with its namespace {@code n}. */
  static final String CLASSES = " FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid"
      + " OPERATOR(pg_catalog.=) c.relnamespace";

  /** Relations that have columns a tool can read or map. */
  static final String RELATIONS_WITH_COLUMNS =
      "c.relkind OPERATOR(pg_catalog.=) ANY (ARRAY['r', 'v', 'm', 'f', 'p']::\"char\"[])";

  private static final String CLASS_COMMENT = " LEFT JOIN pg_catalog.pg_description dc ON dc.objoid"
      + " OPERATOR(pg_catalog.=) c.oid"
      + " AND dc.classoid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::regclass AND dc.objsubid"
      + " OPERATOR(pg_catalog.=) 0";

  ResultSet schemas(String catalog, String schemaPattern) throws SQLException {
    return new CatalogQuery("SELECT n.nspname AS \"TABLE_SCHEM\", pg_catalog.current_database() AS \"TABLE_CATALOG\""
        + " FROM pg_catalog.pg_namespace n WHERE " + VISIBLE_SCHEMA)
        .catalog(catalog)
        .like("n.nspname", schemaPattern)
        .visibleOnly(hideUnprivileged, "pg_catalog.has_schema_privilege(n.oid, 'USAGE, CREATE')")
        .then(" ORDER BY 2, 1")
        .run(connection);
  }

  /**
   * Every database of the cluster that accepts connections ({@code datallowconn}: not {@code
   * template0}), by name. The other catalog arguments still select only the connection's own
   * database: PostgreSQL's catalogs describe one database, and a query cannot read another's.
   */
  ResultSet catalogs() throws SQLException {
    return new CatalogQuery("SELECT d.datname::text AS \"TABLE_CAT\" FROM pg_catalog.pg_database d"
        + " WHERE d.datallowconn ORDER BY d.datname").run(connection);
  }

  ResultSet tableTypes() throws SQLException {
    Object[][] rows = new Object[TABLE_TYPES.length][];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = new Object[] {TABLE_TYPES[i]};
    }
    return new CatalogQuery(ConstantRows.select(List.of(ConstantRows.text("TABLE_TYPE")), rows) + " ORDER BY 1")
        .run(connection);
  }

  /**
   * Ordered by TABLE_TYPE, TABLE_CAT, TABLE_SCHEM and TABLE_NAME. The TOAST storage of {@code
   * pg_toast} is listed only to a caller that names one of its types.
   */
  ResultSet tables(String catalog, String schemaPattern, String tablePattern, String[] types) throws SQLException {
    boolean toast = types != null && java.util.Arrays.stream(types).anyMatch(TOAST_TYPES::contains);
    return new CatalogQuery("SELECT * FROM (SELECT " + TABLE_IDENTITY + ", " + TABLE_TYPE + " AS \"TABLE_TYPE\","
        + " dc.description AS \"REMARKS\", NULL::text AS \"TYPE_CAT\", NULL::text AS \"TYPE_SCHEM\","
        + " NULL::text AS \"TYPE_NAME\", NULL::text AS \"SELF_REFERENCING_COL_NAME\","
        + " NULL::text AS \"REF_GENERATION\""
        + CLASSES + CLASS_COMMENT
        + " WHERE " + (toast ? VISIBLE_SCHEMA_WITH_TOAST : VISIBLE_SCHEMA))
        .catalog(catalog)
        .like("n.nspname", schemaPattern)
        .like("c.relname", tablePattern)
        // any privilege on the relation (RULE is gone in PostgreSQL 18, MAINTAIN new in 17: neither asked)
        .visibleOnly(hideUnprivileged,
            "pg_catalog.has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE, REFERENCES, TRIGGER')")
        .then(") t WHERE \"TABLE_TYPE\" IS NOT NULL")
        .in("\"TABLE_TYPE\"", types)
        .then(" ORDER BY \"TABLE_TYPE\", \"TABLE_CAT\", \"TABLE_SCHEM\", \"TABLE_NAME\"")
        .run(connection);
  }

  /**
   * Ordered by TABLE_CAT, TABLE_SCHEM, TABLE_NAME and ORDINAL_POSITION. ORDINAL_POSITION counts the
   * live columns (1, 2, 3… as {@code SELECT *} numbers them), not {@code attnum}, which keeps the
   * gaps of dropped columns; it is numbered before the column-name filter.
   */
  ResultSet columns(String catalog, String schemaPattern, String tablePattern, String columnPattern)
      throws SQLException {
    String columnDefault = "pg_catalog.pg_get_expr(ad.adbin, ad.adrelid)";
    return new CatalogQuery("SELECT * FROM (SELECT " + TABLE_IDENTITY + ", a.attname AS \"COLUMN_NAME\","
        + " (CASE WHEN t.typtype OPERATOR(pg_catalog.=) 'd' THEN " + java.sql.Types.DISTINCT
        + " ELSE ty.data_type END)::int4 AS \"DATA_TYPE\", "
        + SerialTypes.typeName("t.oid", SerialTypes.isSerial("c.oid", "a.attnum", columnDefault), typeName("t"))
        + " AS \"TYPE_NAME\","
        + " ty.column_size AS \"COLUMN_SIZE\", NULL::int4 AS \"BUFFER_LENGTH\","
        + " ty.decimal_digits AS \"DECIMAL_DIGITS\", ty.radix AS \"NUM_PREC_RADIX\","
        + " (CASE WHEN a.attnotnull OR (t.typtype OPERATOR(pg_catalog.=) 'd' AND t.typnotnull) THEN"
        + " " + DatabaseMetaData.columnNoNulls
        + " ELSE " + DatabaseMetaData.columnNullable + " END)::int4 AS \"NULLABLE\","
        + " dsc.description AS \"REMARKS\","
        // a generation expression is not a default (attgenerated: 's' stored, 'v' virtual in PostgreSQL 18)
        + " CASE WHEN a.attgenerated OPERATOR(pg_catalog.=) '' THEN " + columnDefault + " END AS \"COLUMN_DEF\","
        + " NULL::int4 AS \"SQL_DATA_TYPE\", NULL::int4 AS \"SQL_DATETIME_SUB\","
        + " ty.octet_length AS \"CHAR_OCTET_LENGTH\","
        + " (pg_catalog.row_number() OVER (PARTITION BY a.attrelid ORDER BY a.attnum))::int4 AS \"ORDINAL_POSITION\","
        + " CASE WHEN a.attnotnull OR (t.typtype OPERATOR(pg_catalog.=) 'd' AND t.typnotnull) THEN 'NO' ELSE 'YES' END"
        + " AS \"IS_NULLABLE\","
        + " NULL::text AS \"SCOPE_CATALOG\", NULL::text AS \"SCOPE_SCHEMA\", NULL::text AS \"SCOPE_TABLE\","
        + " (CASE WHEN t.typtype OPERATOR(pg_catalog.=) 'd' THEN ty.data_type END)::int2 AS \"SOURCE_DATA_TYPE\","
        // identity columns (attidentity 'a'/'d') and serial ones (a nextval default) number themselves
        + " CASE WHEN a.attidentity OPERATOR(pg_catalog.<>) '' OR " + columnDefault + " OPERATOR(pg_catalog.~~)"
        + " 'nextval(%' THEN 'YES' ELSE 'NO' END"
        + " AS \"IS_AUTOINCREMENT\","
        + " CASE WHEN a.attgenerated OPERATOR(pg_catalog.<>) '' THEN 'YES' ELSE 'NO' END AS \"IS_GENERATEDCOLUMN\""
        + CLASSES
        + " JOIN pg_catalog.pg_attribute a ON a.attrelid OPERATOR(pg_catalog.=) c.oid AND a.attnum"
        + " OPERATOR(pg_catalog.>) 0 AND NOT a.attisdropped"
        + " JOIN pg_catalog.pg_type t ON t.oid OPERATOR(pg_catalog.=) a.atttypid"
        + CatalogTypes.describe("t", "a.atttypmod", "ty")
        + " LEFT JOIN pg_catalog.pg_attrdef ad ON ad.adrelid OPERATOR(pg_catalog.=) a.attrelid AND ad.adnum"
        + " OPERATOR(pg_catalog.=) a.attnum"
        + " LEFT JOIN pg_catalog.pg_description dsc ON dsc.objoid OPERATOR(pg_catalog.=) c.oid"
        + " AND dsc.classoid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::regclass AND dsc.objsubid"
        + " OPERATOR(pg_catalog.=) a.attnum"
        + " WHERE " + RELATIONS_WITH_COLUMNS + " AND " + VISIBLE_SCHEMA)
        .catalog(catalog)
        .like("n.nspname", schemaPattern)
        .like("c.relname", tablePattern)
        .then(") col WHERE true")
        .like("\"COLUMN_NAME\"", columnPattern)
        .then(" ORDER BY \"TABLE_CAT\", \"TABLE_SCHEM\", \"TABLE_NAME\", \"ORDINAL_POSITION\"")
        .run(connection);
  }

  /** Ordered by TABLE_CAT, TABLE_SCHEM, TABLE_NAME and PRIVILEGE; PUBLIC is grantee 0 in an aclitem. */
  ResultSet tablePrivileges(String catalog, String schemaPattern, String tablePattern) throws SQLException {
    return new CatalogQuery("SELECT " + TABLE_IDENTITY + ", " + PRIVILEGE_COLUMNS
        + CLASSES
        + " CROSS JOIN LATERAL pg_catalog.aclexplode(" + TABLE_ACL + ") acl"
        + " WHERE " + RELATIONS_WITH_COLUMNS + " AND " + VISIBLE_SCHEMA)
        .catalog(catalog)
        .like("n.nspname", schemaPattern)
        .like("c.relname", tablePattern)
        .then(" ORDER BY 1, 2, 3, \"PRIVILEGE\", \"GRANTEE\"")
        .run(connection);
  }

  /**
   * Ordered by COLUMN_NAME and PRIVILEGE. A column's privileges are those granted on the table
   * (SELECT, INSERT, UPDATE, REFERENCES reach every column) and on the column itself ({@code
   * attacl}).
   */
  ResultSet columnPrivileges(String catalog, String schema, String table, String columnPattern)
      throws SQLException {
    return new CatalogQuery("SELECT " + TABLE_IDENTITY + ", a.attname AS \"COLUMN_NAME\", " + PRIVILEGE_COLUMNS
        + CLASSES
        + " JOIN pg_catalog.pg_attribute a ON a.attrelid OPERATOR(pg_catalog.=) c.oid AND a.attnum"
        + " OPERATOR(pg_catalog.>) 0 AND NOT a.attisdropped"
        + " CROSS JOIN LATERAL (SELECT * FROM pg_catalog.aclexplode(" + TABLE_ACL + ") x"
        + "   WHERE x.privilege_type OPERATOR(pg_catalog.=) ANY (ARRAY['SELECT', 'INSERT', 'UPDATE', 'REFERENCES'])"
        + "   UNION SELECT * FROM pg_catalog.aclexplode(a.attacl)) acl"
        + " WHERE " + RELATIONS_WITH_COLUMNS + " AND " + VISIBLE_SCHEMA)
        .catalog(catalog)
        .equal("n.nspname", schema)
        .equal("c.relname", table)
        .like("a.attname", columnPattern)
        .then(" ORDER BY \"COLUMN_NAME\", \"PRIVILEGE\", \"GRANTEE\"")
        .run(connection);
  }

  /**
   * The primary key, or else the narrowest unique index without predicate or expression (whose
   * columns are all NOT NULL unless {@code nullable}): valid for the session, never a pseudo column.
   */
  ResultSet bestRowIdentifier(String catalog, String schema, String table, boolean nullable) throws SQLException {
    return new CatalogQuery("SELECT " + DatabaseMetaData.bestRowSession + "::int2 AS \"SCOPE\","
        + " a.attname AS \"COLUMN_NAME\", ty.data_type AS \"DATA_TYPE\", " + typeName("t") + " AS \"TYPE_NAME\","
        + " ty.column_size AS \"COLUMN_SIZE\", NULL::int4 AS \"BUFFER_LENGTH\","
        + " ty.decimal_digits::int2 AS \"DECIMAL_DIGITS\", " + DatabaseMetaData.bestRowNotPseudo
        + "::int2 AS \"PSEUDO_COLUMN\""
        + " FROM (SELECT DISTINCT ON (i.indrelid) i.indrelid, i.indkey, i.indnkeyatts"
        + "   FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) i.indrelid"
        + "   JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) c.relnamespace"
        + "   WHERE i.indisunique AND i.indpred IS NULL AND i.indexprs IS NULL AND " + VISIBLE_SCHEMA
        + (nullable ? "" : "   AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_attribute na WHERE na.attrelid"
        + " OPERATOR(pg_catalog.=) i.indrelid"
            + "     AND na.attnum OPERATOR(pg_catalog.=) ANY (i.indkey::int2[]) AND NOT na.attnotnull)"))
        .catalog(catalog)
        .equal("n.nspname", schema)
        .equal("c.relname", table)
        .then("   ORDER BY i.indrelid, i.indisprimary DESC, i.indnkeyatts, i.indexrelid) k"
            + " CROSS JOIN LATERAL pg_catalog.generate_series(0, k.indnkeyatts OPERATOR(pg_catalog.-) 1) AS p(n)"
            + " JOIN pg_catalog.pg_attribute a ON a.attrelid OPERATOR(pg_catalog.=) k.indrelid AND a.attnum"
            + " OPERATOR(pg_catalog.=) k.indkey[p.n]"
            + " JOIN pg_catalog.pg_type t ON t.oid OPERATOR(pg_catalog.=) a.atttypid"
            + CatalogTypes.describe("t", "a.atttypmod", "ty")
            + " ORDER BY k.indrelid, p.n")
        .run(connection);
  }

  /** {@code ctid}: the row's physical address, which every UPDATE changes. */
  ResultSet versionColumns(String catalog, String schema, String table) throws SQLException {
    return new CatalogQuery("SELECT NULL::int2 AS \"SCOPE\", 'ctid' AS \"COLUMN_NAME\", "
        + java.sql.Types.OTHER + "::int4 AS \"DATA_TYPE\", 'tid' AS \"TYPE_NAME\", NULL::int4 AS \"COLUMN_SIZE\","
        + " NULL::int4 AS \"BUFFER_LENGTH\", NULL::int2 AS \"DECIMAL_DIGITS\", "
        + DatabaseMetaData.versionColumnPseudo + "::int2 AS \"PSEUDO_COLUMN\""
        + CLASSES
        + " WHERE c.relkind OPERATOR(pg_catalog.=) ANY (ARRAY['r', 'p', 'm']::\"char\"[]) AND " + VISIBLE_SCHEMA)
        .catalog(catalog)
        .equal("n.nspname", schema)
        .equal("c.relname", table)
        .run(connection);
  }

  /**
   * The name of type {@code t} as TYPE_NAME gives it: its pg_type name ("int4", "varchar",
   * "_int4"), or, when the type is not on the search path, its schema and name each in double
   * quotes, always, as pgjdbc writes them ({@code TypeInfoCache.getPGType}: {@code
   * "test_schema"."_test_enum"}), with a double quote inside a name doubled.
   */
  static String typeName(String t) {
    return "CASE WHEN pg_catalog.pg_type_is_visible(" + t + ".oid) THEN " + t + ".typname::text"
        + " ELSE " + quoted("(SELECT tn.nspname FROM pg_catalog.pg_namespace tn WHERE tn.oid OPERATOR(pg_catalog.=) "
        + t + ".typnamespace)") + " OPERATOR(pg_catalog.||) '.' OPERATOR(pg_catalog.||) " + quoted(t + ".typname")
        + " END";
  }

  private static String quoted(String name) {
    return "('\"' OPERATOR(pg_catalog.||) pg_catalog.replace(" + name + ", '\"', '\"\"')"
        + " OPERATOR(pg_catalog.||) '\"')";
  }

  private static final String TABLE_ACL = "COALESCE(c.relacl, pg_catalog.acldefault('r', c.relowner))";

  private static final String PRIVILEGE_COLUMNS = "pg_catalog.pg_get_userbyid(acl.grantor)::text AS \"GRANTOR\","
      + " CASE WHEN acl.grantee OPERATOR(pg_catalog.=) 0 THEN 'PUBLIC' ELSE"
      + " pg_catalog.pg_get_userbyid(acl.grantee)::text END"
      + " AS \"GRANTEE\","
      + " acl.privilege_type AS \"PRIVILEGE\", CASE WHEN acl.is_grantable THEN 'YES' ELSE 'NO' END AS \"IS_GRANTABLE\"";
}
