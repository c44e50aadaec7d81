package io.sluice.jdbc.internal;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Primary keys, foreign keys and indexes, read from {@code pg_constraint} and {@code pg_index}.
 * Table arguments here are names, not patterns (as the {@link DatabaseMetaData} javadoc says).
 */
final class KeyCatalog {
  private final Connection connection;

  KeyCatalog(Connection connection) {
    this.connection = connection;
  }

  /** The javadoc orders by COLUMN_NAME; rows of one table stay together (schema, table first). */
  ResultSet primaryKeys(String catalog, String schema, String table) throws SQLException {
    return new CatalogQuery("SELECT " + TableCatalog.TABLE_IDENTITY + ", a.attname AS \"COLUMN_NAME\","
        + " k.seq::int2 AS \"KEY_SEQ\","
        + " con.conname AS \"PK_NAME\""
        + " FROM pg_catalog.pg_constraint con JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) con.conrelid"
        + " JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) c.relnamespace"
        + " CROSS JOIN LATERAL pg_catalog.unnest(con.conkey) WITH ORDINALITY AS k(attnum, seq)"
        + " JOIN pg_catalog.pg_attribute a ON a.attrelid OPERATOR(pg_catalog.=) c.oid AND a.attnum"
        + " OPERATOR(pg_catalog.=) k.attnum"
        + " WHERE con.contype OPERATOR(pg_catalog.=) 'p' AND " + TableCatalog.VISIBLE_SCHEMA)
        .catalog(catalog)
        .equal("n.nspname", schema)
        .equal("c.relname", table)
        .then(" ORDER BY \"TABLE_SCHEM\", \"TABLE_NAME\", \"COLUMN_NAME\"")
        .run(connection);
  }

  /** Keys of {@code table} pointing elsewhere, ordered by PKTABLE_CAT, PKTABLE_SCHEM, PKTABLE_NAME, KEY_SEQ. */
  ResultSet importedKeys(String catalog, String schema, String table) throws SQLException {
    return foreignKeys()
        .catalog(catalog)
        .equal("fn.nspname", schema)
        .equal("fc.relname", table)
        .then(" ORDER BY \"PKTABLE_CAT\", \"PKTABLE_SCHEM\", \"PKTABLE_NAME\", \"FK_NAME\", \"KEY_SEQ\"")
        .run(connection);
  }

  /** Keys elsewhere pointing at {@code table}, ordered by FKTABLE_CAT, FKTABLE_SCHEM, FKTABLE_NAME, KEY_SEQ. */
  ResultSet exportedKeys(String catalog, String schema, String table) throws SQLException {
    return crossReference(catalog, schema, table, null, null, null);
  }

  /** Keys of the foreign table pointing at the parent table, ordered as {@link #exportedKeys}. */
  ResultSet crossReference(String parentCatalog, String parentSchema, String parentTable, String foreignCatalog,
      String foreignSchema, String foreignTable) throws SQLException {
    return foreignKeys()
        .catalog(parentCatalog)
        .equal("pn.nspname", parentSchema)
        .equal("pc.relname", parentTable)
        .catalog(foreignCatalog)
        .equal("fn.nspname", foreignSchema)
        .equal("fc.relname", foreignTable)
        .then(" ORDER BY \"FKTABLE_CAT\", \"FKTABLE_SCHEM\", \"FKTABLE_NAME\", \"FK_NAME\", \"KEY_SEQ\"")
        .run(connection);
  }

