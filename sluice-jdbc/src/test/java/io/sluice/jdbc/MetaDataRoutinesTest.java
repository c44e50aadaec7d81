package io.sluice.jdbc;

import static io.sluice.jdbc.MetaDataSchema.column;
import static io.sluice.jdbc.MetaDataSchema.labels;
import static io.sluice.jdbc.MetaDataSchema.rows;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** DatabaseMetaData: procedures, functions and their parameters and result columns. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class MetaDataRoutinesTest extends MetaDataTestBase {

  @Test
  void proceduresListProceduresOnly() throws SQLException {
    ResultSet rs = md.getProcedures(null, "meta_test", "%");
    assertEquals(List.of("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "RESERVED4", "RESERVED5",
        "RESERVED6", "REMARKS", "PROCEDURE_TYPE", "SPECIFIC_NAME"), labels(rs));
    List<Map<String, Object>> rows = rows(rs);
    assertEquals(List.of("archive"), rows.stream().map(r -> r.get("PROCEDURE_NAME")).toList(),
        "functions are getFunctions'");
    assertEquals(DatabaseMetaData.procedureNoResult, ((Number) rows.get(0).get("PROCEDURE_TYPE")).intValue());
    assertTrue(((String) rows.get(0).get("SPECIFIC_NAME")).startsWith("archive_"));
  }

  @Test
  void functionsLeaveProceduresOut() throws SQLException {
    ResultSet rs = md.getFunctions(null, "meta_test", null);
    assertEquals(List.of("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "REMARKS", "FUNCTION_TYPE",
        "SPECIFIC_NAME"), labels(rs));
    List<Map<String, Object>> rows = rows(rs);
    assertEquals(List.of("add_tax", "customers_since", "split_name"),
        rows.stream().map(r -> r.get("FUNCTION_NAME")).toList());
    assertEquals(DatabaseMetaData.functionNoTable, ((Number) rows.get(0).get("FUNCTION_TYPE")).intValue());
    assertEquals(DatabaseMetaData.functionReturnsTable, ((Number) rows.get(1).get("FUNCTION_TYPE")).intValue());
    assertTrue(column(md.getFunctions(null, "pg_catalog", "count"), "FUNCTION_NAME").contains("count"),
        "aggregates are functions");
  }

  @Test
  void procedureColumnsReturnValueFirstThenParametersThenResultColumns() throws SQLException {
    ResultSet rs = md.getProcedureColumns(null, "meta_test", "%", null);
    assertEquals(List.of("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "COLUMN_NAME", "COLUMN_TYPE",
        "DATA_TYPE", "TYPE_NAME", "PRECISION", "LENGTH", "SCALE", "RADIX", "NULLABLE", "REMARKS", "COLUMN_DEF",
        "SQL_DATA_TYPE", "SQL_DATETIME_SUB", "CHAR_OCTET_LENGTH", "ORDINAL_POSITION", "IS_NULLABLE",
        "SPECIFIC_NAME"), labels(rs));
    List<String> described = rows(rs).stream().map(r -> r.get("PROCEDURE_NAME") + "." + r.get("COLUMN_NAME") + ":"
        + r.get("COLUMN_TYPE") + ":" + r.get("DATA_TYPE") + ":" + r.get("ORDINAL_POSITION")).toList();
    assertEquals(List.of(
        "add_tax.returnValue:" + DatabaseMetaData.procedureColumnReturn + ":" + Types.NUMERIC + ":0",
        "add_tax.amount:" + DatabaseMetaData.procedureColumnIn + ":" + Types.NUMERIC + ":1",
        "add_tax.rate:" + DatabaseMetaData.procedureColumnIn + ":" + Types.NUMERIC + ":2",
        "archive.before:" + DatabaseMetaData.procedureColumnIn + ":" + Types.DATE + ":1",
        "archive.moved:" + DatabaseMetaData.procedureColumnInOut + ":" + Types.INTEGER + ":2",
        "customers_since.since:" + DatabaseMetaData.procedureColumnIn + ":" + Types.DATE + ":1",
        "customers_since.id:" + DatabaseMetaData.procedureColumnResult + ":" + Types.BIGINT + ":1",
        "customers_since.email:" + DatabaseMetaData.procedureColumnResult + ":" + Types.VARCHAR + ":2",
        "split_name.full_name:" + DatabaseMetaData.procedureColumnIn + ":" + Types.VARCHAR + ":1",
        "split_name.first:" + DatabaseMetaData.procedureColumnOut + ":" + Types.VARCHAR + ":2",
        "split_name.last:" + DatabaseMetaData.procedureColumnOut + ":" + Types.VARCHAR + ":3"), described);
    List<Map<String, Object>> rate = rows(md.getProcedureColumns(null, "meta_test", "add_tax", "ra%"));
    assertEquals(1, rate.size());
    assertEquals("0.2", rate.get(0).get("COLUMN_DEF"), "the parameter's DEFAULT");
    assertNull(rows(md.getProcedureColumns(null, "meta_test", "add_tax", "amount")).get(0).get("COLUMN_DEF"));
  }

  @Test
  void functionColumnsUseTheFunctionCodes() throws SQLException {
    ResultSet rs = md.getFunctionColumns(null, "meta_test", "%", "%");
    assertEquals(List.of("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "COLUMN_NAME", "COLUMN_TYPE",
        "DATA_TYPE", "TYPE_NAME", "PRECISION", "LENGTH", "SCALE", "RADIX", "NULLABLE", "REMARKS",
        "CHAR_OCTET_LENGTH", "ORDINAL_POSITION", "IS_NULLABLE", "SPECIFIC_NAME"), labels(rs));
    List<String> described = rows(rs).stream().map(r -> r.get("FUNCTION_NAME") + "." + r.get("COLUMN_NAME") + ":"
        + r.get("COLUMN_TYPE")).toList();
    assertEquals(List.of(
        "add_tax.returnValue:" + DatabaseMetaData.functionReturn,
        "add_tax.amount:" + DatabaseMetaData.functionColumnIn,
        "add_tax.rate:" + DatabaseMetaData.functionColumnIn,
        "customers_since.since:" + DatabaseMetaData.functionColumnIn,
        "customers_since.id:" + DatabaseMetaData.functionColumnResult,
        "customers_since.email:" + DatabaseMetaData.functionColumnResult,
        "split_name.full_name:" + DatabaseMetaData.functionColumnIn,
        "split_name.first:" + DatabaseMetaData.functionColumnOut,
        "split_name.last:" + DatabaseMetaData.functionColumnOut), described);
  }

  @Test
  void overloadsAreToldApartBySpecificName() throws SQLException {
    try (var s = connection.createStatement()) {
      s.execute("CREATE OR REPLACE FUNCTION meta_other.twice(x int) RETURNS int LANGUAGE sql AS $$ SELECT x * 2 $$");
      s.execute("CREATE OR REPLACE FUNCTION meta_other.twice(x text) RETURNS text LANGUAGE sql AS $$ SELECT x || x $$");
    }
    List<String> specific = column(md.getFunctions(null, "meta_other", "twice"), "SPECIFIC_NAME");
    assertEquals(2, specific.size());
    assertNotEquals(specific.get(0), specific.get(1));
    List<Map<String, Object>> columns = rows(md.getFunctionColumns(null, "meta_other", "twice", "x"));
    assertEquals(2, columns.size());
    assertEquals(List.of(specific.get(0), specific.get(1)),
        columns.stream().map(r -> (String) r.get("SPECIFIC_NAME")).toList(), "ordered by SPECIFIC_NAME");
  }
}
