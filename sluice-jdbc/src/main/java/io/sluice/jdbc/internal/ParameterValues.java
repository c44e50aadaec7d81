package io.sluice.jdbc.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Calendar;

/**
 * What a PreparedStatement setter's value travels as: a value Sluice types and encodes itself
 * (numbers, strings, byte arrays, java.time, UUID, arrays, …), or, where JDBC's classes carry no
 * zone or type of their own, the form pgjdbc sends: a {@code Timestamp} as text with its offset
 * and no declared type, so that the server reads it as the column's {@code timestamp} or {@code
 * timestamptz}; strings always go untyped, so that {@code setString} fits json, uuid, enum and
 * numeric columns alike ({@link Types#OTHER} needs nothing more).
 */
final class ParameterValues {
  /** A parameter that was not set. */
  static final Object UNSET = new Object() {
    @Override
    public String toString() {
      return "(not set)";
    }
  };

  /** Streams and readers are read whole; past this, a parameter is refused rather than exhausting memory. */
  static final long MAX_STREAM = Integer.MAX_VALUE - 16;

  private ParameterValues() {}

  /** {@code setObject(i, x)}: the value as Sluice takes it. */
  static Object of(Object x) throws SQLException {
    return switch (x) {
      case null -> null;
      case java.sql.Timestamp t -> TemporalValues.parameter(t, null);
      case java.sql.Date d -> TemporalValues.parameter(d, null);
      case java.sql.Time t -> TemporalValues.parameter(t, null);
      case java.util.Date d -> TemporalValues.parameter(new java.sql.Timestamp(d.getTime()), null);
      case java.util.Calendar c -> TemporalValues.parameter(new java.sql.Timestamp(c.getTimeInMillis()), c);
      case java.time.LocalDateTime t -> TemporalValues.rounded(t);
      case java.time.LocalTime t -> TemporalValues.rounded(t);
      case java.time.OffsetDateTime t -> TemporalValues.rounded(t);
      case java.time.OffsetTime t -> TemporalValues.rounded(t);
      case java.time.ZonedDateTime t -> TemporalValues.rounded(t);
      case java.time.Instant t -> TemporalValues.rounded(t);
      case Character c -> String.valueOf(c);
      case Byte b -> (short) b;
      case SluiceArray a -> array(a);
      case java.sql.Array a -> a.getArray();
      case java.sql.Blob b -> b.getBytes(1, (int) Math.min(b.length(), MAX_STREAM));
      case java.sql.Clob c -> c.getSubString(1, (int) Math.min(c.length(), MAX_STREAM));
      case InputStream in -> bytes(in, -1);
      case Reader r -> text(r, -1);
      case java.net.URL u -> u.toString();
      case StringBuilder sb -> sb.toString();
      case Number n when !isStandardNumber(n) -> otherNumber(n);
      default -> extended(x);
    };
  }

  /**
   * {@code setObject(i, x, targetSqlType, scale)}: character types get the value's text, numeric
   * types a number (strings go as given, for the server to read), the rest as {@link #of(Object)}.
   * As pgjdbc's {@code castTo…} do, a Boolean is 1 or 0 for a numeric type, and {@code NUMERIC} and
   * {@code DECIMAL} with a scale of 0 or more round to it half up (a string too, read as a number);
   * a negative scale leaves the value as it is.
   */
  static Object of(Object x, int targetSqlType, int scale) throws SQLException {
    if (x == null) {
      return null;
    }
    Object n = x instanceof Boolean b && isNumber(targetSqlType) ? (Object) (b ? 1 : 0) : x;
    return switch (targetSqlType) {
      case Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.NCHAR, Types.NVARCHAR, Types.LONGNVARCHAR,
          Types.CLOB, Types.NCLOB -> x instanceof byte[] || x instanceof InputStream || x instanceof Reader
              || x instanceof java.sql.Clob ? of(x) : String.valueOf(of(x));
      case Types.BIT, Types.BOOLEAN -> x instanceof String || x instanceof Character || x instanceof Number
          ? PrimitiveValues.bool(x) : boolOnly(x);
      case Types.INTEGER -> n instanceof Number v && !(n instanceof Integer) ? exact(v).intValueExact() : of(n);
      case Types.BIGINT -> n instanceof Number v && !(n instanceof Long) ? exact(v).longValueExact() : of(n);
      case Types.SMALLINT, Types.TINYINT -> n instanceof Number v ? exact(v).shortValueExact() : of(n);
      case Types.NUMERIC, Types.DECIMAL -> scaled(n, scale);
      case Types.DOUBLE, Types.FLOAT -> n instanceof Number v ? (Object) v.doubleValue() : of(n);
      case Types.REAL -> n instanceof Number v ? (Object) v.floatValue() : of(n);
      case Types.TIME -> x instanceof String text ? TemporalValues.timeText(text) : of(x);
      // a java.sql.Time or Date (any java.util.Date) as a timestamp: its instant, as pgjdbc's setObject
      // does (a Time alone is 1970-01-01 at that time); the server cannot read a time's text as one
      case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> x instanceof java.util.Date d
          && !(x instanceof java.sql.Timestamp) ? of(new java.sql.Timestamp(d.getTime())) : of(x);
      default -> of(x);
    };
  }

