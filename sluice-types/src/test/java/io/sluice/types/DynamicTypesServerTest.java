package io.sluice.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.types.Samples.Sample;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Types created at run time, found through {@link TypeInfo#CATALOG_QUERY_BY_NAME} (whose text
 * result is itself decoded by our codecs) and registered with
 * {@link TypeRegistry#registerDynamic}: an enum, domains, composites (nested, with arrays),
 * a range over float8 with its multirange, and the hstore and citext extensions.
 *
 * <p>The server is sluice-testkit's shared one, used by every test class of the JVM (and possibly
 * an existing server reused across runs): the types are named {@code ty_...} and dropped before
 * being created, and the extensions are created only if missing.
 */
@ServerTest
class DynamicTypesServerTest {
  private static PostgresServer pg;
  private static final TypeRegistry REGISTRY = new TypeRegistry();
  private static final TypeContext CTX = new SessionTypeContext(REGISTRY, JsonCodec.STRING);
  private static final List<String> ALL_NAMES = List.of("ty_mood", "ty_posint", "ty_email", "ty_comp", "ty_floatrange",
      "ty_floatmultirange", "ty_nested", "hstore", "citext");
  /** {@link #ALL_NAMES} less the types the server's major lacks. */
  private static List<String> names;

  @BeforeAll
  static void start() {
    pg = PostgresServer.shared();
    // a range type has a multirange type from PostgreSQL 14
    names = pg.majorVersion() >= 14 ? ALL_NAMES : ALL_NAMES.stream().filter(n -> !n.endsWith("multirange")).toList();
    pg.psql(ServerFormatsTest.FUNCTIONS + """
        create extension if not exists hstore;
        create extension if not exists citext;
        drop type if exists ty_nested, ty_comp, ty_floatrange, ty_mood cascade;
        drop domain if exists ty_posint, ty_email cascade;
        create type ty_mood as enum ('sad', 'ok', 'happy 😀');
        create domain ty_posint as int4 check (value > 0);
        create domain ty_email as citext;
        create type ty_comp as (a int, b text, c int[], d ty_mood, e ty_posint);
        alter type ty_comp add attribute dropped int;
        alter type ty_comp drop attribute dropped;
        create type ty_floatrange as range (subtype = float8);
        create type ty_nested as (x ty_comp, y ty_floatrange);
        """);
    String nameArray = "'{" + String.join(",", names) + "}'::text[]";
    String query = TypeInfo.CATALOG_QUERY_BY_NAME.replace("$1::text[]", nameArray);
    for (String line : pg.psql(query + ";").lines().toList()) {
      String[] f = line.split("\\|", -1);
      Object[] v = new Object[9];
      int[] oids = {Oids.OID, Oids.NAME, Oids.CHAR, Oids.OID, Oids.OID, Oids.OID, Oids.OID, Oids.TEXT_ARRAY, Oids.OID_ARRAY};
      for (int i = 0; i < 9; i++) {
        byte[] b = f[i].getBytes(StandardCharsets.UTF_8);
        v[i] = REGISTRY.codecFor(oids[i]).decodeText(b, 0, b.length, CTX);
      }
      REGISTRY.registerDynamic(TypeInfo.fromRow(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]));
    }
  }

  private static Sample s(String type, String literal, Object value) {
    int oid = REGISTRY.oidOf(type);
    assertTrue(oid != 0, type + " was not found and registered");
    return new Sample(type, type, "(" + literal + ")::" + type, value, REGISTRY.codecFor(oid), true, 0);
  }

  static Composite comp(Object a, Object b, Object c, Object d, Object e) {
    return new Composite("ty_comp", List.of("a", "b", "c", "d", "e"), Arrays.asList(a, b, c, d, e));
  }

  @Test
  void catalogDescribesTheTypes() {
    for (String name : names) {
      assertTrue(REGISTRY.oidOf(name) >= 16384, name + " has a run-time OID");
    }
    assertTrue(REGISTRY.arrayOidOf(REGISTRY.oidOf("ty_comp")) != 0, "ty_comp[] is known");
    assertEquals("hstore", REGISTRY.codecFor(REGISTRY.oidOf("hstore")).name());
    int comp = REGISTRY.oidOf("ty_comp");
    String byOid = TypeInfo.CATALOG_QUERY_BY_OID.replace("$1::oid[]", "'{" + comp + "}'::oid[]");
    List<String> rows = pg.psql(byOid + ";").lines().toList();
    assertEquals(1, rows.size());
    assertTrue(rows.get(0).startsWith(comp + "|ty_comp|c|"), rows.get(0));
    assertTrue(rows.get(0).endsWith("|{a,b,c,d,e}|{23,25,1007," + REGISTRY.oidOf("ty_mood") + ","
        + REGISTRY.oidOf("ty_posint") + "}"),
        "attributes in order, the dropped one left out: " + rows.get(0));
  }

  @Test
  void valuesMatchTheServer() {
    Map<String, String> h = new LinkedHashMap<>();
    h.put("a", "1");
    h.put("b", null);
    h.put("c d", "e\"f\\");
    List<Sample> samples = new ArrayList<>();
    samples.add(s("ty_mood", "'happy 😀'", "happy 😀"));
    samples.add(s("_ty_mood", "'{sad,ok}'", new String[] {"sad", "ok"}));
    samples.add(s("ty_posint", "42", 42));
    samples.add(s("ty_email", "'Foo@X.com'", "Foo@X.com"));
    samples.add(s("citext", "'ÄbC'", "ÄbC"));
    samples.add(s("ty_comp", "row(1, 'x y', array[1,2], 'ok', 5)", comp(1, "x y", new Integer[] {1, 2}, "ok", 5)));
    samples.add(s("ty_comp", "row(null, '', '{}', null, null)", comp(null, "", new Integer[0], null, null)));
    samples.add(s("ty_comp", "row(-1, 'q\"uote (x), \\\\', '{NULL}', 'happy 😀', 1)",
        comp(-1, "q\"uote (x), \\\\", new Integer[] {null}, "happy 😀", 1)));
    samples.add(s("_ty_comp", "array[row(1,'a',null,'sad',1)::ty_comp, null]",
        new Composite[] {comp(1, "a", null, "sad", 1), null}));
    samples.add(s("ty_floatrange", "'[1.5,2.5)'", Range.closedOpen(1.5, 2.5)));
    samples.add(s("ty_floatrange", "'(,-Infinity]'", new Range<Object>(null, false, Double.NEGATIVE_INFINITY, true, false)));
    if (pg.majorVersion() >= 14) {
      samples.add(s("ty_floatmultirange", "'{[1,2),[3,4]}'", List.of(Range.closedOpen(1.0, 2.0), Range.closed(3.0, 4.0))));
    }
    samples.add(s("ty_nested", "row(row(1,'q\"',array[3],'happy 😀',2)::ty_comp, '(1,2]'::ty_floatrange)",
        new Composite("ty_nested", List.of("x", "y"), List.of(comp(1, "q\"", new Integer[] {3}, "happy 😀", 2),
            new Range<Object>(1.0, false, 2.0, true, false)))));
    samples.add(s("hstore", "'a=>1, b=>NULL, \"c d\"=>\"e\\\"f\\\\\"'", h));
    samples.add(s("_hstore", "array['x=>y'::hstore, null]", new Map<?, ?>[] {Map.of("x", "y"), null}));
    List<String> failures = ServerFormatsTest.compare(pg, samples, CTX, "");
    assertTrue(failures.isEmpty(), String.join("\n", failures));
  }

  @Test
  void compositeParametersAreChosenByTypeName() {
    ParameterCodec p = REGISTRY.codecForValue(comp(1, "a", null, "ok", 2));
    assertEquals(REGISTRY.oidOf("ty_comp"), p.oid());
    assertTrue(p.binary());
    assertEquals(REGISTRY.oidOf("hstore"), REGISTRY.codecForValue(Map.of("k", "v")).oid());
    assertEquals(REGISTRY.oidOf("ty_floatrange"), REGISTRY.codecForValue(Range.closedOpen(1.0, 2.0)).oid(),
        "a range of Double has no built-in type, so the registered ty_floatrange is used");
  }
}
