package io.sluice.jdbc.internal;

import java.sql.Types;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How the metadata queries describe a PostgreSQL type in JDBC terms: its {@link Types} code and the
 * sizes JDBC asks for (COLUMN_SIZE, DECIMAL_DIGITS, NUM_PREC_RADIX, CHAR_OCTET_LENGTH), decoded
 * from the type modifier ({@code atttypmod}) the way PostgreSQL's own {@code format_type} and
 * {@code information_schema} do. The table lives here once and is rendered into SQL, so every
 * catalog answer is computed by the server in the query that reads the catalog.
 */
final class CatalogTypes {
  /** The "unbounded" size pgjdbc and most tools expect for text, bytea and varchar without length. */
  static final int UNBOUNDED = Integer.MAX_VALUE;

  /** How a type's size is read from its typmod ({@code src/backend/utils/adt/format_type.c}). */
  enum SizeRule {
    /** A fixed precision, given in {@link BuiltIn#size}. */
    FIXED,
    /** char(n)/varchar(n): typmod is n + VARHDRSZ (4); no typmod means unbounded. */
    CHARACTERS,
    /** numeric(p,s): typmod - 4 holds p in the high 16 bits and s in the low 11 (signed, PG 15). */
    NUMERIC,
    /** bit(n)/varbit(n): typmod is n. */
    BITS,
    /** time/timestamp(p): {@link BuiltIn#size} characters plus "." and p digits (p defaults to 6). */
    DATETIME,
    /** Variable-length values with no declared limit (text, bytea). */
    UNLIMITED,
    /** Not applicable: COLUMN_SIZE is NULL. */
    NONE
  }

  /**
   * The built-in types metadata describes by size, keyed by their fixed OIDs ({@code
   * pg_type.dat}). Their {@link Types} codes are those the driver's result sets report ({@link
   * JdbcTypes}, pgjdbc's choices the tools were written against: {@code bool} is BIT, {@code
   * timestamptz} TIMESTAMP). {@code rank} orders types that share a code in getTypeInfo (closest
   * match first). Every other type is described by its {@code typtype}: arrays ARRAY, composites
   * STRUCT, enums VARCHAR, domains as their base type, the rest OTHER.
   */
  enum BuiltIn {
    BOOL(16, 1, SizeRule.FIXED, 1, 0),
    BYTEA(17, 1, SizeRule.UNLIMITED, 0, 0),
    CHAR(18, 2, SizeRule.FIXED, 1, 0),
    NAME(19, 3, SizeRule.FIXED, 63, 0),
    INT8(20, 1, SizeRule.FIXED, 19, 10),
    INT2(21, 1, SizeRule.FIXED, 5, 10),
    INT4(23, 1, SizeRule.FIXED, 10, 10),
    TEXT(25, 2, SizeRule.UNLIMITED, 0, 0),
    OID(26, 2, SizeRule.FIXED, 10, 10),
    JSON(114, 1, SizeRule.NONE, 0, 0),
    XML(142, 1, SizeRule.NONE, 0, 0),
    FLOAT4(700, 1, SizeRule.FIXED, 24, 2),
    FLOAT8(701, 1, SizeRule.FIXED, 53, 2),
    MONEY(790, 2, SizeRule.NONE, 0, 0),
    BPCHAR(1042, 1, SizeRule.CHARACTERS, 0, 0),
    VARCHAR(1043, 1, SizeRule.CHARACTERS, 0, 0),
    DATE(1082, 1, SizeRule.FIXED, 13, 0),
    TIME(1083, 1, SizeRule.DATETIME, 8, 0),
    TIMESTAMP(1114, 1, SizeRule.DATETIME, 19, 0),
    TIMESTAMPTZ(1184, 2, SizeRule.DATETIME, 25, 0),
    INTERVAL(1186, 2, SizeRule.FIXED, 49, 0),
    TIMETZ(1266, 2, SizeRule.DATETIME, 14, 0),
    BIT(1560, 2, SizeRule.BITS, 0, 0),
    VARBIT(1562, 3, SizeRule.BITS, 0, 0),
    NUMERIC(1700, 1, SizeRule.NUMERIC, 0, 10),
    REFCURSOR(1790, 1, SizeRule.NONE, 0, 0),
    UUID(2950, 3, SizeRule.FIXED, 36, 0),
    JSONB(3802, 4, SizeRule.NONE, 0, 0);

