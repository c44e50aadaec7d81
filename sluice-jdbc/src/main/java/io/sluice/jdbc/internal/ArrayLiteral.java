package io.sluice.jdbc.internal;

/**
 * The text form of an array of strings (nested arrays its further dimensions), as PostgreSQL's {@code array_in} reads it
 * (docs 8.15.6): every element double-quoted, with backslash before {@code "} and {@code \}, and
 * {@code NULL} unquoted for a null element. It travels as a parameter value, never inside SQL.
 */
final class ArrayLiteral {
  private ArrayLiteral() {}

  static String of(Object[] elements) {
    return of(elements, ',');
  }

  /** As {@link #of(Object[])}, the elements separated by the element type's {@code delimiter} ({@code ;} for box). */
  static String of(Object[] elements, char delimiter) {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < elements.length; i++) {
      if (i > 0) {
        sb.append(delimiter);
      }
      Object e = elements[i];
      if (e == null) {
        sb.append("NULL");
        continue;
      }
      if (e instanceof Object[] inner) {
        sb.append(of(inner, delimiter));   // a dimension more: {{"a","b"},{"c","d"}}
        continue;
      }
      sb.append('"');
      String s = e.toString();
      for (int k = 0; k < s.length(); k++) {
        char c = s.charAt(k);
        if (c == '"' || c == '\\') {
          sb.append('\\');
        }
        sb.append(c);
      }
      sb.append('"');
    }
    return sb.append('}').toString();
  }

  /**
   * An array's elements as PostgreSQL writes them ({@code array_out}): {@code {1,2}}, {@code
   * {{1,2},{3,4}}}, {@code NULL} for a null element, an element quoted only when it must be (empty,
   * {@code NULL}, or holding a brace, quote, comma, backslash or space), booleans as {@code t} and
   * {@code f}, bytes as {@code \\x…}: what {@code Array.toString} gives in pgjdbc.
   */
  static String display(Object elements) {
    if (elements == null) {
      return "NULL";
    }
    if (elements instanceof java.util.List<?> l) {
      return display(l.toArray());
    }
    StringBuilder sb = new StringBuilder("{");
    int n = java.lang.reflect.Array.getLength(elements);
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        sb.append(',');
      }
      Object e = java.lang.reflect.Array.get(elements, i);
      if (e == null) {
        sb.append("NULL");
      } else if (e.getClass().isArray() && !(e instanceof byte[]) || e instanceof java.util.List<?>) {
        sb.append(display(e));
      } else {
        element(sb, e instanceof Boolean b ? (b ? "t" : "f") : e instanceof byte[] bytes ? hex(bytes) : e.toString());
      }
    }
    return sb.append('}').toString();
  }

  private static void element(StringBuilder sb, String s) {
    boolean quote = s.isEmpty() || s.equalsIgnoreCase("NULL");
    for (int k = 0; k < s.length() && !quote; k++) {
      char c = s.charAt(k);
      quote = c == '{' || c == '}' || c == '"' || c == ',' || c == '\\' || Character.isWhitespace(c);
    }
    if (!quote) {
      sb.append(s);
      return;
    }
    sb.append('"');
    for (int k = 0; k < s.length(); k++) {
      char c = s.charAt(k);
      if (c == '"' || c == '\\') {
        sb.append('\\');
      }
      sb.append(c);
    }
    sb.append('"');
  }

  private static String hex(byte[] b) {
    return "\\x" + java.util.HexFormat.of().formatHex(b);
  }
}
