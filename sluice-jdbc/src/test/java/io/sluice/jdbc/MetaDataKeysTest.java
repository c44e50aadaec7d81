package io.sluice.jdbc;

import static io.sluice.jdbc.MetaDataSchema.column;
import static io.sluice.jdbc.MetaDataSchema.labels;
import static io.sluice.jdbc.MetaDataSchema.rows;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** DatabaseMetaData: primary keys, foreign keys (imported, exported, cross reference) and indexes. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class MetaDataKeysTest extends MetaDataTestBase {

  static final List<String> FOREIGN_KEY_LABELS = List.of("PKTABLE_CAT", "PKTABLE_SCHEM", "PKTABLE_NAME",
      "PKCOLUMN_NAME", "FKTABLE_CAT", "FKTABLE_SCHEM", "FKTABLE_NAME", "FKCOLUMN_NAME", "KEY_SEQ", "UPDATE_RULE",
      "DELETE_RULE", "FK_NAME", "PK_NAME", "DEFERRABILITY");

  @Test
  void primaryKeyColumnsOrderedByNameWithTheirKeySequence() throws SQLException {
    ResultSet rs = md.getPrimaryKeys(null, "meta_test", "orders");
    assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ", "PK_NAME"), labels(rs));
    List<Map<String, Object>> rows = rows(rs);
    assertEquals(List.of("order_no", "region"), rows.stream().map(r -> r.get("COLUMN_NAME")).toList());
    assertEquals(List.of(2, 1), rows.stream().map(r -> ((Number) r.get("KEY_SEQ")).intValue()).toList(),
        "KEY_SEQ is the place in PRIMARY KEY (region, order_no)");
    assertEquals("orders_pkey", rows.get(0).get("PK_NAME"));
    assertEquals(List.of("at", "id"), column(md.getPrimaryKeys(null, "meta_test", "event"), "COLUMN_NAME"),
        "a partitioned table's key");
    assertEquals(List.of(), column(md.getPrimaryKeys(null, "meta_test", "a_b"), "COLUMN_NAME"));
    assertEquals(List.of(), column(md.getPrimaryKeys(null, "meta_test", "a%"), "COLUMN_NAME"), "a name, not a pattern");
  }

  @Test
  void importedKeysWithRulesDeferrabilityAndKeyName() throws SQLException {
    ResultSet rs = md.getImportedKeys(null, "meta_test", "order_line");
    assertEquals(FOREIGN_KEY_LABELS, labels(rs));
    List<Map<String, Object>> rows = rows(rs);
    assertEquals(2, rows.size(), rows.toString());
    assertEquals(List.of("region", "order_no"), rows.stream().map(r -> r.get("PKCOLUMN_NAME")).toList());
    assertEquals(List.of("region", "order_no"), rows.stream().map(r -> r.get("FKCOLUMN_NAME")).toList());
    assertEquals(List.of(1, 2), rows.stream().map(r -> ((Number) r.get("KEY_SEQ")).intValue()).toList());
    Map<String, Object> first = rows.get(0);
    assertEquals("orders", first.get("PKTABLE_NAME"));
    assertEquals("order_line", first.get("FKTABLE_NAME"));
    assertEquals("line_order_fk", first.get("FK_NAME"));
    assertEquals("orders_pkey", first.get("PK_NAME"));
    assertEquals(DatabaseMetaData.importedKeyRestrict, ((Number) first.get("UPDATE_RULE")).intValue());
    assertEquals(DatabaseMetaData.importedKeyNoAction, ((Number) first.get("DELETE_RULE")).intValue());
    assertEquals(DatabaseMetaData.importedKeyInitiallyDeferred, ((Number) first.get("DEFERRABILITY")).intValue());
  }

  @Test
  void exportedKeysAndCrossReference() throws SQLException {
    List<Map<String, Object>> exported = rows(md.getExportedKeys(null, "meta_test", "customer"));
    assertEquals(1, exported.size(), exported.toString());
    Map<String, Object> key = exported.get(0);
    assertEquals("orders", key.get("FKTABLE_NAME"));
    assertEquals("customer_id", key.get("FKCOLUMN_NAME"));
    assertEquals("id", key.get("PKCOLUMN_NAME"));
    assertEquals(DatabaseMetaData.importedKeyCascade, ((Number) key.get("DELETE_RULE")).intValue());
    assertEquals(DatabaseMetaData.importedKeyNotDeferrable, ((Number) key.get("DEFERRABILITY")).intValue());
    assertEquals("customer_pkey", key.get("PK_NAME"));

    ResultSet cross = md.getCrossReference(null, "meta_test", "customer", null, "meta_test", "orders");
    assertEquals(FOREIGN_KEY_LABELS, labels(cross));
    assertEquals(List.of("customer_id"), column(cross, "FKCOLUMN_NAME"));
    assertEquals(List.of(), column(md.getCrossReference(null, "meta_test", "orders", null, "meta_test", "customer"),
        "FKCOLUMN_NAME"), "no key from customer to orders");
  }

  @Test
  void aKeyToAPartitionedTableIsReportedOnceNotOncePerPartition() throws SQLException {
    List<Map<String, Object>> imported = rows(md.getImportedKeys(null, "meta_test", "event_ref"));
    assertEquals(2, imported.size(), imported.toString());
    assertEquals(List.of("event", "event"), imported.stream().map(r -> r.get("PKTABLE_NAME")).toList());
    assertEquals("event_pkey", imported.get(0).get("PK_NAME"));
    List<Map<String, Object>> exported = rows(md.getExportedKeys(null, "meta_test", "event"));
    assertEquals(List.of("id", "at"), exported.stream().map(r -> r.get("FKCOLUMN_NAME")).toList());
    assertEquals(List.of(), rows(md.getExportedKeys(null, "meta_test", "event_2024")),
        "the clones pointing at each partition are internal");
  }

  @Test
  void indexesOrderedByUniquenessTypeAndNameWithOrderExpressionsAndPredicates() throws SQLException {
    ResultSet rs = md.getIndexInfo(null, "meta_test", "customer", false, true);
    assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "NON_UNIQUE", "INDEX_QUALIFIER", "INDEX_NAME",
        "TYPE", "ORDINAL_POSITION", "COLUMN_NAME", "ASC_OR_DESC", "CARDINALITY", "PAGES", "FILTER_CONDITION",
        "REMARKS"), labels(rs), "JDBC's 13 columns, then the index's comment");
    List<Map<String, Object>> rows = rows(rs);
    List<String> described = rows.stream().map(r -> r.get("INDEX_NAME") + ":" + r.get("ORDINAL_POSITION") + ":"
        + r.get("COLUMN_NAME") + ":" + r.get("ASC_OR_DESC") + ":" + r.get("NON_UNIQUE") + ":" + r.get("TYPE"))
        .toList();
    assertEquals(List.of(
        "customer_email_lower:1:lower((email)::text):A:false:3",
        "customer_pkey:1:id:A:false:3",
        "customer_code_hash:1:code:null:true:2",
        "customer_created_idx:1:created:D:true:3",
        "customer_created_idx:2:name:A:true:3"), described);
    assertEquals("(born IS NOT NULL)", rows.get(3).get("FILTER_CONDITION"));
    assertNull(rows.get(0).get("FILTER_CONDITION"));
    List<String> unique = column(md.getIndexInfo(null, "meta_test", "customer", true, false), "INDEX_NAME");
    assertEquals(List.of("customer_email_lower", "customer_pkey"), unique);
  }
}
