package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

/**
 * The session's TimeZone is the JVM's default zone at connect, as pgjdbc sends it (issue 35): date
 * literals read through timestamptz give the same day in a JVM west of UTC, and timestamptz text
 * is in the JVM's zone; a zone set in {@code options} stands.
 */
@ServerTest
class SessionTimeZoneTest {
  @FunctionalInterface
  interface Body {
    void run(Connection c) throws SQLException;
  }

  /** {@code body} on a connection opened while the JVM's default zone is {@code zone}. */
  private static void inZone(String zone, String extra, Body body) throws SQLException {
    TimeZone saved = TimeZone.getDefault();
    TimeZone.setDefault(TimeZone.getTimeZone(zone));
    try (Connection c = TestDatabase.connect(extra)) {
      body.run(c);
    } finally {
      TimeZone.setDefault(saved);
    }
  }

  private static ResultSet one(Statement s, String sql) throws SQLException {
    ResultSet rs = s.executeQuery(sql);
    assertTrue(rs.next());
    return rs;
  }

  @Test
  void aDateLiteralThroughTimestamptzIsTheSameDayWestOfUtc() throws SQLException {
    inZone("GMT-5", "", c -> {
      try (Statement s = c.createStatement(); ResultSet rs = one(s, "select '2024-03-10'::timestamptz,"
          + " '2024-03-10'::timestamptz::text, extract(timezone from now())::int")) {
        assertEquals("2024-03-10", rs.getDate(1).toString());
        assertEquals("2024-03-10 00:00:00-05", rs.getString(2));
        assertEquals(-5 * 3600, rs.getInt(3));
        assertEquals("2024-03-10 00:00:00.0", rs.getTimestamp(1).toString());
      }
    });
  }

  @Test
  void aZoneEastOfUtcByName() throws SQLException {
    inZone("Asia/Tokyo", "", c -> {
      try (Statement s = c.createStatement(); ResultSet rs = one(s, "select current_setting('TimeZone'),"
          + " '2024-03-10'::timestamptz, '2024-03-10 23:30'::timestamptz::text")) {
        assertEquals("Asia/Tokyo", rs.getString(1));
        assertEquals("2024-03-10", rs.getDate(2).toString());
        assertEquals("2024-03-10 23:30:00+09", rs.getString(3));
      }
    });
  }

  @Test
  void aTimeZoneInOptionsStands() throws SQLException {
    inZone("GMT-5", "&options=-c%20TimeZone%3DUTC", c -> {
      try (Statement s = c.createStatement(); ResultSet rs = one(s, "select current_setting('TimeZone')")) {
        assertEquals("UTC", rs.getString(1));
      }
    });
  }
}
