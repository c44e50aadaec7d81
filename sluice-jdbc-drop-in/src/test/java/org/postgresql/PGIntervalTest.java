package org.postgresql;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Calendar;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.util.PGInterval;

/** interval as pgjdbc's applications bind and read it, and PGInterval's own arithmetic and text. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PGIntervalTest {
  @Test
  void anIntervalReadsAsPGIntervalInUnits() throws Exception {
    try (Connection c = DropInServer.connect(); PreparedStatement p = c.prepareStatement(
        "select interval '1 year 14 mons 3 days 04:05:06.5', interval '-1 day -02:03:04', ?::interval")) {
      p.setObject(1, new PGInterval(0, 0, 1, 2, 0, 0.25));
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        PGInterval i = (PGInterval) rs.getObject(1);
        assertEquals(new PGInterval(2, 2, 3, 4, 5, 6.5), i);
        assertEquals(6, i.getWholeSeconds());
        assertEquals(500_000, i.getMicroSeconds());
        assertEquals(new PGInterval(0, 0, -1, -2, -3, -4), rs.getObject(2, PGInterval.class));
        assertEquals(new PGInterval(0, 0, 1, 2, 0, 0.25), rs.getObject(3));
      }
    }
  }

  @Test
  void aPGIntervalBindsAsAnInterval() throws Exception {
    try (Connection c = DropInServer.connect();
        PreparedStatement p = c.prepareStatement("select pg_typeof(?)::text, ? = interval '13 mons 00:00:01.000001'")) {
      PGInterval i = new PGInterval("1 year 1 mon 00:00:01.000001");
      p.setObject(1, i);
      p.setObject(2, i);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("interval", rs.getString(1));
        assertTrue(rs.getBoolean(2), i.getValue());
      }
    }
  }

  /** The server's own text of each interval, in each IntervalStyle, reads as the same units. */
  @Test
  void everyIntervalStyleTheServerWritesParses() throws Exception {
    List<String> values = List.of("1 year 2 mons 3 days 04:05:06.789", "-1 year -2 mons +3 days -04:05:06.5",
        "1 year -2 mons", "-3 days", "-3 days -00:00:00.000001", "3 days 04:05:06", "-04:05:06",
        "00:00:00.5", "-00:00:00.5", "0", "1 day -00:00:01", "101:12:00", "-1 year", "14 mons",
        "1.234567 seconds", "-178000000 years", "2 days 1.5 seconds ago");
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement();
        PreparedStatement p = c.prepareStatement("select ?::interval::text, extract(year from ?::interval)::int,"
            + " extract(month from ?::interval)::int, extract(day from ?::interval)::int,"
            + " extract(hour from ?::interval)::int, extract(minute from ?::interval)::int,"
            + " (extract(microseconds from ?::interval) % 60000000)::bigint")) {
      for (String style : List.of("postgres", "postgres_verbose", "sql_standard", "iso_8601")) {
        s.execute("set IntervalStyle = " + style);
        for (String v : values) {
          for (int i = 1; i <= 7; i++) {
            p.setString(i, v);
          }
          try (ResultSet rs = p.executeQuery()) {
            assertTrue(rs.next());
            String text = rs.getString(1);
            PGInterval got = new PGInterval(text);
            String what = style + ": " + v + " as " + text + " read " + got.getValue();
            long micros = rs.getLong(7);
            assertEquals(rs.getInt(2), got.getYears(), what);
            assertEquals(rs.getInt(3), got.getMonths(), what);
            assertEquals(rs.getInt(4), got.getDays(), what);
            assertEquals(rs.getInt(5), got.getHours(), what);
            assertEquals(rs.getInt(6), got.getMinutes(), what);
            assertEquals(micros / 1_000_000, got.getWholeSeconds(), what);
            assertEquals(micros % 1_000_000, got.getMicroSeconds(), what);
            p.setString(1, got.getValue());   // and its own text reads back on the server as the same interval
            assertEquals(text, oneText(p), what);
          }
        }
      }
    }
  }

  private static String oneText(PreparedStatement p) throws SQLException {
    try (ResultSet rs = p.executeQuery()) {
      assertTrue(rs.next());
      return rs.getString(1);
    }
  }

  @Test
  void aRoundTripThroughAnIntervalColumnKeepsTheValue() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table ivals (n int, v interval)");
      PGInterval[] values = {new PGInterval(2004, 13, 28, 0, 0, 43000.9013), new PGInterval("0.0001 seconds"),
        new PGInterval(0, 0, -3, -4, -5, -6.25), new PGInterval(null)};
      try (PreparedStatement p = c.prepareStatement("insert into ivals values (?, ?)")) {
        for (int i = 0; i < values.length; i++) {
          p.setInt(1, i);
          p.setObject(2, values[i]);
          p.executeUpdate();
        }
      }
      try (ResultSet rs = s.executeQuery("select v from ivals order by n")) {
        assertTrue(rs.next());
        // the server justifies 13 months into a year, and keeps the seconds in hours and minutes
        assertEquals(new PGInterval(2005, 1, 28, 11, 56, 40.9013), rs.getObject(1));
        assertTrue(rs.next());
        PGInterval small = rs.getObject(1, PGInterval.class);
        assertEquals(0, small.getWholeSeconds());
        assertEquals(100, small.getMicroSeconds());
        assertTrue(rs.next());
        assertEquals(new PGInterval(0, 0, -3, -4, -5, -6.25), rs.getObject(1));
        assertTrue(rs.next());
        assertNull(rs.getObject(1));
        assertTrue(rs.wasNull());
      }
    }
  }

  @Test
  void textParsesUnitByUnit() throws Exception {
    PGInterval pgi = new PGInterval(2004, 4, 20, 15, 57, 12.1);
    assertEquals(pgi, new PGInterval("@ 2004 years 4 mons 20 days 15 hours 57 mins 12.1 secs"));
    assertEquals(pgi, new PGInterval("@ 2004 year 4 mon 20 day 15 hour 57 min 12.1 sec"));
    assertEquals(pgi, new PGInterval("2004 years 4 mons 20 days 15:57:12.1"));
    assertEquals(new PGInterval(-2004, -4, -20, -15, -57, -12.1),
        new PGInterval("@ 2004 years 4 mons 20 days 15 hours 57 mins 12.1 secs ago"));
    assertEquals(new PGInterval(2004, -4, 20, -15, 57, -12.1),
        new PGInterval("@ +2004 years -4 mons +20 days -15 hours +57 mins -12.1 secs"));
    assertEquals(new PGInterval(0, 0, 0, 900, 0, 0), new PGInterval("@ 0 years 0 mons 0 days 900 hours 0 mins 0.00 secs"));
    assertEquals(new PGInterval(1, 3, 4, 5, 6, 0), new PGInterval("1 Year 3 Months 4 Days 5 Hours 6 Minutes"));
    assertEquals(new PGInterval(-2004, 4, -20, 15, 57, 12.1), new PGInterval("-2004 years 4 mons -20 days 15:57:12.1"));
    assertEquals(new PGInterval(-1, -2, -3, -4, -5, -6.5), new PGInterval("-1-2 -3 -4:05:06.5"));
    assertEquals(new PGInterval(0, 0, -3, -4, -5, -6), new PGInterval("-3 4:05:06"));
    assertEquals(new PGInterval(1, 2, -3, 4, 5, 6), new PGInterval("+1-2 -3 +4:05:06"));
    assertEquals(new PGInterval(1, 2, 3, 4, 5, 6), new PGInterval("P1Y2M3DT4H5M6S"));
    assertEquals(new PGInterval(-1, -2, 3, -4, -5, -6.123456), new PGInterval("P-1Y-2M3DT-4H-5M-6.123456S"));
    assertEquals(new PGInterval(0, 0, 0, 0, 0, 0), new PGInterval("PT0S"));
    assertEquals(new PGInterval(0, 0, 0, 0, 0, 0), new PGInterval("@ 0"));
    assertEquals(1, new PGInterval("0.0000007 seconds").getMicroSeconds());   // to the nearest microsecond
    assertEquals("infinity", new PGInterval("infinity").getValue());
    assertEquals("-infinity", new PGInterval("-infinity").getValue());
    assertThrows(SQLException.class, () -> new PGInterval("soon"));
    assertThrows(SQLException.class, () -> new PGInterval(""));
    assertThrows(SQLException.class, () -> new PGInterval("@ ago"));
    assertThrows(SQLException.class, () -> new PGInterval("1 fortnight"));
    assertThrows(SQLException.class, () -> new PGInterval("P1X"));
    assertThrows(SQLException.class, () -> new PGInterval("99999999999 hours"));
  }

  @Test
  void getValueWritesTheNonZeroUnits() throws Exception {
    assertEquals("1 years 3 mons", new PGInterval("1 year 3 months").getValue());
    assertEquals("1 years 3 mons", new PGInterval("1 year 3 months").toString());
    assertEquals("1 years 2 mons 3 days 4 hours 5 mins 6.5 secs", new PGInterval(1, 2, 3, 4, 5, 6.5).getValue());
    assertEquals("0 secs", new PGInterval().getValue());
    assertEquals("-0.000123 secs", new PGInterval(0, 0, 0, 0, 0, -0.000123).getValue());
    assertEquals("-1 days 1.0001 secs", new PGInterval(0, 0, -1, 0, 0, 1.0001).getValue());
    for (double s : new double[] {1.9999998, 1.9999995, -1.9999994, 0.000001, 43000.9013}) {
      PGInterval i = new PGInterval(0, 0, 0, 0, 0, s);
      assertEquals(s, i.getSeconds(), 0.00000051);
      assertEquals(i, new PGInterval(i.getValue()));
    }
  }

  @Test
  void secondsAreWholeSecondsAndMicroseconds() {
    PGInterval pgi = new PGInterval();
    pgi.setSeconds(Integer.MIN_VALUE - .456);
    assertEquals(Integer.MIN_VALUE, pgi.getWholeSeconds());
    assertEquals(-456000, pgi.getMicroSeconds());
    pgi.setSeconds(Integer.MAX_VALUE + .456);
    assertEquals(Integer.MAX_VALUE, pgi.getWholeSeconds());
    assertEquals(456000, pgi.getMicroSeconds());
    pgi.setSeconds(-6.123456);
    assertEquals(-6, pgi.getWholeSeconds());
    assertEquals(-123456, pgi.getMicroSeconds());
    assertEquals(-6.123456, pgi.getSeconds(), 0);
    assertThrows(IllegalArgumentException.class, () -> pgi.setSeconds(Integer.MAX_VALUE + 1.0));
    assertThrows(IllegalArgumentException.class, () -> pgi.setSeconds(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> pgi.setSeconds(Double.NEGATIVE_INFINITY));
    assertThrows(IllegalArgumentException.class, () -> new PGInterval(0, 0, 0, 0, 0, 3_000_000_000.0));
  }

  @Test
  void settersGettersAndNull() throws Exception {
    PGInterval i = new PGInterval();
    i.setYears(1);
    i.setMonths(2);
    i.setDays(3);
    i.setHours(4);
    i.setMinutes(5);
    i.setSeconds(6.5);
    assertEquals(List.of(1, 2, 3, 4, 5), List.of(i.getYears(), i.getMonths(), i.getDays(), i.getHours(), i.getMinutes()));
    assertEquals(6.5, i.getSeconds(), 0);
    PGInterval none = new PGInterval(null);
    assertNull(none.getValue());
    assertTrue(none.isNull());
    assertEquals(new PGInterval(null), none);
    assertEquals(new PGInterval(null).hashCode(), none.hashCode());
    assertNotEquals(new PGInterval(), none);
    none.add(i);
    assertEquals(new PGInterval(1, 2, 3, 4, 5, 6.5), i);   // NULL adds nothing
    none.setDays(1);
    assertEquals("1 days", none.getValue());   // a unit set makes it a value
    assertEquals(new PGInterval(1, 2, 3, 4, 5, 6.5).hashCode(), i.hashCode());
    assertNotEquals(new PGInterval(0, 1, 0, 0, 0, 0), new PGInterval(0, 0, 30, 0, 0, 0));
    PGInterval copy = (PGInterval) i.clone();
    copy.setDays(9);
    assertEquals(3, i.getDays());
  }

  @Test
  void addAndScaleWorkUnitByUnit() throws Exception {
    PGInterval a = new PGInterval(1, 2, 3, 4, 5, 6.5);
    PGInterval b = new PGInterval(0, -1, 1, 0, 0, -7);
    a.add(b);   // adds a to b, as pgjdbc's add does
    assertEquals(new PGInterval(1, 1, 4, 4, 5, -0.5), b);
    assertEquals(new PGInterval(1, 2, 3, 4, 5, 6.5), a);
    a.scale(-2);
    assertEquals(new PGInterval(-2, -4, -6, -8, -10, -13), a);
  }

  @Test
  void addToCalendarAndDate() throws Exception {
    Calendar cal = start();
    new PGInterval("@ 1 year 1 mon 1 day 1 hour 1 minute 1 secs").add(cal);
    assertEquals(List.of(2006, 5, 30, 16, 36, 43, 100), fields(cal));
    new PGInterval("@ 1 year 1 mon 1 day 1 hour 1 minute 1 secs ago").add(cal);
    assertEquals(fields(start()), fields(cal));
    cal = start();
    new PGInterval("@ 1 year -23 hours -3 mins -3.30 secs").add(cal);
    assertEquals(List.of(2006, 4, 28, 16, 32, 38, 800), fields(cal));

    Calendar rounding = Calendar.getInstance();
    long before = rounding.getTimeInMillis();
    PGInterval small = new PGInterval(0, 0, 0, 0, 0, 0.6006);
    small.add(rounding);
    assertEquals(601, rounding.getTimeInMillis() - before);   // to the nearest millisecond
    small.setSeconds(-0.6006);
    small.add(rounding);
    assertEquals(before, rounding.getTimeInMillis());

    Date date = start().getTime();
    new PGInterval("+2004 years -4 mons +20 days -15:57:12.1").add(date);
    new PGInterval("-2004 years 4 mons -20 days 15:57:12.1").add(date);
    assertEquals(start().getTime(), date);
  }

  private static Calendar start() {
    Calendar cal = new GregorianCalendar(2005, Calendar.MAY, 29, 15, 35, 42);
    cal.set(Calendar.MILLISECOND, 100);
    return cal;
  }

  private static List<Integer> fields(Calendar c) {
    return List.of(c.get(Calendar.YEAR), c.get(Calendar.MONTH), c.get(Calendar.DAY_OF_MONTH), c.get(Calendar.HOUR_OF_DAY),
        c.get(Calendar.MINUTE), c.get(Calendar.SECOND), c.get(Calendar.MILLISECOND));
  }
}
