package io.sluice.jdbc;

import static io.sluice.jdbc.MetaDataSchema.column;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 35 §2: {@code ""} as a catalog or schema retrieves the objects "without a catalog/schema"
 * (DatabaseMetaData javadoc), of which PostgreSQL has none, so it selects nothing; {@code null}
 * does not narrow the search.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class MetaDataEmptyPatternTest extends MetaDataTestBase {

  @Test
  void emptyCatalogOrSchemaSelectsNothing() throws SQLException {
    assertEquals(List.of(), column(md.getTables("", null, "customer", null), "TABLE_NAME"));
    assertEquals(List.of(), column(md.getTables(null, "", "customer", null), "TABLE_NAME"));
    assertEquals(List.of(), column(md.getColumns("", "", "customer", "%"), "COLUMN_NAME"));
    assertEquals(List.of(), column(md.getSchemas("", null), "TABLE_SCHEM"));
    assertEquals(List.of(), column(md.getSchemas(null, ""), "TABLE_SCHEM"));
    assertEquals(List.of(), column(md.getPrimaryKeys(null, "", "customer"), "COLUMN_NAME"));
    assertEquals(List.of(), column(md.getIndexInfo(null, "", "customer", false, true), "INDEX_NAME"));
    assertEquals(List.of(), column(md.getProcedures(null, "", "%"), "PROCEDURE_NAME"));
  }

  @Test
  void nullDoesNotNarrow() throws SQLException {
    assertTrue(column(md.getTables(null, null, "customer", null), "TABLE_SCHEM").contains(MetaDataSchema.SCHEMA));
    assertTrue(column(md.getPrimaryKeys(null, null, "customer"), "TABLE_SCHEM").contains(MetaDataSchema.SCHEMA));
    assertFalse(column(md.getColumns(null, null, "customer", null), "COLUMN_NAME").isEmpty());
  }
}
