package io.sluice.rows;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.types.Composite;
import io.sluice.types.Range;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Types found in pg_type at run time: enums, domains, composites, ranges, extension types. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class DynamicTypesTest {
  static PostgresServer pg;
  static Connection c;

  @BeforeAll
  static void setUp() {
    pg = PostgresServer.shared();
    c = Connection.open(pg.conninfo(""));
    c.simpleQuery("""
        drop type if exists dt_mood cascade; create type dt_mood as enum ('sad', 'ok', 'happy');
        drop domain if exists dt_pos cascade; create domain dt_pos as int check (value > 0);
        drop type if exists dt_pair cascade; create type dt_pair as (a int, b text);
        create extension if not exists hstore; create extension if not exists citext;
        """);
  }

  @AfterAll
  static void tearDown() {
    c.close();
  }

  @Test
  void enumsComeBackAsStrings() {
    Row r = c.query("select 'happy'::dt_mood as m, array['sad','ok']::dt_mood[] as ms").get(0);
    assertEquals("happy", r.get("m"));
    assertEquals("happy", r.getString("m"));
    assertNotNull(r.get("ms"));
    assertEquals("ok", c.query("select $1::dt_mood::text", "ok").get(0).getString(0));
  }

  @Test
  void domainsDecodeAsTheirBaseType() {
    Row r = c.query("select 5::dt_pos as p").get(0);
    assertEquals(5, r.getInt("p"));
    assertTrue(r.columns().get(0).binary(), "a domain over int4 is read in binary");
  }

  @Test
  void compositesDecodeToTheirFields() {
    Object v = c.query("select row(7, 'x')::dt_pair as p").get(0).get("p");
    Composite comp = assertInstanceOf(Composite.class, v);
    assertEquals(7, comp.get("a"));
    assertEquals("x", comp.get("b"));
  }

  @Test
  void rangesAndExtensionTypes() {
    Row r = c.query("select daterange('2024-01-01', '2024-02-01') as d, 'a=>1, b=>NULL'::hstore as h, "
        + "'MiXeD'::citext as t").get(0);
    Range<?> d = assertInstanceOf(Range.class, r.get("d"));
    assertEquals(LocalDate.of(2024, 1, 1), d.lower());
    @SuppressWarnings("unchecked")
    Map<String, String> h = (Map<String, String>) r.get("h");
    assertEquals("1", h.get("a"));
    assertTrue(h.containsKey("b"));
    assertNull(h.get("b"));
    assertEquals("MiXeD", r.getString("t"));
    assertEquals(1, c.query("select count(*)::int where 'mixed'::citext = $1::citext", "MIXED").get(0).getInt(0));
  }

  @Test
  void typesCreatedAfterConnectingAreFoundToo() {
    c.simpleQuery("drop type if exists dt_late cascade; create type dt_late as enum ('x', 'y')");
    assertEquals(List.of("y"), List.of(c.query("select 'y'::dt_late").get(0).getString(0)));
  }
}
