package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Date;
import java.sql.JDBCType;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 35: values written through an updatable result reach the table as the matching setter
 * would send them, and the row shown after updateRow and insertRow is the table's (what
 * RETURNING gave back): numeric, temporal, bytea, arrays, uuid, jsonb, streams and NULL.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class UpdatableTypesTest extends OneConnection {
  private static final byte[] BYTES = {0, '\\', (byte) 128, (byte) 255, '\''};

  @BeforeAll
  static void table() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS urt_types");
      s.execute("CREATE TABLE urt_types (id int PRIMARY KEY, n numeric(10,2), ts timestamp, tstz timestamptz,"
          + " d date, b bytea, ia int[], ta text[], u uuid, j jsonb, flag boolean, f8 float8, txt text)");
    }
  }

  @BeforeEach
  void row() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("TRUNCATE urt_types");
      s.execute("INSERT INTO urt_types (id) VALUES (1)");
    }
  }

  private static Statement updatable() throws SQLException {
    return c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE);
  }

  /** The columns of row {@code id} as the server prints them, read by a query of their own. */
  private static String stored(int id) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT concat_ws('|', n, ts, tstz"
        + " AT TIME ZONE 'UTC', d, encode(b, 'hex'), ia, ta, u, j, flag, f8, txt) FROM urt_types WHERE id = " + id)) {
      assertTrue(rs.next());
      return rs.getString(1);
    }
  }

  @Test
  void everyTypeRoundTripsThroughUpdateRow() throws SQLException {
    UUID uuid = UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT * FROM urt_types")) {
      assertTrue(rs.next());
      rs.updateBigDecimal("n", new BigDecimal("12.345"));
      rs.updateTimestamp("ts", Timestamp.valueOf("2024-02-29 12:34:56.789"));
      rs.updateObject("tstz", OffsetDateTime.of(2024, 1, 31, 12, 0, 0, 0, ZoneOffset.ofHours(5)));
      rs.updateDate("d", Date.valueOf("2024-01-31"));
      rs.updateBytes("b", BYTES);
      rs.updateArray("ia", c.createArrayOf("int4", new Integer[] {1, null, 3}));
      rs.updateObject("ta", c.createArrayOf("text", new String[] {"a", "b,c", null}));
      rs.updateObject("u", uuid);
      rs.updateString("j", "{\"k\": [1, 2]}");   // a string goes untyped: the server reads it as jsonb
      rs.updateBoolean("flag", true);
      rs.updateDouble("f8", 0.1);
      rs.updateObject("txt", "text", JDBCType.VARCHAR);
      rs.updateRow();
      // the row shown is the table's: numeric(10,2) rounded 12.345
      assertEquals(new BigDecimal("12.35"), rs.getBigDecimal("n"));
      assertEquals(LocalDateTime.of(2024, 2, 29, 12, 34, 56, 789_000_000), rs.getObject("ts", LocalDateTime.class));
      assertEquals(OffsetDateTime.of(2024, 1, 31, 7, 0, 0, 0, ZoneOffset.UTC).toInstant(),
          rs.getObject("tstz", OffsetDateTime.class).toInstant());
      assertEquals(LocalDate.of(2024, 1, 31), rs.getObject("d", LocalDate.class));
      assertArrayEquals(BYTES, rs.getBytes("b"));
      Array ia = rs.getArray("ia");
      assertArrayEquals(new Integer[] {1, null, 3}, (Object[]) ia.getArray());
      assertArrayEquals(new String[] {"a", "b,c", null}, (Object[]) rs.getArray("ta").getArray());
      assertEquals(uuid, rs.getObject("u", UUID.class));
      assertEquals("{\"k\": [1, 2]}", rs.getString("j"));
      assertTrue(rs.getBoolean("flag"));
      assertEquals(0.1, rs.getDouble("f8"));
      assertEquals("text", rs.getString("txt"));
      rs.updateObject("ia", ia);   // pgjdbc's testArray: an array read from the result, written back
      rs.updateRow();
    }
    assertEquals("12.35|2024-02-29 12:34:56.789|2024-01-31 07:00:00|2024-01-31|005c80ff27|{1,NULL,3}"
        + "|{a,\"b,c\",NULL}|a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11|{\"k\": [1, 2]}|t|0.1|text", stored(1));
  }

  @Test
  void updateNullAndNullObjectsWriteNull() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("UPDATE urt_types SET n = 1, b = '\\x00', ia = '{1}', u = gen_random_uuid(), flag = false");
    }
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, n, b, ia, u, flag FROM urt_types")) {
      assertTrue(rs.next());
      rs.updateNull("n");
      rs.updateBytes("b", null);
      rs.updateArray("ia", null);
      rs.updateObject("u", null);
      rs.updateNull(6);
      rs.updateRow();
      for (int i = 2; i <= 6; i++) {
        assertNull(rs.getObject(i), "column " + i);
      }
      assertFalse(rs.getBoolean("flag"));
      assertTrue(rs.wasNull());
    }
    assertEquals("", stored(1));
  }

  /** pgjdbc's testUpdateStreams: streams and readers, NULL streams, then refreshRow reads the same. */
  @Test
  void streamsAndReadersAreReadWhole() throws SQLException {
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, txt, b, j FROM urt_types")) {
      rs.moveToInsertRow();
      rs.updateInt(1, 2);
      rs.updateAsciiStream("txt", null, 17);
      rs.updateBinaryStream("b", null, 0);
      rs.insertRow();
      assertNull(rs.getString("txt"));
      rs.moveToInsertRow();
      rs.updateInt(1, 3);
      rs.updateAsciiStream("txt", new ByteArrayInputStream("Hello".getBytes(StandardCharsets.US_ASCII)), 5);
      rs.updateBinaryStream("b", new ByteArrayInputStream(BYTES), BYTES.length);
      rs.updateCharacterStream("j", new StringReader("[true]"));
      rs.insertRow();
      assertEquals("Hello", rs.getString("txt"));
      rs.moveToCurrentRow();
      assertTrue(rs.first());
      rs.updateCharacterStream("txt", new StringReader("Hello world"), 5L);
      rs.updateBlob("b", new ByteArrayInputStream(BYTES));
      rs.updateRow();
      rs.refreshRow();
      assertEquals("Hello", rs.getString("txt"));
      assertArrayEquals(BYTES, rs.getBytes("b"));
    }
    assertEquals("005c80ff27|Hello", stored(1));
    assertEquals("", stored(2));
    assertEquals("005c80ff27|[true]|Hello", stored(3));
  }

  @Test
  void insertRowWithTypedValuesReadsThemBack() throws SQLException {
    try (Statement s = updatable(); ResultSet rs = s.executeQuery("SELECT id, n, ts, d, flag FROM urt_types")) {
      rs.moveToInsertRow();
      rs.updateObject("id", 4L);   // an int8 into an int4 column: assigned by the server
      rs.updateObject("n", "7.5");
      rs.updateObject("ts", LocalDateTime.of(2020, 5, 6, 7, 8, 9));
      rs.updateObject("d", LocalDate.of(2020, 5, 6));
      rs.updateString("flag", "yes");
      rs.insertRow();
      assertEquals(4, rs.getInt("id"));
      assertEquals(new BigDecimal("7.50"), rs.getBigDecimal("n"));
      assertEquals(Timestamp.valueOf("2020-05-06 07:08:09"), rs.getTimestamp("ts"));
      assertEquals(Date.valueOf("2020-05-06"), rs.getDate("d"));
      assertTrue(rs.getBoolean("flag"));
    }
    assertEquals("7.50|2020-05-06 07:08:09|2020-05-06|t", stored(4));
  }
}