  /**
   * Ordered by NON_UNIQUE, TYPE, INDEX_NAME and ORDINAL_POSITION. One row per key column ({@code
   * indnkeyatts}: INCLUDE columns are not part of the key); an expression column is named by its
   * text ({@code pg_get_indexdef(index, column, false)}). TYPE is tableIndexHashed for hash
   * indexes, tableIndexClustered for the one CLUSTER last used, tableIndexOther otherwise;
   * ASC_OR_DESC is NULL when the access method has no order ({@code amcanorder}). CARDINALITY and
   * PAGES are the planner's estimates ({@code reltuples}, {@code relpages}), so {@code
   * approximate} is always honoured.
   */
  ResultSet indexInfo(String catalog, String schema, String table, boolean unique) throws SQLException {
    return new CatalogQuery("SELECT " + TableCatalog.TABLE_IDENTITY + ", NOT i.indisunique AS \"NON_UNIQUE\","
        + " NULL::text AS \"INDEX_QUALIFIER\","
        + " ic.relname AS \"INDEX_NAME\","
        + " (CASE WHEN am.amname OPERATOR(pg_catalog.=) 'hash' THEN " + DatabaseMetaData.tableIndexHashed
        + " WHEN i.indisclustered THEN " + DatabaseMetaData.tableIndexClustered
        + " ELSE " + DatabaseMetaData.tableIndexOther + " END)::int2 AS \"TYPE\","
        + " (k.n OPERATOR(pg_catalog.+) 1)::int2 AS \"ORDINAL_POSITION\","
        + " CASE WHEN i.indkey[k.n] OPERATOR(pg_catalog.=) 0 THEN pg_catalog.pg_get_indexdef(i.indexrelid, k.n"
        + " OPERATOR(pg_catalog.+) 1, false)"
        + " ELSE a.attname::text END AS \"COLUMN_NAME\","
        // INDOPTION_DESC is bit 0 of indoption (src/include/catalog/pg_index.h)
        + " CASE WHEN NOT pg_catalog.pg_indexam_has_property(am.oid, 'can_order') THEN NULL"
        + " WHEN i.indoption[k.n] OPERATOR(pg_catalog.&) 1 OPERATOR(pg_catalog.=) 1 THEN 'D' ELSE 'A' END AS"
        + " \"ASC_OR_DESC\","
        + " GREATEST(ic.reltuples, 0)::int8 AS \"CARDINALITY\", ic.relpages::int8 AS \"PAGES\","
        + " pg_catalog.pg_get_expr(i.indpred, i.indrelid) AS \"FILTER_CONDITION\","
        // beyond JDBC's 13 columns (its Javadoc allows more): the index's COMMENT, as pgjdbc adds it
        + " pg_catalog.obj_description(i.indexrelid, 'pg_class') AS \"REMARKS\""
        + " FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) i.indrelid"
        + " JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) c.relnamespace"
        + " JOIN pg_catalog.pg_class ic ON ic.oid OPERATOR(pg_catalog.=) i.indexrelid"
        + " JOIN pg_catalog.pg_am am ON am.oid OPERATOR(pg_catalog.=) ic.relam"
        + " CROSS JOIN LATERAL pg_catalog.generate_series(0, i.indnkeyatts OPERATOR(pg_catalog.-) 1) AS k(n)"
        + " LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid OPERATOR(pg_catalog.=) c.oid AND a.attnum"
        + " OPERATOR(pg_catalog.=) i.indkey[k.n]"
        + " WHERE " + TableCatalog.VISIBLE_SCHEMA + (unique ? " AND i.indisunique" : ""))
        .catalog(catalog)
        .equal("n.nspname", schema)
        .equal("c.relname", table)
        .then(" ORDER BY \"NON_UNIQUE\", \"TYPE\", \"INDEX_NAME\", \"ORDINAL_POSITION\"")
        .run(connection);
  }

