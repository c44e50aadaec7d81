package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL's {@code infinity} and {@code -infinity} both ways, as pgjdbc gives them (issue 35):
 * the {@code java.sql} classes by pgjdbc's stand-in milliseconds ({@code
 * PGStatement.DATE_POSITIVE_INFINITY} and {@code DATE_NEGATIVE_INFINITY}), java.time by its MAX and
 * MIN constants.
 */
@ServerTest
class TemporalInfinityTest extends OneConnection {
  /** pgjdbc's {@code PGStatement.DATE_POSITIVE_INFINITY}, {@code DATE_NEGATIVE_INFINITY}. */
  private static final long PLUS = 9223372036825200000L;
  private static final long MINUS = -9223372036832400000L;

  @Test
  void theStandInMillisecondsAreSentAsInfinity() throws SQLException {
    try (PreparedStatement p = c.prepareStatement(
        "select ?::timestamp::text, ?::timestamptz::text, ?::date::text, ?::date::text, ?::timestamptz::text")) {
      p.setTimestamp(1, new Timestamp(PLUS));
      p.setTimestamp(2, new Timestamp(MINUS));
      p.setDate(3, new Date(PLUS));
      p.setObject(4, new Date(MINUS));
      p.setObject(5, new java.util.Date(PLUS));
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("infinity", rs.getString(1));
        assertEquals("-infinity", rs.getString(2));
        assertEquals("infinity", rs.getString(3));
        assertEquals("-infinity", rs.getString(4));
        assertEquals("infinity", rs.getString(5));
      }
    }
  }

  @Test
  void infinityIsReadAsTheStandInMilliseconds() throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select 'infinity'::timestamp,"
        + " '-infinity'::timestamptz, 'infinity'::date, '-infinity'::date, 'infinity'::timestamptz")) {
      assertTrue(rs.next());
      assertEquals(PLUS, rs.getTimestamp(1).getTime());
      assertEquals(MINUS, rs.getTimestamp(2).getTime());
      assertEquals(PLUS, rs.getDate(3).getTime());
      assertEquals(MINUS, rs.getDate(4).getTime());
      assertEquals(PLUS, rs.getTimestamp(3).getTime());
      assertEquals(PLUS, rs.getDate(1).getTime());
      assertEquals(PLUS, ((Timestamp) rs.getObject(5)).getTime());
      assertEquals(new Date(PLUS), rs.getObject(3));
      assertEquals(PLUS, rs.getObject(1, Timestamp.class).getTime());
    }
  }

  @Test
  void aFiniteTimestampStaysATime() throws SQLException {
    // a millisecond off the stand-in is a time, and one far beyond PostgreSQL's range
    SQLException x = assertThrows(SQLException.class, () -> text("select ?::timestamptz::text", new Timestamp(PLUS - 1)));
    assertEquals("22008", x.getSQLState());
    assertEquals("2024-01-01 00:00:00", text("select ?::timestamp::text", Timestamp.valueOf("2024-01-01 00:00:00")));
  }

  @Test
  void javaTimeMaxAndMinAreInfinity() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select ?::date, ?::date, ?::timestamp, ?::timestamp,"
        + " ?::timestamptz, ?::timestamptz, ?::date::text, ?::timestamp::text, ?::timestamptz::text")) {
      p.setObject(1, LocalDate.MAX);
      p.setObject(2, LocalDate.MIN);
      p.setObject(3, LocalDateTime.MAX);
      p.setObject(4, LocalDateTime.MIN);
      p.setObject(5, OffsetDateTime.MAX);
      p.setObject(6, OffsetDateTime.MIN);
      p.setObject(7, LocalDate.MAX);
      p.setObject(8, LocalDateTime.MIN);
      p.setObject(9, OffsetDateTime.MAX);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals(LocalDate.MAX, rs.getObject(1, LocalDate.class));
        assertEquals(LocalDate.MIN, rs.getObject(2, LocalDate.class));
        assertEquals(LocalDateTime.MAX, rs.getObject(3, LocalDateTime.class));
        assertEquals(LocalDateTime.MIN, rs.getObject(4, LocalDateTime.class));
        assertEquals(OffsetDateTime.MAX, rs.getObject(5, OffsetDateTime.class));
        assertEquals(OffsetDateTime.MIN, rs.getObject(6, OffsetDateTime.class));
        assertEquals(OffsetDateTime.MAX, rs.getObject(3, OffsetDateTime.class));   // a timestamp: no zone to apply
        assertEquals(LocalDate.MIN, rs.getObject(4, LocalDate.class));
        assertEquals("infinity", rs.getString(7));
        assertEquals("-infinity", rs.getString(8));
        assertEquals("infinity", rs.getString(9));
        assertEquals(Instant.MAX, rs.getObject(5, Instant.class));
        assertEquals(Instant.MIN, rs.getObject(6, Instant.class));
      }
    }
    assertEquals("-infinity", text("select ?::timestamptz::text", Instant.MIN));
  }
}
