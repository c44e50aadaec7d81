package io.sluice.jdbc.internal;

import java.sql.Types;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Type names and JDBC codes for a connection's OIDs: the built-in types from {@link JdbcTypes},
 * the others (enums, domains, composites, extension types) from {@code pg_type}, asked once per
 * OID and kept for the connection's life.
 */
final class TypeNames {
  private record Entry(String name, int sqlType) {}

  private final SluiceConnection connection;
  private final ConcurrentHashMap<Integer, Entry> looked = new ConcurrentHashMap<>();
  /** Callers' type names found by {@link #castFor}, with their casts. */
  private final ConcurrentHashMap<String, String> casts = new ConcurrentHashMap<>();

  TypeNames(SluiceConnection connection) {
    this.connection = connection;
  }

  String name(int oid) {
    JdbcTypes.Type t = JdbcTypes.builtIn(oid);
    return t != null ? t.name() : lookUp(oid).name();
  }

  /**
   * The element type's name of an array type named {@code arrayName} ({@code _int4}, {@code
   * "s"."_t"}): PostgreSQL names an array type with an underscore before its element's name, which
   * is the unqualified, perhaps quoted, last part here.
   */
  static String elementName(String arrayName) {
    int last = arrayName.lastIndexOf("\".\"");
    int start = last >= 0 ? last + 2 : 0;
    if (arrayName.startsWith("\"_", start)) {
      return arrayName.substring(0, start + 1) + arrayName.substring(start + 2);
    }
    return arrayName.startsWith("_", start) ? arrayName.substring(0, start) + arrayName.substring(start + 1) : arrayName;
  }

  /**
   * An unquoted lower-case identifier or a double-quoted one (its quotes doubled inside), with at
   * most one schema before it: the names {@link #name} gives. Such a name can be written into SQL
   * as a type (a cast) and cannot end it early; any other text (a caller's) must not be.
   */
  private static final java.util.regex.Pattern SQL_TYPE_NAME = java.util.regex.Pattern.compile(
      "(?:(?:\"(?:[^\"\\x00]|\"\")+\"|[a-z_][a-z0-9_$]*)\\.)?(?:\"(?:[^\"\\x00]|\"\")+\"|[a-z_][a-z0-9_$]*)");

  /** Whether {@code name} is safe to write into SQL as a type name ({@link #SQL_TYPE_NAME}). */
  static boolean spliceable(String name) {
    return name != null && name.length() <= 200 && SQL_TYPE_NAME.matcher(name).matches();
  }

  int sqlType(int oid) {
    JdbcTypes.Type t = JdbcTypes.builtIn(oid);
    return t != null ? t.sqlType() : lookUp(oid).sqlType();
  }

  /**
   * A type's name as DatabaseMetaData's TYPE_NAME gives it (schema-qualified when the type is not
   * on the search path), its category and its kind.
   */
  private static final String LOOK_UP = "select " + TableCatalog.typeName("t") + ","
      + " t.typcategory::text, t.typtype::text from pg_catalog.pg_type t"
      + " where t.oid OPERATOR(pg_catalog.=) $1::int8::oid";

  /** The type a caller names, as the server reads the name ({@code to_regtype}), written as SQL names it. */
  private static final String BY_NAME = "select pg_catalog.format_type(t.oid, NULL) from pg_catalog.pg_type t"
      + " where t.oid OPERATOR(pg_catalog.=) pg_catalog.to_regtype($1)";

  /**
   * The type a caller names ({@code simplecompositetest}, {@code "S"."T"}: a {@code PGobject}'s
   * type) as a cast, so that the parameter is of that type, as pgjdbc sends a PGobject with its
   * type's OID. Only a name {@link #spliceable} as written is asked (to_regtype raises on bad
   * syntax before PostgreSQL 16, which would abort a transaction), and the cast is the server's
   * own writing of it ({@code format_type}). Empty when the server knows no such type, or cannot
   * be asked now: then the parameter goes untyped, for the server to read as its place needs.
   */
  java.util.Optional<String> castFor(String typeName) {
    if (!spliceable(typeName)) {
      return java.util.Optional.empty();
    }
    String known = casts.get(typeName);
    if (known != null) {
      return java.util.Optional.of(known);
    }
    try {
      var rows = connection.inSession(s -> s.query(BY_NAME, typeName));
      if (rows.isEmpty()) {
        return java.util.Optional.empty();   // not kept: the type may be created later
      }
      casts.put(typeName, rows.get(0).getString(0));
      return java.util.Optional.of(rows.get(0).getString(0));
    } catch (io.sluice.SluiceException | IllegalStateException | java.sql.SQLException ex) {
      return java.util.Optional.empty();
    }
  }

  /** As pgjdbc and getColumns: arrays ARRAY, composites STRUCT, enums VARCHAR, the rest OTHER. */
  private static int sqlType(String category, String kind) {
    if ("A".equals(category)) {
      return Types.ARRAY;
    }
    return switch (kind) {
      case "c" -> Types.STRUCT;
      case "e" -> Types.VARCHAR;
      default -> Types.OTHER;
    };
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
      var rows = connection.inSession(s -> s.query(LOOK_UP, oid & 0xFFFF_FFFFL));
      if (rows.isEmpty()) {
        return new Entry("oid " + (oid & 0xFFFF_FFFFL), Types.OTHER);
      }
      e = new Entry(rows.get(0).getString(0), sqlType(rows.get(0).getString(1), rows.get(0).getString(2)));
      looked.put(oid, e);
      return e;
    } catch (io.sluice.SluiceException | IllegalStateException | java.sql.SQLException ex) {
      return new Entry("oid " + (oid & 0xFFFF_FFFFL), Types.OTHER);
    }
  }
}
