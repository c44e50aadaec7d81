package io.sluice.types;

/**
 * The text form of one range ({@code range_out}/{@code range_parse} in
 * src/backend/utils/adt/rangetypes.c): {@code empty}, or a bracket, the lower bound, a comma, the
 * upper bound and a bracket, where a missing bound is unbounded. A bound is double-quoted when it
 * is empty or holds quotes, backslashes, brackets, parentheses, commas or white space; inside,
 * quotes and backslashes are doubled (and a backslash escapes the next character on input).
 */
final class RangeText {
  private RangeText() {}

  static Range<Object> parse(TextCursor c, Codec<?> subtype, TypeContext ctx) {
    if (c.eatWord("empty")) {
      return Range.empty();
    }
    int open = c.next();
    if (open != '[' && open != '(') {
      throw c.fail("expected '[' or '('");
    }
    Object lower = bound(c, subtype, ctx);
    c.expect(',');
    Object upper = bound(c, subtype, ctx);
    int close = c.next();
    if (close != ']' && close != ')') {
      throw c.fail("expected ']' or ')'");
    }
    return new Range<>(lower, open == '[', upper, close == ']', false);
  }

  /** One bound up to ',' or the closing bracket; null when nothing is there (unbounded). */
  private static Object bound(TextCursor c, Codec<?> subtype, TypeContext ctx) {
    int start = c.pos;
    boolean quoted = false;
    boolean escaped = false;
    int quotes = 0;
    while (true) {
      int ch = c.peek();
      if (ch < 0) {
        throw c.fail("unterminated range");
      }
      if (!quoted && (ch == ',' || ch == ']' || ch == ')')) {
        break;
      }
      c.next();
      if (ch == '\\') {
        c.next();
        escaped = true;
      } else if (ch == '"') {
        if (quoted && c.peek() == '"') {
          c.next();
          escaped = true;
        } else {
          quoted = !quoted;
          quotes++;
        }
      }
    }
    int end = c.pos;
    if (end == start) {
      return null;
    }
    // Plain and simply quoted bounds are decoded in place; the rest is unescaped first.
    if (!escaped && quotes == 0) {
      return subtype.decodeText(c.buf, start, end - start, ctx);
    }
    if (!escaped && quotes == 2 && c.buf[start] == '"' && c.buf[end - 1] == '"') {
      return subtype.decodeText(c.buf, start + 1, end - start - 2, ctx);
    }
    byte[] out = new byte[end - start];
    int n = 0;
    boolean inQuotes = false;
    for (int i = start; i < end; i++) {
      byte b = c.buf[i];
      if (b == '\\') {
        out[n++] = c.buf[++i];
      } else if (b == '"') {
        if (inQuotes && i + 1 < end && c.buf[i + 1] == '"') {
          out[n++] = '"';
          i++;
        } else {
          inQuotes = !inQuotes;
        }
      } else {
        out[n++] = b;
      }
    }
    return subtype.decodeText(out, 0, n, ctx);
  }

  static void append(StringBuilder sb, Range<?> r, int subtypeOid, Codec<?> subtype, TypeContext ctx) {
    if (r.isEmpty()) {
      sb.append("empty");
      return;
    }
    sb.append(r.lowerInclusive() ? '[' : '(');
    if (r.lower() != null) {
      quoted(sb, Elements.encodeText(subtypeOid, subtype, r.lower(), ctx));
    }
    sb.append(',');
    if (r.upper() != null) {
      quoted(sb, Elements.encodeText(subtypeOid, subtype, r.upper(), ctx));
    }
    sb.append(r.upperInclusive() ? ']' : ')');
  }

  /**
   * Appends {@code s} as a range bound or record field: double-quoted (with {@code "} and
   * {@code \\} doubled) when empty or when it holds a delimiter or white space.
   */
  static void quoted(StringBuilder sb, String s) {
    boolean quote = s.isEmpty();
    for (int i = 0; i < s.length() && !quote; i++) {
      char c = s.charAt(i);
      quote = c == '"' || c == '\\' || c == '(' || c == ')' || c == '[' || c == ']' || c == ',' || Character.isWhitespace(c);
    }
    if (!quote) {
      sb.append(s);
      return;
    }
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        sb.append(c);
      }
      sb.append(c);
    }
    sb.append('"');
  }
}
