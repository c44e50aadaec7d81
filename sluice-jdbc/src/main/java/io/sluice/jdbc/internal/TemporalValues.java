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
import java.time.format.DateTimeFormatter;
import java.util.Calendar;

/**
 * Date and time values between java.time (what Sluice decodes and encodes) and the legacy {@code
 * java.sql} classes, the way pgjdbc does it: a value without a zone ({@code date}, {@code
 * timestamp}, {@code time}) is a wall-clock reading in the JVM's default zone, or in the zone of
 * the {@link Calendar} given; a {@code timestamptz} is an instant.
 */
final class TemporalValues {
  /** The form of a {@code Timestamp} parameter: wall clock and offset, for the server to read as either type. */
  private static final DateTimeFormatter WITH_OFFSET = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSSSSSxxx");

  private TemporalValues() {}

  static ZoneId zone(Calendar cal) {
    return cal == null ? ZoneId.systemDefault() : cal.getTimeZone().toZoneId();
  }

  static Timestamp timestamp(Object v, Calendar cal, String column) throws SQLException {
    return switch (v) {
      case null -> null;
      case LocalDateTime t -> cal == null ? Timestamp.valueOf(t) : Timestamp.from(t.atZone(zone(cal)).toInstant());
      case OffsetDateTime t -> Timestamp.from(t.toInstant());
      case Instant t -> Timestamp.from(t);
      case ZonedDateTime t -> Timestamp.from(t.toInstant());
      case LocalDate d -> timestamp(d.atStartOfDay(), cal, column);
      // a time of day on 1970-01-01, as pgjdbc's getTimestamp (JDBC 4.3 table B-6 allows TIME)
      case LocalTime t -> timestamp(t.atDate(LocalDate.EPOCH), cal, column);
      case OffsetTime t -> Timestamp.from(t.atDate(LocalDate.EPOCH).toInstant());
      case String s -> timestamp(parse(s, column), cal, column);
      default -> throw cannot(v, "Timestamp", column);
    };
  }

  static Date date(Object v, Calendar cal, String column) throws SQLException {
    return switch (v) {
      case null -> null;
      case LocalDate d -> cal == null ? Date.valueOf(d) : new Date(d.atStartOfDay(zone(cal)).toInstant().toEpochMilli());
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
      case LocalTime t -> cal == null ? new Time(Timestamp.valueOf(t.atDate(LocalDate.EPOCH)).getTime())
          : new Time(t.atDate(LocalDate.EPOCH).atZone(zone(cal)).toInstant().toEpochMilli());
      case OffsetTime t -> new Time(t.atDate(LocalDate.EPOCH).toInstant().toEpochMilli());
      case LocalDateTime t -> time(t.toLocalTime(), cal, column);
      case OffsetDateTime t -> time(t.atZoneSameInstant(zone(cal)).toLocalTime(), cal, column);
      case String s -> time(LocalTime.parse(s), cal, column);
      default -> throw cannot(v, "Time", column);
    };
  }

  private static Object parse(String s, String column) throws SQLException {
    try {
      String iso = s.trim().replace(' ', 'T');
      return iso.length() <= 10 ? LocalDate.parse(iso) : LocalDateTime.parse(iso);
    } catch (java.time.format.DateTimeParseException e) {
      throw SqlErrors.forState("22007", "column " + column + ": \"" + s + "\" is not a date or timestamp", 0, e);
    }
  }

  private static SQLException cannot(Object v, String what, String column) {
    return SqlErrors.of("column " + column + " holds a " + v.getClass().getSimpleName() + ", which cannot be read as "
        + what, "22000");
  }

  /** A {@code Timestamp} parameter: its wall clock in the zone, with the offset (pgjdbc sends the same, untyped). */
  static String parameter(Timestamp t, Calendar cal) {
    return WITH_OFFSET.format(t.toLocalDateTime().atZone(ZoneId.systemDefault()).withZoneSameInstant(zone(cal)));
  }

  /** A {@code Date} parameter: the day it is in the zone. */
  static LocalDate parameter(Date d, Calendar cal) {
    return cal == null ? d.toLocalDate() : Instant.ofEpochMilli(d.getTime()).atZone(zone(cal)).toLocalDate();
  }

  /** A {@code Time} parameter: its wall clock in the zone. */
  static LocalTime parameter(Time t, Calendar cal) {
    return cal == null ? t.toLocalTime()
        : Instant.ofEpochMilli(t.getTime()).atZone(zone(cal)).toLocalTime();
  }
}
