package io.sluice.rows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.types.Composite;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a user sees when printing what the server returned: every value type prints readably
 * ({@code Row.toString()}, {@code row.toMap()}, arrays with their elements, nested arrays too) and
 * two reads of the same value are equal, with equal hash codes.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class ValuePrintingTest {
  static Connection c;

  @BeforeAll
  static void open() {
    c = Connection.open(PostgresServer.shared().uri());
    c.execute("drop type if exists vp_item cascade");
    c.execute("create type vp_item as (name text, tags int[])");
  }

  @AfterAll
  static void close() {
    c.close();
  }

  /** Each SQL expression and what it prints as, as a column of a row. */
  static final String[][] PRINTED = {
      {"array[1, null, 3]", "[1, null, 3]"},
      {"'{}'::int[]", "[]"},
      {"array[[1, 2], [3, 4]]", "[[1, 2], [3, 4]]"},
      {"array['a', 'b c']", "[a, b c]"},
      {"'\\xdead'::bytea", "\\xdead"},
      {"array['\\x01'::bytea, null]", "[\\x01, null]"},
      {"interval '1 day 2 hours'", "1 day 02:00:00"},
      {"array[interval '1 year 2 mons', interval '-1.5 seconds']", "[1 year 2 mons, -00:00:01.5]"},
      {"int4range(1, 10)", "[1,10)"},
      {"'empty'::int4range", "empty"},
      {"'{[1,3), [5,7)}'::int4multirange", "[[1,3), [5,7)]"},
      {"inet '10.0.0.0/8'", "10.0.0.0/8"},
      {"array[inet '::1']", "[::1]"},
      {"macaddr '08:00:2b:01:02:03'", "08:00:2b:01:02:03"},
      {"B'1011'::varbit", "1011"},
      {"12.34::money", "12.34"},
      {"'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"},
      {"row('pen', array[1, 2])::vp_item", "vp_item(name=pen, tags=[1, 2])"},
      {"array[row('a', null)::vp_item]", "[vp_item(name=a, tags=null)]"},
      {"row(1, 'x')", "record(f1=1, f2=x)"},
  };

  /** {@link #PRINTED} less what the server's major lacks (multiranges are PostgreSQL 14's). */
  static java.util.List<String[]> printed() {
    boolean multiranges = PostgresServer.shared().majorVersion() >= 14;
    return java.util.Arrays.stream(PRINTED).filter(p -> multiranges || !p[0].contains("multirange")).toList();
  }

  @Test
  void everyValuePrintsReadably() {
    for (String[] p : printed()) {
      Row row = c.query("select " + p[0] + " as v").get(0);
      assertEquals("{v=" + p[1] + "}", row.toMap().toString(), p[0]);
      assertEquals("Row{v=" + p[1] + "}", row.toString(), p[0]);
    }
  }

  @Test
  void twoReadsOfAValueAreEqual() {
    for (String[] p : printed()) {
      Object first = c.query("select " + p[0]).get(0).get(0);
      Object second = c.query("select " + p[0]).get(0).get(0);
      if (!first.getClass().isArray()) {
        assertEquals(first, second, p[0]);
        assertEquals(first.hashCode(), second.hashCode(), p[0]);
      }
      Map<String, Object> a = c.query("select " + p[0] + " as v").get(0).toMap();
      Map<String, Object> b = c.query("select " + p[0] + " as v").get(0).toMap();
      assertEquals(a, b, p[0]);
      assertEquals(a.hashCode(), b.hashCode(), p[0]);
    }
  }

  @Test
  void differentValuesAreNotEqual() {
    assertNotEquals(c.query("select array[1, 2] v").get(0).toMap(), c.query("select array[1, 3] v").get(0).toMap());
    Composite pen = (Composite) c.query("select row('pen', array[1, 2])::vp_item").get(0).get(0);
    Composite other = (Composite) c.query("select row('pen', array[1, 3])::vp_item").get(0).get(0);
    assertNotEquals(pen, other);
  }

  /**
   * Values decoded from binary, whose {@code getString} must be the server's own text output. Not
   * money: its output follows lc_monetary ({@code $12.34}), a setting the server never reports.
   */
  static final String[] SERVER_TEXT = {
      "inet '192.168.100.128'", "inet '192.168.100.128/25'", "inet '2001:4f8:3:ba::1'", "inet '::1/64'",
      "cidr '10.0.0.0/8'", "cidr '10.1.2.3/32'", "cidr '::1/128'", "macaddr '08:00:2b:01:02:03'",
      "macaddr8 '08:00:2b:01:02:03:04:05'", "true", "false", "1.5::float4", "0.1::float8", "'NaN'::float8",
      "'-Infinity'::float4", "12.340::numeric", "'NaN'::numeric", "-0.000120::numeric(10, 6)", "'2024-02-29'::date",
      "'infinity'::date", "'13:14:15.5'::time", "'13:14:15+02'::timetz", "'2004-10-19 10:23:54.123'::timestamp",
      "'-infinity'::timestamp", "'\\x00ff'::bytea", "B'1011'::bit(4)", "point(1.5, -2)",
      "box(point(1, 2), point(3, 4))", "'{\"a\": 1}'::jsonb", "'(1,2),(3,4)'::lseg", "array[1, null, 3]",
      "array['a b', null]", "int4range(1, 10)", "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid", "42::oid",
      "'12:34'::interval", "'pen'::name", "row(1, 'x y')",
      "array[row('a \"b\"', array[1, 2])::vp_item, null, row(null, null)::vp_item]",
      "array[row(1, 'x y'), null, row(2, null)]"};

  @Test
  void getStringIsTheServersTextOutput() {
    java.util.List<String> differ = new java.util.ArrayList<>();
    for (String e : SERVER_TEXT) {
      // format's %s calls the type's output function (a ::text cast of a boolean says "true", not "t")
      Row row = c.query("select " + e + ", format('%s', " + e + ")").get(0);
      if (!row.getString(1).equals(row.getString(0))) {
        differ.add(e + ": server " + row.getString(1) + ", getString " + row.getString(0));
      }
    }
    assertEquals(java.util.List.of(), differ);
  }

  @Test
  void getStringOfAnIntervalIsWhatTheServerPrints() {
    Row row = c.query("select interval '1 day 2 hours', interval '-1 mon +1 day -00:00:01.5'").get(0);
    assertEquals("1 day 02:00:00", row.getString(0));
    assertEquals("-1 mons +1 day -00:00:01.5", row.getString(1));
    assertEquals(c.query("select interval '-1 mon +1 day -00:00:01.5'::text").get(0).getString(0), row.getString(1));
  }

  @Test
  void severalColumnsInOrder() {
    Row row = c.query("select 1 as id, array[array['a'], array[null]] as grid, null::int[] as none").get(0);
    assertEquals("Row{id=1, grid=[[a], [null]], none=null}", row.toString());
  }
}
