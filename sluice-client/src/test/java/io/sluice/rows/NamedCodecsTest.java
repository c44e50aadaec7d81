package io.sluice.rows;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConfigException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.Row;
import io.sluice.protocol.WireWriter;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.types.Codec;
import io.sluice.types.CodecException;
import io.sluice.types.Codecs;
import io.sluice.types.Composite;
import io.sluice.types.TypeContext;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Codecs given by type name in the configuration, against the real server: the contrib extension
 * type {@code ltree} (a binary and text codec) and a user enum (a text-only codec), in two
 * databases where their OIDs differ; as results and parameters, in arrays, under a domain and
 * inside a composite; on a connection and on every connection of a pool; and a clear error for a
 * type the database does not have.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@ServerTest
class NamedCodecsTest {
  static final List<String> DATABASES = List.of("sluice_codecs_a", "sluice_codecs_b");

  /** An ltree value: its labels. */
  record LabelPath(List<String> labels) {
    static LabelPath parse(String text) {
      return new LabelPath(text.isEmpty() ? List.of() : List.of(text.split("\\.")));
    }

    @Override
    public String toString() {
      return String.join(".", labels);
    }
  }

  enum Mood { SAD, OK, HAPPY }

  /** ltree's binary format ({@code ltree_send}, contrib/ltree/ltree_io.c): version byte 1, then the text. */
  static final Codec<LabelPath> LTREE = new Codec<>() {
    @Override
    public String name() {
      return "ltree";
    }

    @Override
    public Class<LabelPath> javaType() {
      return LabelPath.class;
    }

    @Override
    public LabelPath decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      if (len < 1 || buf[off] != 1) {
        throw new CodecException("ltree: unknown binary version");
      }
      return decodeText(buf, off + 1, len - 1, ctx);
    }

