package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 35: Array.getResultSet as pgjdbc's PgArray (its jdbc2.ArrayTest and jdbc4.ArrayTest):
 * INDEX and VALUE columns, one row per element of the outer dimension, a slice from an index,
 * a multi-dimensional array's rows holding its sub-arrays.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class ArrayResultSetTest extends OneConnection {

  private static Array array(String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next());
      return rs.getArray(1);
    }
  }

  private static List<String> rows(ResultSet rs) throws SQLException {
    List<String> out = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        out.add(rs.getInt("INDEX") + "=" + rs.getString("VALUE"));
      }
    }
    return out;
  }

  @Test
  void oneDimension() throws SQLException {
    Array a = array("SELECT ARRAY[10, NULL, 30, 40]::int4[]");
    ResultSet rs = a.getResultSet();
    assertEquals("INDEX", rs.getMetaData().getColumnName(1));
    assertEquals("VALUE", rs.getMetaData().getColumnName(2));
    assertEquals(Types.INTEGER, rs.getMetaData().getColumnType(1));
    assertEquals(Types.INTEGER, rs.getMetaData().getColumnType(2));
    assertEquals(ResultSet.TYPE_SCROLL_INSENSITIVE, rs.getType());
    assertEquals(List.of("1=10", "2=null", "3=30", "4=40"), rows(rs));
    assertEquals(List.of("2=null", "3=30"), rows(a.getResultSet(2, 2)));
    assertEquals(List.of("4=40"), rows(a.getResultSet(4, 1)));
    assertEquals(List.of(), rows(a.getResultSet(5, 0)));   // past the last: no rows
    assertEquals(List.of("1=10", "2=null", "3=30", "4=40"), rows(a.getResultSet(Map.of())));
    ResultSet typed = a.getResultSet(1, 1);
    assertTrue(typed.next());
    assertEquals(10, typed.getObject(2));
    SQLException e = assertThrows(SQLException.class, () -> a.getResultSet(0, 1));
    assertEquals("22000", e.getSQLState());
    e = assertThrows(SQLException.class, () -> a.getResultSet(3, 5));
    assertEquals("22000", e.getSQLState());
    assertThrows(SQLFeatureNotSupportedException.class, () -> a.getResultSet(Map.of("x", String.class)));
  }

  @Test
  void textAndOtherElementTypes() throws SQLException {
    assertEquals(List.of("1=a", "2=b,c", "3=\"q\""), rows(array("SELECT ARRAY['a', 'b,c', '\"q\"']").getResultSet()));
    ResultSet rs = array("SELECT ARRAY['2026-01-02'::date]").getResultSet();
    assertTrue(rs.next());
    assertEquals(java.sql.Date.valueOf("2026-01-02"), rs.getDate("VALUE"));
    Array made = c.createArrayOf("int8", new Object[] {5L, 6L});
    assertEquals(List.of("1=5", "2=6"), rows(made.getResultSet()));
    try (Statement s = c.createStatement()) {
      s.execute("DO $$BEGIN CREATE TYPE ars_mood AS ENUM ('ok', 'sad');"
          + " EXCEPTION WHEN duplicate_object THEN NULL; END$$");
    }
    // a type not built in: its name is never written into SQL; the elements' text comes back
    assertEquals(List.of("1=ok", "2=sad"), rows(c.createArrayOf("ars_mood", new Object[] {"ok", "sad"})
        .getResultSet()));
    assertEquals(List.of("2=sad"), rows(array("SELECT ARRAY['ok', 'sad']::ars_mood[]").getResultSet(2, 1)));
  }

  @Test
  void threeDimensions() throws SQLException {
    Array a = array("SELECT ARRAY[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]::int4[]");
    ResultSet rs = a.getResultSet(2, 1);
    assertTrue(rs.next());
    assertEquals(2, rs.getInt("INDEX"));
    assertEquals("{{5,6},{7,8}}", rs.getString("VALUE"));
    assertEquals(List.of("1={5,6}", "2={7,8}"), rows(rs.getArray("VALUE").getResultSet()));
  }

  @Test
  void twoDimensionsGiveSubArrays() throws SQLException {
    Array a = array("SELECT ARRAY[[1, 2, 3], [4, 5, 6], [7, 8, 9]]::int4[]");
    ResultSet rs = a.getResultSet();
    assertEquals(Types.ARRAY, rs.getMetaData().getColumnType(2));
    List<String> seen = new ArrayList<>();
    while (rs.next()) {
      Array row = rs.getArray("VALUE");
      seen.add(rs.getInt(1) + "=" + java.util.Arrays.toString((Object[]) row.getArray()));
    }
    assertEquals(List.of("1=[1, 2, 3]", "2=[4, 5, 6]", "3=[7, 8, 9]"), seen);
    ResultSet slice = a.getResultSet(2, 1);
    assertTrue(slice.next());
    assertEquals(2, slice.getInt("INDEX"));
    // the sub-array's own result: the second dimension
    assertEquals(List.of("1=4", "2=5", "3=6"), rows(slice.getArray("VALUE").getResultSet()));
    assertFalse(slice.next());
  }

  /** pgjdbc's jdbc2.ArrayTest.testRetrieveResultSets and testMultiDimensionalArrayRetrieveResultSets. */
  @Test
  void pgjdbcArrayTestScenarios() throws SQLException {
    ResultSet ints = array("SELECT '{1,2,3}'::int4[]").getResultSet();
    assertTrue(ints.next());
    assertTrue(ints.next());
    assertTrue(ints.next());
    assertEquals(3, ints.getInt(2));
    assertFalse(ints.next());
    assertTrue(ints.previous(), "scroll-insensitive");
    assertEquals(3, ints.getInt(2));
    ResultSet nums = array("SELECT '{3.1,1.4}'::numeric[]").getResultSet();
    assertTrue(nums.next());
    assertEquals(new java.math.BigDecimal("3.1"), nums.getBigDecimal(2));
    ResultSet texts = array("SELECT ARRAY['a', 'f''a', 'fa\"b']::text[]").getResultSet(2, 2);
    assertTrue(texts.next());
    assertEquals(2, texts.getInt(1));
    assertEquals("f'a", texts.getString(2));
    assertTrue(texts.next());
    assertEquals(3, texts.getInt(1));
    assertEquals("fa\"b", texts.getString(2));
    assertFalse(texts.next());
    ResultSet outer = array("SELECT '{{{0},{1}},{{2},{3}},{{4},{5}}}'::int4[]").getResultSet();
    List<String> leaves = new ArrayList<>();
    while (outer.next()) {
      ResultSet middle = outer.getArray(2).getResultSet();
      while (middle.next()) {
        ResultSet inner = middle.getArray(2).getResultSet();
        assertTrue(inner.next());
        leaves.add(outer.getInt(1) + "." + middle.getInt(1) + "." + inner.getInt(1) + "=" + inner.getInt(2));
        assertFalse(inner.next());
      }
    }
    assertEquals(List.of("1.1.1=0", "1.2.1=1", "2.1.1=2", "2.2.1=3", "3.1.1=4", "3.2.1=5"), leaves);
  }

  @Test
  void freedArrayIsRefused() throws SQLException {
    Array a = array("SELECT ARRAY[1, 2]");
    a.free();
    assertThrows(SQLException.class, a::getResultSet);
  }
}
