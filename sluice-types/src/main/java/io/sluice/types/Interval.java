package io.sluice.types;

import java.time.Duration;
import java.time.Period;

/**
 * A PostgreSQL interval exactly as stored: months, days and microseconds, kept apart because a
 * month has no fixed number of days and a day (across a DST change) no fixed number of hours.
 * {@code interval '1 year 2 mons 3 days 04:05:06'} is {@code Interval(14, 3, 14_706_000_000)}.
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
   * The interval as exact time, counting a day as 24 hours. An interval with months has no exact
   * length, so that throws {@link CodecException}.
   */
  public Duration toDuration() {
    if (months != 0) {
      throw new CodecException("interval with " + months + " months has no exact Duration");
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
    if (microseconds != 0) {
      throw new CodecException("interval with a time part (" + microseconds + " µs) has no exact Period");
    }
    return Period.of(months / 12, months % 12, days);
  }

  /** The text PostgreSQL reads back whatever its IntervalStyle: {@code +14 mons +3 days +5 microseconds}. */
  @Override
  public String toString() {
    return Intervals.text(this);
  }
}
