package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 35 §3 and §4: a type off the search path is named {@code "schema"."name"} (both parts
 * always quoted, as pgjdbc's TypeInfoCache names them), and a domain column is DISTINCT with its
 * base type as SOURCE_DATA_TYPE, in getColumns and in a result's metadata alike.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class MetaDataTypeNamesTest extends MetaDataTestBase {

  @BeforeAll
  static void types() throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute("DROP SCHEMA IF EXISTS \"Meta Elsewhere\" CASCADE");
      s.execute("CREATE SCHEMA \"Meta Elsewhere\"");
      s.execute("CREATE TYPE \"Meta Elsewhere\".\"My\"\"Enum\" AS ENUM ('a', 'b')");
      s.execute("CREATE TYPE meta_other.plain_enum AS ENUM ('x')");
      s.execute("CREATE TABLE meta_other.typed_elsewhere (e \"Meta Elsewhere\".\"My\"\"Enum\"[],"
          + " p meta_other.plain_enum[], d meta_test.positive_int)");
    }
  }

  private static List<Map<String, Object>> columns() throws SQLException {
    return MetaDataSchema.rows(md.getColumns(null, "meta_other", "typed_elsewhere", null));
  }

  @Test
  void arraysOfEnumsOffTheSearchPathAreQuotedAsPgjdbcQuotesThem() throws SQLException {
    List<Map<String, Object>> rows = columns();
    assertEquals("\"Meta Elsewhere\".\"_My\"\"Enum\"", rows.get(0).get("TYPE_NAME"));
    assertEquals(Types.ARRAY, ((Number) rows.get(0).get("DATA_TYPE")).intValue());
    assertEquals("\"meta_other\".\"_plain_enum\"", rows.get(1).get("TYPE_NAME"), "lower case is quoted too");
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT e, p FROM meta_other.typed_elsewhere")) {
      assertEquals("\"Meta Elsewhere\".\"_My\"\"Enum\"", rs.getMetaData().getColumnTypeName(1));
      assertEquals("\"meta_other\".\"_plain_enum\"", rs.getMetaData().getColumnTypeName(2));
    }
  }

  @Test
  void aDomainColumnIsDistinctWithItsBaseTypeAsSource() throws SQLException {
    Map<String, Object> d = columns().get(2);
    assertEquals(Types.DISTINCT, ((Number) d.get("DATA_TYPE")).intValue());
    assertEquals(Types.INTEGER, ((Number) d.get("SOURCE_DATA_TYPE")).intValue());
    assertNull(columns().get(0).get("SOURCE_DATA_TYPE"), "only a DISTINCT type has a source type");
    List<Map<String, Object>> udts = MetaDataSchema.rows(md.getUDTs(null, "meta_test", "positive_int", null));
    assertEquals(Types.DISTINCT, ((Number) udts.get(0).get("DATA_TYPE")).intValue());
    assertEquals(Types.INTEGER, ((Number) udts.get(0).get("BASE_TYPE")).intValue());
  }
}
