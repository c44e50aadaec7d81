package io.sluice.jdbc.internal;

import io.sluice.Column;
import io.sluice.Row;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.util.Locale;

/**
 * Column values as the primitives and {@code BigDecimal} that ResultSet's getters return, converted
 * as JDBC 4.3 appendix B (table B-6) allows and as pgjdbc does: {@code getInt} and its kin read any
 * number or numeric text and drop the fraction ({@code 1.9} is 1, {@code -1.9} is -1); a value
 * outside the Java type is 22003 (pgjdbc's {@code PSQLState.NUMERIC_VALUE_OUT_OF_RANGE}, also for
 * text that is no number). {@code getBoolean} takes what pgjdbc's {@code BooleanTypeUtil} takes and
 * refuses the rest with 42846 ({@code CANNOT_COERCE}).
 */
final class PrimitiveValues {
  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  private PrimitiveValues() {}

  /** One of JDBC's integer getters: the Java type's name and range. */
  enum Whole {
    BYTE("byte", Byte.MIN_VALUE, Byte.MAX_VALUE),
    SHORT("short", Short.MIN_VALUE, Short.MAX_VALUE),
    INT("int", Integer.MIN_VALUE, Integer.MAX_VALUE),
    LONG("long", Long.MIN_VALUE, Long.MAX_VALUE);

    private final String javaName;
    private final long min;
    private final long max;

    Whole(String javaName, long min, long max) {
      this.javaName = javaName;
      this.min = min;
      this.max = max;
    }
  }

  /** Column {@code c} (not NULL) as the integer type {@code to}, its fraction dropped. */
  static long whole(Row r, int c, Column col, Whole to) throws SQLException {
    long v = switch (col.typeOid()) {
      case 20, 21, 23, 26 -> r.getLong(c);   // int8, int2, int4, oid: read without boxing
      default -> truncated(r, c, col, to);
    };
    if (v < to.min || v > to.max) {
      throw outOfRange(col, to.javaName, v);
    }
    return v;
  }

  /** A value of another type toward zero, as pgjdbc's {@code readLongValue} and {@code toLong} do. */
  private static long truncated(Row r, int c, Column col, Whole to) throws SQLException {
    Object v = r.get(c);
    BigDecimal d;
    if (v instanceof Long || v instanceof Integer || v instanceof Short) {
      return ((Number) v).longValue();
    } else if (v instanceof BigDecimal b) {
      d = b;
    } else if (v instanceof Double || v instanceof Float) {
      double x = ((Number) v).doubleValue();
      if (!Double.isFinite(x)) {
        throw outOfRange(col, to.javaName, v);
      }
      d = BigDecimal.valueOf(x);
    } else {
      // text and the rest: what getString gives, read as a number (pgjdbc reads the text form)
      String s = r.getString(c).trim();
      try {
        d = new BigDecimal(s);
      } catch (NumberFormatException e) {
        throw outOfRange(col, to.javaName, s);
      }
    }
    BigInteger i = d.toBigInteger();
    if (i.compareTo(LONG_MIN) < 0 || i.compareTo(LONG_MAX) > 0) {
      throw outOfRange(col, to.javaName, v);
    }
    return i.longValue();
  }

  /** {@code getBigDecimal}: numeric's NaN and ±Infinity have no BigDecimal, which is 22003 as in pgjdbc. */
  static BigDecimal decimal(Row r, int c, Column col) throws SQLException {
    if (r.get(c) instanceof Double d && !Double.isFinite(d)) {
      throw outOfRange(col, "BigDecimal", d);
    }
    return r.getBigDecimal(c);
  }

  /** {@code getBoolean} of column {@code c} (not NULL): a bool as it is, any other value as {@link #bool(Object)}. */
  static boolean bool(Row r, int c, Column col) throws SQLException {
    if (col.typeOid() == 16) {
      return r.getBoolean(c);
    }
    Object v = r.get(c);
    return bool(v instanceof Number || v instanceof Boolean || v instanceof String ? v : r.getString(c));
  }

  /**
   * A value as a boolean, as pgjdbc's {@code BooleanTypeUtil.castToBoolean}: the number 1 or 0;
   * text {@code 1 true t yes y on} or {@code 0 false f no n off}, any case, spaces ignored; a
   * character of those. Anything else (2, "maybe") is 42846.
   */
  static boolean bool(Object v) throws SQLException {
    switch (v) {
      case Boolean b -> {
        return b;
      }
      case Number n when n.doubleValue() == 1 || n.doubleValue() == 0 -> {
        return n.doubleValue() == 1;
      }
      case String s -> {
        switch (s.trim().toLowerCase(Locale.ROOT)) {
          case "1", "true", "t", "yes", "y", "on" -> {
            return true;
          }
          case "0", "false", "f", "no", "n", "off" -> {
            return false;
          }
          default -> { }
        }
      }
      case Character ch -> {
        return bool(String.valueOf(ch));
      }
      default -> { }
    }
    // pgjdbc's words (BooleanTypeUtil), which code written for it may compare
    throw SqlErrors.of("Cannot cast to boolean: \"" + v + "\"", "42846");
  }

  /** pgjdbc's words for it ("Bad value for type {0} : {1}"), which code written for it may compare. */
  private static SQLException outOfRange(Column col, String type, Object v) {
    return SqlErrors.of("Bad value for type " + type + " : " + v, "22003");
  }
}
