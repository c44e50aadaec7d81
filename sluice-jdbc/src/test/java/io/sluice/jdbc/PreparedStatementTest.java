package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Setters and getters through the real server: every value goes in as a parameter and comes back. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PreparedStatementTest extends OneConnection {
  @BeforeAll
  static void schema() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("drop table if exists jdbc_values; drop type if exists jdbc_mood;"
          + " create type jdbc_mood as enum ('happy', 'sad');"
          + " create table jdbc_values (id serial primary key, i int4, l int8, sm int2, t text, vc varchar(20), n numeric(10,3),"
          + " d float8, f float4, b bool, dt date, tm time, ts timestamp, tz timestamptz, u uuid, j jsonb, js json,"
          + " by bytea, mood jdbc_mood, ia int4[], ta text[], ua uuid[])");
    }
  }

  @Test
  void everySetterRoundTrips() throws SQLException {
    UUID u = UUID.randomUUID();
    try (PreparedStatement p = c.prepareStatement("insert into jdbc_values (i, l, sm, t, vc, n, d, f, b, dt, tm, ts, tz, u,"
        + " j, js, by, mood, ia, ta, ua) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        Statement.RETURN_GENERATED_KEYS)) {
      p.setInt(1, 42);
      p.setLong(2, 7_000_000_000L);
      p.setShort(3, (short) 7);
      p.setString(4, "héllo 'world' ?");
      p.setString(5, "short");
      p.setBigDecimal(6, new BigDecimal("1234.567"));
      p.setDouble(7, 2.5);
      p.setFloat(8, 1.25f);
      p.setBoolean(9, true);
      p.setDate(10, Date.valueOf("2024-02-29"));
      p.setTime(11, Time.valueOf("10:11:12"));
      p.setTimestamp(12, Timestamp.valueOf("2024-03-01 12:34:56.789"));
      p.setObject(13, OffsetDateTime.of(2024, 3, 1, 12, 0, 0, 0, ZoneOffset.ofHours(2)));
      p.setObject(14, u);
      p.setObject(15, "{\"a\": [1, 2]}", Types.OTHER);
      p.setObject(16, "{\"b\": true}", Types.OTHER);
      p.setBytes(17, new byte[] {0, 1, (byte) 0xFF});
      p.setObject(18, "sad", Types.OTHER);
      p.setArray(19, c.createArrayOf("int4", new Integer[] {1, null, 3}));
      p.setArray(20, c.createArrayOf("text", new String[] {"a", "b\"c", null}));
      p.setArray(21, c.createArrayOf("uuid", new String[] {u.toString()}));
      assertEquals(1, p.executeUpdate());
      try (ResultSet keys = p.getGeneratedKeys()) {
        assertTrue(keys.next());
        assertTrue(keys.getInt("id") > 0);
        assertEquals(42, keys.getInt("i"));
      }
    }
    try (PreparedStatement q = c.prepareStatement("select * from jdbc_values where u = ?")) {
      q.setObject(1, u);
      try (ResultSet rs = q.executeQuery()) {
        assertTrue(rs.next());
        assertEquals(42, rs.getInt("I"));   // labels are case-insensitive
        assertEquals(7_000_000_000L, rs.getLong("l"));
        assertEquals(7, rs.getShort("sm"));
        assertEquals(Integer.valueOf(7), rs.getObject("sm"));
        assertEquals("héllo 'world' ?", rs.getString("t"));
        assertEquals(new BigDecimal("1234.567"), rs.getBigDecimal("n"));
        assertEquals(2.5, rs.getDouble("d"));
        assertEquals(1.25f, rs.getFloat("f"));
        assertTrue(rs.getBoolean("b"));
        assertEquals(Date.valueOf("2024-02-29"), rs.getDate("dt"));
        assertEquals(LocalDate.of(2024, 2, 29), rs.getObject("dt", LocalDate.class));
        assertEquals(Time.valueOf("10:11:12"), rs.getTime("tm"));
        assertEquals(LocalTime.of(10, 11, 12), rs.getObject("tm", LocalTime.class));
        assertEquals(Timestamp.valueOf("2024-03-01 12:34:56.789"), rs.getTimestamp("ts"));
        assertEquals(LocalDateTime.of(2024, 3, 1, 12, 34, 56, 789_000_000), rs.getObject("ts", LocalDateTime.class));
        assertEquals(Instant.parse("2024-03-01T10:00:00Z"), rs.getObject("tz", OffsetDateTime.class).toInstant());
        assertEquals(Instant.parse("2024-03-01T10:00:00Z"), rs.getTimestamp("tz").toInstant());
        assertEquals(u, rs.getObject("u"));
        assertEquals(u, rs.getObject("u", UUID.class));
        assertEquals("{\"a\": [1, 2]}", rs.getString("j"));
        assertEquals("{\"b\": true}", rs.getString("js"));
        assertArrayEquals(new byte[] {0, 1, (byte) 0xFF}, rs.getBytes("by"));
        assertEquals("sad", rs.getString("mood"));
        assertArrayEquals(new Object[] {1, null, 3}, (Object[]) rs.getArray("ia").getArray());
        assertEquals("int4", rs.getArray("ia").getBaseTypeName());
        assertArrayEquals(new Object[] {"a", "b\"c", null}, (Object[]) rs.getArray("ta").getArray());
        assertArrayEquals(new Object[] {u}, (Object[]) rs.getArray("ua").getArray());
        assertFalse(rs.next());
      }
    }
  }

  @Test
  void nullsAndWasNull() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select ?::int4 as i, ?::text as t, ?::date as d")) {
      p.setNull(1, Types.INTEGER);
      p.setNull(2, Types.VARCHAR);
      p.setObject(3, null);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals(0, rs.getInt(1));
        assertTrue(rs.wasNull());
        assertNull(rs.getString(2));
        assertTrue(rs.wasNull());
        assertNull(rs.getDate(3));
        assertNull(rs.getObject("i"));
      }
    }
  }

  @Test
  void typedNullsWorkWhereTheServerCannotInferAType() throws SQLException {
    // Hibernate's "(? is null or col = ?)": alone, an untyped NULL is 42P18
    try (PreparedStatement p = c.prepareStatement("select ? is null, coalesce(?, 5) + 1, ?::int4 is null, ?")) {
      p.setNull(1, Types.VARCHAR);
      p.setNull(2, Types.INTEGER);
      p.setNull(3, Types.VARCHAR);
      p.setNull(4, Types.TIMESTAMP);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertTrue(rs.getBoolean(1));
        assertEquals(6, rs.getInt(2));
        assertTrue(rs.getBoolean(3));
        assertEquals(Types.TIMESTAMP, rs.getMetaData().getColumnType(4));
      }
      // a value set afterwards is sent as usual, without the cast
      p.setString(1, "x");
      p.setInt(2, 1);
      p.setString(3, "7");
      p.setObject(4, LocalDateTime.of(2024, 1, 1, 0, 0));
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertFalse(rs.getBoolean(1));
        assertEquals(2, rs.getInt(2));
      }
    }
    try (PreparedStatement p = c.prepareStatement("insert into jdbc_values (i, t) values (?, ?)")) {
      for (int k = 0; k < 3; k++) {
        p.setNull(1, Types.INTEGER);
        if (k == 1) {
          p.setString(2, "typed null batch");
        } else {
          p.setNull(2, Types.VARCHAR);
        }
        p.addBatch();
      }
      assertArrayEquals(new int[] {1, 1, 1}, p.executeBatch());
    }
  }

  @Test
  void stringsAreVarcharUnlessStringtypeIsUnspecified() throws SQLException {
    // as in pgjdbc: setString declares varchar, which a json column does not take without a cast
    try (PreparedStatement p = c.prepareStatement("select ?::text, pg_typeof(?)::text")) {
      p.setString(1, "a");
      p.setString(2, "b");
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("character varying", rs.getString(2));
      }
    }
    try (PreparedStatement p = c.prepareStatement("insert into jdbc_values (js) values (?)")) {
      p.setString(1, "{}");
      SQLException e = assertThrows(SQLException.class, p::executeUpdate);
      assertEquals("42804", e.getSQLState(), e.getMessage());
    }
    try (Connection u = TestDatabase.connect("&stringtype=unspecified");
        PreparedStatement p = u.prepareStatement("insert into jdbc_values (js, u, mood) values (?, ?, ?)")) {
      p.setString(1, "{\"unspecified\": 1}");
      p.setString(2, UUID.randomUUID().toString());
      p.setString(3, "happy");
      assertEquals(1, p.executeUpdate());
    }
  }

  @Test
  void streamsAndReadersAreReadWhole() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select ?::bytea, ?::text, ?::text")) {
      p.setBinaryStream(1, new ByteArrayInputStream(new byte[] {9, 8, 7}));
      p.setCharacterStream(2, new StringReader("a reader"));
      p.setAsciiStream(3, new ByteArrayInputStream("ascii".getBytes()), 3);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertArrayEquals(new byte[] {9, 8, 7}, rs.getBytes(1));
        assertEquals("a reader", rs.getString(2));
        assertEquals("asc", rs.getString(3));
      }
    }
  }

  @Test
  void anUnsetParameterIsAnErrorBeforeAnythingIsSent() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select ?, ?")) {
      p.setInt(1, 1);
      SQLException e = assertThrows(SQLException.class, p::executeQuery);
      assertEquals("07001", e.getSQLState());
      assertTrue(e.getMessage().contains("parameter 2"), e.getMessage());
      assertThrows(SQLException.class, () -> p.setInt(3, 1));
    }
  }

  @Test
  void questionMarksInLiteralsAndTheEscapeAreNoParameters() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select '?' as q, $$?$$ as d, '{\"a\":1}'::jsonb ?? 'a' as has, ? as v"
        + " -- trailing ?")) {
      p.setString(1, "x");
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("?", rs.getString("q"));
        assertEquals("?", rs.getString("d"));
        assertTrue(rs.getBoolean("has"));
        assertEquals("x", rs.getString("v"));
      }
    }
  }

  @Test
  void jdbcEscapesAreTranslated() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select {fn ucase(?)}, {d '2024-01-31'}, {ts '2024-01-31 10:00:00'}")) {
      p.setString(1, "abc");
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("ABC", rs.getString(1));
        assertEquals(LocalDate.of(2024, 1, 31), rs.getObject(2, LocalDate.class));
        assertEquals(LocalDateTime.of(2024, 1, 31, 10, 0), rs.getObject(3, LocalDateTime.class));
      }
    }
    assertEquals("select upper($1)", c.nativeSQL("select {fn ucase(?)}"));
  }

  @Test
  void metadataBeforeExecution() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select id, t from jdbc_values where i = ? and t = ?")) {
      var pm = p.getParameterMetaData();
      assertEquals(2, pm.getParameterCount());
      assertEquals(Types.INTEGER, pm.getParameterType(1));
      assertEquals("text", pm.getParameterTypeName(2));
      var md = p.getMetaData();
      assertEquals(2, md.getColumnCount());
      assertEquals("id", md.getColumnName(1));
      assertEquals(Types.INTEGER, md.getColumnType(1));
      assertEquals("jdbc_values", md.getTableName(1));
      assertTrue(md.isAutoIncrement(1));
      assertEquals(java.sql.ResultSetMetaData.columnNoNulls, md.isNullable(1));
      assertEquals(java.sql.ResultSetMetaData.columnNullable, md.isNullable(2));
    }
  }

  @Test
  void resultSetMetaDataNamesTypes() throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select 1::int8 as a, 'x'::varchar(5) as b, 1.5::numeric(6,2) as n,"
            + " 'happy'::jdbc_mood as m, array[1]::int4[] as arr, now() as ts")) {
      var md = rs.getMetaData();
      assertEquals(Types.BIGINT, md.getColumnType(1));
      assertEquals("int8", md.getColumnTypeName(1));
      assertEquals(Types.VARCHAR, md.getColumnType(2));
      assertEquals(5, md.getPrecision(2));
      assertEquals(6, md.getPrecision(3));
      assertEquals(2, md.getScale(3));
      assertEquals("jdbc_mood", md.getColumnTypeName(4));
      assertEquals(Types.VARCHAR, md.getColumnType(4), "an enum reads as text (as pgjdbc and getColumns say)");
      assertEquals(Types.ARRAY, md.getColumnType(5));
      assertEquals("_int4", md.getColumnTypeName(5));
      assertEquals(Types.TIMESTAMP, md.getColumnType(6));
      assertEquals("java.sql.Timestamp", md.getColumnClassName(6));
      assertEquals(java.sql.ResultSetMetaData.columnNullableUnknown, md.isNullable(1));
    }
  }

  @Test
  void batchOfInsertsReturnsCountsAndKeys() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("insert into jdbc_values (i, t) values (?, ?)", new String[] {"id"})) {
      for (int i = 0; i < 100; i++) {
        p.setInt(1, 1000 + i);
        p.setString(2, "batch " + i);
        p.addBatch();
      }
      int[] counts = p.executeBatch();
      assertEquals(100, counts.length);
      for (int n : counts) {
        assertEquals(1, n);
      }
      int keys = 0;
      try (ResultSet rs = p.getGeneratedKeys()) {
        while (rs.next()) {
          assertTrue(rs.getLong(1) > 0);
          keys++;
        }
      }
      assertEquals(100, keys);
    }
  }

  @Test
  void aFailedBatchInAutoCommitAppliesNothing() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("drop table if exists jdbc_batch; create table jdbc_batch (k int primary key)");
    }
    // one statement per entry, so the failed entry is known exactly (BatchedInsertsTest: merged rows)
    try (Connection rowByRow = TestDatabase.connect("&reWriteBatchedInserts=false");
        PreparedStatement p = rowByRow.prepareStatement("insert into jdbc_batch values (?)")) {
      for (int k : new int[] {1, 2, 2, 3}) {
        p.setInt(1, k);
        p.addBatch();
      }
      java.sql.BatchUpdateException e = assertThrows(java.sql.BatchUpdateException.class, p::executeBatch);
      assertEquals("23505", e.getSQLState());
      // one count per entry, each failed: the batch's implicit transaction rolled back (BatchFailuresTest)
      assertArrayEquals(new int[] {Statement.EXECUTE_FAILED, Statement.EXECUTE_FAILED, Statement.EXECUTE_FAILED,
          Statement.EXECUTE_FAILED}, e.getUpdateCounts());
      assertTrue(e.getMessage().contains("entry 2"), e.getMessage());
      assertInstanceOf(java.sql.SQLIntegrityConstraintViolationException.class, e.getCause());
    }
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select count(*) from jdbc_batch")) {
      assertTrue(rs.next());
      assertEquals(0, rs.getInt(1));
    }
  }
}