    final int oid;
    final int rank;
    final SizeRule rule;
    final int size;
    final int radix;

    BuiltIn(int oid, int rank, SizeRule rule, int size, int radix) {
      this.oid = oid;
      this.rank = rank;
      this.rule = rule;
      this.size = size;
      this.radix = radix;
    }
  }

  private static final String VOID_OID = "2278";

  private CatalogTypes() {}

  /**
   * A LATERAL subquery, aliased {@code alias}, with columns {@code base_oid, data_type,
   * column_size, decimal_digits, radix, octet_length, rank} for the type {@code typeAlias} (a
   * pg_type row) with modifier {@code typmodExpr}. Domains are described by their base type
   * (one level, as {@code information_schema._pg_truetypid} does).
   */
  static String describe(String typeAlias, String typmodExpr, String alias) {
    String oid = "CASE WHEN " + typeAlias + ".typtype OPERATOR(pg_catalog.=) 'd' THEN " + typeAlias + ".typbasetype"
        + " ELSE " + typeAlias + ".oid END";
    String mod = "CASE WHEN " + typeAlias + ".typtype OPERATOR(pg_catalog.=) 'd' THEN " + typeAlias + ".typtypmod ELSE "
        + typmodExpr + " END";
    return " CROSS JOIN LATERAL (SELECT r.type_oid AS base_oid, "
        + "COALESCE(m.code, CASE WHEN bt.typtype OPERATOR(pg_catalog.=) 'c' THEN " + Types.STRUCT
        + " WHEN " + isArray("bt") + " THEN " + Types.ARRAY
        + " WHEN bt.typtype OPERATOR(pg_catalog.=) 'e' THEN " + Types.VARCHAR + " ELSE " + Types.OTHER + " END)::int4"
        + " AS data_type, "
        + sizeExpression("r") + " AS column_size, "
        + digitsExpression("r") + " AS decimal_digits, "
        + "(CASE WHEN ms.radix OPERATOR(pg_catalog.<>) 0 THEN ms.radix END)::int4 AS radix, "
        + octetExpression("r") + " AS octet_length, "
        + "COALESCE(m.rank, 9)::int4 AS rank "
        + "FROM (SELECT (" + oid + ") AS base_oid, (" + mod + ")::int4 AS typmod) t0 "
        + "JOIN pg_catalog.pg_type bt ON bt.oid OPERATOR(pg_catalog.=) t0.base_oid "
        // an array is sized by its element: the typmod of numeric(5,2)[] is the element's (format_type.c)
        + "CROSS JOIN LATERAL (SELECT t0.base_oid AS type_oid, CASE WHEN " + isArray("bt")
        + " THEN bt.typelem ELSE t0.base_oid END AS base_oid, t0.typmod) r "
        + "LEFT JOIN " + TABLE + " ON m.oid OPERATOR(pg_catalog.=) r.type_oid "
        + "LEFT JOIN " + TABLE.replace(" AS m(", " AS ms(") + " ON ms.oid OPERATOR(pg_catalog.=) r.base_oid) "
        + alias;
  }

  /** SQL: true when the pg_type row {@code t} is an array type (an element, and variable length). */
  private static String isArray(String t) {
    return t + ".typelem OPERATOR(pg_catalog.<>) 0 AND " + t + ".typlen OPERATOR(pg_catalog.=) -1";
  }

  /** A SQL expression: true when the type OID {@code oidExpr} is {@code void} (no value). */
  static String isVoid(String oidExpr) {
    return oidExpr + " OPERATOR(pg_catalog.=) " + VOID_OID;
  }

  /** The mapping as a derived table {@code (oid, code, rank, radix)}, rendered once. */
  private static final String TABLE = "(VALUES "
      + List.of(BuiltIn.values()).stream()
          .map(b -> "(" + b.oid + "::oid, " + JdbcTypes.builtIn(b.oid).sqlType() + ", " + b.rank + ", " + b.radix + ")")
          .collect(Collectors.joining(", "))
      + ") AS m(oid, code, rank, radix)";

