package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import org.junit.jupiter.api.Test;

/**
 * Arrays of primitives and of numeric as pgjdbc's {@code ArrayTest}s bind and read them (issue 35):
 * {@code createArrayOf} with arrays of primitive arrays ({@code double[][]}), {@code setObject} of
 * {@code int[]}/{@code double[]}, and a {@code numeric[]} read as {@code BigDecimal[]}.
 */
@ServerTest
class ArrayValuesTest extends OneConnection {
  /** The base type of an array of a type in a quoted schema is the element's name, not the array type's. */
  @Test
  void baseTypeNameOfAnArrayOfAQuotedCompositeIsTheElements() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("drop schema if exists \"Arr Schema\" cascade; create schema \"Arr Schema\";"
          + " create type \"Arr Schema\".\"Pair\" as (a int, b text); create type \"Arr Schema\"._under as (a int)");
      try (ResultSet rs = s.executeQuery("select array[row(1, 'x')::\"Arr Schema\".\"Pair\"],"
          + " array[row(2)::\"Arr Schema\"._under], array[1]")) {
        assertTrue(rs.next());
        assertEquals("\"Arr Schema\".\"Pair\"", rs.getArray(1).getBaseTypeName());
        assertEquals("\"Arr Schema\".\"_under\"", rs.getArray(2).getBaseTypeName());
        assertEquals("int4", rs.getArray(3).getBaseTypeName());
      }
      // a type Sluice has no codec for (aclitem): its array still names it, and reads as text elements
      try (ResultSet rs = s.executeQuery("select acldefault('r', r.oid), r.rolname from pg_roles r"
          + " where r.rolname = current_user")) {
        assertTrue(rs.next());
        assertEquals("_aclitem", rs.getMetaData().getColumnTypeName(1));
        Array acl = rs.getArray(1);
        assertEquals("aclitem", acl.getBaseTypeName());
        assertTrue(((Object[]) acl.getArray())[0].toString().startsWith(rs.getString(2) + "="));
        assertEquals("aclitem", acl.getResultSet().getMetaData().getColumnTypeName(2));
      }
      // anonymous records (array_agg of row(...)): each row's VALUE is the record's text
      try (ResultSet rs = s.executeQuery("select array[row(1, 'a b'), row(2, null), null, row(3, 'c')]")) {
        assertTrue(rs.next());
        try (ResultSet rows = rs.getArray(1).getResultSet(2, 2)) {
          assertTrue(rows.next());
          assertEquals(2, rows.getInt(1));
          assertEquals("(2,)", rows.getString(2));
          assertTrue(rows.next());
          assertEquals(3, rows.getInt(1));
          assertNull(rows.getString(2));
          assertFalse(rows.next());
        }
        try (ResultSet all = rs.getArray(1).getResultSet()) {
          assertTrue(all.next());
          assertEquals("(1,\"a b\")", all.getString(2));
          assertEquals("text", all.getMetaData().getColumnTypeName(2));
        }
      } finally {
        s.execute("drop schema \"Arr Schema\" cascade");
      }
    }
  }

  @Test
  void createArrayOfArraysOfPrimitivesReadsBoxedAndBinds() throws SQLException {
    double[][] in = {{3.5, -4.5}, {10.0 / 3, 77}};
    Array arr = c.createArrayOf("float8", in);
    Double[][] out = (Double[][]) arr.getArray();
    assertEquals(2, out.length);
    assertEquals(10.0 / 3, out[1][0], 0);
    assertEquals(Types.DOUBLE, arr.getBaseType());
    try (PreparedStatement p = c.prepareStatement("select ?::float8[]::text, ?::int4[]::text")) {
      p.setArray(1, arr);
      p.setArray(2, c.createArrayOf("int4", new int[][] {{1, 2}, {3, 4}}));
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("{{3.5,-4.5},{3.3333333333333335,77}}", rs.getString(1));
        assertEquals("{{1,2},{3,4}}", rs.getString(2));
      }
    }
  }

  @Test
  void primitiveArraysBindAsArrays() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("create temp table arrvals (intarr int[], decarr decimal(2,1)[], strarr text[])");
    }
    try (PreparedStatement p = c.prepareStatement("insert into arrvals values (?, ?, ?)")) {
      p.setObject(1, new int[] {1, 2, 3}, Types.ARRAY);
      p.setObject(2, new double[] {3.1d, 1.4d}, Types.ARRAY);
      p.setObject(3, new String[] {"a\u2001b", "f'a", " \tfa\"b  "}, Types.ARRAY);
      p.executeUpdate();
      p.setObject(1, new int[] {4});
      p.setObject(2, c.createArrayOf("numeric", new Object[] {new BigDecimal("2.5"), null}));
      p.setObject(3, null);
      p.executeUpdate();
    }
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select * from arrvals order by intarr")) {
      assertTrue(rs.next());
      Array ints = rs.getArray(1);
      assertEquals(Types.INTEGER, ints.getBaseType());
      assertArrayEquals(new Integer[] {1, 2, 3}, (Integer[]) ints.getArray());
      Array decs = rs.getArray(2);
      assertEquals(Types.NUMERIC, decs.getBaseType());
      assertArrayEquals(new BigDecimal[] {new BigDecimal("3.1"), new BigDecimal("1.4")}, (BigDecimal[]) decs.getArray());
      assertArrayEquals(new String[] {"f'a", " \tfa\"b  "}, (String[]) rs.getArray(3).getArray(2, 2));
      assertTrue(rs.next());
      assertArrayEquals(new BigDecimal[] {new BigDecimal("2.5"), null}, (BigDecimal[]) rs.getArray(2).getArray());
    }
  }

  @Test
  void numericArraysOfEveryShapeReadAsBigDecimals() throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
        "select '{{1.5,2},{3,NULL}}'::numeric[], '{}'::numeric[], array[1.0]::numeric(5,2)[]")) {
      assertTrue(rs.next());
      BigDecimal[][] two = (BigDecimal[][]) rs.getArray(1).getArray();
      assertEquals(new BigDecimal("1.5"), two[0][0]);
      assertNull(two[1][1]);
      assertEquals(0, ((BigDecimal[]) rs.getArray(2).getArray()).length);
      assertArrayEquals(new BigDecimal[] {new BigDecimal("1.00")}, (BigDecimal[]) rs.getObject(3, Array.class).getArray());
      assertArrayEquals(new BigDecimal[] {new BigDecimal("1.00")}, (BigDecimal[]) ((Array) rs.getObject(3)).getArray());
    }
  }

  @Test
  void aNullArrayAByteaArrayAndStringsTypedByTheirElementType() throws SQLException {
    Array none = c.createArrayOf("float8", null);
    assertNull(none.getArray(), "an SQL NULL array, not a freed one");
    byte[][] bytes = {{0x01, (byte) 0xFF}, {}, null};
    Array bytea = c.createArrayOf("bytea", bytes);
    assertSame(bytes, bytea.getArray(), "each byte[] is one bytea value");
    // strings for int8 go as an int8[] literal: SELECT ? has that type, not text
    try (PreparedStatement p = c.prepareStatement("select ?, ?::bytea[], ?, ?")) {
      p.setArray(1, c.createArrayOf("int8", new String[] {null, "7"}));
      p.setArray(3, c.createArrayOf("int8", new String[] {null, null}));
      p.setArray(2, bytea);
      p.setArray(4, none);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertArrayEquals(new Long[] {null, 7L}, (Long[]) rs.getArray(1).getArray());
        byte[][] back = (byte[][]) rs.getArray(2).getArray();
        assertArrayEquals(bytes[0], back[0]);
        assertEquals(0, back[1].length);
        assertNull(back[2]);
        assertArrayEquals(new Long[] {null, null}, (Long[]) rs.getArray(3).getArray(), "all nulls: still int8[]");
        assertNull(rs.getArray(4));
      }
    }
    none.free();
    assertThrows(SQLException.class, none::getArray);
  }

  @Test
  void toStringIsPostgresqlsTextOfTheArray() throws SQLException {
    assertEquals("{3.5,-4.5,NULL,77.0}", c.createArrayOf("float8", new Double[] {3.5, -4.5, null, 77.0}).toString());
    assertEquals("{\"a b\",\"\",\"NULL\",\"q\\\"\",x,t}",
        c.createArrayOf("text", new Object[] {"a b", "", "NULL", "q\"", "x", true}).toString());
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select '{{1,2},{3,4}}'::int4[]")) {
      assertTrue(rs.next());
      assertEquals("{{1,2},{3,4}}", rs.getArray(1).toString());
    }
  }

  @Test
  void legacyTemporalElementsBindAsTheirValues() throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select ?::time[]::text, ?::timestamp[]::text, ?::date[]::text")) {
      p.setArray(1, c.createArrayOf("time", new Object[] {java.sql.Time.valueOf("12:34:56"), null}));
      p.setArray(2, c.createArrayOf("timestamp", new Object[] {java.sql.Timestamp.valueOf("2020-01-02 03:04:05.5")}));
      p.setArray(3, c.createArrayOf("date", new Object[][] {{java.sql.Date.valueOf("2021-02-03")}}));
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("{12:34:56,NULL}", rs.getString(1));
        assertEquals("{\"2020-01-02 03:04:05.5\"}", rs.getString(2));
        assertEquals("{{2021-02-03}}", rs.getString(3));
      }
    }
    // and read back as JDBC's default mapping has them: java.sql.Time, Timestamp and Date elements
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select '{12:34:56,NULL}'::time[],"
        + " '{\"2020-01-02 03:04:05.5\"}'::timestamp[], '{2021-02-03}'::date[], '{\"2020-01-02 03:04:05+00\"}'::timestamptz[]")) {
      assertTrue(rs.next());
      assertArrayEquals(new java.sql.Time[] {java.sql.Time.valueOf("12:34:56"), null}, (java.sql.Time[]) rs.getArray(1).getArray());
      assertArrayEquals(new java.sql.Timestamp[] {java.sql.Timestamp.valueOf("2020-01-02 03:04:05.5")},
          (java.sql.Timestamp[]) rs.getArray(2).getArray());
      assertArrayEquals(new java.sql.Date[] {java.sql.Date.valueOf("2021-02-03")}, (java.sql.Date[]) rs.getArray(3).getArray());
      assertEquals(java.time.Instant.parse("2020-01-02T03:04:05Z"),
          ((java.sql.Timestamp[]) rs.getArray(4).getArray())[0].toInstant());
      try (ResultSet rows = rs.getArray(1).getResultSet()) {
        assertTrue(rows.next());
        assertEquals(java.sql.Time.valueOf("12:34:56"), rows.getTime(2), "its rows bind the elements back");
      }
    }
  }
}
