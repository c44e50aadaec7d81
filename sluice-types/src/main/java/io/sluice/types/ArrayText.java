package io.sluice.types;

import java.lang.reflect.Array;
import java.util.ArrayList;

/**
 * The text form of arrays ({@code array_in}/{@code array_out}, src/backend/utils/adt/arrayfuncs.c):
 * {@code {1,2,3}}, nested braces per dimension {@code {{1,2},{3,4}}}, an optional dimension
 * decoration when a lower bound is not 1 ({@code [0:2]={1,2,3}}), {@code NULL} unquoted for a
 * NULL element, and double quotes around an element that is empty, is the word NULL, or holds
 * braces, quotes, backslashes, the delimiter or white space; inside quotes, {@code \"} and
 * {@code \\} escape. Unquoted elements may use backslash escapes too and lose surrounding spaces.
 */
final class ArrayText {
  private ArrayText() {}

  private static final char DELIMITER = ',';
  /**
   * The element separator of arrays of {@code elementOid} (pg_type.typdelim): ',' but for {@code
   * box}, the one built-in type whose text holds commas between its corners, whose arrays use ';'.
   */
  static char delimiter(int elementOid) {
    return elementOid == Oids.BOX ? ';' : DELIMITER;
  }

  /** Appends one non-null element, quoted when array_in would otherwise misread it. */
  static void appendElement(StringBuilder sb, String s) {
    boolean quote = s.isEmpty() || s.equalsIgnoreCase("NULL");
    for (int i = 0; i < s.length() && !quote; i++) {
      char c = s.charAt(i);
      quote = c == '{' || c == '}' || c == '"' || c == '\\' || c == DELIMITER || c == ' ' || c == '\t'
          || c == '\n' || c == '\r' || c == '\u000B' || c == '\f';
    }
    if (!quote) {
      sb.append(s);
      return;
    }
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        sb.append('\\');
      }
      sb.append(c);
    }
    sb.append('"');
  }

  /** State of one parse: the flat elements and the length seen at each depth. */
  private static final class Parse {
    final BaseCodec<?> array;
    final Codec<?> element;
    final TextCursor c;
    final TypeContext ctx;
    final char delimiter;
    final ArrayList<Object> items = new ArrayList<>();
    final int[] dims = new int[ArrayCodec.MAXDIM];
    int ndim = -1;
    byte[] scratch;

    Parse(BaseCodec<?> array, Codec<?> element, TextCursor c, TypeContext ctx) {
      this.array = array;
      this.element = element;
      this.c = c;
      this.ctx = ctx;
      this.delimiter = array instanceof ArrayCodec a ? delimiter(a.elementOid()) : DELIMITER;
      java.util.Arrays.fill(dims, -1);
    }
  }

  static Object parse(BaseCodec<?> array, Codec<?> element, byte[] buf, int off, int len, TypeContext ctx) {
    TextCursor c = new TextCursor(array.name(), buf, off, len);
    Parse p = new Parse(array, element, c, ctx);
    c.skipSpaces();
    int[] declared = null;
    if (c.peek() == '[') {
      declared = decoration(c);
    }
    c.skipSpaces();
    c.expect('{');
    level(p, 0);
    c.skipSpaces();
    c.expectEnd();
    Class<?> comp = ArrayCodec.componentType(element);
    if (p.ndim <= 0) {
      if (declared != null) {
        throw c.fail("dimensions given for an empty array");
      }
      return Array.newInstance(comp, 0);
    }
    int[] dims = java.util.Arrays.copyOf(p.dims, p.ndim);
    if (declared != null && !java.util.Arrays.equals(declared, dims)) {
      throw c.fail("the dimensions do not match the array's contents");
    }
    Object out = Array.newInstance(comp, dims);
    int[] next = {0};
    fill(out, 0, dims.length, p.items, next);
    return out;
  }

  /** {@code [lo:hi][lo:hi]=}: returns the sizes (hi - lo + 1). */
  private static int[] decoration(TextCursor c) {
    int[] sizes = new int[ArrayCodec.MAXDIM];
    int n = 0;
    while (c.eat('[')) {
      if (n == ArrayCodec.MAXDIM) {
        throw c.fail("more than " + ArrayCodec.MAXDIM + " dimensions");
      }
      long lo = bound(c);
      long hi = lo;
      if (c.eat(':')) {
        hi = bound(c);
      } else {
        lo = 1;
      }
      c.expect(']');
      if (hi < lo - 1 || hi - lo + 1 > Integer.MAX_VALUE) {
        throw c.fail("upper bound below lower bound");
      }
      sizes[n++] = (int) (hi - lo + 1);
    }
    c.skipSpaces();
    c.expect('=');
    return java.util.Arrays.copyOf(sizes, n);
  }

  private static long bound(TextCursor c) {
    boolean negative = c.eat('-');
    if (!negative) {
      c.eat('+');
    }
    long v = c.digits(1, 10);
    return negative ? -v : v;
  }

  /** Parses after an opening brace at {@code depth}, through the closing one. */
  private static void level(Parse p, int depth) {
    TextCursor c = p.c;
    c.skipSpaces();
    if (c.eat('}')) {
      if (depth > 0) {
        throw c.fail("empty sub-array");
      }
      p.ndim = 0;
      return;
    }
    int count = 0;
    while (true) {
      c.skipSpaces();
      if (c.eat('{')) {
        if (depth + 1 >= ArrayCodec.MAXDIM || (p.ndim >= 0 && depth + 1 >= p.ndim)) {
          throw c.fail("sub-array where an element was expected");
        }
        level(p, depth + 1);
      } else {
        if (p.ndim < 0) {
          p.ndim = depth + 1;
        } else if (p.ndim != depth + 1) {
          throw c.fail("element where a sub-array was expected (ragged array)");
        }
        element(p);
      }
      count++;
      c.skipSpaces();
      if (c.eat('}')) {
        break;
      }
      c.expect(p.delimiter);
    }
    if (p.dims[depth] < 0) {
      p.dims[depth] = count;
    } else if (p.dims[depth] != count) {
      throw c.fail("sub-arrays of different lengths (ragged array)");
    }
  }

  /**
   * Reads one element (quoted or not), decodes it with the element codec, and keeps it. Elements
   * without escapes are decoded in place; only escaped ones are copied to a scratch buffer.
   */
  private static void element(Parse p) {
    TextCursor c = p.c;
    byte[] buf = c.buf;
    if (c.eat('"')) {
      int start = c.pos;
      boolean escaped = false;
      while (true) {
        int ch = c.next();
        if (ch == '"') {
          break;
        }
        if (ch == '\\') {
          c.next();
          escaped = true;
        }
      }
      int end = c.pos - 1;
      p.items.add(escaped ? decodeEscaped(p, start, end) : p.element.decodeText(buf, start, end - start, p.ctx));
      return;
    }
    int start = c.pos;
    int keep = start; // end of the element without trailing blanks (escaped blanks are kept)
    boolean escaped = false;
    while (true) {
      int ch = c.peek();
      if (ch < 0 || ch == p.delimiter || ch == '}') {
        break;
      }
      if (ch == '{' || ch == '"') {
        throw c.fail("unexpected '" + (char) ch + "' in an unquoted element");
      }
      c.next();
      if (ch == '\\') {
        c.next();
        escaped = true;
        keep = c.pos;
      } else if (!isBlank(ch)) {
        keep = c.pos;
      }
    }
    if (keep == start) {
      throw c.fail("empty element");
    }
    if (!escaped && keep - start == 4 && isNull(buf, start)) {
      p.items.add(null);
      return;
    }
    p.items.add(escaped ? decodeEscaped(p, start, keep) : p.element.decodeText(buf, start, keep - start, p.ctx));
  }

  /** Decodes {@code buf[start, end)} after removing backslash escapes (and the quotes' content only). */
  private static Object decodeEscaped(Parse p, int start, int end) {
    byte[] buf = p.c.buf;
    if (p.scratch == null || p.scratch.length < end - start) {
      p.scratch = new byte[Math.max(64, end - start)];
    }
    int n = 0;
    for (int i = start; i < end; i++) {
      byte b = buf[i];
      if (b == '\\') {
        b = buf[++i];
      }
      p.scratch[n++] = b;
    }
    return p.element.decodeText(p.scratch, 0, n, p.ctx);
  }

  private static boolean isBlank(int ch) {
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\u000B' || ch == '\f';
  }

  private static boolean isNull(byte[] b, int at) {
    return (b[at] | 0x20) == 'n' && (b[at + 1] | 0x20) == 'u' && (b[at + 2] | 0x20) == 'l' && (b[at + 3] | 0x20) == 'l';
  }

  private static void fill(Object arr, int depth, int ndim, ArrayList<Object> items, int[] next) {
    Object[] a = (Object[]) arr;
    for (int i = 0; i < a.length; i++) {
      if (depth < ndim - 1) {
        fill(a[i], depth + 1, ndim, items, next);
      } else {
        a[i] = items.get(next[0]++);
      }
    }
  }
}
