package io.sluice.types;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * What the date and time codecs share: PostgreSQL's epoch and range (src/include/datatype/timestamp.h)
 * and the ISO text forms that {@code EncodeDateTime} prints under {@code DateStyle = ISO}
 * (src/backend/utils/adt/datetime.c): {@code 2024-02-29 12:00:00.5+05:45}, years below 1000
 * padded to four digits, longer years as they are, and {@code BC} at the very end for years
 * before 1 AD (ISO year 0 is 1 BC).
 */
final class DateTimes {
  private DateTimes() {}

  /** 2000-01-01, PostgreSQL's epoch, as a Java epoch day and epoch second. */
  static final long EPOCH_DAY_2000 = 10_957;
  static final long EPOCH_SECOND_2000 = 946_684_800L;
  static final long MICROS_PER_DAY = 86_400_000_000L;
  /** Julian day 0, the first date (4714-11-24 BC), and the last, 5874897-12-31. */
  static final LocalDate MIN_DATE = LocalDate.of(-4713, 11, 24);
  static final LocalDate MAX_DATE = LocalDate.of(5_874_897, 12, 31);
  /** {@code MIN_TIMESTAMP} and {@code END_TIMESTAMP} (exclusive): 4714-11-24 BC to 294277-01-01. */
  static final long MIN_TIMESTAMP = -211_813_488_000_000_000L;
  static final long END_TIMESTAMP = 9_223_371_331_200_000_000L;
  /** {@code DT_NOBEGIN}/{@code DT_NOEND} and {@code DATEVAL_NOBEGIN}/{@code DATEVAL_NOEND}: ±infinity. */
  static final long TS_MINUS_INFINITY = Long.MIN_VALUE;
  static final long TS_INFINITY = Long.MAX_VALUE;
  static final int DATE_MINUS_INFINITY = Integer.MIN_VALUE;
  static final int DATE_INFINITY = Integer.MAX_VALUE;

  /**
   * Non-negative nanoseconds rounded to microseconds, half to even, as the server rounds a longer
   * fraction in text input; a carry (999_999_999_500 ns to 1_000_000 µs) is the caller's to use.
   */
  static long roundToMicros(long nanos) {
    long q = nanos / 1000;
    long r = nanos % 1000;
    if (r > 500 || (r == 500 && (q & 1) == 1)) {
      q++;
    }
    return q;
  }

  /** Microseconds since 2000-01-01 of a local date-time, rounded; outside the server's range throws. */
  static long micros(String type, long epochSecond, int nanos) {
    // 4714 BC .. 294277 AD in seconds: checked first so that the multiplication cannot overflow.
    long sec = epochSecond - EPOCH_SECOND_2000;
    if (sec < MIN_TIMESTAMP / 1_000_000 - 1 || sec > END_TIMESTAMP / 1_000_000) {
      throw outOfRange(type);
    }
    long micros = sec * 1_000_000 + roundToMicros(nanos);
    if (micros < MIN_TIMESTAMP || micros >= END_TIMESTAMP) {
      throw outOfRange(type);
    }
    return micros;
  }

  static CodecException outOfRange(String type) {
    return new CodecException(type + ": out of PostgreSQL's range 4714-11-24 00:00:00 BC to "
        + "294276-12-31 23:59:59.999999 (use the MIN/MAX constants for -infinity/infinity)");
  }

  static long epochSecond(long micros) {
    return Math.floorDiv(micros, 1_000_000) + EPOCH_SECOND_2000;
  }

  static int nanos(long micros) {
    return Math.floorMod(micros, 1_000_000) * 1000;
  }

  static LocalDateTime localDateTime(long micros) {
    return LocalDateTime.ofEpochSecond(epochSecond(micros), nanos(micros), ZoneOffset.UTC);
  }

  // ---- text output ----

  static void appendDate(StringBuilder sb, LocalDate d) {
    int year = d.getYear();
    int shown = year > 0 ? year : 1 - year;
    for (int p = 1000; p > 1 && shown < p; p /= 10) {
      sb.append('0');
    }
    sb.append(shown).append('-');
    two(sb, d.getMonthValue()).append('-');
    two(sb, d.getDayOfMonth());
  }

