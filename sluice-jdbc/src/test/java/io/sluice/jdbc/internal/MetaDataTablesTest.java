package io.sluice.jdbc.internal;

import io.sluice.jdbc.MetaDataTestBase;
import static io.sluice.jdbc.MetaDataSchema.column;
import static io.sluice.jdbc.MetaDataSchema.labels;
import static io.sluice.jdbc.MetaDataSchema.rows;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** DatabaseMetaData: catalogs, schemas, table types, tables, columns, privileges, row identifiers. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class MetaDataTablesTest extends MetaDataTestBase {

  @Test
  void catalogIsTheConnectionsDatabase() throws SQLException {
    String db = PostgresServer.shared().database();
    assertTrue(column(md.getCatalogs(), "TABLE_CAT").contains(db), "getCatalogs lists every database");
    assertEquals(List.of("TABLE_CAT"), labels(md.getCatalogs()));
    assertEquals(List.of(), column(md.getTables("elsewhere", "meta_test", "%", null), "TABLE_NAME"),
        "another catalog selects nothing");
    assertFalse(column(md.getTables(db, "meta_test", "%", null), "TABLE_NAME").isEmpty());
  }

  @Test
  void schemasBothFormsOrderedWithoutOtherSessionsTemporarySchemas() throws SQLException {
    ResultSet all = md.getSchemas();
    assertEquals(List.of("TABLE_SCHEM", "TABLE_CATALOG"), labels(all));
    List<String> names = column(all, "TABLE_SCHEM");
    assertTrue(names.containsAll(List.of("information_schema", "meta_other", "meta_test", "pg_catalog", "public")),
        names.toString());
    assertEquals(names.stream().sorted().toList(), names, "ordered by TABLE_SCHEM");
    String ownTemporary;
    try (var s = connection.createStatement();
        var rs = s.executeQuery("SELECT nspname FROM pg_namespace WHERE oid = pg_my_temp_schema()")) {
      ownTemporary = rs.next() ? rs.getString(1) : "none yet";
    }
    assertTrue(names.stream().noneMatch(n -> n.startsWith("pg_toast")
        || (n.startsWith("pg_temp_") && !n.equals(ownTemporary))), names.toString());
    assertEquals(List.of("meta_other", "meta_test"), column(md.getSchemas(null, "meta\\_%"), "TABLE_SCHEM"));
    assertEquals(List.of("meta_test"), column(md.getSchemas(null, "meta_test"), "TABLE_SCHEM"));
    assertEquals(List.of(PostgresServer.shared().database()),
        column(md.getSchemas(null, "meta_test"), "TABLE_CATALOG"));
  }

  @Test
  void tableTypesAreOrderedAndIncludeThePostgresKinds() throws SQLException {
    List<String> types = column(md.getTableTypes(), "TABLE_TYPE");
    assertEquals(types.stream().sorted().toList(), types);
    assertTrue(types.containsAll(List.of("TABLE", "VIEW", "MATERIALIZED VIEW", "PARTITIONED TABLE", "FOREIGN TABLE",
        "SEQUENCE", "INDEX", "SYSTEM TABLE", "SYSTEM VIEW", "TEMPORARY TABLE", "TYPE")), types.toString());
    List<String> seen = column(md.getTables(null, null, null, null), "TABLE_TYPE");
    assertTrue(types.containsAll(seen), "every type getTables gives is listed: " + seen);
  }

  @Test
  void tablesOfEveryKindOrderedByTypeThenName() throws SQLException {
    ResultSet rs = md.getTables(null, "meta_test", null, null);
    assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS", "TYPE_CAT",
        "TYPE_SCHEM", "TYPE_NAME", "SELF_REFERENCING_COL_NAME", "REF_GENERATION"), labels(rs));
    List<Map<String, Object>> rows = rows(rs);
    Map<String, String> typeOf = new LinkedHashMap<>();
    for (Map<String, Object> row : rows) {
      typeOf.put((String) row.get("TABLE_NAME"), (String) row.get("TABLE_TYPE"));
    }
    assertEquals("TABLE", typeOf.get("customer"));
    assertEquals("TABLE", typeOf.get("event_2024"), "a partition is a table");
    assertEquals("PARTITIONED TABLE", typeOf.get("event"));
    assertEquals("VIEW", typeOf.get("big_customer"));
    assertEquals("MATERIALIZED VIEW", typeOf.get("customer_count"));
    assertEquals("FOREIGN TABLE", typeOf.get("remote"));
    assertEquals("SEQUENCE", typeOf.get("counter"));
    assertEquals("SEQUENCE", typeOf.get("orders_order_no_seq"));
    assertEquals("INDEX", typeOf.get("customer_pkey"));
    assertEquals("PARTITIONED INDEX", typeOf.get("event_pkey"));
    assertEquals("TYPE", typeOf.get("point3"));
    List<String> order = rows.stream().map(r -> r.get("TABLE_TYPE") + "/" + r.get("TABLE_NAME")).toList();
    assertEquals(order.stream().sorted().toList(), order, "ordered by TABLE_TYPE, then TABLE_NAME");
    Map<String, Object> customer = rows.stream().filter(r -> r.get("TABLE_NAME").equals("customer")).findFirst()
        .orElseThrow();
    assertEquals("people who buy", customer.get("REMARKS"));
    assertEquals(PostgresServer.shared().database(), customer.get("TABLE_CAT"));
    assertEquals("meta_test", customer.get("TABLE_SCHEM"));
  }

  @Test
  void typesFilterAndNullMeansEverySchema() throws SQLException {
    assertEquals(List.of("event"), column(md.getTables(null, "meta_test", "%", new String[] {"PARTITIONED TABLE"}),
        "TABLE_NAME"));
    assertEquals(List.of("big_customer", "customer_count"),
        column(md.getTables(null, "meta_test", "%", new String[] {"VIEW", "MATERIALIZED VIEW"}), "TABLE_NAME")
            .stream().sorted().toList());
    assertEquals(List.of(), column(md.getTables(null, "meta_test", "%", new String[0]), "TABLE_NAME"));
    List<Map<String, Object>> both = rows(md.getTables(null, null, "customer", new String[] {"TABLE"}));
    assertEquals(List.of("meta_other", "meta_test"), both.stream().map(r -> (String) r.get("TABLE_SCHEM")).toList(),
        "null schema: every schema, ordered by schema");
    List<String> system = column(md.getTables(null, "pg_catalog", "pg_class", null), "TABLE_TYPE");
    assertEquals(List.of("SYSTEM TABLE"), system);
    assertEquals(List.of("SYSTEM VIEW"), column(md.getTables(null, "information_schema", "tables", null),
        "TABLE_TYPE"));
  }

  @Test
  void patternsUseLikeWithBackslashEscape() throws SQLException {
    assertEquals(List.of("a_b", "axb"), column(md.getTables(null, "meta_test", "a_b", null), "TABLE_NAME"));
    assertEquals(List.of("a_b"), column(md.getTables(null, "meta_test", "a\\_b", null), "TABLE_NAME"));
    assertEquals(List.of("per%cent"), column(md.getColumns(null, "meta_test", "typed", "per\\%cent"), "COLUMN_NAME"));
    assertEquals(List.of("per%cent", "percent"),
        column(md.getColumns(null, "meta_test", "typed", "per%cent"), "COLUMN_NAME"));
    assertEquals(List.of("MixedCase"), column(md.getColumns(null, "meta_test", "typed", "Mixed%"), "COLUMN_NAME"),
        "names are matched as stored, case-sensitively");
    assertEquals(List.of(), column(md.getColumns(null, "meta_test", "typed", "mixed%"), "COLUMN_NAME"));
  }

  @Test
  void temporaryTablesOfThisSession() throws SQLException {
    try (var s = connection.createStatement()) {
      s.execute("CREATE TEMPORARY TABLE IF NOT EXISTS meta_scratch (x int)");
    }
    List<Map<String, Object>> rows = rows(md.getTables(null, null, "meta_scratch", null));
    assertEquals(1, rows.size(), rows.toString());
    assertEquals("TEMPORARY TABLE", rows.get(0).get("TABLE_TYPE"));
    assertTrue(((String) rows.get(0).get("TABLE_SCHEM")).startsWith("pg_temp_"));
  }

  @Test
  void columnsCarryJdbcTypesSizesDefaultsAndGeneration() throws SQLException {
    ResultSet rs = md.getColumns(null, "meta_test", "customer", null);
    assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME",
        "COLUMN_SIZE", "BUFFER_LENGTH", "DECIMAL_DIGITS", "NUM_PREC_RADIX", "NULLABLE", "REMARKS", "COLUMN_DEF",
        "SQL_DATA_TYPE", "SQL_DATETIME_SUB", "CHAR_OCTET_LENGTH", "ORDINAL_POSITION", "IS_NULLABLE",
        "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE", "SOURCE_DATA_TYPE", "IS_AUTOINCREMENT",
        "IS_GENERATEDCOLUMN"), labels(rs));
    Map<String, Map<String, Object>> byName = new LinkedHashMap<>();
    List<Integer> positions = new java.util.ArrayList<>();
    try (rs) {
      while (rs.next()) {
        Map<String, Object> c = new LinkedHashMap<>();
        for (String label : List.of("DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE", "DECIMAL_DIGITS", "NUM_PREC_RADIX",
            "NULLABLE", "REMARKS", "COLUMN_DEF", "IS_NULLABLE", "IS_AUTOINCREMENT", "IS_GENERATEDCOLUMN",
            "CHAR_OCTET_LENGTH")) {
          c.put(label, rs.getObject(label));
        }
        byName.put(rs.getString("COLUMN_NAME"), c);
        positions.add(rs.getInt("ORDINAL_POSITION"));
      }
    }
    assertEquals(List.of("id", "email", "name", "balance", "created", "born", "flags", "tags", "doc", "email_lower",
        "code", "ratio", "small", "token", "at_time", "plain_number"),
        byName.keySet().stream().filter(n -> !n.equals("email_length")).toList(), "in column order, dropped left out");
    for (int i = 0; i < positions.size(); i++) {
      assertEquals(i + 1, positions.get(i), "ORDINAL_POSITION counts live columns: no gap for the dropped one");
    }
    expect(byName.get("id"), Types.BIGINT, "int8", 19, 0, 10, DatabaseMetaData.columnNoNulls);
    assertNull(byName.get("id").get("COLUMN_DEF"), "an identity column has no default expression");
    assertEquals("YES", byName.get("id").get("IS_AUTOINCREMENT"));
    assertEquals("NO", byName.get("id").get("IS_GENERATEDCOLUMN"));
    expect(byName.get("email"), Types.VARCHAR, "varchar", 200, null, null, DatabaseMetaData.columnNoNulls);
    assertEquals("login", byName.get("email").get("REMARKS"));
    assertEquals("NO", byName.get("email").get("IS_NULLABLE"));
    assertEquals(800, ((Number) byName.get("email").get("CHAR_OCTET_LENGTH")).intValue(), "200 UTF-8 characters");
    expect(byName.get("name"), Types.VARCHAR, "text", CatalogTypes.UNBOUNDED, null, null,
        DatabaseMetaData.columnNullable);
    assertEquals("YES", byName.get("name").get("IS_NULLABLE"));
    expect(byName.get("balance"), Types.NUMERIC, "numeric", 12, 2, 10, DatabaseMetaData.columnNullable);
    assertEquals("0", byName.get("balance").get("COLUMN_DEF"));
    expect(byName.get("plain_number"), Types.NUMERIC, "numeric", null, null, 10, DatabaseMetaData.columnNullable);
    expect(byName.get("created"), Types.TIMESTAMP, "timestamptz", 29, 3, null,
        DatabaseMetaData.columnNoNulls);
    assertEquals("now()", byName.get("created").get("COLUMN_DEF"));
    expect(byName.get("born"), Types.DATE, "date", 13, null, null, DatabaseMetaData.columnNullable);
    expect(byName.get("flags"), Types.BIT, "bit", 4, null, null, DatabaseMetaData.columnNullable);
    // an array is sized by its elements (text: unbounded); no CHAR_OCTET_LENGTH, it is not a character type
    expect(byName.get("tags"), Types.ARRAY, "_text", CatalogTypes.UNBOUNDED, null, null,
        DatabaseMetaData.columnNullable);
    assertNull(byName.get("tags").get("CHAR_OCTET_LENGTH"));
    expect(byName.get("doc"), Types.OTHER, "jsonb", null, null, null, DatabaseMetaData.columnNullable);
    expect(byName.get("email_lower"), Types.VARCHAR, "text", CatalogTypes.UNBOUNDED, null, null,
        DatabaseMetaData.columnNullable);
    assertEquals("YES", byName.get("email_lower").get("IS_GENERATEDCOLUMN"));
    assertNull(byName.get("email_lower").get("COLUMN_DEF"), "a generation expression is not a default");
    assertEquals("NO", byName.get("email_lower").get("IS_AUTOINCREMENT"));
    expect(byName.get("code"), Types.CHAR, "bpchar", 3, null, null, DatabaseMetaData.columnNullable);
    expect(byName.get("ratio"), Types.DOUBLE, "float8", 53, null, 2, DatabaseMetaData.columnNullable);
    expect(byName.get("small"), Types.SMALLINT, "int2", 5, 0, 10, DatabaseMetaData.columnNullable);
    expect(byName.get("token"), Types.OTHER, "uuid", 36, null, null, DatabaseMetaData.columnNullable);
    expect(byName.get("at_time"), Types.TIME, "time", 15, 6, null, DatabaseMetaData.columnNullable);
    if (PostgresServer.shared().majorVersion() >= 18) {
      assertEquals("YES", byName.get("email_length").get("IS_GENERATEDCOLUMN"), "a VIRTUAL generated column");
      assertNull(byName.get("email_length").get("COLUMN_DEF"));
    }
  }

  @Test
  void serialColumnsNumberThemselvesAndTimestampPrecisionZero() throws SQLException {
    List<Map<String, Object>> rows = rows(md.getColumns(null, "meta_test", "orders", null));
    Map<String, Object> orderNo = rows.get(0);
    assertEquals("order_no", orderNo.get("COLUMN_NAME"));
    assertEquals("YES", orderNo.get("IS_AUTOINCREMENT"));
    assertEquals("nextval('meta_test.orders_order_no_seq'::regclass)", orderNo.get("COLUMN_DEF"));
    Map<String, Object> placed = rows.get(3);
    assertEquals(Types.TIMESTAMP, ((Number) placed.get("DATA_TYPE")).intValue());
    assertEquals(19, ((Number) placed.get("COLUMN_SIZE")).intValue(), "timestamp(0): no fraction");
    assertEquals(0, ((Number) placed.get("DECIMAL_DIGITS")).intValue());
  }

  @Test
  void domainEnumCompositeColumns() throws SQLException {
    List<Map<String, Object>> rows = rows(md.getColumns(null, "meta_test", "typed", null));
    Map<String, Object> p = rows.get(0);
    assertEquals(Types.DISTINCT, ((Number) p.get("DATA_TYPE")).intValue(), "a domain is DISTINCT, as in pgjdbc");
    assertEquals(Types.INTEGER, ((Number) p.get("SOURCE_DATA_TYPE")).intValue(), "its base type");
    assertEquals("positive_int", p.get("TYPE_NAME").toString().replace("\"meta_test\".", "").replace("\"", ""));
    assertEquals(DatabaseMetaData.columnNoNulls, ((Number) p.get("NULLABLE")).intValue(), "the domain is NOT NULL");
    assertEquals(Types.VARCHAR, ((Number) rows.get(1).get("DATA_TYPE")).intValue(), "an enum reads as text");
    assertEquals(Types.STRUCT, ((Number) rows.get(2).get("DATA_TYPE")).intValue());
    assertEquals("\"meta_test\".\"point3\"", rows.get(2).get("TYPE_NAME"), "not on the search path: qualified");
  }

  @Test
  void columnsOfViewsPartitionsAndForeignTables() throws SQLException {
    assertEquals(List.of("id", "name"), column(md.getColumns(null, "meta_test", "big_customer", null), "COLUMN_NAME"));
    assertEquals(List.of("n"), column(md.getColumns(null, "meta_test", "customer_count", null), "COLUMN_NAME"));
    assertEquals(List.of("id", "at"), column(md.getColumns(null, "meta_test", "event", null), "COLUMN_NAME"));
    assertEquals(List.of("id"), column(md.getColumns(null, "meta_test", "remote", null), "COLUMN_NAME"));
    assertEquals(List.of(), column(md.getColumns(null, "meta_test", "counter", null), "COLUMN_NAME"),
        "sequences have no columns to map");
    List<String> tables = column(md.getColumns(null, "meta_test", "event%", "at"), "TABLE_NAME");
    assertEquals(List.of("event", "event_2024", "event_2025", "event_ref"), tables, "ordered by table");
  }

  @Test
  void privilegesFromAcls() throws SQLException {
    ResultSet rs = md.getTablePrivileges(null, "meta_test", "customer");
    assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE",
        "IS_GRANTABLE"), labels(rs));
    List<Map<String, Object>> rows = rows(rs);
    String owner = PostgresServer.shared().superuser();
    assertTrue(rows.stream().anyMatch(r -> r.get("GRANTEE").equals("PUBLIC") && r.get("PRIVILEGE").equals("SELECT")
        && r.get("IS_GRANTABLE").equals("NO")), rows.toString());
    assertTrue(rows.stream().anyMatch(r -> r.get("GRANTEE").equals(owner) && r.get("PRIVILEGE").equals("DELETE")),
        rows.toString());
    List<String> privileges = rows.stream().map(r -> (String) r.get("PRIVILEGE")).toList();
    assertEquals(privileges.stream().sorted().toList(), privileges, "ordered by PRIVILEGE");

    List<Map<String, Object>> name = rows(md.getColumnPrivileges(null, "meta_test", "customer", "name"));
    assertTrue(name.stream().anyMatch(r -> r.get("GRANTEE").equals("PUBLIC") && r.get("PRIVILEGE").equals("UPDATE")),
        name.toString());
    List<Map<String, Object>> email = rows(md.getColumnPrivileges(null, "meta_test", "customer", "email"));
    assertTrue(email.stream().anyMatch(r -> r.get("GRANTEE").equals("PUBLIC") && r.get("PRIVILEGE").equals("SELECT")));
    assertFalse(email.stream().anyMatch(r -> r.get("GRANTEE").equals("PUBLIC") && r.get("PRIVILEGE").equals("UPDATE")),
        "UPDATE was granted on name only");
  }

  @Test
  void bestRowIdentifierIsThePrimaryKeyAndVersionColumnIsCtid() throws SQLException {
    ResultSet rs = md.getBestRowIdentifier(null, "meta_test", "orders", DatabaseMetaData.bestRowSession, false);
    assertEquals(List.of("SCOPE", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE", "BUFFER_LENGTH",
        "DECIMAL_DIGITS", "PSEUDO_COLUMN"), labels(rs));
    assertEquals(List.of("region", "order_no"), column(rs, "COLUMN_NAME"));
    assertEquals(List.of(), column(md.getBestRowIdentifier(null, "meta_test", "a_b", 0, true), "COLUMN_NAME"),
        "no key, no identifier");
    assertEquals(List.of("code"), column(md.getBestRowIdentifier(null, "meta_test", "keyless", 0, false),
        "COLUMN_NAME"), "no primary key: a unique index over NOT NULL columns");
    assertEquals(List.of("alt"), column(md.getBestRowIdentifier(null, "meta_test", "keyless", 0, true),
        "COLUMN_NAME"), "nullable columns allowed: the first unique index");
    List<Map<String, Object>> version = rows(md.getVersionColumns(null, "meta_test", "customer"));
    assertEquals(1, version.size());
    assertEquals("ctid", version.get(0).get("COLUMN_NAME"));
    assertEquals(DatabaseMetaData.versionColumnPseudo, ((Number) version.get(0).get("PSEUDO_COLUMN")).intValue());
  }

  /** getColumns and the ResultSetMetaData of SELECT * describe each column alike. */
  @Test
  void columnsAgreeWithTheResultSetMetaDataOfASelect() throws SQLException {
    for (String table : List.of("customer", "orders", "typed")) {
      List<Map<String, Object>> columns = rows(md.getColumns(null, "meta_test", table, null));
      try (var s = connection.createStatement();
          ResultSet rs = s.executeQuery("SELECT * FROM meta_test." + table + " WHERE false")) {
        var rsmd = rs.getMetaData();
        assertEquals(columns.size(), rsmd.getColumnCount(), table);
        for (int i = 1; i <= rsmd.getColumnCount(); i++) {
          Map<String, Object> c = columns.get(i - 1);
          String where = table + "." + c.get("COLUMN_NAME");
          assertEquals(rsmd.getColumnName(i), c.get("COLUMN_NAME"), where);
          assertEquals(i, ((Number) c.get("ORDINAL_POSITION")).intValue(), where);
          // a result column has a domain's base type (RowDescription names it), getColumns the domain
          if (((Number) c.get("DATA_TYPE")).intValue() != Types.DISTINCT) {
            assertEquals(rsmd.getColumnType(i), ((Number) c.get("DATA_TYPE")).intValue(), where);
            assertEquals(rsmd.getColumnTypeName(i), c.get("TYPE_NAME"), where);
          }
        }
      }
    }
  }

  @Test
  void closingTheResultClosesItsStatement() throws SQLException {
    ResultSet rs = md.getTables(null, "meta_test", "customer", null);
    var statement = rs.getStatement();
    rs.close();
    assertTrue(statement.isClosed());
  }

  private static void expect(Map<String, Object> column, int type, String typeName, Integer size, Integer digits,
      Integer radix, int nullable) {
    assertEquals(type, ((Number) column.get("DATA_TYPE")).intValue(), column.toString());
    assertEquals(typeName, column.get("TYPE_NAME"), column.toString());
    assertEquals(size, intOrNull(column.get("COLUMN_SIZE")), "COLUMN_SIZE of " + column);
    assertEquals(digits, intOrNull(column.get("DECIMAL_DIGITS")), "DECIMAL_DIGITS of " + column);
    assertEquals(radix, intOrNull(column.get("NUM_PREC_RADIX")), "NUM_PREC_RADIX of " + column);
    assertEquals(nullable, ((Number) column.get("NULLABLE")).intValue(), column.toString());
  }

  private static Integer intOrNull(Object value) {
    return value == null ? null : ((Number) value).intValue();
  }
}