  /** {@code x}, or what the extension binds for it ({@link Extension#value}). */
  private static Object extended(Object x) throws SQLException {
    Object v = Extensions.present() ? Extensions.get().value(x) : null;
    return v != null ? v : x;
  }

  /**
   * Whether Sluice's registry types {@code n} as it is: every Number but the JDK's others
   * ({@code AtomicLong}, {@code LongAdder}…), which no codec takes; an application's own Number
   * class keeps the codec it may have registered.
   */
  private static boolean isStandardNumber(Number n) {
    return n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Double || n instanceof Float
        || n instanceof BigDecimal || n instanceof BigInteger || !n.getClass().getName().startsWith("java.");
  }

  /** A Number of another JDK class ({@code AtomicLong}, {@code LongAdder}): numeric, from its text, as pgjdbc. */
  private static BigDecimal otherNumber(Number n) throws SQLException {
    try {
      return new BigDecimal(n.toString());
    } catch (NumberFormatException e) {
      throw SqlErrors.forState("22003", "parameter " + n + " (" + n.getClass().getName() + ") is not a finite number",
          0, e);
    }
  }

  /** A Boolean as it is; any other object (a File…) is no boolean, refused in pgjdbc's words. */
  private static Object boolOnly(Object x) throws SQLException {
    if (x instanceof Boolean) {
      return x;
    }
    throw SqlErrors.of("Cannot cast to boolean", "42846");
  }

  private static boolean isNumber(int sqlType) {
    return switch (sqlType) {
      case Types.INTEGER, Types.BIGINT, Types.SMALLINT, Types.TINYINT, Types.NUMERIC, Types.DECIMAL, Types.DOUBLE,
          Types.FLOAT, Types.REAL -> true;
      default -> false;
    };
  }

  /** A NUMERIC or DECIMAL parameter, rounded half up to {@code scale} when it is 0 or more. */
  private static Object scaled(Object x, int scale) throws SQLException {
    if (scale < 0) {
      return x instanceof Number v && !(x instanceof BigDecimal) ? exact(v) : of(x);
    }
    BigDecimal d;
    if (x instanceof Number v) {
      d = exact(v);
    } else {
      try {
        d = new BigDecimal(x.toString().trim());
      } catch (NumberFormatException e) {
        throw SqlErrors.forState("22000", "parameter \"" + x + "\" is not a number for NUMERIC", 0, e);
      }
    }
    return d.setScale(scale, RoundingMode.HALF_UP);
  }

  private static BigDecimal exact(Number n) throws SQLException {
    try {
      return switch (n) {
        case BigDecimal b -> b;
        case BigInteger b -> new BigDecimal(b);
        case Double d -> BigDecimal.valueOf(d);
        case Float f -> new BigDecimal(f.toString());
        default -> BigDecimal.valueOf(n.longValue());
      };
    } catch (NumberFormatException e) {
      throw SqlErrors.forState("22003", "parameter " + n + " is not a finite number", 0, e);
    }
  }

  static Object timestamp(java.sql.Timestamp t, Calendar cal) {
    return t == null ? null : TemporalValues.parameter(t, cal);
  }

  static Object date(java.sql.Date d, Calendar cal) {
    return d == null ? null : TemporalValues.parameter(d, cal);
  }

  static Object time(java.sql.Time t, Calendar cal) {
    return t == null ? null : TemporalValues.parameter(t, cal);
  }

  /**
   * An array from {@code createArrayOf}: as its elements, typed by them; but strings meant for a
   * non-text element type ({@code createArrayOf("uuid", strings)}) go as an array literal without
   * a declared type, so that the server reads each element as that type.
   */
  static Object array(SluiceArray a) throws SQLException {
    Object elements = a.getArray();
    JdbcTypes.Type t = JdbcTypes.byName(a.getBaseTypeName());
    boolean textElements = t != null && JdbcTypes.isCharacter(t.sqlType());
    // box is the one built-in type whose array elements are separated by ';' (typdelim)
    char delimiter = a.getBaseTypeName().equals("box") ? ';' : ',';
    if (elements instanceof Object[] objects && !textElements && allStringsOrNull(objects)) {
      return ArrayLiteral.of(objects, delimiter);
    }
    if (elements instanceof Object[] objects && Extensions.present() && extended(objects)) {
      // the drop-in's PGobjects: their text, for the server to type
      return ArrayLiteral.of(texts(objects), delimiter);
    }
    return elements instanceof Object[] objects ? legacyTemporals(objects) : elements;
  }

