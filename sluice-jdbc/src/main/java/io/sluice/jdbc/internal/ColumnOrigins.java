package io.sluice.jdbc.internal;

import io.sluice.Column;
import io.sluice.Row;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a result's columns come from: for each column the server tied to a table attribute
 * (RowDescription's table OID and attribute number), that table's name and schema, whether the
 * attribute is NOT NULL, and whether it is generated (an identity, or a default drawn from a
 * sequence, as {@code serial} makes). One catalog query for every table of the result. When the
 * connection cannot answer (a result streams on this thread), origins are unknown.
 */
final class ColumnOrigins {
  /** {@code serial}: made by a serial type ({@link SerialTypes}), so named by it; {@code column} the attribute's name. */
  record Origin(String schema, String table, boolean notNull, boolean generated, boolean serial, String column) {}

  private final Map<Long, Origin> byAttribute;

  private ColumnOrigins(Map<Long, Origin> byAttribute) {
    this.byAttribute = byAttribute;
  }

  private static long key(int tableOid, int attnum) {
    return ((tableOid & 0xFFFF_FFFFL) << 16) | (attnum & 0xFFFF);
  }

  static ColumnOrigins of(List<Column> columns, io.sluice.Connection connection) {
    Set<Long> tables = new LinkedHashSet<>();
    for (Column c : columns) {
      if (c.tableOid() != 0) {
        tables.add(c.tableOid() & 0xFFFF_FFFFL);
      }
    }
    Map<Long, Origin> m = new HashMap<>();
    if (tables.isEmpty()) {
      return new ColumnOrigins(m);
    }
    try {
      for (Row r : connection.query("select c.oid::int8, a.attnum::int4, n.nspname::text, c.relname::text,"
          + " a.attnotnull,"
          + " a.attidentity OPERATOR(pg_catalog.<>) '' or coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid)"
          + " OPERATOR(pg_catalog.~~) 'nextval(%', false), "
          + SerialTypes.isSerial("a.attrelid", "a.attnum", "pg_catalog.pg_get_expr(d.adbin, d.adrelid)")
          + ", a.attname::text"
          + " from pg_catalog.pg_attribute a join pg_catalog.pg_class c on c.oid OPERATOR(pg_catalog.=) a.attrelid"
          + " join pg_catalog.pg_namespace n on n.oid OPERATOR(pg_catalog.=) c.relnamespace"
          + " left join pg_catalog.pg_attrdef d on d.adrelid OPERATOR(pg_catalog.=) a.attrelid and d.adnum"
          + " OPERATOR(pg_catalog.=) a.attnum"
          + " where a.attrelid OPERATOR(pg_catalog.=) any($1::int8[]::oid[]) and a.attnum OPERATOR(pg_catalog.>)"
          + " 0", (Object) tables.toArray(new Long[0]))) {
        m.put(key((int) r.getLong(0), r.getInt(1)),
            new Origin(r.getString(2), r.getString(3), r.getBoolean(4), r.getBoolean(5),
            r.getBoolean(6), r.getString(7)));
      }
    } catch (io.sluice.SluiceException | IllegalStateException e) {
      // unknown origins: the metadata says "unknown" rather than failing the caller
    }
    return new ColumnOrigins(m);
  }

  Origin of(Column c) {
    return c.tableOid() == 0 ? null : byAttribute.get(key(c.tableOid(), c.columnNumber()));
  }
}
