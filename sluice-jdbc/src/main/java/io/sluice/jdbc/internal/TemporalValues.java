package io.sluice.jdbc.internal;

import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.TimeZone;

/**
 * Date and time values between java.time (what Sluice decodes and encodes) and the legacy {@code
 * java.sql} classes, the way pgjdbc does it: a value without a zone ({@code date}, {@code
 * timestamp}, {@code time}) is a wall-clock reading in the JVM's default zone, or in the zone of
 * the {@link Calendar} given; a {@code timestamptz} is an instant.
 *
 * <p>Wall clocks are read and written through {@link GregorianCalendar} fields, era included, as
 * pgjdbc's {@code TimestampUtils} does: the {@code java.sql} classes count in the Julian calendar
 * before 1582-10-15, and their {@code toLocalDate}/{@code toLocalDateTime} drop the era (101 BC
 * would become 101 AD). Years of java.time are proleptic: year 0 is 1 BC.
 *
 * <p>Fractions finer than PostgreSQL's microsecond are rounded half up, as pgjdbc does, so that
 * 23:59:59.9999995 becomes the next day rather than losing the last half microsecond.
 */
final class TemporalValues {
  /** A UTC offset at the end of a date or time's text: {@code +01}, {@code -04:56:02}, {@code +0530}. */
  private static final java.util.regex.Pattern TRAILING_OFFSET =
      java.util.regex.Pattern.compile("(?:\\s+|(?<=\\d:\\d{2}(?:\\.\\d{1,9})?))[+-]\\d{2}(?::?\\d{2}){0,2}$");

  private TemporalValues() {}

  static ZoneId zone(Calendar cal) {
    return cal == null ? ZoneId.systemDefault() : cal.getTimeZone().toZoneId();
  }

  static Timestamp timestamp(Object v, Calendar cal, String column) throws SQLException {
    Timestamp infinite = TemporalInfinity.timestamp(v);
    if (infinite != null) {
      return infinite;
    }
    return switch (v) {
      case null -> null;
      case LocalDateTime t -> {
        Timestamp ts = new Timestamp(millis(t, zone(cal)));
        ts.setNanos(t.getNano());
        yield ts;
      }
      case OffsetDateTime t -> timestamp(t.atZoneSameInstant(zone(cal)));
      case Instant t -> timestamp(t.atZone(zone(cal)));
      case ZonedDateTime t -> timestamp(t.withZoneSameInstant(zone(cal)));
      case LocalDate d -> timestamp(d.atStartOfDay(), cal, column);
      // a time of day on 1970-01-01, as pgjdbc's getTimestamp (JDBC 4.3 table B-6 allows TIME)
      case LocalTime t -> timestamp(t.atDate(LocalDate.EPOCH), cal, column);
      case OffsetTime t -> Timestamp.from(t.atDate(LocalDate.EPOCH).toInstant());
      case String s -> timestamp(parse(s, column), cal, column);
      default -> throw cannot(v, "Timestamp", column);
    };
  }

  static Date date(Object v, Calendar cal, String column) throws SQLException {
    Date infinite = TemporalInfinity.date(v);
    if (infinite != null) {
      return infinite;
    }
    return switch (v) {
      case null -> null;
      case LocalDate d -> new Date(millis(d.atStartOfDay(), zone(cal)));
      case LocalDateTime t -> date(t.toLocalDate(), cal, column);
      case OffsetDateTime t -> date(t.atZoneSameInstant(zone(cal)).toLocalDate(), cal, column);
      case Instant t -> date(t.atZone(zone(cal)).toLocalDate(), cal, column);
      case String s -> date(parse(s, column), cal, column);
      default -> throw cannot(v, "Date", column);
    };
  }

  static Time time(Object v, Calendar cal, String column) throws SQLException {
    return switch (v) {
      case null -> null;
      // PostgreSQL's 24:00:00 (what 23:59:59.9999995 rounds to) decodes as LocalTime.MAX: as a
      // Time it is Time.valueOf("24:00:00"), the next day's midnight, as pgjdbc reads it
      case LocalTime t -> new Time(millis(t.equals(LocalTime.MAX) ? LocalDate.EPOCH.plusDays(1).atStartOfDay()
          : t.atDate(LocalDate.EPOCH), zone(cal)));
      case OffsetTime t -> new Time((t.toLocalTime().equals(LocalTime.MAX)
          ? OffsetTime.of(LocalTime.MIDNIGHT, t.getOffset()).atDate(LocalDate.EPOCH.plusDays(1))
          : t.atDate(LocalDate.EPOCH)).toInstant().toEpochMilli());
      case LocalDateTime t -> time(t.toLocalTime(), cal, column);
      case OffsetDateTime t -> time(t.atZoneSameInstant(zone(cal)).toLocalTime(), cal, column);
      case String s -> time(parse(s.indexOf('-') == 4 ? s : "1970-01-01 " + s.trim(), column), cal, column);
      default -> throw cannot(v, "Time", column);
    };
  }

