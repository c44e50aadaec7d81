package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/**
 * ResultSet getters across types, against pgjdbc 42.7's behaviour (issue 35): JDBC 4.3 table B-6
 * conversions and the states of the values that do not convert.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class GetterConversionsTest extends OneConnection {
  /** The one row of {@code select <columns>}, positioned. */
  private static ResultSet row(String columns) throws SQLException {
    ResultSet rs = c.createStatement().executeQuery("select " + columns);
    assertTrue(rs.next());
    return rs;
  }

  private static void assertState(String state, Executable call) {
    SQLException e = assertThrows(SQLException.class, call);
    assertEquals(state, e.getSQLState(), e.getMessage());
  }

  /** getObject to a Calendar (the timestamp's instant) and an inet to an InetAddress, as pgjdbc reads them. */
  @Test
  void calendarsAndInetAddressesAsGetObjectClasses() throws Exception {
    try (ResultSet rs = row("timestamp '2004-10-19 10:23:54', date '2004-10-19', inet '10.1.2.3/8', null::timestamp")) {
      java.util.Calendar cal = rs.getObject(1, java.util.Calendar.class);
      assertEquals(rs.getTimestamp(1).getTime(), cal.getTimeInMillis());
      assertEquals(10, cal.get(java.util.Calendar.HOUR_OF_DAY));
      assertEquals(rs.getTimestamp(2).getTime(), rs.getObject(2, java.util.Calendar.class).getTimeInMillis());
      assertEquals(java.net.InetAddress.getByName("10.1.2.3"), rs.getObject(3, java.net.InetAddress.class));
      assertEquals(null, rs.getObject(4, java.util.Calendar.class));
    }
  }

  // issue 35 §3: getInt of numeric 1.2 threw; pgjdbc truncates toward zero
  @Test
  void integerGettersTruncateNumbersAndNumericText() throws SQLException {
    try (ResultSet rs = row("1.2::numeric, -1.9::numeric, 2.9::float8, '1.2'::text, ' 7 '::text, 3.5::float4,"
        + " 1e3::numeric")) {
      assertEquals(1, rs.getInt(1));
      assertEquals(1L, rs.getLong(1));
      assertEquals((short) 1, rs.getShort(1));
      assertEquals((byte) 1, rs.getByte(1));
      assertEquals(-1, rs.getInt(2));
      assertEquals(2, rs.getInt(3));
      assertEquals(1, rs.getInt(4));
      assertEquals(1L, rs.getLong(4));
      assertEquals(7, rs.getInt(5));
      assertEquals(3, rs.getShort(6));
      assertEquals(1000, rs.getInt(7));
    }
  }

  @Test
  void aNegativeScaleNumericReadsAtItsScale() throws SQLException {
    // PostgreSQL 15+: numeric(2,-2) rounds to hundreds; pgjdbc's getObject gives 1.5E+3
    try (ResultSet rs = row("1500::numeric(2,-2), 1.25::numeric(5,2), 1500::numeric, 'NaN'::numeric(3,-1)")) {
      assertEquals(new java.math.BigDecimal("1.5E+3"), rs.getObject(1));
      assertEquals(1500, rs.getInt(1));
      assertEquals(new java.math.BigDecimal("1.25"), rs.getObject(2));
      assertEquals(new java.math.BigDecimal("1500"), rs.getObject(3), "no type modifier: as the server wrote it");
      assertEquals(Double.NaN, ((Number) rs.getObject(4)).doubleValue());
    }
  }

  @Test
  void integerOutOfRangeOrNotANumberIs22003() throws SQLException {
    try (ResultSet rs = row("128::int4, 40000::numeric, 3000000000::int8, 1e19::numeric, 'NaN'::numeric,"
        + " 'abc'::text, 'Infinity'::float8, 't'::bool")) {
      assertState("22003", () -> rs.getByte(1));
      assertEquals(128, rs.getShort(1));
      assertState("22003", () -> rs.getShort(2));
      assertState("22003", () -> rs.getInt(3));
      assertState("22003", () -> rs.getLong(4));
      assertState("22003", () -> rs.getInt(5));
      assertState("22003", () -> rs.getInt(6));
      assertState("22003", () -> rs.getLong(7));
      assertState("22003", () -> rs.getInt(8));   // pgjdbc: "Bad value for type int : t"
    }
  }

  // issue 35 §3 and §6: BooleanTypeUtil's table; a value outside it is 42846, not 22018
  @Test
  void getBooleanTakesBooleanTypeUtilsValues() throws SQLException {
    try (ResultSet rs = row("1::numeric, 0::int4, 1.0::float8, 't'::text, ' Yes '::text, 'off'::text, '0'::varchar,"
        + " 2::int4, 'maybe'::text, 0.5::numeric")) {
      assertTrue(rs.getBoolean(1));
      assertFalse(rs.getBoolean(2));
      assertTrue(rs.getBoolean(3));
      assertTrue(rs.getBoolean(4));
      assertTrue(rs.getBoolean(5));
      assertFalse(rs.getBoolean(6));
      assertFalse(rs.getBoolean(7));
      assertEquals(Boolean.TRUE, rs.getObject(1, Boolean.class));
      assertState("42846", () -> rs.getBoolean(8));
      assertState("42846", () -> rs.getBoolean(9));
      assertState("42846", () -> rs.getBoolean(10));
    }
  }

  // issue 35 §6: was 22000
  @Test
  void bigDecimalOfNaNIs22003() throws SQLException {
    // numeric infinities are PostgreSQL 14's: before, a second NaN
    String infinity = TestDatabase.server().majorVersion() >= 14 ? "'Infinity'::numeric" : "'NaN'::numeric";
    try (ResultSet rs = row("'NaN'::numeric, " + infinity + ", 1.50::numeric")) {
      assertState("22003", () -> rs.getBigDecimal(1));
      assertState("22003", () -> rs.getBigDecimal(2));
      assertTrue(Double.isNaN(rs.getDouble(1)));
      assertEquals(new BigDecimal("1.50"), rs.getBigDecimal(3));
    }
  }

  // issue 35 §4: getTimestamp of a time was refused; pgjdbc puts it on 1970-01-01
  @Test
  void timestampOfATimeIsThatTimeOnTheEpochDay() throws SQLException {
    try (ResultSet rs = row("'10:11:12.345678'::time, '10:11:12+02'::timetz, '2024-03-01 12:34:56.5'::timestamp")) {
      assertEquals(Timestamp.valueOf(LocalDateTime.of(1970, 1, 1, 10, 11, 12, 345_678_000)), rs.getTimestamp(1));
      assertEquals(Timestamp.from(OffsetDateTime.of(1970, 1, 1, 10, 11, 12, 0, ZoneOffset.ofHours(2)).toInstant()),
          rs.getTimestamp(2));
      // and the other way: a timestamp's time of day, to the millisecond
      assertEquals(new java.sql.Time(java.sql.Time.valueOf("12:34:56").getTime() + 500), rs.getTime(3));
    }
  }
}
