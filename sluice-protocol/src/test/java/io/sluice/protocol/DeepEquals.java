package io.sluice.protocol;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Structural equality for message records, which compare arrays by identity: components are
 * compared recursively, arrays by content, maps by their entries in order (field order in an
 * ErrorResponse is what the server sent).
 */
final class DeepEquals {
  private DeepEquals() {}

  static void assertDeepEquals(Object expected, Object actual) {
    if (!deepEquals(expected, actual)) {
      fail("messages differ\nexpected: " + render(expected) + "\nactual:   " + render(actual));
    }
  }

  static boolean deepEquals(Object a, Object b) {
    if (a == b) {
      return true;
    }
    if (a == null || b == null) {
      return false;
    }
    // collections by interface: List.of and List.copyOf pick different classes by size
    if (a instanceof List<?> x && b instanceof List<?> y) {
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!deepEquals(x.get(i), y.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
      return deepEquals(new ArrayList<>(x.entrySet()), new ArrayList<>(y.entrySet()));
    }
    if (a instanceof Map.Entry<?, ?> x && b instanceof Map.Entry<?, ?> y) {
      return deepEquals(x.getKey(), y.getKey()) && deepEquals(x.getValue(), y.getValue());
    }
    if (a.getClass() != b.getClass()) {
      return false;
    }
    if (a.getClass().isArray()) {
      return Arrays.deepEquals(new Object[] {a}, new Object[] {b});
    }
    if (a.getClass().isRecord()) {
      for (RecordComponent c : a.getClass().getRecordComponents()) {
        try {
          if (!deepEquals(c.getAccessor().invoke(a), c.getAccessor().invoke(b))) {
            return false;
          }
        } catch (ReflectiveOperationException e) {
          throw new AssertionError(e);
        }
      }
      return true;
    }
    return a.equals(b);
  }

  /** Like a record's toString, but showing array contents (secrets included: tests only). */
  static String render(Object o) {
    if (o == null) {
      return "null";
    }
    if (o.getClass().isArray()) {
      String s = Arrays.deepToString(new Object[] {o});
      return s.substring(1, s.length() - 1);
    }
    if (o instanceof List<?> list) {
      List<String> items = new ArrayList<>();
      list.forEach(x -> items.add(render(x)));
      return items.toString();
    }
    if (o instanceof String s) {
      return '"' + s + '"';
    }
    if (!o.getClass().isRecord()) {
      return o.toString();
    }
    StringBuilder sb = new StringBuilder(o.getClass().getSimpleName()).append('[');
    RecordComponent[] components = o.getClass().getRecordComponents();
    for (int i = 0; i < components.length; i++) {
      try {
        sb.append(i > 0 ? ", " : "").append(components[i].getName()).append('=')
            .append(render(components[i].getAccessor().invoke(o)));
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
    }
    return sb.append(']').toString();
  }
}