  /**
   * An instant ({@code timestamptz}) as a {@code Timestamp} with the wall clock it has in the zone,
   * as pgjdbc reads the server's rendering of it: the same instant from 1582-10-15 on, and before
   * that the same date and time of day (the Julian calendar of {@code java.sql} against the
   * proleptic Gregorian one of PostgreSQL and java.time), at the zone's offset of that instant, so
   * that an hour repeated when clocks go back stays the hour it was.
   */
  private static Timestamp timestamp(ZonedDateTime wall) {
    TimeZone fixed = new java.util.SimpleTimeZone(wall.getOffset().getTotalSeconds() * 1000, wall.getOffset().getId());
    Timestamp ts = new Timestamp(millis(wall.toLocalDateTime(), fixed));
    ts.setNanos(wall.getNano());
    return ts;
  }

  private static Object parse(String s, String column) throws SQLException {
    try {
      String text = s.trim();
      boolean bc = text.endsWith(" BC");   // PostgreSQL's text for years before 1 (DateStyle ISO)
      String noEra = bc ? text.substring(0, text.length() - 3) : text;
      // a date and time with an offset is that instant; a date alone keeps its day (setDate's form)
      java.util.regex.Matcher offset = TRAILING_OFFSET.matcher(noEra);
      boolean hasOffset = offset.find();
      String iso = (hasOffset ? noEra.substring(0, offset.start()) : noEra).trim().replace(' ', 'T');
      LocalDateTime t = iso.length() <= 10 ? LocalDate.parse(iso).atStartOfDay() : LocalDateTime.parse(iso);
      LocalDateTime inEra = bc ? t.withYear(1 - t.getYear()) : t;
      if (iso.length() <= 10) {
        return inEra.toLocalDate();
      }
      return hasOffset ? OffsetDateTime.of(inEra, ZoneOffset.of(offset.group().trim())) : inEra;
    } catch (java.time.format.DateTimeParseException e) {
      throw SqlErrors.forState("22007", "column " + column + ": \"" + s + "\" is not a date or timestamp", 0, e);
    }
  }

  private static SQLException cannot(Object v, String what, String column) {
    return SqlErrors.of("column " + column + " holds a " + v.getClass().getSimpleName() + ", which cannot be read as "
        + what, "22000");
  }

  /**
   * A {@code Timestamp} parameter: its wall clock in the zone, with the offset (pgjdbc sends the
   * same, untyped, so that the server reads it as {@code timestamp} or {@code timestamptz}).
   */
  static String parameter(Timestamp t, Calendar cal) {
    String infinite = TemporalInfinity.text(t.getTime());
    if (infinite != null) {
      return infinite;
    }
    ZoneId zone = zone(cal);
    ZoneOffset offset = zone.getRules().getOffset(Instant.ofEpochMilli(t.getTime()));
    LocalDateTime wall = rounded(wallClock(t.getTime(), zone).withNano(t.getNanos()));
    StringBuilder sb = new StringBuilder(40);
    int year = wall.getYear() > 0 ? wall.getYear() : 1 - wall.getYear();
    sb.append(String.format(java.util.Locale.ROOT, "%04d-%02d-%02d %02d:%02d:%02d.%06d", year, wall.getMonthValue(),
        wall.getDayOfMonth(), wall.getHour(), wall.getMinute(), wall.getSecond(), wall.getNano() / 1000));
    int seconds = offset.getTotalSeconds();
    int abs = Math.abs(seconds);
    // with seconds when it has them: local mean time offsets before 1900 (+00:53:28)
    sb.append(seconds < 0 ? '-' : '+').append(String.format(java.util.Locale.ROOT, "%02d:%02d", abs / 3600,
        abs / 60 % 60));
    if (abs % 60 != 0) {
      sb.append(String.format(java.util.Locale.ROOT, ":%02d", abs % 60));
    }
    return wall.getYear() > 0 ? sb.toString() : sb.append(" BC").toString();
  }

  /**
   * A {@code Date} parameter: the day it is in the zone, with the zone's offset at its midnight,
   * untyped (pgjdbc's {@code setDate}): a {@code date} or {@code timestamp} column takes the day,
   * and a {@code timestamptz} column that midnight in the zone, where a typed date would be
   * midnight in the session's TimeZone.
   */
  static String parameter(Date d, Calendar cal) {
    String infinite = TemporalInfinity.text(d.getTime());
    if (infinite != null) {
      return infinite;
    }
    ZoneId zone = zone(cal);
    LocalDateTime wall = wallClock(d.getTime(), zone);
    int year = wall.getYear() > 0 ? wall.getYear() : 1 - wall.getYear();
    String text = String.format(java.util.Locale.ROOT, "%04d-%02d-%02d ", year, wall.getMonthValue(),
        wall.getDayOfMonth()) + offset(zone.getRules().getOffset(Instant.ofEpochMilli(d.getTime())));
    return wall.getYear() > 0 ? text : text + " BC";
  }

