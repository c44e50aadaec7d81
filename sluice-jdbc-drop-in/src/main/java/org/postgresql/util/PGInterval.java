package org.postgresql.util;

import io.sluice.types.CodecException;
import io.sluice.types.Interval;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.SQLException;
import java.util.Objects;

/**
 * An {@code interval} as pgjdbc's applications read and bind it: years, months, days, hours,
 * minutes and (fractional) seconds. Read from the server, it is Sluice's {@link Interval} split
 * into those units (months into years and months, microseconds into hours, minutes and seconds,
 * each with the sign of the whole); its text is parsed by {@link Interval#parse}, which reads
 * every IntervalStyle PostgreSQL writes and ISO 8601.
 */
public class PGInterval extends PGobject {
  private static final long serialVersionUID = 1L;
  private static final long MICROS_PER_HOUR = 3_600_000_000L;
  private static final long MICROS_PER_MINUTE = 60_000_000L;

  private int years;
  private int months;
  private int days;
  private int hours;
  private int minutes;
  private double seconds;
  /** {@code infinity} or {@code -infinity} (PostgreSQL 17), which no units can say; else null. */
  private String infinite;

  public PGInterval() {
    this.type = "interval";
  }

  public PGInterval(String value) throws SQLException {
    this();
    parse(value);
  }

  public PGInterval(int years, int months, int days, int hours, int minutes, double seconds) {
    this();
    assign(years, months, days, hours, minutes, seconds);
  }

  private void set(Interval i) {
    if (!i.isFinite()) {
      infinite = i.equals(Interval.INFINITY) ? "infinity" : "-infinity";
      return;
    }
    long micros = i.microseconds();
    assign(i.months() / 12, i.months() % 12, i.days(), (int) (micros / MICROS_PER_HOUR),
        (int) (micros % MICROS_PER_HOUR / MICROS_PER_MINUTE), micros % MICROS_PER_MINUTE / 1e6);
  }

  /** Reads the text in any IntervalStyle PostgreSQL writes, or ISO 8601; null is zero, as in pgjdbc. */
  @Override
  public void setValue(String value) throws SQLException {
    parse(value);
  }

  private void parse(String value) throws SQLException {
    if (value == null) {
      assign(0, 0, 0, 0, 0, 0);
      return;
    }
    try {
      set(Interval.parse(value.trim()));
    } catch (CodecException e) {
      throw new PSQLException("not an interval: " + value, PSQLState.BAD_DATETIME_FORMAT, e);
    }
  }

  public void setValue(int years, int months, int days, int hours, int minutes, double seconds) {
    assign(years, months, days, hours, minutes, seconds);
  }

  private void assign(int years, int months, int days, int hours, int minutes, double seconds) {
    this.infinite = null;
    this.years = years;
    this.months = months;
    this.days = days;
    this.hours = hours;
    this.minutes = minutes;
    this.seconds = seconds;
  }

  /** Every unit, in a form the server reads in any IntervalStyle: {@code 1 years 2 mons … 6.5 secs}. */
  @Override
  public String getValue() {
    if (infinite != null) {
      return infinite;
    }
    String secs = BigDecimal.valueOf(seconds).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
    return years + " years " + months + " mons " + days + " days " + hours + " hours " + minutes + " mins "
        + secs + " secs";
  }

  public int getYears() {
    return years;
  }

  public void setYears(int years) {
    this.years = years;
  }

  public int getMonths() {
    return months;
  }

  public void setMonths(int months) {
    this.months = months;
  }

  public int getDays() {
    return days;
  }

  public void setDays(int days) {
    this.days = days;
  }

  public int getHours() {
    return hours;
  }

  public void setHours(int hours) {
    this.hours = hours;
  }

  public int getMinutes() {
    return minutes;
  }

  public void setMinutes(int minutes) {
    this.minutes = minutes;
  }

  public double getSeconds() {
    return seconds;
  }

  public void setSeconds(double seconds) {
    this.seconds = seconds;
  }

  /** The seconds without their fraction. */
  public int getWholeSeconds() {
    return (int) seconds;
  }

  /** The seconds' fraction, in microseconds. */
  public int getMicroSeconds() {
    return (int) Math.round((seconds - (int) seconds) * 1e6);
  }

  /** Adds {@code other} unit by unit. */
  public void add(PGInterval other) {
    setValue(years + other.years, months + other.months, days + other.days, hours + other.hours,
        minutes + other.minutes, seconds + other.seconds);
  }

  /** Multiplies every unit by {@code factor}. */
  public void scale(int factor) {
    setValue(years * factor, months * factor, days * factor, hours * factor, minutes * factor, seconds * factor);
  }

  /** Equal unit by unit (so {@code 1 mons} is not {@code 30 days}), as pgjdbc compares them. */
  @Override
  public boolean equals(Object obj) {
    return obj instanceof PGInterval o && Objects.equals(infinite, o.infinite) && years == o.years
        && months == o.months && days == o.days && hours == o.hours && minutes == o.minutes
        && Math.round(seconds * 1e6) == Math.round(o.seconds * 1e6);
  }

  @Override
  public int hashCode() {
    return Objects.hash(infinite, years, months, days, hours, minutes, Math.round(seconds * 1e6));
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    return super.clone();
  }
}
