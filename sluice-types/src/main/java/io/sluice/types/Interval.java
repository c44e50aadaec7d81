package io.sluice.types;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Period;

/**
 * A PostgreSQL interval exactly as stored: months, days and microseconds, kept apart because a
 * month has no fixed number of days and a day (across a DST change) no fixed number of hours.
 * {@code interval '1 year 2 mons 3 days 04:05:06'} is {@code Interval(14, 3, 14_706_000_000)}.
 *
 * <p>{@link #toString()} prints what PostgreSQL prints in its default IntervalStyle
 * ({@code 1 year 2 mons 3 days 04:05:06}), {@link #toIso8601()} what it prints in the
 * {@code iso_8601} style ({@code P1Y2M3DT4H5M6S}); {@link #parse} reads both back.
 *
 * <p>Equality is field by field, as stored: {@code 1 mon} and {@code 30 days} are different values
 * here although PostgreSQL's {@code =} (which compares a month as 30 days and a day as 24 hours)
 * calls them equal.
 *
 * <p>From PostgreSQL 17, the extreme values {@code (MAX, MAX, MAX)} and {@code (MIN, MIN, MIN)}
 * are {@code infinity} and {@code -infinity}: see {@link #INFINITY} and {@link #MINUS_INFINITY}.
 */
public record Interval(int months, int days, long microseconds) {
  public static final Interval ZERO = new Interval(0, 0, 0);
  /** PostgreSQL 17's {@code infinity} interval. */
  public static final Interval INFINITY = new Interval(Integer.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE);
  /** PostgreSQL 17's {@code -infinity} interval. */
  public static final Interval MINUS_INFINITY = new Interval(Integer.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE);

  /**
   * A Duration as microseconds only (no days or months: a Duration is exact time), with
   * nanoseconds rounded half-even; beyond ±2^63 microseconds (about 292,000 years) it throws.
   */
  public static Interval of(Duration d) {
    try {
      long micros = Math.addExact(Math.multiplyExact(d.getSeconds(), 1_000_000L), DateTimes.roundToMicros(d.getNano()));
      return new Interval(0, 0, micros);
    } catch (ArithmeticException e) {
      throw new CodecException("interval: " + d + " exceeds the range of microseconds in an int64");
    }
  }

  /** A Period as months (years times 12 plus months) and days. */
  public static Interval of(Period p) {
    try {
      return new Interval(Math.toIntExact(p.toTotalMonths()), p.getDays(), 0);
    } catch (ArithmeticException e) {
      throw new CodecException("interval: " + p + " has more months than an int32 holds");
    }
  }

  /**
   * Reads an interval as PostgreSQL writes it in its {@code postgres} (default),
   * {@code postgres_verbose} or {@code iso_8601} IntervalStyle: {@code 1 day 02:00:00},
   * {@code @ 1 day 2 hours ago}, {@code P1DT2H}, {@code infinity}. Also reads what
   * {@link Duration#toString()} and {@link Period#toString()} write ({@code PT26H}, {@code P1Y2M}).
   *
   * @throws CodecException naming the text and what is wrong with it
   */
  public static Interval parse(CharSequence text) {
    byte[] ascii = text.toString().getBytes(StandardCharsets.UTF_8);
    return Intervals.parse(new TextCursor("interval", ascii, 0, ascii.length), null);
  }

  /** False for {@link #INFINITY} and {@link #MINUS_INFINITY}. */
  public boolean isFinite() {
    return !equals(INFINITY) && !equals(MINUS_INFINITY);
  }

  /**
   * The interval as exact time, counting a day as 24 hours. An interval with months has no exact
   * length (a month is 28 to 31 days), so that throws {@link CodecException}, as does an infinite
   * one.
   */
  public Duration toDuration() {
    if (!isFinite()) {
      throw new CodecException("interval " + this + " has no Duration");
    }
    if (months != 0) {
      throw new CodecException("interval " + this + " has " + months
          + " months, which have no fixed length: it has no exact Duration (use toPeriod() for the months"
          + " and days, or take the months out first)");
    }
    long secs = Math.floorDiv(microseconds, 1_000_000L);
    long nanos = Math.floorMod(microseconds, 1_000_000L) * 1000;
    return Duration.ofDays(days).plusSeconds(secs).plusNanos(nanos);
  }

  /**
   * The months and days as a Period (months split into years and months). Time of day has no
   * place in a Period, so an interval with microseconds throws {@link CodecException}.
   */
  public Period toPeriod() {
    if (!isFinite()) {
      throw new CodecException("interval " + this + " has no Period");
    }
    if (microseconds != 0) {
      throw new CodecException("interval " + this + " has a time of day part (" + microseconds
          + " µs), which a Period cannot hold: it has no exact Period");
    }
    return Period.of(months / 12, months % 12, days);
  }

  /**
   * The interval as PostgreSQL prints it in its default IntervalStyle ({@code postgres}):
   * {@code 1 year 2 mons}, {@code 1 day 02:00:00}, {@code -00:00:01.5}, {@code 00:00:00}.
   */
  @Override
  public String toString() {
    return IntervalFormat.postgres(this);
  }

  /**
   * The interval as PostgreSQL prints it in the {@code iso_8601} IntervalStyle:
   * {@code P1Y2M}, {@code P1DT2H}, {@code PT-1.5S}, {@code PT0S}. Each field keeps its own sign, as
   * in PostgreSQL ({@code P-1DT2H}); {@link #parse} reads it back.
   */
  public String toIso8601() {
    return IntervalFormat.iso8601(this);
  }
}