    @Override
    public LabelPath decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return LabelPath.parse(new String(buf, off, len, StandardCharsets.UTF_8));
    }

    @Override
    public void encodeBinary(LabelPath value, WireWriter out, TypeContext ctx) {
      out.int8(1).utf8(value.toString());
    }

    @Override
    public String encodeText(LabelPath value, TypeContext ctx) {
      return value.toString();
    }
  };

  static final Codec<Mood> MOOD = Codecs.text("nc_mood", Mood.class, s -> Mood.valueOf(s.toUpperCase()),
      m -> m.name().toLowerCase());

  @BeforeAll
  static void databases() {
    PostgresServer pg = PostgresServer.shared();
    for (String db : DATABASES) {
      pg.psql("drop database if exists " + db + ";\ncreate database " + db + ";");
    }
    // b gets types of its own first, so that its ltree and nc_mood have other OIDs than a's
    setUp("sluice_codecs_b", "create type nc_filler as enum ('x'); create extension citext;");
    setUp("sluice_codecs_a", "");
    setUp("sluice_codecs_b", "");
  }

  private static void setUp(String db, String before) {
    try (Connection c = Connection.open(config(db))) {
      if (!before.isEmpty()) {
        c.simpleQuery(before);
        return;
      }
      c.simpleQuery("create extension ltree; create type nc_mood as enum ('sad', 'ok', 'happy');"
          + " create domain nc_path as ltree; create type nc_step as (path ltree, mood nc_mood)");
    }
  }

  static ConnectionConfig config(String db) {
    return ConnectionConfig.parse(PostgresServer.shared().uri()).withDatabase(db);
  }

  static ConnectionConfig withCodecs(String db) {
    return config(db).withCodec("ltree", LTREE).withCodec("nc_mood", MOOD);
  }

  @Test
  void theTypesHaveDifferentOidsInTheTwoDatabases() {
    long[] ltree = new long[2];
    long[] mood = new long[2];
    for (int i = 0; i < 2; i++) {
      try (Connection c = Connection.open(config(DATABASES.get(i)))) {
        Row r = c.query("select 'ltree'::regtype::oid, 'nc_mood'::regtype::oid").get(0);
        ltree[i] = r.getLong(0);
        mood[i] = r.getLong(1);
      }
    }
    assertNotEquals(ltree[0], ltree[1]);
    assertNotEquals(mood[0], mood[1]);
  }

  @Test
  void resultsDecodeWithTheCodecInEachDatabase() {
    for (String db : DATABASES) {
      try (Connection c = Connection.open(withCodecs(db))) {
        Row r = c.query("select 'top.science.astronomy'::ltree p, array['a.b'::ltree, null] ps, 'happy'::nc_mood m,"
            + " array['sad', 'ok']::nc_mood[] ms, 'x.y'::nc_path d, row('q.r', 'ok')::nc_step s").get(0);
        assertEquals(new LabelPath(List.of("top", "science", "astronomy")), r.get("p"), db);
        assertArrayEquals(new LabelPath[] {LabelPath.parse("a.b"), null}, (LabelPath[]) r.get("ps"), db);
        assertEquals(Mood.HAPPY, r.get("m"), db);
        assertArrayEquals(new Mood[] {Mood.SAD, Mood.OK}, (Mood[]) r.get("ms"), db);
        assertEquals(LabelPath.parse("x.y"), r.get("d"), db);
        Composite step = (Composite) r.get("s");
        assertEquals(LabelPath.parse("q.r"), step.get("path"), db);
        assertEquals(Mood.OK, step.get("mood"), db);
        assertEquals("Row{p=top.science.astronomy, ps=[a.b, null], m=HAPPY, ms=[SAD, OK], d=x.y,"
            + " s=nc_step(path=q.r, mood=OK)}", r.toString(), db);
      }
    }
  }

  @Test
  void parametersEncodeAsTheType() {
    LabelPath path = LabelPath.parse("a.b.c");
    for (String db : DATABASES) {
      try (Connection c = Connection.open(withCodecs(db))) {
        Row r = c.query("select pg_typeof($1)::text, $1 @> 'a.b.c.d'::ltree, pg_typeof($2)::text, $2::text,"
            + " pg_typeof($3)::text, $3, pg_typeof($4)::text, $4", path, Mood.SAD, List.of(path, LabelPath.parse("x")),
            new Mood[] {Mood.OK, null}).get(0);
        assertEquals("ltree", r.getString(0), db);
        assertTrue(r.getBoolean(1), db);
        assertEquals("nc_mood", r.getString(2), db);
        assertEquals("sad", r.getString(3), db);
        assertEquals("ltree[]", r.getString(4), db);
        assertArrayEquals(new LabelPath[] {path, LabelPath.parse("x")}, (LabelPath[]) r.get(5), db);
        assertEquals("nc_mood[]", r.getString(6), db);
        assertArrayEquals(new Mood[] {Mood.OK, null}, (Mood[]) r.get(7), db);
      }
    }
  }

  @Test
  void everyConnectionOfAPoolHasTheCodecs() {
    try (Pool pool = Pool.open(withCodecs("sluice_codecs_b"), PoolOptions.DEFAULT.maxSize(4).acquireTimeout(java.time.Duration.ofSeconds(10)));
        Pool.Lease a = pool.acquire();
        Pool.Lease b = pool.acquire();
        Pool.Lease c = pool.acquire()) {
      java.util.Set<Integer> pids = new java.util.HashSet<>();
      for (Pool.Lease lease : List.of(a, b, c)) {
        Row r = lease.connection().query("select $1, pg_backend_pid()", LabelPath.parse("p.q")).get(0);
        assertEquals(LabelPath.parse("p.q"), r.get(0));
        pids.add(r.getInt(1));
      }
      assertEquals(3, pids.size(), "three connections");
      assertEquals(LabelPath.parse("s.t"), pool.query("select 's.t'::ltree").get(0).get(0));
    }
  }

  @Test
  void aTypeTheDatabaseLacksFailsTheConnectNamingIt() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> Connection.open(withCodecs("sluice_codecs_a").withCodec("nc_no_such_type", MOOD)));
    assertTrue(e.getMessage().contains("nc_no_such_type") && e.getMessage().contains("sluice_codecs_a"), e.getMessage());
  }

  @Test
  void codecsAreCarriedButAreNotSettings() {
    ConnectionConfig plain = config("sluice_codecs_a");
    ConnectionConfig with = withCodecs("sluice_codecs_a");
    assertEquals(plain, with);
    assertEquals(List.of("ltree", "nc_mood"), List.copyOf(with.codecs().byName().keySet()));
    assertEquals(with.codecs(), with.withUser("someone").codecs());
    assertEquals(with.codecs(), ConnectionConfig.builder().codec("ltree", LTREE).codec("nc_mood", MOOD).build().codecs());
    assertThrows(IllegalArgumentException.class, () -> plain.withCodec(" ", MOOD));
    assertTrue(Arrays.asList(Mood.values()).contains(MOOD.decodeText("ok".getBytes(), 0, 2, null)));
  }

  /** Issue 26: a codec named text silently replaced the built-in one for every text column. */
  @Test
  void aCodecForABuiltInTypeIsRefused() {
    Codec<String> shout = Codecs.text("text", String.class, String::toUpperCase, s -> s);
    ConfigException e = assertThrows(ConfigException.class,
        () -> Connection.open(config("sluice_codecs_a").withCodec("text", shout)));
    assertTrue(e.getMessage().contains("a type PostgreSQL has built in"), e.getMessage());
  }

  @Test
  void aSchemaQualifiedTypeNameFindsTheType() {
    try (Connection c = Connection.open(config("sluice_codecs_a").withCodec("public.ltree", LTREE))) {
      Object v = c.query("select 'a.b.c'::ltree").get(0).get(0);
      assertEquals(LabelPath.class, v.getClass());
    }
  }
}
