package org.postgresql;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.util.PGInterval;

/** interval as pgjdbc's applications bind and read it. */
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

  @Test
  void textInEveryStyleParses() throws Exception {
    assertEquals(new PGInterval(1, 2, 3, 4, 5, 6), new PGInterval("P1Y2M3DT4H5M6S"));
    assertEquals(new PGInterval(0, 0, -1, -2, 0, 0), new PGInterval("@ 1 day 2 hours ago"));
    assertEquals("1 years 2 mons 3 days 4 hours 5 mins 6.5 secs", new PGInterval(1, 2, 3, 4, 5, 6.5).getValue());
    assertThrows(java.sql.SQLException.class, () -> new PGInterval("soon"));
  }
}