  /**
   * A {@code Time} parameter: its wall clock in the zone, with the zone's offset, untyped (pgjdbc's
   * {@code setTime}): a {@code time} column takes the wall clock, a {@code timetz} the offset too.
   */
  static String parameter(Time t, Calendar cal) {
    ZoneId zone = zone(cal);
    LocalTime wall = wallClock(t.getTime(), zone).toLocalTime();
    return wall + offset(zone.getRules().getOffset(Instant.ofEpochMilli(t.getTime())));
  }

  /** {@code +hh:mm}, with {@code :ss} when it has seconds (local mean time before 1900). */
  private static String offset(ZoneOffset offset) {
    int seconds = offset.getTotalSeconds();
    int abs = Math.abs(seconds);
    String hm = String.format(java.util.Locale.ROOT, "%s%02d:%02d", seconds < 0 ? "-" : "+", abs / 3600, abs / 60 % 60);
    return abs % 60 == 0 ? hm : hm + String.format(java.util.Locale.ROOT, ":%02d", abs % 60);
  }

  /**
   * A string set as {@code TIME} ({@code setObject(i, "5:01:02-03", Types.TIME)}): with an offset,
   * the wall clock it is in the JVM's zone, as pgjdbc converts it; without, as written.
   */
  static Object timeText(String s) {
    try {
      java.time.format.DateTimeFormatter f = new java.time.format.DateTimeFormatterBuilder()
          .appendPattern("H:m:s").optionalStart().appendFraction(java.time.temporal.ChronoField.NANO_OF_SECOND, 0, 9,
              true).optionalEnd().appendOffset("+HH:mm", "Z").toFormatter(java.util.Locale.ROOT);
      OffsetTime t = OffsetTime.parse(s.trim(), f);
      Instant at = t.atDate(LocalDate.EPOCH).toInstant();
      return at.atZone(ZoneId.systemDefault()).toLocalTime();
    } catch (java.time.format.DateTimeParseException e) {
      return s;
    }
  }

  /** The wall clock at {@code millis} in {@code zone}, as the calendar of {@code java.sql} counts it. */
  private static LocalDateTime wallClock(long millis, ZoneId zone) {
    GregorianCalendar c = new GregorianCalendar(TimeZone.getTimeZone(zone));
    c.setTimeInMillis(millis);
    int year = c.get(Calendar.ERA) == GregorianCalendar.BC ? 1 - c.get(Calendar.YEAR) : c.get(Calendar.YEAR);
    return LocalDateTime.of(year, c.get(Calendar.MONTH) + 1, c.get(Calendar.DAY_OF_MONTH),
        c.get(Calendar.HOUR_OF_DAY), c.get(Calendar.MINUTE), c.get(Calendar.SECOND),
        c.get(Calendar.MILLISECOND) * 1_000_000);
  }

  /** The inverse of {@code wallClock}, to the millisecond. */
  private static long millis(LocalDateTime t, ZoneId zone) {
    return millis(t, TimeZone.getTimeZone(zone));
  }

  private static long millis(LocalDateTime t, TimeZone zone) {
    GregorianCalendar c = new GregorianCalendar(zone);
    c.clear();
    c.set(Calendar.ERA, t.getYear() > 0 ? GregorianCalendar.AD : GregorianCalendar.BC);
    c.set(t.getYear() > 0 ? t.getYear() : 1 - t.getYear(), t.getMonthValue() - 1, t.getDayOfMonth(), t.getHour(),
        t.getMinute(), t.getSecond());
    c.set(Calendar.MILLISECOND, t.getNano() / 1_000_000);
    return c.getTimeInMillis();
  }

  /** Rounded half up to microseconds (PostgreSQL's precision); infinity ({@code MAX}/{@code MIN}) as it is. */
  static LocalDateTime rounded(LocalDateTime t) {
    return t.equals(LocalDateTime.MAX) || t.equals(LocalDateTime.MIN) ? t
        : t.plusNanos(500).truncatedTo(ChronoUnit.MICROS);
  }

  /**
   * Rounded half up to microseconds; past 23:59:59.9999995 that is PostgreSQL's 24:00:00, which
   * LocalTime cannot hold: {@code LocalTime.MAX}, which the codec sends as 24:00:00.
   */
  static LocalTime rounded(LocalTime t) {
    return t.isAfter(LocalTime.MAX.minusNanos(500)) ? LocalTime.MAX : t.plusNanos(500).truncatedTo(ChronoUnit.MICROS);
  }

  static OffsetDateTime rounded(OffsetDateTime t) {
    return t.equals(OffsetDateTime.MAX) || t.equals(OffsetDateTime.MIN) ? t
        : t.plusNanos(500).truncatedTo(ChronoUnit.MICROS);
  }

  static OffsetTime rounded(OffsetTime t) {
    return OffsetTime.of(rounded(t.toLocalTime()), t.getOffset());
  }

  static ZonedDateTime rounded(ZonedDateTime t) {
    return t.plusNanos(500).truncatedTo(ChronoUnit.MICROS);
  }

  static Instant rounded(Instant t) {
    return t.equals(Instant.MAX) || t.equals(Instant.MIN) ? t
        : t.plusNanos(500).truncatedTo(ChronoUnit.MICROS);
  }
}
