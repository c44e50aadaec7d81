package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * Dates before year 1 and fractions finer than a microsecond, both ways through the real server,
 * as pgjdbc's own tests expect (issue 35): the era survives {@code setDate}/{@code setTimestamp}
 * and the getters, in binary results and text; sub-microsecond fractions round half up.
 */
@ServerTest
class TemporalValuesTest extends OneConnection {
  /** 101 BC, 1 January: year -100 in java.time's proleptic count. */
  private static final LocalDate BC_101 = LocalDate.of(-100, 1, 1);

  @Test
  void setDateBeforeYearOneKeepsTheEra() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select ?::date::text")) {
      p.setDate(1, Date.valueOf(BC_101));
      try (ResultSet rs = p.executeQuery()) {
        rs.next();
        assertEquals("0101-01-01 BC", rs.getString(1));
      }
    }
  }

  @Test
  void setTimestampBeforeYearOneKeepsTheEra() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select ?::timestamp::text")) {
      p.setTimestamp(1, Timestamp.valueOf(BC_101.atTime(5, 6, 7)));
      try (ResultSet rs = p.executeQuery()) {
        rs.next();
        assertEquals("0101-01-01 05:06:07 BC", rs.getString(1));
      }
    }
  }

  @Test
  void localDateBeforeYearOneTravelsInBinary() throws SQLException {
    assertEquals("0101-01-01 BC", text("select ?::date::text", BC_101));
    assertEquals("0101-01-01 05:06:07 BC", text("select ?::timestamp::text", BC_101.atTime(5, 6, 7)));
  }

  @Test
  void gettersReadTheEraFromBinaryResultsAndFromText() throws SQLException {
    Date date = Date.valueOf(BC_101);
    Timestamp ts = Timestamp.valueOf(BC_101.atTime(5, 6, 7));
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select '0101-01-01 BC'::date,"
        + " '0101-01-01 05:06:07 BC'::timestamp, '0101-01-01 BC'::text, '0101-01-01 05:06:07 BC'::text")) {
      rs.next();
      assertEquals(date.getTime(), rs.getDate(1).getTime());
      assertEquals(BC_101, rs.getObject(1, LocalDate.class));
      assertEquals(ts.getTime(), rs.getTimestamp(2).getTime());
      assertEquals(date.getTime(), rs.getDate(3).getTime(), "text");
      assertEquals(ts.getTime(), rs.getTimestamp(4).getTime(), "text");
    }
  }

  @Test
  void timestamptzBeforeTheGregorianReformKeepsItsDateAndTimeOfDay() throws SQLException {
    // java.sql counts in the Julian calendar before 1582-10-15, PostgreSQL in the proleptic
    // Gregorian one: an instant that old read as the same instant would show another day (pgjdbc's
    // DateTest: 0101-01-04 for 0101-01-01 BC at +03); read as pgjdbc does, it keeps its wall clock
    try (Statement s = c.createStatement()) {
      s.execute("set time zone 'Etc/GMT-3'");
      try (ResultSet rs = s.executeQuery("select '0101-01-01 05:06:07 BC +03'::timestamptz,"
          + " '0001-01-01 00:00 +03'::timestamptz, '2024-03-31 02:30 +03'::timestamptz")) {
        rs.next();
        java.util.Calendar plus3 = java.util.Calendar.getInstance(java.util.TimeZone.getTimeZone("GMT+03:00"));
        assertEquals("101 BC-1-1 5:6:7", fields(rs.getTimestamp(1, plus3), plus3));
        assertEquals("1 AD-1-1 0:0:0", fields(rs.getTimestamp(2, plus3), plus3));
        assertEquals("1 AD-1-1", day(rs.getDate(2, plus3), plus3));
        // from 1582-10-15 on, the instant itself
        assertEquals(OffsetDateTime.parse("2024-03-31T02:30+03:00").toInstant(), rs.getTimestamp(3).toInstant());
      } finally {
        s.execute("reset time zone");
      }
    }
  }

  private static String fields(java.util.Date d, java.util.Calendar zone) {
    java.util.GregorianCalendar g = new java.util.GregorianCalendar(zone.getTimeZone());
    g.setTime(d);
    return day(d, zone) + " " + g.get(java.util.Calendar.HOUR_OF_DAY) + ":" + g.get(java.util.Calendar.MINUTE) + ":"
        + g.get(java.util.Calendar.SECOND);
  }

  private static String day(java.util.Date d, java.util.Calendar zone) {
    java.util.GregorianCalendar g = new java.util.GregorianCalendar(zone.getTimeZone());
    g.setTime(d);
    return g.get(java.util.Calendar.YEAR) + (g.get(java.util.Calendar.ERA) == java.util.GregorianCalendar.BC ? " BC" : " AD")
        + "-" + (g.get(java.util.Calendar.MONTH) + 1) + "-" + g.get(java.util.Calendar.DAY_OF_MONTH);
  }

  @Test
  void setDateAndGetDateRoundTripBeforeYearOne() throws SQLException {
    Date date = Date.valueOf(BC_101);
    try (PreparedStatement p = c.prepareStatement("select ?::date")) {
      p.setDate(1, date);
      try (ResultSet rs = p.executeQuery()) {
        rs.next();
        assertEquals(date.getTime(), rs.getDate(1).getTime());
      }
    }
  }

  @Test
  void localDateTimeRoundsHalfUpToTheNextDay() throws SQLException {
    LocalDateTime last = LocalDateTime.of(2024, 12, 31, 23, 59, 59, 999_999_999);
    assertEquals("2025-01-01 00:00:00", text("select ?::timestamp::text", last));
    assertEquals("2025-01-01 00:00:00", text("select ?::timestamp::text", last.withNano(999_999_500)));
    // half-even would keep .000000 here: PostgreSQL and pgjdbc round half up
    assertEquals("2024-01-01 00:00:00.000001", text("select ?::timestamp::text", LocalDateTime.of(2024, 1, 1, 0, 0, 0,
        500)));
    assertEquals("2024-01-01 00:00:00", text("select ?::timestamp::text", LocalDateTime.of(2024, 1, 1, 0, 0, 0, 499)));
  }

  @Test
  void offsetDateTimeAndLocalTimeRoundHalfUp() throws SQLException {
    OffsetDateTime last = OffsetDateTime.of(2024, 12, 31, 23, 59, 59, 999_999_500, ZoneOffset.UTC);
    try (PreparedStatement p = c.prepareStatement("select ?::timestamptz")) {
      p.setObject(1, last);
      try (ResultSet rs = p.executeQuery()) {
        rs.next();
        assertEquals(OffsetDateTime.of(2025, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC).toInstant(),
            rs.getObject(1, OffsetDateTime.class).toInstant());
      }
    }
    assertEquals("24:00:00", text("select ?::time::text", LocalTime.of(23, 59, 59, 999_999_999)));
    assertEquals("12:00:00.000001", text("select ?::time::text", LocalTime.of(12, 0, 0, 500)));
    assertEquals("24:00:00+00", text("select ?::timetz::text", OffsetTime.of(23, 59, 59, 999_999_999,
        ZoneOffset.UTC)));
  }

  @Test
  void timestampRoundsHalfUpAsTextToo() throws SQLException {
    Timestamp last = Timestamp.valueOf(LocalDateTime.of(2024, 12, 31, 23, 59, 59, 999_999_999));
    try (PreparedStatement p = c.prepareStatement("select ?::timestamp::text, ?::text::timestamp::text")) {
      p.setTimestamp(1, last);
      p.setObject(2, LocalDateTime.of(2024, 1, 1, 0, 0, 0, 500), Types.VARCHAR);
      try (ResultSet rs = p.executeQuery()) {
        rs.next();
        assertEquals("2025-01-01 00:00:00", rs.getString(1));
        assertEquals("2024-01-01 00:00:00.000001", rs.getString(2));
      }
    }
  }

  @Test
  void twentyFourOClockReadsAsTheNextMidnightAndATimeBindsAsATimestamp() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select ?::time, ?::timetz, ?::timestamp")) {
      p.setObject(1, LocalTime.parse("23:59:59.999999500"));   // the server's 24:00:00
      p.setObject(2, OffsetTime.of(23, 59, 59, 999_999_999, ZoneOffset.UTC));
      // a java.sql.Time as a timestamp is 1970-01-01 at that time (pgjdbc's setObject)
      p.setObject(3, java.sql.Time.valueOf("15:00:00"), Types.TIMESTAMP);
      try (ResultSet rs = p.executeQuery()) {
        rs.next();
        assertEquals(java.sql.Time.valueOf("24:00:00"), rs.getTime(1));
        assertEquals(86_400_000L, rs.getTime(2).getTime(), "24:00:00+00 is the next day's midnight, UTC");
        assertEquals(LocalTime.MAX, rs.getObject(1, LocalTime.class));
        assertEquals(Timestamp.valueOf("1970-01-01 15:00:00"), rs.getTimestamp(3));
      }
    }
  }
}
