package io.sluice.internal.rows;

import io.sluice.ValueException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** The few conversions a getter makes between decoded values; anything else is an error. */
public final class Conversions {
  private Conversions() {}

  /** {@code v} as {@code type}, or {@code null} when no lossless conversion exists. */
  public static Object convert(Object v, Class<?> type) {
    if (v instanceof Number n) {
      if (type == Long.class) {
        return exactLong(n);
      }
      if (type == Integer.class) {
        Long l = exactLong(n);
        return l != null && l == l.intValue() ? l.intValue() : null;
      }
      if (type == Short.class) {
        Long l = exactLong(n);
        return l != null && l == l.shortValue() ? l.shortValue() : null;
      }
      if (type == Double.class) {
        return n.doubleValue();
      }
      if (type == Float.class) {
        return n.floatValue();
      }
      if (type == BigDecimal.class) {
        return toBigDecimal(n);
      }
      if (type == BigInteger.class) {
        return toBigInteger(n);
      }
    }
    if (v instanceof OffsetDateTime t && type == Instant.class) {
      return t.toInstant();
    }
    if (v instanceof Instant t && type == OffsetDateTime.class) {
      return t.atOffset(ZoneOffset.UTC);
    }
    if (v instanceof io.sluice.types.Interval i && type == java.time.Duration.class) {
      return intervalDuration(i);
    }
    if (type == String.class) {
      return v.toString();
    }
    return null;
  }

  /** An interval as exact time; one with months (no fixed length) or infinite has none, and says so. */
  private static java.time.Duration intervalDuration(io.sluice.types.Interval i) {
    try {
      return i.toDuration();
    } catch (io.sluice.types.CodecException e) {
      throw new ValueException(e.getMessage(), e);
    }
  }

  /** NaN and the infinities (of a float or a numeric) have no BigDecimal form. */
  private static BigDecimal toBigDecimal(Number n) {
    if (n instanceof BigInteger bi) {
      return new BigDecimal(bi);
    }
    if (n instanceof Double || n instanceof Float) {
      return Double.isFinite(n.doubleValue()) ? BigDecimal.valueOf(n.doubleValue()) : null;
    }
    return BigDecimal.valueOf(n.longValue());
  }

  /** Only a whole number converts: a fraction is never rounded away. */
  private static BigInteger toBigInteger(Number n) {
    BigDecimal d = n instanceof BigDecimal bd ? bd : toBigDecimal(n);
    try {
      return d == null ? null : d.toBigIntegerExact();
    } catch (ArithmeticException e) {
      return null;
    }
  }

  private static Long exactLong(Number n) {
    if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) {
      return n.longValue();
    }
    if (n instanceof BigDecimal bd) {
      try {
        return bd.longValueExact();
      } catch (ArithmeticException e) {
        return null;
      }
    }
    if (n instanceof BigInteger bi) {
      return bi.bitLength() < 64 ? bi.longValue() : null;
    }
    double d = n.doubleValue();
    return d == Math.rint(d) && Math.abs(d) < 0x1p63 ? (long) d : null;
  }

  public static long toLong(Object v, String column) {
    if (v instanceof Number n) {
      Long l = exactLong(n);
      if (l != null) {
        return l;
      }
      throw new ValueException("column " + column + ": " + v + " is not a whole number within the range of a long");
    }
    if (v instanceof String s) {
      try {
        return Long.parseLong(s.strip());
      } catch (NumberFormatException e) {
        throw new ValueException("column " + column + ": \"" + s + "\" is not an integer");
      }
    }
    throw new ValueException("column " + column + " holds a " + v.getClass().getSimpleName() + ", not a number");
  }

  /** Parses a text-format integer without building a String. */
  public static long parseLong(byte[] b, int off, int len, String column) {
    if (len == 0 || len > 20) {
      throw new ValueException("column " + column + ": not an integer in text format");
    }
    int i = off;
    int end = off + len;
    boolean negative = b[i] == '-';
    if (negative || b[i] == '+') {
      i++;
    }
    if (i == end) {
      throw new ValueException("column " + column + ": not an integer in text format");
    }
    long v = 0;
    for (; i < end; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return toLong(new String(b, off, len, java.nio.charset.StandardCharsets.UTF_8), column);
      }
      if (v < (Long.MIN_VALUE + d) / 10) {
        throw new ValueException("column " + column + ": integer out of range of a long");
      }
      v = v * 10 - d;
    }
    if (!negative && v == Long.MIN_VALUE) {
      throw new ValueException("column " + column + ": integer out of range of a long");
    }
    return negative ? v : -v;
  }

  public static double parseDouble(String s, String column) {
    switch (s) {
      case "NaN" -> {
        return Double.NaN;
      }
      case "Infinity" -> {
        return Double.POSITIVE_INFINITY;
      }
      case "-Infinity" -> {
        return Double.NEGATIVE_INFINITY;
      }
      default -> {
        try {
          return Double.parseDouble(s);
        } catch (NumberFormatException e) {
          throw new ValueException("column " + column + ": \"" + s + "\" is not a number");
        }
      }
    }
  }
}
