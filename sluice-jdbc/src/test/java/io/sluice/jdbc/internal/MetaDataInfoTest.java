package io.sluice.jdbc.internal;

import io.sluice.jdbc.MetaDataTestBase;
import static io.sluice.jdbc.MetaDataSchema.column;
import static io.sluice.jdbc.MetaDataSchema.labels;
import static io.sluice.jdbc.MetaDataSchema.rows;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** DatabaseMetaData: product and driver facts, identifier rules, capabilities, types and empty hierarchies. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class MetaDataInfoTest extends MetaDataTestBase {

  @Test
  void productVersionFromTheServer() throws SQLException {
    PostgresServer pg = PostgresServer.shared();
    assertEquals("PostgreSQL", md.getDatabaseProductName());
    assertTrue(md.getDatabaseProductVersion().startsWith(pg.version()), md.getDatabaseProductVersion());
    assertEquals(pg.majorVersion(), md.getDatabaseMajorVersion());
    String minor = pg.version().split("\\.")[1];
    assertEquals(Integer.parseInt(minor.replaceAll("[^0-9].*", "")), md.getDatabaseMinorVersion());
  }

  @Test
  void driverFactsAndJdbcVersion() throws SQLException {
    assertEquals(DriverVersion.NAME, md.getDriverName());
    assertEquals(DriverVersion.text(), md.getDriverVersion());
    assertEquals(DriverVersion.MAJOR, md.getDriverMajorVersion());
    assertEquals(DriverVersion.MINOR, md.getDriverMinorVersion());
    assertEquals(4, md.getJDBCMajorVersion());
    assertEquals(3, md.getJDBCMinorVersion());
    assertSame(connection, md.getConnection());
  }

  @Test
  void urlAndUserName() throws SQLException {
    assertNull(md.getURL(), "the one-argument form does not know the URL");
    assertEquals("jdbc:postgresql://h/db", new SluiceDatabaseMetaData(connection, "jdbc:postgresql://h/db").getURL());
    assertEquals(PostgresServer.shared().superuser(), md.getUserName());
  }

  @Test
  void theConnectionKeepsOneMetaDataThatKnowsItsUrl() throws SQLException {
    PostgresServer pg = PostgresServer.shared();
    DatabaseMetaData own = connection.getMetaData();
    assertInstanceOf(SluiceDatabaseMetaData.class, own);
    assertSame(own, connection.getMetaData());
    assertEquals("jdbc:postgresql://" + pg.host() + ":" + pg.port() + "/" + pg.database(), own.getURL(),
        "hosts and database only: no user or password");
    assertSame(connection, own.getConnection());
  }

  @Test
  void unquotedIdentifiersAreStoredInLowerCase() throws SQLException {
    assertTrue(md.storesLowerCaseIdentifiers());
    assertFalse(md.storesUpperCaseIdentifiers());
    assertFalse(md.storesMixedCaseIdentifiers());
    assertFalse(md.supportsMixedCaseIdentifiers());
    assertTrue(md.supportsMixedCaseQuotedIdentifiers());
    assertFalse(md.storesMixedCaseQuotedIdentifiers());
    assertFalse(md.storesLowerCaseQuotedIdentifiers());
    assertFalse(md.storesUpperCaseQuotedIdentifiers());
    assertEquals("\"", md.getIdentifierQuoteString());
    assertEquals("\\", md.getSearchStringEscape());
    assertEquals(63, md.getMaxColumnNameLength(), "NAMEDATALEN - 1");
    assertEquals(63, md.getMaxTableNameLength());
    assertEquals(32, md.getMaxColumnsInIndex(), "INDEX_MAX_KEYS");
    assertTrue(md.getMaxConnections() > 0);
  }

  @Test
  void keywordsArePostgresKeywordsOutsideSql2003() throws SQLException {
    List<String> keywords = Arrays.asList(md.getSQLKeywords().split(","));
    assertTrue(keywords.containsAll(List.of("limit", "offset", "returning", "ilike", "analyze", "reindex")),
        keywords.toString());
    assertFalse(keywords.contains("select"), "an SQL:2003 keyword");
    assertFalse(keywords.contains("from"));
  }

  @Test
  void capabilitiesTheDriverHas() throws SQLException {
    assertTrue(md.supportsTransactions());
    assertTrue(md.supportsSavepoints());
    assertTrue(md.supportsBatchUpdates());
    assertTrue(md.supportsGetGeneratedKeys());
    assertTrue(md.supportsMultipleResultSets());
    assertTrue(md.supportsStoredProcedures());
    assertTrue(md.supportsStoredFunctionsUsingCallSyntax());
    assertTrue(md.supportsDataDefinitionAndDataManipulationTransactions());
    assertFalse(md.dataDefinitionCausesTransactionCommit());
    for (int level : new int[] {Connection.TRANSACTION_READ_UNCOMMITTED, Connection.TRANSACTION_READ_COMMITTED,
        Connection.TRANSACTION_REPEATABLE_READ, Connection.TRANSACTION_SERIALIZABLE}) {
      assertTrue(md.supportsTransactionIsolationLevel(level), "level " + level);
    }
    assertFalse(md.supportsTransactionIsolationLevel(Connection.TRANSACTION_NONE));
    assertEquals(Connection.TRANSACTION_READ_COMMITTED, md.getDefaultTransactionIsolation());
    assertTrue(md.supportsResultSetType(ResultSet.TYPE_FORWARD_ONLY));
    assertTrue(md.supportsResultSetConcurrency(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY));
    assertTrue(md.supportsResultSetType(ResultSet.TYPE_SCROLL_INSENSITIVE));
    assertFalse(md.supportsResultSetType(ResultSet.TYPE_SCROLL_SENSITIVE));
    assertTrue(md.supportsResultSetConcurrency(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_UPDATABLE));
    assertFalse(md.supportsResultSetConcurrency(ResultSet.TYPE_SCROLL_SENSITIVE, ResultSet.CONCUR_UPDATABLE));
    assertTrue(md.ownUpdatesAreVisible(ResultSet.TYPE_SCROLL_INSENSITIVE));
    assertFalse(md.updatesAreDetected(ResultSet.TYPE_SCROLL_INSENSITIVE));
    assertEquals(connection.getHoldability(), md.getResultSetHoldability());
    assertEquals(DatabaseMetaData.sqlStateSQL, md.getSQLStateType());
    assertEquals(RowIdLifetime.ROWID_UNSUPPORTED, md.getRowIdLifetime());
    assertTrue(md.nullsAreSortedHigh());
    assertFalse(md.isReadOnly());
    assertTrue(md.isWrapperFor(DatabaseMetaData.class));
    assertSame(md, md.unwrap(SluiceDatabaseMetaData.class));
    assertThrows(SQLException.class, () -> md.unwrap(String.class));
  }

  @Test
  void typeInfoOrderedByCodeThenClosestMatch() throws SQLException {
    ResultSet rs = md.getTypeInfo();
    assertEquals(List.of("TYPE_NAME", "DATA_TYPE", "PRECISION", "LITERAL_PREFIX", "LITERAL_SUFFIX",
        "CREATE_PARAMS", "NULLABLE", "CASE_SENSITIVE", "SEARCHABLE", "UNSIGNED_ATTRIBUTE", "FIXED_PREC_SCALE",
        "AUTO_INCREMENT", "LOCAL_TYPE_NAME", "MINIMUM_SCALE", "MAXIMUM_SCALE", "SQL_DATA_TYPE", "SQL_DATETIME_SUB",
        "NUM_PREC_RADIX"), labels(rs));
    List<Map<String, Object>> rows = rows(rs);
    List<Integer> codes = rows.stream().map(r -> ((Number) r.get("DATA_TYPE")).intValue()).toList();
    assertEquals(codes.stream().sorted().toList(), codes, "ordered by DATA_TYPE");
    List<String> varchar = rows.stream().filter(r -> ((Number) r.get("DATA_TYPE")).intValue() == Types.VARCHAR)
        .map(r -> (String) r.get("TYPE_NAME")).toList();
    assertEquals(List.of("varchar", "text", "name"), varchar.subList(0, 3), "closest match first");
    Map<String, Object> numeric = rows.stream().filter(r -> r.get("TYPE_NAME").equals("numeric")).findFirst()
        .orElseThrow();
    assertEquals("precision,scale", numeric.get("CREATE_PARAMS"));
    assertEquals(1000, ((Number) numeric.get("PRECISION")).intValue());
    assertNull(numeric.get("LITERAL_PREFIX"));
    Map<String, Object> date = rows.stream().filter(r -> r.get("TYPE_NAME").equals("date")).findFirst().orElseThrow();
    assertEquals("'", date.get("LITERAL_PREFIX"));
    assertTrue(rows.stream().anyMatch(r -> r.get("TYPE_NAME").equals("\"meta_test\".\"point3\"")), "composite types too");
    Map<String, Object> domain = rows.stream().filter(r -> r.get("TYPE_NAME").equals("\"meta_test\".\"positive_int\""))
        .findFirst().orElseThrow();
    assertEquals(Types.DISTINCT, ((Number) domain.get("DATA_TYPE")).intValue());
    assertTrue(rows.stream().noneMatch(r -> r.get("TYPE_NAME").equals("meta_test.customer")),
        "not the row types of tables");
  }

  @Test
  void userDefinedTypesAreCompositesAndDomains() throws SQLException {
    ResultSet rs = md.getUDTs(null, "meta_test", "%", null);
    assertEquals(List.of("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "CLASS_NAME", "DATA_TYPE", "REMARKS", "BASE_TYPE"),
        labels(rs));
    List<Map<String, Object>> rows = rows(rs);
    assertEquals(List.of("positive_int", "point3"), rows.stream().map(r -> r.get("TYPE_NAME")).toList(),
        "ordered by DATA_TYPE: DISTINCT (2001) before STRUCT (2002)");
    assertEquals(Types.INTEGER, ((Number) rows.get(0).get("BASE_TYPE")).intValue());
    assertNull(rows.get(1).get("BASE_TYPE"));
    assertEquals(List.of("point3"), column(md.getUDTs(null, "meta_test", "%", new int[] {Types.STRUCT}), "TYPE_NAME"));
    assertEquals(List.of(), column(md.getUDTs(null, "meta_test", "%", new int[] {Types.JAVA_OBJECT}), "TYPE_NAME"));
  }

  @Test
  void superTablesFromInheritance() throws SQLException {
    ResultSet rs = md.getSuperTables(null, "meta_test", "%");
    assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "SUPERTABLE_NAME"), labels(rs));
    List<Map<String, Object>> rows = rows(rs);
    assertEquals(List.of("event_2024:event", "event_2025:event"),
        rows.stream().map(r -> r.get("TABLE_NAME") + ":" + r.get("SUPERTABLE_NAME")).toList());
  }

  @Test
  void hierarchiesPostgresHasNotAreEmptyWithTheirColumns() throws SQLException {
    ResultSet superTypes = md.getSuperTypes(null, "meta_test", "%");
    assertEquals(List.of("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SUPERTYPE_CAT", "SUPERTYPE_SCHEM",
        "SUPERTYPE_NAME"), labels(superTypes));
    assertEquals(List.of(), rows(superTypes));
    ResultSet attributes = md.getAttributes(null, "meta_test", "%", "%");
    assertEquals(21, labels(attributes).size());
    assertEquals("ATTR_NAME", labels(attributes).get(3));
    assertEquals(List.of(), rows(attributes));
    ResultSet pseudo = md.getPseudoColumns(null, "meta_test", "%", "%");
    assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE", "COLUMN_SIZE",
        "DECIMAL_DIGITS", "NUM_PREC_RADIX", "COLUMN_USAGE", "REMARKS", "CHAR_OCTET_LENGTH", "IS_NULLABLE"),
        labels(pseudo));
    assertEquals(List.of(), rows(pseudo));
  }

  @Test
  void clientInfoPropertiesNameApplicationName() throws SQLException {
    ResultSet rs = md.getClientInfoProperties();
    assertEquals(List.of("NAME", "MAX_LEN", "DEFAULT_VALUE", "DESCRIPTION"), labels(rs));
    List<Map<String, Object>> rows = rows(rs);
    assertEquals(1, rows.size());
    assertEquals("ApplicationName", rows.get(0).get("NAME"));
    assertEquals(63, ((Number) rows.get(0).get("MAX_LEN")).intValue());
  }

  @Test
  void schemaQuotingSurvivesHostileConstants() {
    assertEquals("E'it''s \\\\ fine'", ConstantRows.literal("it's \\ fine"));
    assertEquals("NULL", ConstantRows.literal(null));
    assertThrows(IllegalArgumentException.class, () -> ConstantRows.literal(new Object()));
  }
}
