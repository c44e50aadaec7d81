package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Types;
import java.util.Calendar;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Dates and times when the session's TimeZone is not the JVM's, as pgjdbc's TimezoneTest runs
 * them (issue 35): the server's {@code SET timezone = 'gmt-3'} (POSIX: three hours <em>ahead</em>)
 * is how text is rendered; {@code setDate}/{@code setTime} carry their calendar's offset, so a
 * {@code timestamptz} or {@code timetz} column gets midnight or the time in that calendar's zone,
 * not in the session's.
 */
@ServerTest
class SessionZoneTest extends OneConnection {
  private static final Calendar PLUS_ONE = Calendar.getInstance(TimeZone.getTimeZone("GMT+01:00"));

  @BeforeEach
  void aheadByThree() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("set timezone = 'gmt-3'");
    }
  }

  @AfterEach
  void reset() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("reset timezone");
    }
  }

  @Test
  void timestamptzTextIsInTheSessionsZoneEvenInBinary() throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select '2005-01-01 15:00:00 +0300'::timestamptz, '2005-01-01 12:00:00+00'::timestamptz::text")) {
      assertTrue(rs.next());
      assertEquals("2005-01-01 15:00:00+03", rs.getString(1), "binary, rendered here");
      assertEquals("2005-01-01 15:00:00+03", rs.getString(2), "the server's own text");
    }
  }

  @Test
  void setDateIsMidnightInItsCalendarsZone() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select ?::timestamptz at time zone 'UTC', ?::date")) {
      Date d = new Date(TimeZones.millis("2005-01-01T00:00:00+01:00"));
      p.setDate(1, d, PLUS_ONE);
      p.setDate(2, d, PLUS_ONE);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("2004-12-31 23:00:00", rs.getString(1), "midnight at +01, not at the session's +03");
        assertEquals("2005-01-01", rs.getString(2), "a date column takes the day");
      }
    }
  }

  @Test
  void setTimeCarriesItsCalendarsOffsetIntoTimetz() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select ?::timetz::text, ?::time::text")) {
      Time t = new Time(TimeZones.millis("1970-01-01T15:00:00+01:00"));
      p.setTime(1, t, PLUS_ONE);
      p.setTime(2, t, PLUS_ONE);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("15:00:00+01", rs.getString(1));
        assertEquals("15:00:00", rs.getString(2));
      }
    }
  }

  @Test
  void aTimeStringWithAnOffsetIsThatTimeInTheJvmsZone() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select ?::time::text")) {
      p.setObject(1, "5:1:2-03", Types.TIME);
      String expected = java.time.OffsetTime.parse("05:01:02-03:00").atDate(java.time.LocalDate.EPOCH).toInstant()
          .atZone(java.time.ZoneId.systemDefault()).toLocalTime().toString();
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals(expected, rs.getString(1).substring(0, 8));
      }
    }
  }

  @Test
  void aNumberOfAnotherClassIsNumeric() throws SQLException {
    assertEquals("12345678901", text("select ?::numeric::text", new java.util.concurrent.atomic.AtomicLong(12345678901L)));
    assertEquals("numeric", text("select pg_typeof(?)::text", new java.util.concurrent.atomic.LongAdder()));
  }

  /** Epoch millis of an ISO offset date-time. */
  private static final class TimeZones {
    static long millis(String iso) {
      return java.time.OffsetDateTime.parse(iso).toInstant().toEpochMilli();
    }
  }
}
