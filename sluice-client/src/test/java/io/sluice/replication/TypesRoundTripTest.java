package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.SluiceException;
import io.sluice.testkit.ServerTest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;

/**
 * Every type of docs/types.md through the stream, in the binary and in the text format: each value
 * of an inserted row, read from its Tuple, equals (deeply, for arrays) the same row read by a plain
 * query on an ordinary connection — a row of values, and a row of NULLs — except, in the binary
 * format, the types Sluice reads only in text, which come as their binary bytes. Extension types (citext,
 * hstore, pgvector's vector) are included where the server has the extension.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class TypesRoundTripTest {
  /**
   * The columns of types Sluice reads only in text ("any other type" in docs/types.md): with
   * {@code binary 'true'} pgoutput sends them in their binary form, which the stream hands out as
   * {@code byte[]}; in the text format they equal the query's String.
   */
  private static final java.util.Set<String> TEXT_ONLY = java.util.Set.of("pt", "tsv");

  /** Column name → (type, a value as SQL). */
  private static Map<String, String[]> columns(Connection c, String suffix) {
    Map<String, String[]> m = new LinkedHashMap<>();
    m.put("b", new String[] {"bool", "true"});
    m.put("i2", new String[] {"int2", "-32768"});
    m.put("i4", new String[] {"int4", "2147483647"});
    m.put("i8", new String[] {"int8", "-9223372036854775808"});
    m.put("o", new String[] {"oid", "4294967295"});
    m.put("f4", new String[] {"float4", "1.5"});
    m.put("f8", new String[] {"float8", "'-Infinity'"});
    m.put("n", new String[] {"numeric", "12345678901234567890.000000000012345"});
    m.put("nnan", new String[] {"numeric", "'NaN'"});
    m.put("mo", new String[] {"money", "'12.34'"});
    m.put("t", new String[] {"text", "'héllo ✓'"});
    m.put("vc", new String[] {"varchar(10)", "'abc'"});
    m.put("bp", new String[] {"bpchar(5)", "'ab'"});
    m.put("nm", new String[] {"name", "'a_name'"});
    m.put("ch", new String[] {"\"char\"", "'x'"});
    m.put("x", new String[] {"xml", "'<a>1</a>'"});
    m.put("j", new String[] {"json", "'{\"a\": [1, 2]}'"});
    m.put("jb", new String[] {"jsonb", "'{\"a\": [1, 2]}'"});
    m.put("by", new String[] {"bytea", "'\\x00ff10'"});
    m.put("u", new String[] {"uuid", "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'"});
    m.put("d", new String[] {"date", "'2024-02-29'"});
    m.put("tm", new String[] {"time", "'23:59:59.999999'"});
    m.put("ttz", new String[] {"timetz", "'12:00:00+05:30'"});
    m.put("ts", new String[] {"timestamp", "'2024-02-29 12:34:56.123456'"});
    m.put("tstz", new String[] {"timestamptz", "'2024-02-29 12:34:56.123456+02'"});
    m.put("iv", new String[] {"interval", "'1 year 2 mons 3 days 04:05:06.789'"});
    m.put("ine", new String[] {"inet", "'192.168.0.1/24'"});
    m.put("ci", new String[] {"cidr", "'2001:db8::/32'"});
    m.put("mac", new String[] {"macaddr", "'08:00:2b:01:02:03'"});
    m.put("mac8", new String[] {"macaddr8", "'08:00:2b:01:02:03:04:05'"});
    m.put("bi", new String[] {"bit(4)", "B'1010'"});
    m.put("vb", new String[] {"varbit", "B'10101'"});
    m.put("ai", new String[] {"int4[]", "'{1,NULL,3}'"});
    m.put("at", new String[] {"text[]", "'{{a,b},{c,NULL}}'"});
    m.put("r4", new String[] {"int4range", "'[1,10)'"});
    m.put("r8", new String[] {"int8range", "'(,5]'"});
    m.put("rn", new String[] {"numrange", "'[1.5,2.5]'"});
    m.put("rd", new String[] {"daterange", "'[2024-01-01,2024-02-01)'"});
    m.put("rts", new String[] {"tsrange", "'[2024-01-01 00:00,2024-01-02 00:00)'"});
    m.put("rtz", new String[] {"tstzrange", "'empty'"});
    m.put("mr", new String[] {"int4multirange", "'{[1,3),[5,7)}'"});
    m.put("comp", new String[] {"rt_point" + suffix, "row(1, 'one')::rt_point" + suffix});
    m.put("en", new String[] {"rt_mood" + suffix, "'happy'"});
    m.put("dom", new String[] {"rt_positive" + suffix, "7"});
    m.put("acomp", new String[] {"rt_point" + suffix + "[]", "array[row(2, 'two')::rt_point" + suffix + "]"});
    m.put("pt", new String[] {"point", "'(1,2)'"});
    m.put("tsv", new String[] {"tsvector", "'a fat cat'"});
    for (String[] ext : new String[][] {{"citext", "cit", "citext", "'MiXeD'"}, {"hstore", "hs", "hstore", "'a=>1, b=>NULL'"},
        {"vector", "vec", "vector(3)", "'[1,2,3]'"}}) {
      try {
        c.execute("create extension if not exists " + ext[0]);
        m.put(ext[1], new String[] {ext[2], ext[3]});
      } catch (SluiceException absent) {
        // not installed on this server: the type is left out
      }
    }
    return m;
  }

  @ParameterizedTest(name = "binary {0}")
  @ValueSource(booleans = {true, false})
  void everyTypeReadsFromTheStreamAsFromAQuery(boolean binary) throws Exception {
    String suffix = binary ? "_b" : "_t";
    String t = LogicalServer.name("types");
    String pub = LogicalServer.name("pub");
    String slot = LogicalServer.name("slot");
    try (Connection c = LogicalServer.connect(); ReplicationConnection repl = LogicalServer.replication()) {
      assumeTrue(!binary || repl.serverVersion() >= 14, "pgoutput's binary values (binary 'true') need PostgreSQL 14");
      c.execute("create type rt_point" + suffix + " as (x int, label text)");
      c.execute("create type rt_mood" + suffix + " as enum ('sad', 'happy')");
      c.execute("create domain rt_positive" + suffix + " as int check (value > 0)");
      Map<String, String[]> cols = columns(c, suffix);
      if (repl.serverVersion() < 14) {
        cols.remove("mr");
      }
      StringBuilder ddl = new StringBuilder("create table " + t + " (id int primary key");
      StringBuilder names = new StringBuilder("id");
      StringBuilder values = new StringBuilder("1");
      StringBuilder nulls = new StringBuilder("2");
      cols.forEach((name, tv) -> {
        ddl.append(", ").append(name).append(' ').append(tv[0]);
        names.append(", ").append(name);
        values.append(", ").append(tv[1]);
        nulls.append(", null");
      });
      c.execute(ddl.append(')').toString());
      c.execute("create publication " + pub + " for table " + t);
      repl.createSlot(slot, SlotOptions.TEMPORARY);
      try (ChangeStream stream = repl.start(StreamOptions.of(slot, pub).binary(binary))) {
        c.execute("insert into " + t + " (" + names + ") values (" + values + ")");
        c.execute("insert into " + t + " (" + names + ") values (" + nulls + ")");
        List<Change.Insert> inserts = new ArrayList<>();
        LogicalServer.takeCommits(stream, 2).forEach(ch -> {
          if (ch instanceof Change.Insert i) {
            inserts.add(i);
          }
        });
        assertEquals(2, inserts.size());
        List<String> wrong = new ArrayList<>();
        java.util.Set<String> binaryOnly = new java.util.HashSet<>();
        for (Change.Insert ins : inserts) {
          int id = ins.row().getInt("id");
          Row expected = c.query("select * from " + t + " where id = $1", id).get(0);
          for (String name : cols.keySet()) {
            Object want = expected.get(name);
            Object got = ins.row().get(name);
            if (binary && TEXT_ONLY.contains(name) && got instanceof byte[]) {
              // read only in text by Sluice: in the binary format the stream hands out the type's send bytes
              binaryOnly.add(name);
              continue;
            }
            if (!Objects.deepEquals(want, got)) {
              wrong.add(name + " (" + cols.get(name)[0] + ", row " + id + "): query " + show(want) + ", stream "
                  + show(got));
            } else if (id == 1 && want == null) {
              wrong.add(name + ": the value row read NULL");
            }
          }
        }
        assertEquals(List.of(), wrong, "binary " + binary);
        assertEquals(binary ? TEXT_ONLY : java.util.Set.of(), binaryOnly);
      }
    }
  }

  private static String show(Object v) {
    if (v == null) {
      return "null";
    }
    String text = v instanceof Object[] a ? java.util.Arrays.deepToString(a)
        : v instanceof byte[] b ? java.util.HexFormat.of().formatHex(b)
        : v instanceof float[] f ? java.util.Arrays.toString(f) : v.toString();
    return text + " (" + v.getClass().getSimpleName() + ")";
  }
}
