package io.sluice.types;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Deep equality for decoded values: nested arrays, float[], NaN and -0.0 by their bits. */
final class Values {
  private Values() {}

  static boolean same(Object a, Object b) {
    if (a == null || b == null) {
      return a == b;
    }
    if (a.getClass().isArray() && b.getClass().isArray()) {
      if (a.getClass() != b.getClass()) {
        return false;
      }
      int n = Array.getLength(a);
      if (n != Array.getLength(b)) {
        return false;
      }
      for (int i = 0; i < n; i++) {
        if (!same(Array.get(a, i), Array.get(b, i))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof List<?> x && b instanceof List<?> y) {
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!same(x.get(i), y.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
      return x.equals(y) && List.copyOf(x.keySet()).equals(List.copyOf(y.keySet()));
    }
    if (a instanceof Composite x && b instanceof Composite y) {
      return x.typeName().equals(y.typeName()) && x.names().equals(y.names()) && same(x.values(), y.values());
    }
    if (a instanceof Range<?> x && b instanceof Range<?> y) {
      return x.isEmpty() == y.isEmpty() && x.lowerInclusive() == y.lowerInclusive()
          && x.upperInclusive() == y.upperInclusive() && same(x.lower(), y.lower()) && same(x.upper(), y.upper());
    }
    // Double.equals and Float.equals compare bits: NaN equals NaN, -0.0 differs from 0.0.
    return Objects.equals(a, b) && a.getClass() == b.getClass();
  }

  static void assertSame(Object expected, Object actual, String what) {
    if (!same(expected, actual)) {
      fail(what + ": expected " + show(expected) + " but got " + show(actual));
    }
  }

  static String show(Object v) {
    if (v == null) {
      return "null";
    }
    if (v.getClass().isArray()) {
      if (v instanceof Object[] a) {
        return v.getClass().getSimpleName() + Arrays.deepToString(a);
      }
      StringBuilder sb = new StringBuilder(v.getClass().getSimpleName()).append('[');
      for (int i = 0; i < Array.getLength(v); i++) {
        sb.append(i > 0 ? ", " : "").append(Array.get(v, i));
      }
      return sb.append(']').toString();
    }
    return v.getClass().getSimpleName() + "(" + v + ")";
  }
}
