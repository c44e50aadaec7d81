package org.postgresql.util;

import java.sql.SQLException;
import java.util.Calendar;
import java.util.Date;
import java.util.Objects;

/**
 * An {@code interval} as pgjdbc's applications read and bind it: years, months, days, hours,
 * minutes and seconds (whole seconds and microseconds), each kept as written, so {@code 1 year
 * -23 hours} stays one year and -23 hours. Its text is read in every IntervalStyle the server
 * writes ({@link IntervalUnitsText}); {@link #getValue} writes the units the server reads back
 * in any style ({@code 1 years 2 mons 3 days 4 hours 5 mins 6.5 secs}, zero units left out). An
 * interval made with {@code setValue(null)} is SQL NULL until a unit is set.
 */
public class PGInterval extends PGobject {
  private static final long serialVersionUID = 2L;
  private static final int MICROS_PER_SECOND = 1_000_000;

  private int years;
  private int months;
  private int days;
  private int hours;
  private int minutes;
  private int wholeSeconds;
  /** The seconds' fraction, with the sign of the seconds. */
  private int microSeconds;
  private boolean isNull;
  /** {@code infinity} or {@code -infinity} (PostgreSQL 17), which no units can say; else null. */
  private String infinite;

  public PGInterval() {
    this.type = "interval";
  }

  public PGInterval(String value) throws SQLException {
    this();
    read(value);
  }

  public PGInterval(int years, int months, int days, int hours, int minutes, double seconds) {
    this();
    assign(years, months, days, hours, minutes, seconds);
  }

  /** Reads the text in any IntervalStyle PostgreSQL writes, or ISO 8601; null is SQL NULL (zero units). */
  @Override
  public void setValue(String value) throws SQLException {
    read(value);
  }

  private void read(String value) throws SQLException {
    if (value == null) {
      assign(0, 0, 0, 0, 0, 0);
      isNull = true;
      return;
    }
    IntervalUnitsText t = IntervalUnitsText.parse(value);
    long whole = t.micros / MICROS_PER_SECOND;
    if (whole != (int) whole) {
      throw new PSQLException("interval seconds out of range: " + value, PSQLState.BAD_DATETIME_FORMAT);
    }
    assign(t.years, t.months, t.days, t.hours, t.minutes, 0);
    wholeSeconds = (int) whole;
    microSeconds = (int) (t.micros % MICROS_PER_SECOND);
    infinite = t.infinite;
  }

  public void setValue(int years, int months, int days, int hours, int minutes, double seconds) {
    assign(years, months, days, hours, minutes, seconds);
  }

  private void assign(int years, int months, int days, int hours, int minutes, double seconds) {
    seconds(seconds);   // first: it is the one that can refuse
    this.years = years;
    this.months = months;
    this.days = days;
    this.hours = hours;
    this.minutes = minutes;
  }

  /** Every non-zero unit ({@code 0 secs} when there is none), or null for SQL NULL. */
  @Override
  public String getValue() {
    if (isNull) {
      return null;
    }
    if (infinite != null) {
      return infinite;
    }
    StringBuilder sb = new StringBuilder(64);
    unit(sb, years, " years");
    unit(sb, months, " mons");
    unit(sb, days, " days");
    unit(sb, hours, " hours");
    unit(sb, minutes, " mins");
    if (sb.isEmpty() || wholeSeconds != 0 || microSeconds != 0) {
      if (!sb.isEmpty()) {
        sb.append(' ');
      }
      if (wholeSeconds < 0 || microSeconds < 0) {
        sb.append('-');   // -0.5 has no sign in its whole seconds
      }
      sb.append(Math.abs((long) wholeSeconds));
      if (microSeconds != 0) {
        String fraction = String.valueOf(MICROS_PER_SECOND + Math.abs(microSeconds)).substring(1);
        sb.append('.').append(fraction.replaceFirst("0+$", ""));
      }
      sb.append(" secs");
    }
    return sb.toString();
  }

  private static void unit(StringBuilder sb, int value, String name) {
    if (value != 0) {
      sb.append(sb.isEmpty() ? "" : " ").append(value).append(name);
    }
  }

  @Override
  public boolean isNull() {
    return isNull;
  }

  public int getYears() {
    return years;
  }

  public void setYears(int years) {
    finite();
    this.years = years;
  }

  public int getMonths() {
    return months;
  }

  public void setMonths(int months) {
    finite();
    this.months = months;
  }

