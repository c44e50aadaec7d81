package org.postgresql;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.util.PGInterval;
import org.postgresql.util.PGobject;

/** Arrays of PGobjects and of primitives through createArrayOf, as pgjdbc's jdbc4 ArrayTest binds them. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PGobjectArrayTest {
  private static PGobject json(String text) throws Exception {
    PGobject o = new PGobject();
    o.setType("json");
    o.setValue(text);
    return o;
  }

  @Test
  void anArrayOfPGobjectsBindsAsTheirTextAndReadsBack() throws Exception {
    try (Connection c = DropInServer.connect(); PreparedStatement p = c.prepareStatement("select ?::json[]")) {
      PGobject[] in = {json("{\"x\": 10}"), json("{\"x\": \"a,\\\"b}\"}"), null};
      p.setArray(1, c.createArrayOf("json", in));
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        Array arr = rs.getArray(1);
        try (ResultSet rows = arr.getResultSet()) {
          assertTrue(rows.next());
          assertEquals(in[0], rows.getObject(2));
          assertTrue(rows.next());
          assertEquals(in[1], rows.getObject(2));
          assertTrue(rows.next());
          assertNull(rows.getObject(2));
        }
      }
    }
  }

  @Test
  void anArrayOfCompositesAndIntervalsBindsFromPGobjects() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create type pg_temp.\"Evil.Pair\" as (a int, b text)");
      PGobject pair = new PGobject();
      pair.setType("\"Evil.Pair\"");
      pair.setValue("(1,\"x y\")");
      try (PreparedStatement p = c.prepareStatement("select (?::pg_temp.\"Evil.Pair\"[])[1].b, ?::interval[]")) {
        p.setArray(1, c.createArrayOf("\"Evil.Pair\"", new Object[] {pair}));
        p.setArray(2, c.createArrayOf("interval", new PGInterval[] {new PGInterval(0, 0, 1, 2, 0, 0.5), null}));
        try (ResultSet rs = p.executeQuery()) {
          assertTrue(rs.next());
          assertEquals("x y", rs.getString(1));
          Object[] ivals = (Object[]) rs.getArray(2).getArray();
          assertEquals(new PGInterval(0, 0, 1, 2, 0, 0.5), ivals[0]);
          assertNull(ivals[1]);
        }
      }
    }
  }

  @Test
  void pgConnectionCreateArrayOfTakesPrimitiveArrays() throws Exception {
    try (Connection c = DropInServer.connect();
        PreparedStatement p = c.prepareStatement("select ?::int4[]::text, ?::float8[]::text")) {
      PGConnection pg = c.unwrap(PGConnection.class);
      p.setArray(1, pg.createArrayOf("int4", new int[] {1, 2, 3}));
      Array doubles = pg.createArrayOf("float8", new double[][] {{3.5, -4.5}, {1, 77}});
      assertArrayEquals(new Double[][] {{3.5, -4.5}, {1.0, 77.0}}, (Double[][]) doubles.getArray());
      p.setArray(2, doubles);
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("{1,2,3}", rs.getString(1));
        assertEquals("{{3.5,-4.5},{1,77}}", rs.getString(2));
      }
    }
  }

  @Test
  void aJsonArraysElementsAreStringsAsInPgjdbc() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select '{[2],[3]}'::json[], '{\"{}\"}'::jsonb[]")) {
      assertTrue(rs.next());
      assertArrayEquals(new Object[] {"[2]", "[3]"}, (Object[]) rs.getArray(1).getArray());
      assertEquals(String.class, ((Object[]) rs.getArray(2).getArray())[0].getClass());
    }
  }
}