  static void appendBc(StringBuilder sb, LocalDate d) {
    if (d.getYear() <= 0) {
      sb.append(" BC");
    }
  }

  /** HH:MM:SS and up to six fractional digits without trailing zeros; hours may reach 24. */
  static void appendTime(StringBuilder sb, long microsOfDay) {
    long secs = microsOfDay / 1_000_000;
    two(sb, (int) (secs / 3600)).append(':');
    two(sb, (int) (secs / 60 % 60)).append(':');
    two(sb, (int) (secs % 60));
    appendFraction(sb, microsOfDay % 1_000_000);
  }

  static void appendFraction(StringBuilder sb, long micros) {
    if (micros == 0) {
      return;
    }
    sb.append('.');
    int digits = 6;
    while (micros % 10 == 0) {
      micros /= 10;
      digits--;
    }
    String s = Long.toString(micros);
    for (int i = s.length(); i < digits; i++) {
      sb.append('0');
    }
    sb.append(s);
  }

  /** A UTC offset as the server prints it: +05, +05:30, +05:45:12. */
  static void appendOffset(StringBuilder sb, int totalSeconds) {
    sb.append(totalSeconds < 0 ? '-' : '+');
    int s = Math.abs(totalSeconds);
    two(sb, s / 3600);
    if (s % 3600 != 0) {
      sb.append(':');
      two(sb, s / 60 % 60);
      if (s % 60 != 0) {
        sb.append(':');
        two(sb, s % 60);
      }
    }
  }

  static StringBuilder two(StringBuilder sb, int v) {
    if (v < 10) {
      sb.append('0');
    }
    return sb.append(v);
  }

  // ---- text input ----

  /** The fields of one ISO date/time text. */
  static final class Fields {
    LocalDate date;
    long nanoOfDay;
    int offsetSeconds;
  }

  /**
   * Parses {@code [YYYY-MM-DD][ ][HH:MM:SS[.fff]][+HH[:MM[:SS]]][ BC]} with the parts asked for;
   * anything else is a {@link CodecException} that names the DateStyle when it is not ISO.
   */
  static Fields parse(TextCursor c, boolean date, boolean time, boolean offset, TypeContext ctx) {
    try {
      Fields f = new Fields();
      long year = 0;
      int month = 0;
      int day = 0;
      if (date) {
        year = c.digits(1, 9);
        c.expect('-');
        month = c.fixed(2);
        c.expect('-');
        day = c.fixed(2);
        if (time) {
          c.expect(' ');
        }
      }
      if (time) {
        int h = c.fixed(2);
        c.expect(':');
        int m = c.fixed(2);
        c.expect(':');
        int s = c.fixed(2);
        int nanos = c.eat('.') ? c.fractionNanos() : 0;
        if (h > 24 || m > 59 || s > 59 || (h == 24 && (m | s | nanos) != 0)) {
          throw c.fail("time field out of range");
        }
        f.nanoOfDay = (h * 3600L + m * 60L + s) * 1_000_000_000L + nanos;
      }
      if (offset) {
        int sign = c.next();
        if (sign != '+' && sign != '-') {
          throw c.fail("expected a UTC offset");
        }
        int secs = c.fixed(2) * 3600;
        if (c.eat(':')) {
          secs += c.fixed(2) * 60;
          if (c.eat(':')) {
            secs += c.fixed(2);
          }
        }
        f.offsetSeconds = sign == '-' ? -secs : secs;
      }
      if (date) {
        if (c.eatWord(" bc")) {
          year = 1 - year;
        }
        c.expectEnd();
        try {
          f.date = LocalDate.of((int) year, month, day);
        } catch (DateTimeException e) {
          throw c.fail(e.getMessage());
        }
      }
      c.expectEnd();
      return f;
    } catch (CodecException e) {
      String style = ctx == null ? null : ctx.dateStyle();
      if (style != null && !style.regionMatches(true, 0, "ISO", 0, 3)) {
        throw new CodecException(e.getMessage() + " (the server's DateStyle is '" + style
            + "'; text dates are read in DateStyle ISO)", e);
      }
      throw e;
    }
  }
}