  /**
   * java.sql.Time, Date and Timestamp elements (pgjdbc's {@code createArrayOf("time", Time[])}) as
   * the java.time values Sluice binds, as they bind one by one; nested arrays too.
   */
  private static Object legacyTemporals(Object[] a) throws SQLException {
    Object[] out = null;
    for (int i = 0; i < a.length; i++) {
      Object e = a[i];
      Object v = e instanceof Object[] inner ? legacyTemporals(inner)
          : e instanceof java.sql.Time || e instanceof java.sql.Date || e instanceof java.sql.Timestamp ? of(e) : e;
      if (v != e && out == null) {
        out = new Object[a.length];
        System.arraycopy(a, 0, out, 0, i);
      }
      if (out != null) {
        out[i] = v;
      }
    }
    return out == null ? a : out;
  }

  private static boolean extended(Object[] a) throws SQLException {
    for (Object o : a) {
      if (o instanceof Object[] inner ? extended(inner) : o != null && Extensions.get().parameter(o) != null) {
        return true;
      }
    }
    return false;
  }

  /** The elements as text, nested arrays kept: an object the extension knows by its text. */
  private static Object[] texts(Object[] a) throws SQLException {
    Object[] out = new Object[a.length];
    for (int i = 0; i < a.length; i++) {
      Extension.TypedText t = a[i] == null || a[i] instanceof Object[] ? null : Extensions.get().parameter(a[i]);
      out[i] = a[i] instanceof Object[] inner ? texts(inner) : t != null ? t.text() : a[i] == null ? null : a[i].toString();
    }
    return out;
  }

  /** Strings and nulls only (all nulls too: no element says another type), nested arrays looked into. */
  private static boolean allStringsOrNull(Object[] a) {
    for (Object o : a) {
      if (o != null && !(o instanceof String) && !(o instanceof Object[] inner && allStringsOrNull(inner))) {
        return false;
      }
    }
    return a.length > 0;
  }

  static byte[] bytes(InputStream in, long length) throws SQLException {
    if (in == null) {
      return null;
    }
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buf = new byte[8192];
      long left = length < 0 ? MAX_STREAM : length;
      int n;
      while (left > 0 && (n = in.read(buf, 0, (int) Math.min(buf.length, left))) > 0) {
        out.write(buf, 0, n);
        left -= n;
      }
      if (length < 0 && in.read() >= 0) {
        throw SqlErrors.of("stream parameter longer than " + MAX_STREAM + " bytes", "22001");
      }
      return out.toByteArray();
    } catch (IOException e) {
      throw SqlErrors.forState("HY000", "reading the stream parameter failed: " + e.getMessage(), 0, e);
    }
  }

  /**
   * {@code setBinaryStream(i, in, length)}: exactly {@code
   * length} bytes. A stream that ends sooner, fails, or a negative length is 22023, as pgjdbc's
   * "Unable to bind parameter values" ({@code QueryExecutorImpl.sendBind}); here it is found when
   * the parameter is set, so nothing of the statement is sent.
   */
  static byte[] bytesOfLength(InputStream in, long length) throws SQLException {
    if (in == null) {
      return null;
    }
    if (length < 0 || length > MAX_STREAM) {
      throw SqlErrors.of("invalid stream length " + length, "22023");
    }
    byte[] b;
    try {
      b = in.readNBytes((int) length);
    } catch (IOException e) {
      throw SqlErrors.forState("22023", "reading the stream parameter failed: " + e.getMessage(), 0, e);
    }
    if (b.length < length) {
      throw SqlErrors.of("premature end of the stream parameter: expected " + length + " bytes, read " + b.length,
          "22023");
    }
    return b;
  }

  static String text(Reader r, long length) throws SQLException {
    if (r == null) {
      return null;
    }
    try {
      StringBuilder sb = new StringBuilder();
      char[] buf = new char[8192];
      long left = length < 0 ? MAX_STREAM : length;
      int n;
      while (left > 0 && (n = r.read(buf, 0, (int) Math.min(buf.length, left))) > 0) {
        sb.append(buf, 0, n);
        left -= n;
      }
      return sb.toString();
    } catch (IOException e) {
      throw SqlErrors.forState("HY000", "reading the reader parameter failed: " + e.getMessage(), 0, e);
    }
  }

  static String ascii(InputStream in, long length) throws SQLException {
    byte[] b = bytes(in, length);
    return b == null ? null : new String(b, StandardCharsets.US_ASCII);
  }
}
