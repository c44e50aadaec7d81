package org.postgresql;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Types;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.util.PGobject;

/** json, jsonb and unknown types as pgjdbc's applications bind and read them. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PGobjectTest {
  static PGobject of(String type, String value) throws Exception {
    PGobject o = new PGobject();
    o.setType(type);
    o.setValue(value);
    return o;
  }

  /** inet, cidr, macaddr and macaddr8 read as pgjdbc reads them: a PGobject of the server's text. */
  @Test
  void networkTypesReadAsPGobjectsOfTheServersText() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select '192.168.100.128'::inet, '10.0.0.0/8'::cidr, '::1/64'::inet,"
            + " '08:00:2b:01:02:03'::macaddr, '08:00:2b:01:02:03:04:05'::macaddr8")) {
      assertTrue(rs.next());
      assertEquals(of("inet", "192.168.100.128"), rs.getObject(1));
      assertEquals(of("cidr", "10.0.0.0/8"), rs.getObject(2));
      assertEquals(of("inet", "::1/64"), rs.getObject(3));
      assertEquals(of("macaddr", "08:00:2b:01:02:03"), rs.getObject(4));
      assertEquals(of("macaddr8", "08:00:2b:01:02:03:04:05"), rs.getObject(5));
      assertEquals(java.net.InetAddress.getByName("192.168.100.128"), rs.getObject(1, java.net.InetAddress.class));
    }
  }

  /** An array of composites gives PGobjects of each element's text, in getArray and getResultSet. */
  @Test
  void compositeArrayElementsArePGobjects() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("drop schema if exists \"Pgo Arr\" cascade; create schema \"Pgo Arr\";"
          + " create type \"Pgo Arr\".\"Item\" as (n int, tag text)");
      try (ResultSet rs = s.executeQuery("select array[row(1, 'a b')::\"Pgo Arr\".\"Item\", null,"
          + " row(2, null)::\"Pgo Arr\".\"Item\"]")) {
        assertTrue(rs.next());
        java.sql.Array a = rs.getArray(1);
        assertEquals("\"Pgo Arr\".\"Item\"", a.getBaseTypeName());
        Object[] items = (Object[]) a.getArray();
        assertEquals(of("\"Pgo Arr\".\"Item\"", "(1,\"a b\")"), items[0]);
        assertNull(items[1]);
        assertEquals("(2,)", ((PGobject) items[2]).getValue());
        try (ResultSet rows = a.getResultSet()) {
          assertTrue(rows.next());
          assertEquals("(1,\"a b\")", ((PGobject) rows.getObject(2)).getValue());
        }
      } finally {
        s.execute("drop schema \"Pgo Arr\" cascade");
      }
    }
  }

  @Test
  void jsonAndJsonbRoundTripAsPGobject() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table docs (id int, j json, jb jsonb)");
      try (PreparedStatement p = c.prepareStatement("insert into docs values (?, ?, ?)")) {
        p.setInt(1, 1);
        p.setObject(2, of("json", "{\"a\": 1}"));
        p.setObject(3, of("jsonb", "{\"b\": [1, 2]}"), Types.OTHER);   // Hibernate user types' way
        p.executeUpdate();
        p.setInt(1, 2);
        p.setObject(2, of("json", null));
        p.setObject(3, of("jsonb", null));
        p.executeUpdate();
      }
      try (ResultSet rs = s.executeQuery("select j, jb, jb ->> 'b' is null from docs order by id")) {
        assertTrue(rs.next());
        PGobject j = (PGobject) rs.getObject(1);
        assertEquals("json", j.getType());
        assertEquals("{\"a\": 1}", j.getValue());
        PGobject jb = rs.getObject(2, PGobject.class);
        assertEquals("jsonb", jb.getType());
        assertEquals("{\"b\": [1, 2]}", jb.getValue(), "stored as jsonb: the server's normal form");
        assertEquals("{\"b\": [1, 2]}", rs.getString(2), "getString is the text, as before");
        assertTrue(rs.next());
        assertNull(rs.getObject(1), "SQL NULL is null, not a PGobject");
        assertNull(rs.getObject(2));
      }
    }
  }

  @Test
  void aBuiltInTypeIsCastSoThatAnUntypedPlaceGetsIt() throws Exception {
    try (Connection c = DropInServer.connect();
        PreparedStatement p = c.prepareStatement("select pg_typeof(?)::text, ?")) {
      p.setObject(1, of("jsonb", "[1,2]"));
      p.setObject(2, of("jsonb", "[1,2]"));
      try (ResultSet rs = p.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("jsonb", rs.getString(1));
        assertEquals(of("jsonb", "[1, 2]"), rs.getObject(2));
      }
    }
  }

  @Test
  void aTypeOutsideTheBuiltInOnesIsReadByTheServerFromItsPlace() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create domain pg_temp.short_text as text check (length(value) < 10)");
      s.execute("create temp table notes (n pg_temp.short_text, m text)");
      try (PreparedStatement p = c.prepareStatement("insert into notes values (?, ?)")) {
        p.setObject(1, of("short_text", "hello"));
        p.setString(2, "enum-like text stays a String");
        p.executeUpdate();
      }
      try (ResultSet rs = s.executeQuery("select n, m, '(1,2)'::point from notes")) {
        assertTrue(rs.next());
        assertEquals("hello", rs.getString(1));
        assertInstanceOf(String.class, rs.getObject(2), "built-in types keep their classes");
      }
    }
  }

  /**
   * A PGobject of a type outside the built-in ones goes typed as the server names that type, as
   * pgjdbc sends it with the type's OID: {@code select ?} gives it back as that type, and an
   * overloaded function finds its variant. A name the server knows no type by, or that is no SQL
   * name, goes untyped (never into the SQL text).
   */
  @Test
  void aCustomTypeNameTypesTheParameter() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("drop schema if exists \"Pgo Typed\" cascade; create schema \"Pgo Typed\";"
          + " create type \"Pgo Typed\".\"Pair\" as (a int, b text);"
          + " create function \"Pgo Typed\".which(x \"Pgo Typed\".\"Pair\") returns text language sql as $$select 'pair'$$;"
          + " create function \"Pgo Typed\".which(x int4range) returns text language sql as $$select 'range'$$");
      try (PreparedStatement p = c.prepareStatement("select ?, \"Pgo Typed\".which(?), ?::text")) {
        p.setObject(1, of("\"Pgo Typed\".\"Pair\"", "(1,x)"));
        p.setObject(2, of("\"Pgo Typed\".\"Pair\"", "(2,y)"));
        p.setObject(3, of("no_such_type", "as text"));
        try (ResultSet rs = p.executeQuery()) {
          assertTrue(rs.next());
          assertEquals(of("\"Pgo Typed\".\"Pair\"", "(1,x)"), rs.getObject(1));
          assertEquals("pair", rs.getString(2));
          assertEquals("as text", rs.getString(3));
        }
        p.setObject(3, of("text); drop schema \"Pgo Typed\" cascade; --", "not a name"));
        p.setObject(1, of("\"Pgo Typed\".\"Pair\"", "(1,x)"));
        p.setObject(2, of("\"Pgo Typed\".\"Pair\"", "(2,y)"));
        try (ResultSet rs = p.executeQuery()) {
          assertTrue(rs.next());
          assertEquals("not a name", rs.getString(3));
        }
      } finally {
        s.execute("drop schema \"Pgo Typed\" cascade");
      }
    }
  }

  /** A custom class for jsonb, as addDataType registers it. */
  public static final class Json extends PGobject {
    private static final long serialVersionUID = 1L;
  }

  @Test
  void addDataTypeMakesTheGivenClassForThatConnection() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      c.unwrap(PGConnection.class).addDataType("jsonb", Json.class);
      try (ResultSet rs = s.executeQuery("select '{}'::jsonb, '{}'::json")) {
        assertTrue(rs.next());
        assertInstanceOf(Json.class, rs.getObject(1));
        assertEquals("{}", ((PGobject) rs.getObject(1)).getValue());
        assertEquals(PGobject.class, rs.getObject(2).getClass());
      }
      try (Connection other = DropInServer.connect(); Statement t = other.createStatement();
          ResultSet rs = t.executeQuery("select '{}'::jsonb")) {
        assertTrue(rs.next());
        assertEquals(PGobject.class, rs.getObject(1).getClass(), "for the connection that added it only");
      }
    }
  }

  @Test
  void aCompositeOrARangeReadsAsAPGobjectOfTheServersText() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create type pg_temp.pgo_pair as (i int, d numeric, u uuid, t text)");
      try (ResultSet rs = s.executeQuery("select '(1,2.2,,\"a b\")'::pg_temp.pgo_pair, int4range(1, 5),"
          + " null::pg_temp.pgo_pair")) {
        assertTrue(rs.next());
        PGobject pair = (PGobject) rs.getObject(1);
        assertEquals("pgo_pair", pair.getType());
        assertEquals("(1,2.2,,\"a b\")", pair.getValue());
        PGobject range = (PGobject) rs.getObject(2);
        assertEquals("int4range", range.getType());
        assertEquals("[1,5)", range.getValue());
        assertNull(rs.getObject(3));
      }
      // and back: the PGobject binds as its text, for the server to read as the column's type
      try (PreparedStatement p = c.prepareStatement("select (?::pg_temp.pgo_pair).t")) {
        p.setObject(1, of("pgo_pair", "(2,,,\"c d\")"));
        try (ResultSet rs = p.executeQuery()) {
          assertTrue(rs.next());
          assertEquals("c d", rs.getString(1));
        }
      }
    }
  }
}
