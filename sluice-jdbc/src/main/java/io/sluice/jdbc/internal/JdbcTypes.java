package io.sluice.jdbc.internal;

import java.sql.Types;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The built-in PostgreSQL types as JDBC sees them: OID (from {@code pg_type.dat}), name, {@link
 * Types} code and the class {@code getObject} returns. The codes follow pgjdbc's choices, which the
 * tools on top of JDBC were written against ({@code bool} is {@link Types#BIT}, {@code timestamptz}
 * is {@link Types#TIMESTAMP}, {@code uuid} and {@code json} are {@link Types#OTHER}). Types not
 * listed (enums, domains, composites, extensions) are named from {@code pg_type} by the
 * connection and reported as {@link Types#OTHER}, or {@link Types#ARRAY} for their arrays.
 */
final class JdbcTypes {
  /** One built-in type. */
  record Type(int oid, String name, int sqlType, String className) {}

  private static final Map<Integer, Type> BY_OID = new HashMap<>();
  private static final Map<String, Type> BY_NAME = new HashMap<>();
  /** The element type of each built-in array type. */
  private static final Map<Integer, Integer> ELEMENT = new HashMap<>();

  private static void type(int oid, String name, int sqlType, Class<?> cls) {
    Type t = new Type(oid, name, sqlType, cls.getName());
    BY_OID.put(oid, t);
    BY_NAME.putIfAbsent(name, t);
  }

  static {
    type(16, "bool", Types.BIT, Boolean.class);
    type(17, "bytea", Types.BINARY, byte[].class);
    type(18, "char", Types.CHAR, String.class);
    type(19, "name", Types.VARCHAR, String.class);
    type(20, "int8", Types.BIGINT, Long.class);
    type(21, "int2", Types.SMALLINT, Integer.class);
    type(23, "int4", Types.INTEGER, Integer.class);
    type(24, "regproc", Types.OTHER, String.class);
    type(25, "text", Types.VARCHAR, String.class);
    type(26, "oid", Types.BIGINT, Long.class);
    type(114, "json", Types.OTHER, String.class);
    type(142, "xml", Types.SQLXML, java.sql.SQLXML.class);
    type(650, "cidr", Types.OTHER, Object.class);
    type(700, "float4", Types.REAL, Float.class);
    type(701, "float8", Types.DOUBLE, Double.class);
    type(705, "unknown", Types.OTHER, String.class);
    type(790, "money", Types.DOUBLE, Double.class);
    type(829, "macaddr", Types.OTHER, Object.class);
    type(869, "inet", Types.OTHER, Object.class);
    type(1042, "bpchar", Types.CHAR, String.class);
    type(1043, "varchar", Types.VARCHAR, String.class);
    type(1082, "date", Types.DATE, java.sql.Date.class);
    type(1083, "time", Types.TIME, java.sql.Time.class);
    type(1114, "timestamp", Types.TIMESTAMP, java.sql.Timestamp.class);
    type(1184, "timestamptz", Types.TIMESTAMP, java.sql.Timestamp.class);
    type(1186, "interval", Types.OTHER, Object.class);
    type(1266, "timetz", Types.TIME, java.sql.Time.class);
    type(1560, "bit", Types.BIT, Boolean.class);
    type(1562, "varbit", Types.OTHER, Object.class);
    type(1700, "numeric", Types.NUMERIC, java.math.BigDecimal.class);
    type(1790, "refcursor", Types.REF_CURSOR, java.sql.ResultSet.class);
    type(2278, "void", Types.OTHER, Object.class);
    type(2950, "uuid", Types.OTHER, java.util.UUID.class);
    type(3802, "jsonb", Types.OTHER, String.class);
    for (int[] a : new int[][] {{1000, 16}, {1001, 17}, {1002, 18}, {1003, 19}, {1016, 20}, {1005, 21}, {1007, 23},
        {1009, 25}, {1028, 26}, {199, 114}, {143, 142}, {1021, 700}, {1022, 701}, {1014, 1042}, {1015, 1043},
        {1182, 1082}, {1183, 1083}, {1115, 1114}, {1185, 1184}, {1187, 1186}, {1270, 1266}, {1231, 1700},
        {2951, 2950}, {3807, 3802}, {1041, 869}, {651, 650}}) {
      Type element = BY_OID.get(a[1]);
      type(a[0], "_" + element.name(), Types.ARRAY, java.sql.Array.class);
      ELEMENT.put(a[0], a[1]);
    }
    // the names in SQL's own spelling, for createArrayOf and setObject(…, typeName)
    for (String[] alias : new String[][] {{"boolean", "bool"}, {"bigint", "int8"}, {"integer", "int4"},
        {"int", "int4"}, {"smallint", "int2"}, {"real", "float4"}, {"double precision", "float8"},
        {"double", "float8"}, {"character varying", "varchar"}, {"character", "bpchar"}, {"decimal", "numeric"},
        {"timestamp with time zone", "timestamptz"}, {"timestamp without time zone", "timestamp"},
        {"time with time zone", "timetz"}, {"time without time zone", "time"}}) {
      BY_NAME.put(alias[0], BY_NAME.get(alias[1]));
    }
  }

  private JdbcTypes() {}

  static Type builtIn(int oid) {
    return BY_OID.get(oid);
  }

  /** The element type of a built-in array type; any other type as it is. */
  static int elementOrSelf(int oid) {
    return ELEMENT.getOrDefault(oid, oid);
  }

  /** A built-in type by name (SQL or catalog spelling, any case); null if not built in. */
  static Type byName(String name) {
    return name == null ? null : BY_NAME.get(name.toLowerCase(Locale.ROOT).trim());
  }

  /** Whether values of the type are text that {@code getString} returns as is. */
  static boolean isCharacter(int sqlType) {
    return sqlType == Types.CHAR || sqlType == Types.VARCHAR || sqlType == Types.LONGVARCHAR
        || sqlType == Types.NCHAR || sqlType == Types.NVARCHAR || sqlType == Types.LONGNVARCHAR
        || sqlType == Types.CLOB || sqlType == Types.NCLOB;
  }

  /** The precision JDBC reports: digits for numbers, characters for text, 0 when unknown. */
  static int precision(int oid, int typmod) {
    return switch (oid) {
      case 21 -> 5;
      case 23, 26 -> 10;
      case 20 -> 19;
      case 700 -> 8;
      case 701 -> 17;
      case 16 -> 1;
      case 1042, 1043, 18 -> typmod > 4 ? typmod - 4 : Integer.MAX_VALUE;
      case 1700 -> typmod > 4 ? (typmod - 4) >> 16 : 0;
      case 1082 -> 13;
      case 1114, 1184 -> 29;
      default -> 0;
    };
  }

  static int scale(int oid, int typmod) {
    return switch (oid) {
      case 1700 -> typmod > 4 ? (typmod - 4) & 0xFFFF : 0;
      case 700 -> 8;
      case 701 -> 17;
      case 1114, 1184, 1083, 1266 -> typmod >= 0 ? typmod : 6;
      default -> 0;
    };
  }

  /** The types whose values carry a sign: int8, int2, int4, float4, float8, numeric, money. */
  static final java.util.List<Integer> SIGNED = java.util.List.of(20, 21, 23, 700, 701, 1700, 790);

  static boolean isSigned(int oid) {
    return SIGNED.contains(oid);
  }
}