  /**
   * Foreign keys column by column ({@code conkey} paired with {@code confkey}). PK_NAME is the
   * constraint owning the referenced index ({@code conindid}), or the index itself when a plain
   * unique index backs the key. A key pointing at a partitioned table has a clone for each of its
   * partitions on the same referencing table (a child constraint whose parent has the same {@code
   * conrelid}); those clones are internal and left out, while the copies a partition inherits from
   * its partitioned parent are real keys of that partition and kept.
   */
  private static CatalogQuery foreignKeys() {
    return new CatalogQuery("SELECT pg_catalog.current_database() AS \"PKTABLE_CAT\", pn.nspname AS \"PKTABLE_SCHEM\","
        + " pc.relname AS \"PKTABLE_NAME\", pa.attname AS \"PKCOLUMN_NAME\","
        + " pg_catalog.current_database() AS \"FKTABLE_CAT\", fn.nspname AS \"FKTABLE_SCHEM\","
        + " fc.relname AS \"FKTABLE_NAME\", fa.attname AS \"FKCOLUMN_NAME\", k.seq::int2 AS \"KEY_SEQ\","
        + " " + rule("con.confupdtype") + " AS \"UPDATE_RULE\", " + rule("con.confdeltype") + " AS \"DELETE_RULE\","
        + " con.conname AS \"FK_NAME\", COALESCE(pk.conname, ic.relname) AS \"PK_NAME\","
        + " (CASE WHEN con.condeferrable AND con.condeferred THEN " + DatabaseMetaData.importedKeyInitiallyDeferred
        + " WHEN con.condeferrable THEN " + DatabaseMetaData.importedKeyInitiallyImmediate
        + " ELSE " + DatabaseMetaData.importedKeyNotDeferrable + " END)::int2 AS \"DEFERRABILITY\""
        + " FROM pg_catalog.pg_constraint con"
        + " JOIN pg_catalog.pg_class fc ON fc.oid OPERATOR(pg_catalog.=) con.conrelid"
        + " JOIN pg_catalog.pg_namespace fn ON fn.oid OPERATOR(pg_catalog.=) fc.relnamespace"
        + " JOIN pg_catalog.pg_class pc ON pc.oid OPERATOR(pg_catalog.=) con.confrelid"
        + " JOIN pg_catalog.pg_namespace pn ON pn.oid OPERATOR(pg_catalog.=) pc.relnamespace"
        + " CROSS JOIN LATERAL ROWS FROM (pg_catalog.unnest(con.conkey), pg_catalog.unnest(con.confkey)) WITH"
        + " ORDINALITY AS k(fk_attnum, pk_attnum, seq)"
        + " JOIN pg_catalog.pg_attribute fa ON fa.attrelid OPERATOR(pg_catalog.=) con.conrelid AND fa.attnum"
        + " OPERATOR(pg_catalog.=) k.fk_attnum"
        + " JOIN pg_catalog.pg_attribute pa ON pa.attrelid OPERATOR(pg_catalog.=) con.confrelid AND pa.attnum"
        + " OPERATOR(pg_catalog.=) k.pk_attnum"
        + " LEFT JOIN pg_catalog.pg_class ic ON ic.oid OPERATOR(pg_catalog.=) con.conindid"
        + " LEFT JOIN pg_catalog.pg_constraint pk ON pk.conindid OPERATOR(pg_catalog.=) con.conindid AND pk.conrelid"
        + " OPERATOR(pg_catalog.=) con.confrelid"
        + " AND pk.contype OPERATOR(pg_catalog.=) ANY (ARRAY['p', 'u']::\"char\"[])"
        + " WHERE con.contype OPERATOR(pg_catalog.=) 'f'"
        + " AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint parent"
        + "   WHERE parent.oid OPERATOR(pg_catalog.=) con.conparentid AND parent.conrelid OPERATOR(pg_catalog.=)"
        + " con.conrelid)");
  }

  /** confupdtype/confdeltype ({@code FKCONSTR_ACTION_*} in pg_constraint.h) as importedKey* codes. */
  private static String rule(String action) {
    return "(CASE"
        + " WHEN " + action + " OPERATOR(pg_catalog.=) 'c' THEN " + DatabaseMetaData.importedKeyCascade
        + " WHEN " + action + " OPERATOR(pg_catalog.=) 'n' THEN " + DatabaseMetaData.importedKeySetNull
        + " WHEN " + action + " OPERATOR(pg_catalog.=) 'd' THEN " + DatabaseMetaData.importedKeySetDefault
        + " WHEN " + action + " OPERATOR(pg_catalog.=) 'r' THEN " + DatabaseMetaData.importedKeyRestrict
        + " ELSE " + DatabaseMetaData.importedKeyNoAction + " END)::int2";
  }
}
