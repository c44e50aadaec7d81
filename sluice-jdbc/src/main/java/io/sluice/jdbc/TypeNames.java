package io.sluice.jdbc;

import java.sql.Types;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Type names and JDBC codes for a connection's OIDs: the built-in types from {@link JdbcTypes},
 * the others (enums, domains, composites, extension types) from {@code pg_type}, asked once per
 * OID and kept for the connection's life.
 */
final class TypeNames {
  private record Entry(String name, int sqlType) {}

  private final io.sluice.Connection connection;
  private final ConcurrentHashMap<Integer, Entry> looked = new ConcurrentHashMap<>();

  TypeNames(io.sluice.Connection connection) {
    this.connection = connection;
  }

  String name(int oid) {
    JdbcTypes.Type t = JdbcTypes.builtIn(oid);
    return t != null ? t.name() : lookUp(oid).name();
  }

  int sqlType(int oid) {
    JdbcTypes.Type t = JdbcTypes.builtIn(oid);
    return t != null ? t.sqlType() : lookUp(oid).sqlType();
  }

  /**
   * A type from pg_type. Asked on the calling thread's turn on the connection; when the connection
   * cannot answer now (its thread is streaming a result), the type is reported by OID, as OTHER.
   */
  private Entry lookUp(int oid) {
    Entry e = looked.get(oid);
    if (e != null) {
      return e;
    }
    try {
      var rows = connection.query("select typname::text, typcategory::text from pg_catalog.pg_type where oid = $1::int8::oid",
          oid & 0xFFFF_FFFFL);
      if (rows.isEmpty()) {
        return new Entry("oid " + (oid & 0xFFFF_FFFFL), Types.OTHER);
      }
      e = new Entry(rows.get(0).getString(0), "A".equals(rows.get(0).getString(1)) ? Types.ARRAY : Types.OTHER);
      looked.put(oid, e);
      return e;
    } catch (io.sluice.SluiceException | IllegalStateException ex) {
      return new Entry("oid " + (oid & 0xFFFF_FFFFL), Types.OTHER);
    }
  }
}
