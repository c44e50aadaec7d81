package io.sluice.types;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * Printing and comparing the values Sluice returns when some of them are Java arrays (PostgreSQL
 * arrays, {@code bytea}, pgvector's {@code vector}), which print as {@code [Ljava.lang.Integer;@2c35e847}
 * and compare by identity on their own. Arrays print their elements ({@code [1, null, 3]}, nested
 * {@code [[1, 2], [3, 4]]}), {@code byte[]} prints as PostgreSQL's bytea hex ({@code \xdead}), and
 * everything else as its {@code toString}.
 */
public final class ValueText {
  private ValueText() {}

  /** {@code value} for people to read; {@code "null"} for null. */
  public static String of(Object value) {
    StringBuilder out = new StringBuilder();
    append(out, value);
    return out.toString();
  }

  /** Appends {@code value} as {@link #of} prints it. */
  public static StringBuilder append(StringBuilder out, Object value) {
    switch (value) {
      case null -> out.append("null");
      case byte[] b -> out.append("\\x").append(HexFormat.of().formatHex(b));
      case Object[] a -> {
        out.append('[');
        for (int i = 0; i < a.length; i++) {
          append(i == 0 ? out : out.append(", "), a[i]);
        }
        out.append(']');
      }
      case float[] a -> out.append(Arrays.toString(a));
      case double[] a -> out.append(Arrays.toString(a));
      case int[] a -> out.append(Arrays.toString(a));
      case long[] a -> out.append(Arrays.toString(a));
      case short[] a -> out.append(Arrays.toString(a));
      case boolean[] a -> out.append(Arrays.toString(a));
      case char[] a -> out.append(Arrays.toString(a));
      default -> out.append(value);
    }
    return out;
  }

  /** Equality that looks into arrays, nested or primitive ({@link Objects#deepEquals}). */
  public static boolean equal(Object a, Object b) {
    return Objects.deepEquals(a, b);
  }

  /** A hash code consistent with {@link #equal}. */
  public static int hash(Object value) {
    return value != null && value.getClass().isArray() ? Arrays.deepHashCode(new Object[] {value}) : Objects.hashCode(value);
  }
}
