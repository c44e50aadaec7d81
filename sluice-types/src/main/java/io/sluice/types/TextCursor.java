package io.sluice.types;

/**
 * A cursor over an ASCII text value for the hand-written parsers of dates, times, intervals and
 * network addresses. Every read checks the end; failures become a {@link CodecException} through
 * {@link #fail}, naming the type and showing the value.
 */
final class TextCursor {
  final byte[] buf;
  final int start;
  final int end;
  int pos;
  private final String type;

  TextCursor(String type, byte[] buf, int off, int len) {
    if (off < 0 || len < 0 || off > buf.length - len) {
      throw new CodecException(type + ": value range " + off + "+" + len + " is outside its buffer");
    }
    this.type = type;
    this.buf = buf;
    this.start = off;
    this.end = off + len;
    this.pos = off;
  }

  boolean atEnd() {
    return pos >= end;
  }

  /** The next byte, or -1 at the end. */
  int peek() {
    return pos < end ? buf[pos] & 0xFF : -1;
  }

  int peek(int ahead) {
    return pos + ahead < end ? buf[pos + ahead] & 0xFF : -1;
  }

  int next() {
    if (pos >= end) {
      throw fail("unexpected end");
    }
    return buf[pos++] & 0xFF;
  }

  boolean eat(char c) {
    if (pos < end && buf[pos] == c) {
      pos++;
      return true;
    }
    return false;
  }

  void expect(char c) {
    if (!eat(c)) {
      throw fail("expected '" + c + "'");
    }
  }

  /** Consumes {@code word} if it comes next (ASCII, case-insensitive). */
  boolean eatWord(String word) {
    int n = word.length();
    if (end - pos < n) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      int c = buf[pos + i] & 0xFF;
      if (Character.toLowerCase(c) != word.charAt(i)) {
        return false;
      }
    }
    pos += n;
    return true;
  }

  /** Whether the rest of the value is exactly {@code word} (ASCII, case-insensitive). */
  boolean restIs(String word) {
    int save = pos;
    if (eatWord(word) && atEnd()) {
      return true;
    }
    pos = save;
    return false;
  }

  void skipSpaces() {
    while (pos < end && (buf[pos] == ' ' || buf[pos] == '\t' || buf[pos] == '\n' || buf[pos] == '\r')) {
      pos++;
    }
  }

  static boolean isDigit(int c) {
    return c >= '0' && c <= '9';
  }

  /** Reads between {@code min} and {@code max} decimal digits (max at most 18). */
  long digits(int min, int max) {
    long v = 0;
    int n = 0;
    while (n < max && pos < end && isDigit(buf[pos])) {
      v = v * 10 + (buf[pos++] - '0');
      n++;
    }
    if (n < min) {
      throw fail(min == max ? "expected " + min + " digits" : "expected a number");
    }
    return v;
  }

  /** An optionally signed decimal int64, the full range (accumulated negatively, so MIN fits). */
  long signedLong() {
    boolean negative = eat('-');
    if (!negative) {
      eat('+');
    }
    if (!isDigit(peek())) {
      throw fail("expected a number");
    }
    long v = 0;
    while (isDigit(peek())) {
      int d = next() - '0';
      if (v < (Long.MIN_VALUE + d) / 10) {
        throw fail("number out of range");
      }
      v = v * 10 - d;
    }
    if (!negative) {
      if (v == Long.MIN_VALUE) {
        throw fail("number out of range");
      }
      v = -v;
    }
    return v;
  }

  /** Exactly {@code n} digits. */
  int fixed(int n) {
    return (int) digits(n, n);
  }

  /** A fraction after '.', as nanoseconds (up to 9 digits). */
  int fractionNanos() {
    int n = 0;
    int v = 0;
    while (pos < end && isDigit(buf[pos])) {
      if (n == 9) {
        throw fail("more than 9 fractional digits");
      }
      v = v * 10 + (buf[pos++] - '0');
      n++;
    }
    if (n == 0) {
      throw fail("expected fractional digits");
    }
    for (int i = n; i < 9; i++) {
      v *= 10;
    }
    return v;
  }

  void expectEnd() {
    if (pos != end) {
      throw fail("unexpected '" + (char) (buf[pos] & 0xFF) + "'");
    }
  }

  CodecException fail(String why) {
    return new CodecException(type + ": invalid text value \"" + BaseCodec.preview(buf, start, end - start)
        + "\": " + why + " at offset " + (pos - start));
  }
}
