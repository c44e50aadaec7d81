package io.sluice.lab.changes;

import io.sluice.bench.BenchFailure;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * The lab's hand decoding of PostgreSQL's text output for the {@code changes} table's types, as an
 * application reading pgjdbc's raw pgoutput bytes must do it: each value into the Java type
 * Sluice's typed getters give for it. Each parser reads the bytes in place (no intermediate {@code
 * String} where the type is not one) and accepts only what the server prints for the case's values
 * under {@code DateStyle = ISO} (pgjdbc's start-up setting); anything else is a {@link
 * BenchFailure} naming the value, never a wrong number.
 */
final class TextValues {
  private TextValues() {}

  /** {@code int2}/{@code int4}/{@code int8}'s output: an optional minus sign and decimal digits. */
  static long parseLong(byte[] a, int off, int len) {
    if (len == 0 || len > 20) {
      throw refused("an integer", a, off, len);
    }
    boolean negative = a[off] == '-';
    long v = 0;
    for (int i = negative ? 1 : 0; i < len; i++) {
      int d = a[off + i] - '0';
      if (d < 0 || d > 9) {
        throw refused("an integer", a, off, len);
      }
      v = v * 10 + d;
    }
    return negative ? -v : v;
  }

  /**
   * {@code numeric}'s output ({@code numeric_out}): sign, digits, an optional point and fraction
   * digits, the fraction's length being the scale. Up to 18 digits are gathered into a {@code long}
   * unscaled value; longer ones, and {@code NaN}/{@code Infinity}, go through {@link BigDecimal}'s
   * own parser (which refuses the non-finite ones, as Sluice's getter does).
   */
  static BigDecimal parseNumeric(byte[] a, int off, int len) {
    if (len == 0 || len > 19) {
      return new BigDecimal(string(a, off, len));
    }
    boolean negative = a[off] == '-';
    long unscaled = 0;
    int scale = -1;
    for (int i = negative ? 1 : 0; i < len; i++) {
      byte c = a[off + i];
      if (c == '.' && scale < 0) {
        scale = 0;
        continue;
      }
      int d = c - '0';
      if (d < 0 || d > 9) {
        return new BigDecimal(string(a, off, len));
      }
      unscaled = unscaled * 10 + d;
      if (scale >= 0) {
        scale++;
      }
    }
    return BigDecimal.valueOf(negative ? -unscaled : unscaled, Math.max(scale, 0));
  }

  /** {@code text}/{@code varchar}: the bytes in the server's encoding, UTF-8 (the testkit's and the lab's). */
  static String string(byte[] a, int off, int len) {
    return new String(a, off, len, StandardCharsets.UTF_8);
  }

  /** {@code boolean}'s output: {@code t} or {@code f}. */
  static boolean parseBoolean(byte[] a, int off, int len) {
    if (len == 1 && a[off] == 't') {
      return true;
    }
    if (len == 1 && a[off] == 'f') {
      return false;
    }
    throw refused("a boolean", a, off, len);
  }

  /** {@code uuid}'s output: 32 hexadecimal digits in groups of 8-4-4-4-12, lower case. */
  static UUID parseUuid(byte[] a, int off, int len) {
    if (len != 36 || a[off + 8] != '-' || a[off + 13] != '-' || a[off + 18] != '-' || a[off + 23] != '-') {
      throw refused("a uuid", a, off, len);
    }
    long high = 0;
    long low = 0;
    int digits = 0;
    for (int i = 0; i < len; i++) {
      byte c = a[off + i];
      if (c == '-') {
        continue;
      }
      int h = Character.digit(c, 16);
      if (h < 0) {
        throw refused("a uuid", a, off, len);
      }
      if (digits++ < 16) {
        high = high << 4 | h;
      } else {
        low = low << 4 | h;
      }
    }
    return new UUID(high, low);
  }

  /**
   * {@code timestamptz}'s output under {@code DateStyle = ISO} ({@code EncodeDateTime}): {@code
   * YYYY-MM-DD HH:MM:SS}, a fraction of 1 to 6 digits when not whole, then the session time zone's
   * offset as {@code ±HH}, {@code ±HH:MM} or {@code ±HH:MM:SS}. Years past 9999, BC dates and
   * infinities are refused: the case writes none.
   */
  static OffsetDateTime parseTimestamptz(byte[] a, int off, int len) {
    if (len < 22 || a[off + 4] != '-' || a[off + 7] != '-' || a[off + 10] != ' ' || a[off + 13] != ':'
        || a[off + 16] != ':') {
      throw refused("a timestamptz", a, off, len);
    }
    int year = digits(a, off, 4, len);
    int month = digits(a, off + 5, 2, len);
    int day = digits(a, off + 8, 2, len);
    int hour = digits(a, off + 11, 2, len);
    int minute = digits(a, off + 14, 2, len);
    int second = digits(a, off + 17, 2, len);
    int i = off + 19;
    int end = off + len;
    int nanos = 0;
    if (a[i] == '.') {
      int scale = 100_000_000;
      for (i++; i < end && a[i] >= '0' && a[i] <= '9'; i++) {
        nanos += (a[i] - '0') * scale;
        scale /= 10;
      }
    }
    if (i >= end || (a[i] != '+' && a[i] != '-')) {
      throw refused("a timestamptz", a, off, len);
    }
    int rest = end - i;
    boolean offsetForm = rest == 3 || (rest == 6 && a[i + 3] == ':')
        || (rest == 9 && a[i + 3] == ':' && a[i + 6] == ':');
    if (!offsetForm) {
      throw refused("a timestamptz", a, off, len);
    }
    int sign = a[i] == '-' ? -1 : 1;
    int offsetSeconds = digits(a, i + 1, 2, len) * 3600;
    if (rest >= 6) {
      offsetSeconds += digits(a, i + 4, 2, len) * 60;
    }
    if (rest == 9) {
      offsetSeconds += digits(a, i + 7, 2, len);
    }
    return OffsetDateTime.of(year, month, day, hour, minute, second, nanos,
        ZoneOffset.ofTotalSeconds(sign * offsetSeconds));
  }

  private static int digits(byte[] a, int at, int count, int len) {
    int v = 0;
    for (int i = at; i < at + count; i++) {
      int d = a[i] - '0';
      if (d < 0 || d > 9) {
        throw new BenchFailure("a timestamptz in pgoutput's text format with a non-digit where a digit belongs");
      }
      v = v * 10 + d;
    }
    return v;
  }

  private static BenchFailure refused(String what, byte[] a, int off, int len) {
    return new BenchFailure("pgoutput sent \"" + string(a, off, Math.min(len, 64)) + "\" where the changes case expects "
        + what + " in text format");
  }
}
