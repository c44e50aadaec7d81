package io.sluice.rows;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Rows as views over a RowSet's chunks: any order of column reads, NULLs, results that span many
 * chunks or hold a row larger than a chunk, and the same query again (its store sized from the
 * previous result), each row reading back exactly what the server computed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class RowViewTest {
  static Connection c;

  @BeforeAll
  static void open() {
    c = Connection.open(PostgresServer.shared().uri());
  }

  @AfterAll
  static void close() {
    c.close();
  }

  @Test
  void columnsReadInAnyOrder() {
    RowSet rs = c.query("select g, null::int, 'a' || g, g * 10, null::text, g::text from generate_series(1, 50) g");
    for (int i = 0; i < rs.size(); i++) {
      int g = i + 1;
      Row forward = rs.get(i);
      Row backward = rs.get(i);
      Row jumping = rs.get(i);
      // backwards: every read is before the last one walked
      assertEquals(String.valueOf(g), backward.getString(5));
      assertTrue(backward.isNull(4));
      assertEquals(g * 10, backward.getInt(3));
      assertEquals("a" + g, backward.getString(2));
      assertNull(backward.get(1));
      assertEquals(g, backward.getInt(0));
      // forwards, and the same column twice
      assertEquals(g, forward.getInt(0));
      assertEquals(g, forward.getInt(0));
      assertTrue(forward.isNull(1));
      assertEquals("a" + g, forward.getString(2));
      assertEquals(g * 10, forward.getLong(3));
      assertNull(forward.getString(4));
      assertEquals(String.valueOf(g), forward.getString(5));
      // skipping ahead, then back
      assertEquals(String.valueOf(g), jumping.getString("g"));
      assertEquals(g * 10, jumping.getInt(3));
      assertEquals(g, jumping.getInt(0));
    }
  }

  @Test
  void manyChunksAndTheSameQueryAgain() {
    String sql = "select g, repeat(chr(65 + g % 26), 1000 + g % 7) from generate_series(1, $1) g";
    for (int round = 0; round < 3; round++) {
      int n = 3000 + round * 1000;   // about 3-5 MB: several chunks, more rows than the last time
      RowSet rs = c.query(sql, n);
      assertEquals(n, rs.size());
      for (int i = 0; i < n; i++) {
        int g = i + 1;
        Row r = rs.get(i);
        assertEquals(g, r.getInt(0));
        String s = r.getString(1);
        assertEquals(1000 + g % 7, s.length(), "row " + g);
        assertEquals((char) (65 + g % 26), s.charAt(s.length() - 1), "row " + g);
      }
      assertTrue(rs.bytes() > (long) n * 1000);
    }
    RowSet smaller = c.query(sql, 2);
    assertEquals(2, smaller.size());
    assertEquals(2, smaller.get(1).getInt(0));
  }

  @Test
  void aRowLargerThanAChunk() {
    RowSet rs = c.query("select g, repeat('x', case when g = 2 then 3000000 else 10 end), g from generate_series(1, 3) g");
    assertEquals(10, rs.get(0).getString(1).length());
    assertEquals(3_000_000, rs.get(1).getString(1).length());
    assertEquals(2, rs.get(1).getInt(2));
    assertEquals(3, rs.get(2).getInt(2));
    assertEquals(10, rs.get(2).getString(1).length());
  }

  @Test
  void viewsOfOneRowDecodeSeparatelyAndAgree() {
    RowSet rs = c.query("select '{\"a\": 1}'::jsonb, now()");
    Row a = rs.get(0);
    Row b = rs.get(0);
    assertNotSame(a, b);
    assertSame(a.get(1), a.get(1), "one view decodes a value once");
    assertEquals(a.get(1), b.get(1));
    assertEquals(a.getString(0), b.getString(0));
  }

  /** A streaming view moves from row to row: positions found out of order on one row never leak into the next. */
  @Test
  void aStreamingViewReadOutOfOrderReadsEachRowsOwnValues() {
    java.util.List<String> seen = new java.util.ArrayList<>();
    c.forEach("select g, repeat('x', g), g * 2, case when g % 2 = 0 then null else 'odd' end"
        + " from generate_series(1, 200) g", r -> {
          int g = r.getInt(2) / 2;   // a later column first
          assertEquals(g, r.getInt(0));
          assertEquals(g, r.getString(1).length());
          assertEquals(g % 2 == 0, r.isNull(3));
          seen.add(r.getString(1).substring(0, 1) + g);
        });
    assertEquals(200, seen.size());
    assertEquals("x200", seen.get(199));
  }
}