  /** COLUMN_SIZE for the row {@code r} of {@link #describe} (base_oid, typmod). */
  private static String sizeExpression(String r) {
    StringBuilder sql = new StringBuilder("(CASE");
    for (BuiltIn b : BuiltIn.values()) {
      String size = switch (b.rule) {
        case FIXED -> Integer.toString(b.size);
        case CHARACTERS -> "CASE WHEN " + r + ".typmod OPERATOR(pg_catalog.>=) 4 THEN " + r + ".typmod"
            + " OPERATOR(pg_catalog.-) 4 ELSE " + UNBOUNDED + " END";
        case NUMERIC -> "CASE WHEN " + r + ".typmod OPERATOR(pg_catalog.>=) 4 THEN ((" + r + ".typmod"
            + " OPERATOR(pg_catalog.-) 4) OPERATOR(pg_catalog.>>) 16) OPERATOR(pg_catalog.&) 65535 END";
        case BITS -> "CASE WHEN " + r + ".typmod OPERATOR(pg_catalog.>) 0 THEN " + r + ".typmod END";
        case DATETIME -> b.size + " OPERATOR(pg_catalog.+) " + fractionWidth(r);
        case UNLIMITED -> Integer.toString(UNBOUNDED);
        case NONE -> "NULL";
      };
      sql.append(" WHEN ").append(r).append(".base_oid OPERATOR(pg_catalog.=) ").append(b.oid)
          .append(" THEN ").append(size);
    }
    return sql.append(" END)::int4").toString();
  }

  /** DECIMAL_DIGITS: the scale of numeric, fractional-second digits of times, 0 for integers. */
  private static String digitsExpression(String r) {
    StringBuilder sql = new StringBuilder("(CASE");
    for (BuiltIn b : BuiltIn.values()) {
      String digits = switch (b.rule) {
        // the scale is a signed 11-bit field since PostgreSQL 15 (numeric.c, make_numeric_typmod)
        case NUMERIC -> "CASE WHEN " + r + ".typmod OPERATOR(pg_catalog.>=) 4 THEN ((((" + r + ".typmod"
            + " OPERATOR(pg_catalog.-) 4) OPERATOR(pg_catalog.&) 2047) OPERATOR(pg_catalog.#) 1024)"
            + " OPERATOR(pg_catalog.-) 1024) END";
        case DATETIME -> fractionDigits(r);
        case FIXED -> b.radix == 10 ? "0" : null;
        default -> null;
      };
      if (digits != null) {
        sql.append(" WHEN ").append(r).append(".base_oid OPERATOR(pg_catalog.=) ").append(b.oid)
            .append(" THEN ").append(digits);
      }
    }
    return sql.append(" END)::int4").toString();
  }

  /** CHAR_OCTET_LENGTH: the most bytes a character value can take in the server encoding. */
  private static String octetExpression(String r) {
    String chars = "(CASE WHEN " + r + ".typmod OPERATOR(pg_catalog.>=) 4"
        + " THEN " + r + ".typmod OPERATOR(pg_catalog.-) 4 END)";
    String perChar = "pg_catalog.pg_encoding_max_length(pg_catalog.pg_char_to_encoding("
        + "pg_catalog.current_setting('server_encoding')))";
    // 1 GB is the most a varlena can hold (information_schema._pg_char_octet_length says the same)
    // an array is no character type, whatever its elements (r.base_oid is then the element's type)
    return "(CASE WHEN " + r + ".type_oid OPERATOR(pg_catalog.<>) " + r + ".base_oid THEN NULL"
        + " WHEN " + r + ".base_oid OPERATOR(pg_catalog.=) ANY (ARRAY[" + BuiltIn.BPCHAR.oid + ", "
        + BuiltIn.VARCHAR.oid + ", " + BuiltIn.TEXT.oid + "]::oid[]) THEN LEAST(COALESCE(" + chars + "::int8"
        + " OPERATOR(pg_catalog.*) " + perChar + ", 1073741824), 1073741824)"
        + " WHEN " + r + ".base_oid OPERATOR(pg_catalog.=) " + BuiltIn.CHAR.oid + " THEN 1"
        + " WHEN " + r + ".base_oid OPERATOR(pg_catalog.=) " + BuiltIn.NAME.oid + " THEN 64 END)::int4";
  }

  private static String fractionDigits(String r) {
    return "CASE WHEN " + r + ".typmod OPERATOR(pg_catalog.>=) 0 THEN " + r + ".typmod ELSE 6 END";
  }

  /** "." plus the fractional digits, or nothing for precision 0. */
  private static String fractionWidth(String r) {
    return "CASE WHEN (" + fractionDigits(r) + ") OPERATOR(pg_catalog.>) 0 THEN (" + fractionDigits(r) + ")"
        + " OPERATOR(pg_catalog.+) 1 ELSE 0 END";
  }
}
