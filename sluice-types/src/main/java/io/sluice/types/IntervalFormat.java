package io.sluice.types;

/**
 * An {@link Interval} as PostgreSQL's {@code interval_out} writes it, in the {@code postgres}
 * IntervalStyle (the default: {@code 1 year 2 mons -3 days +04:05:06.789}) and the
 * {@code iso_8601} one ({@code P1Y2M-3DT4H5M6.789S}). Follows {@code EncodeInterval},
 * {@code AddPostgresIntPart}, {@code AddISO8601IntPart} and {@code AppendSeconds}
 * (src/backend/utils/adt/datetime.c) with the fields split as {@code interval2itm} splits them
 * (C division, truncating towards zero: every field takes the sign of its source or is zero).
 */
final class IntervalFormat {
  private static final long USECS_PER_HOUR = 3_600_000_000L;
  private static final long USECS_PER_MINUTE = 60_000_000L;
  private static final long USECS_PER_SEC = 1_000_000L;

  private final StringBuilder out = new StringBuilder(32);
  /** Nothing written yet ({@code is_zero}). */
  private boolean empty = true;
  /** The last field written was negative, so a positive next one gets a '+' ({@code is_before}). */
  private boolean afterNegative;

  private IntervalFormat() {}

  /** {@code 1 year 2 mons -3 days +04:05:06.789}; {@code 00:00:00} for zero; {@code infinity}. */
  static String postgres(Interval v) {
    String infinite = infinite(v);
    if (infinite != null) {
      return infinite;
    }
    IntervalFormat f = new IntervalFormat();
    f.postgresPart(v.months() / 12, "year");
    f.postgresPart(v.months() % 12, "mon");
    f.postgresPart(v.days(), "day");
    long micros = v.microseconds();
    if (f.empty || micros != 0) {
      if (!f.empty) {
        f.out.append(' ');
      }
      f.out.append(micros < 0 ? "-" : f.afterNegative ? "+" : "");
      long hours = Math.abs(micros / USECS_PER_HOUR);
      if (hours < 10) {
        f.out.append('0');
      }
      f.out.append(hours).append(':');
      twoDigits(f.out, Math.abs(micros % USECS_PER_HOUR / USECS_PER_MINUTE)).append(':');
      twoDigits(f.out, Math.abs(micros % USECS_PER_MINUTE / USECS_PER_SEC));
      fraction(f.out, Math.abs(micros % USECS_PER_SEC));
    }
    return f.out.toString();
  }

  /** {@code P1Y2M-3DT4H5M6.789S}; {@code PT0S} for zero; {@code infinity}. */
  static String iso8601(Interval v) {
    String infinite = infinite(v);
    if (infinite != null) {
      return infinite;
    }
    if (v.equals(Interval.ZERO)) {
      return "PT0S";
    }
    StringBuilder out = new StringBuilder(32).append('P');
    isoPart(out, v.months() / 12, 'Y');
    isoPart(out, v.months() % 12, 'M');
    isoPart(out, v.days(), 'D');
    long micros = v.microseconds();
    if (micros != 0) {
      out.append('T');
      isoPart(out, micros / USECS_PER_HOUR, 'H');
      isoPart(out, micros % USECS_PER_HOUR / USECS_PER_MINUTE, 'M');
      long secondMicros = micros % USECS_PER_MINUTE;
      if (secondMicros != 0) {
        out.append(secondMicros < 0 ? "-" : "").append(Math.abs(secondMicros / USECS_PER_SEC));
        fraction(out, Math.abs(secondMicros % USECS_PER_SEC));
        out.append('S');
      }
    }
    return out.toString();
  }

  /** PostgreSQL 17's {@code INTERVAL_NOT_FINITE} values print as words in every style. */
  private static String infinite(Interval v) {
    return v.equals(Interval.INFINITY) ? "infinity" : v.equals(Interval.MINUS_INFINITY) ? "-infinity" : null;
  }

  /** {@code AddPostgresIntPart}: {@code [ ][+]N unit[s]}, nothing for zero. */
  private void postgresPart(long value, String unit) {
    if (value == 0) {
      return;
    }
    if (!empty) {
      out.append(' ');
    }
    if (afterNegative && value > 0) {
      out.append('+');
    }
    out.append(value).append(' ').append(unit);
    if (value != 1) {
      out.append('s');
    }
    afterNegative = value < 0;
    empty = false;
  }

  private static void isoPart(StringBuilder out, long value, char unit) {
    if (value != 0) {
      out.append(value).append(unit);
    }
  }

  private static StringBuilder twoDigits(StringBuilder out, long value) {
    return (value < 10 ? out.append('0') : out).append(value);
  }

  /** {@code AppendSeconds}: {@code .ffffff} without trailing zeros, nothing for zero. */
  private static void fraction(StringBuilder out, long micros) {
    if (micros == 0) {
      return;
    }
    int digits = 6;
    while (micros % 10 == 0) {
      micros /= 10;
      digits--;
    }
    String s = Long.toString(micros);
    out.append('.').repeat('0', digits - s.length()).append(s);
  }
}