  public int getDays() {
    return days;
  }

  public void setDays(int days) {
    finite();
    this.days = days;
  }

  public int getHours() {
    return hours;
  }

  public void setHours(int hours) {
    finite();
    this.hours = hours;
  }

  public int getMinutes() {
    return minutes;
  }

  public void setMinutes(int minutes) {
    finite();
    this.minutes = minutes;
  }

  /** A unit set makes the interval a value of units (not NULL, not infinite). */
  private void finite() {
    isNull = false;
    infinite = null;
  }

  public double getSeconds() {
    return wholeSeconds + (double) microSeconds / MICROS_PER_SECOND;
  }

  /** The seconds without their fraction. */
  public int getWholeSeconds() {
    return wholeSeconds;
  }

  /** The seconds' fraction in microseconds, with the seconds' sign. */
  public int getMicroSeconds() {
    return microSeconds;
  }

  /**
   * Rounded to the nearest microsecond.
   *
   * @throws IllegalArgumentException for NaN, an infinity, or whole seconds beyond an int, as pgjdbc
   */
  public void setSeconds(double seconds) {
    seconds(seconds);
  }

  private void seconds(double seconds) {
    if (Double.isNaN(seconds)) {
      throw new IllegalArgumentException("seconds must not be NaN");
    }
    long micros = Math.round(seconds * MICROS_PER_SECOND);   // saturates: no overflow below
    long whole = micros / MICROS_PER_SECOND;
    if (whole != (int) whole) {
      throw new IllegalArgumentException("whole seconds must be within the range of an int: " + seconds);
    }
    finite();
    wholeSeconds = (int) whole;
    microSeconds = (int) (micros % MICROS_PER_SECOND);
  }

  /**
   * Adds this interval to the calendar: the seconds rounded to milliseconds (half away from zero),
   * then minutes, hours, days, months and years, in pgjdbc's order. Nothing for NULL.
   */
  public void add(Calendar cal) {
    if (isNull || infinite != null) {
      return;
    }
    int millis = (microSeconds + (microSeconds < 0 ? -500 : 500)) / 1000 + wholeSeconds * 1000;
    cal.add(Calendar.MILLISECOND, millis);
    cal.add(Calendar.MINUTE, minutes);
    cal.add(Calendar.HOUR, hours);
    cal.add(Calendar.DAY_OF_MONTH, days);
    cal.add(Calendar.MONTH, months);
    cal.add(Calendar.YEAR, years);
  }

  /** Adds this interval to the date, in the JVM's default time zone, as {@link #add(Calendar)}. */
  public void add(Date date) {
    if (isNull || infinite != null) {
      return;
    }
    Calendar cal = Calendar.getInstance();
    cal.setTime(date);
    add(cal);
    date.setTime(cal.getTimeInMillis());
  }

  /**
   * Adds this interval to {@code interval}, unit by unit: the argument changes, not this one, as
   * with the other {@code add} methods (and pgjdbc's). Nothing when either is NULL.
   */
  public void add(PGInterval interval) {
    if (isNull || interval.isNull) {
      return;
    }
    interval.setYears(interval.years + years);
    interval.setMonths(interval.months + months);
    interval.setDays(interval.days + days);
    interval.setHours(interval.hours + hours);
    interval.setMinutes(interval.minutes + minutes);
    interval.setSeconds(interval.getSeconds() + getSeconds());
  }

  /** Multiplies every unit by {@code factor}. Nothing for NULL. */
  public void scale(int factor) {
    if (isNull) {
      return;
    }
    setValue(factor * years, factor * months, factor * days, factor * hours, factor * minutes,
        factor * getSeconds());
  }

  /** Equal unit by unit (so {@code 1 mons} is not {@code 30 days}), as pgjdbc compares them; NULL equals NULL. */
  @Override
  public boolean equals(Object obj) {
    if (!(obj instanceof PGInterval o)) {
      return false;
    }
    if (isNull || o.isNull) {
      return isNull == o.isNull;
    }
    return Objects.equals(infinite, o.infinite) && years == o.years && months == o.months
        && days == o.days && hours == o.hours && minutes == o.minutes
        && wholeSeconds == o.wholeSeconds && microSeconds == o.microSeconds;
  }

  @Override
  public int hashCode() {
    return isNull ? 0 : Objects.hash(infinite, years, months, days, hours, minutes, wholeSeconds, microSeconds);
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    return super.clone();
  }
}
