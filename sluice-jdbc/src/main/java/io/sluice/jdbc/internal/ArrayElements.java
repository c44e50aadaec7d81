package io.sluice.jdbc.internal;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.sql.SQLException;

/**
 * A {@link java.sql.Array}'s elements as {@code getArray()} gives them, pgjdbc's classes: boxes for
 * primitive arrays ({@code createArrayOf("float8", double[][])} reads as {@code Double[][]}), and
 * {@code BigDecimal[]} for a {@code numeric[]}, which Sluice decodes as {@code Number[]} because an
 * element can be NaN or an infinity (a Double; then the array stays {@code Number[]}).
 */
final class ArrayElements {
  /**
   * The geometric types: the drop-in gives their elements as pgjdbc's classes ({@code PGbox}…), as
   * their columns; {@link ArrayRows} casts to them by these constant names.
   */
  static final java.util.Set<String> GEOMETRIC = java.util.Set.of("point", "box", "circle", "line", "lseg",
      "path", "polygon");

  private ArrayElements() {}

  static Object forJdbc(Object a) throws SQLException {
    if (a == null || !a.getClass().isArray()) {
      return a;
    }
    Class<?> component = a.getClass().getComponentType();
    if (component == byte[].class) {
      return a;   // a bytea array: each byte[] is one value, as pgjdbc gives it (byte[][])
    }
    if (component.isPrimitive()) {
      return boxed(a);
    }
    if (component == Number.class) {
      return decimals((Object[]) a);
    }
    if (component == java.time.LocalDate.class || component == java.time.LocalTime.class
        || component == java.time.OffsetTime.class || component == java.time.LocalDateTime.class
        || component == java.time.OffsetDateTime.class || component == java.time.Instant.class) {
      return legacyTemporals((Object[]) a, component);
    }
    if (!component.isArray()) {
      return a;
    }
    Object[] rows = (Object[]) a;
    Object[] converted = new Object[rows.length];
    Class<?> common = null;
    boolean same = true;
    boolean changed = false;
    for (int i = 0; i < rows.length; i++) {
      converted[i] = forJdbc(rows[i]);
      changed |= converted[i] != rows[i];
      if (converted[i] != null) {
        same &= common == null || common == converted[i].getClass();
        common = converted[i].getClass();
      }
    }
    if (!changed) {
      return a;
    }
    // the rows' one class (Double[] for the rows of a double[][]), else Object
    Object[] out = (Object[]) Array.newInstance(same ? common : Object.class, rows.length);
    System.arraycopy(converted, 0, out, 0, rows.length);
    return out;
  }

  /**
   * With the drop-in present, the elements of an interval or geometric array as it gives those
   * types' column values (pgjdbc's {@code PGInterval}, {@code PGbox}…), in an array of their
   * class. A json or jsonb array's elements stay strings, as pgjdbc's {@code getArray} gives them
   * (its JsonbTest); its result set ({@code getResultSet}) reads them as column values.
   */
  static Object extended(Object a, String baseTypeName, SluiceConnection connection) throws SQLException {
    boolean asked = baseTypeName.equals("interval") || GEOMETRIC.contains(baseTypeName);
    if (!asked || !Extensions.present() || !(a instanceof Object[] elements)) {
      return a;
    }
    Object[] converted = new Object[elements.length];
    Class<?> common = null;
    boolean same = true;
    for (int i = 0; i < elements.length; i++) {
      Object e = elements[i];
      converted[i] = e instanceof Object[] || e == null ? extended(e, baseTypeName, connection)
          : Extensions.get().columnObject(connection, baseTypeName, e);
      if (converted[i] != null) {
        same &= common == null || common == converted[i].getClass();
        common = converted[i].getClass();
      }
    }
    Object[] out = (Object[]) Array.newInstance(same && common != null ? common : Object.class, elements.length);
    System.arraycopy(converted, 0, out, 0, elements.length);
    return out;
  }

  /** Reads an array's text into its elements' texts (nested String arrays), NULL as null. */
  private static final io.sluice.types.TypeContext TEXTS = io.sluice.types.TypeContext.defaults();

  /** Whether {@code a}'s first non-null element, at any depth, is a {@link io.sluice.types.Composite}. */
  static boolean holdsComposites(Object a) {
    if (a instanceof Object[] elements) {
      for (Object e : elements) {
        if (e != null) {
          return e instanceof io.sluice.types.Composite || holdsComposites(e);
        }
      }
    }
    return false;
  }

  /**
   * The elements of an array of composites, given as its server text, as the {@link Extension}'s
   * objects of {@code typeName} (the drop-in's {@code PGobject}s, each holding its element's text).
   */
  static Object composites(String arrayText, String typeName, SluiceConnection connection) throws SQLException {
    byte[] text = arrayText.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    Object texts = TEXTS.registry().codecFor(1009).decodeText(text, 0, text.length, TEXTS);   // text[]
    return objects(texts, typeName, connection);
  }

  private static Object objects(Object texts, String typeName, SluiceConnection connection) throws SQLException {
    if (!(texts instanceof Object[] elements)) {
      return texts == null ? null : Extensions.get().columnObject(connection, typeName, texts);
    }
    Object[] out = new Object[elements.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = objects(elements[i], typeName, connection);
    }
    return out;
  }

  /**
   * date, time and timestamp elements as JDBC's default mapping has them, java.sql.Date, Time and
   * Timestamp (JDBC 4.3 appendix B, table B-3), as pgjdbc's {@code getArray} gives them; read in
   * the JVM's zone, as {@code getDate}/{@code getTime}/{@code getTimestamp} without a Calendar.
   */
  private static Object[] legacyTemporals(Object[] a, Class<?> component) throws SQLException {
    boolean date = component == java.time.LocalDate.class;
    boolean time = component == java.time.LocalTime.class || component == java.time.OffsetTime.class;
    Object[] out = (Object[]) Array.newInstance(date ? java.sql.Date.class : time ? java.sql.Time.class
        : java.sql.Timestamp.class, a.length);
    for (int i = 0; i < a.length; i++) {
      out[i] = date ? TemporalValues.date(a[i], null, "array element")
          : time ? TemporalValues.time(a[i], null, "array element") : TemporalValues.timestamp(a[i], null, "array element");
    }
    return out;
  }

  private static Object[] boxed(Object primitives) {
    int n = Array.getLength(primitives);
    Class<?> box = switch (primitives) {
      case int[] x -> Integer.class;
      case long[] x -> Long.class;
      case double[] x -> Double.class;
      case float[] x -> Float.class;
      case short[] x -> Short.class;
      case boolean[] x -> Boolean.class;
      case char[] x -> Character.class;
      default -> Byte.class;
    };
    Object[] out = (Object[]) Array.newInstance(box, n);
    for (int i = 0; i < n; i++) {
      out[i] = Array.get(primitives, i);
    }
    return out;
  }

  /** {@code BigDecimal[]} when no element is NaN or an infinity, else the array as it is. */
  private static Object[] decimals(Object[] numbers) {
    for (Object n : numbers) {
      if (n != null && !(n instanceof BigDecimal)) {
        return numbers;
      }
    }
    BigDecimal[] out = new BigDecimal[numbers.length];
    System.arraycopy(numbers, 0, out, 0, numbers.length);
    return out;
  }
}
