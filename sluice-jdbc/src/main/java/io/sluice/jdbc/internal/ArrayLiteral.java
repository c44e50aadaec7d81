package io.sluice.jdbc.internal;

/**
 * The text form of an array of strings (nested arrays its further dimensions), as PostgreSQL's {@code array_in} reads it
 * (docs 8.15.6): every element double-quoted, with backslash before {@code "} and {@code \}, and
 * {@code NULL} unquoted for a null element. It travels as a parameter value, never inside SQL.
 */
final class ArrayLiteral {
  private ArrayLiteral() {}

  static String of(Object[] elements) {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < elements.length; i++) {
      if (i > 0) {
        sb.append(',');
      }
      Object e = elements[i];
      if (e == null) {
        sb.append("NULL");
        continue;
      }
      if (e instanceof Object[] inner) {
        sb.append(of(inner));   // a dimension more: {{"a","b"},{"c","d"}}
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
}
