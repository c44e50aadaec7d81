package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.ValueException;
import io.sluice.testkit.ServerTest;
import io.sluice.types.Composite;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every kind of pgoutput message, decoded from a real server into the right values and types:
 * user enums, composites, domains, arrays, numeric, timestamptz, bytea, a 1 MiB TOASTed value left
 * unchanged by an UPDATE (told apart from NULL), REPLICA IDENTITY DEFAULT / FULL / USING INDEX,
 * TRUNCATE, transactional and lone messages, a replication origin, a new column (a new Relation).
 * Values are checked against what an ordinary query decodes for the same row. Binary and text.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@ServerTest
class ChangeStreamTest {

  @ParameterizedTest(name = "binary={0}")
  @ValueSource(booleans = {true, false})
  void everyMessageKindIsDecodedWithItsValues(boolean binary) throws Exception {
    String t = LogicalServer.name("t");
    String u = LogicalServer.name("u");
    String mood = LogicalServer.name("mood");
    String pair = LogicalServer.name("pair");
    String positive = LogicalServer.name("positive");
    String pub = LogicalServer.name("pub");
    String slot = LogicalServer.name("slot");
    String origin = LogicalServer.name("origin");
    try (Connection c = LogicalServer.connect(); ReplicationConnection repl = LogicalServer.replication()) {
      int major = repl.serverVersion();
      assumeTrue(!binary || major >= 14, "pgoutput's binary values (binary 'true') need PostgreSQL 14");
      c.execute("create type " + mood + " as enum ('sad', 'ok', 'happy')");
      c.execute("create type " + pair + " as (x int, label text)");
      c.execute("create domain " + positive + " as int check (value > 0)");
      c.execute("create table " + t + " (id int primary key, m " + mood + ", p " + pair + ", d " + positive
          + ", ints int[], moods " + mood + "[], n numeric, ts timestamptz, b bytea, big text, note text)");
      c.execute("create table " + u + " (a int not null, b int not null, v text)");
      c.execute("create unique index " + u + "_ab on " + u + " (a, b)");
      c.execute("alter table " + u + " replica identity using index " + u + "_ab");
      c.execute("create publication " + pub + " for table " + t + ", " + u);
      repl.createSlot(slot, SlotOptions.TEMPORARY);
      try (ChangeStream stream = repl.start(StreamOptions.of(slot, pub).binary(binary).streaming(false))) {
        assertEquals(major >= 16 ? 4 : major == 15 ? 3 : major == 14 ? 2 : 1, stream.protocolVersion());
        // 1 MiB of incompressible text: stored out of line (TOAST)
        String bigExpr = "(select string_agg(md5(i::text), '') from generate_series(1, 32768) i)";
        c.execute("insert into " + t + " values (1, 'happy', row(7, 'seven'), 5, array[1, null, 3], "
            + "array['ok', 'sad']::" + mood + "[], 12345678901234567890.000000001, '2024-02-29 12:34:56.789012+02', "
            + "'\\x00ff10', " + bigExpr + ", null)");
        List<Change> first = LogicalServer.takeCommits(stream, 1);
        Change.Insert ins = only(first, Change.Insert.class);
        Row expected = c.query("select * from " + t + " where id = 1").get(0);
        assertEquals(expected.toMap(), ins.row().toMap(), "the tuple decodes as a query of the same row does");
        assertEquals("happy", ins.row().get("m"));
        assertEquals("pair", ((Composite) ins.row().get("p")).typeName().replaceFirst("_\\d+$", ""));
        assertEquals(List.of(7, "seven"), ((Composite) ins.row().get("p")).values());
        assertEquals(5, ins.row().getInt("d"));
        assertArrayEquals(new Integer[] {1, null, 3}, (Integer[]) ins.row().get("ints"));
        assertArrayEquals(new String[] {"ok", "sad"}, (String[]) ins.row().get("moods"));
        assertEquals(new BigDecimal("12345678901234567890.000000001"), ins.row().getBigDecimal("n"));
        assertEquals(Instant.parse("2024-02-29T10:34:56.789012Z"), ins.row().getInstant("ts"));
        assertArrayEquals(new byte[] {0, (byte) 0xFF, 0x10}, ins.row().getBytes("b"));
        assertEquals(1_048_576, ins.row().getString("big").length());
        assertTrue(ins.row().isNull("note"));
        assertFalse(ins.row().isUnchangedToast("note"));
        assertEquals(t, ins.relation().name());
        assertEquals(ReplicaIdentity.DEFAULT, ins.relation().identity());
        assertTrue(ins.relation().columns().get(0).key());
        Change.Begin begin = only(first, Change.Begin.class);
        Change.Commit commit = only(first, Change.Commit.class);
        assertEquals(begin.finalLsn(), commit.commitLsn());
        assertTrue(commit.endLsn().isAfter(commit.commitLsn()));
        assertEquals(begin.commitTime(), commit.commitTime());
        assertTrue(first.stream().anyMatch(ch -> ch instanceof Change.Type ty && ty.name().equals(mood)),
            "a Type message names the enum");
        stream.ack(commit);

        // an UPDATE that leaves the TOASTed value alone does not send it: unchanged, not NULL
        c.execute("update " + t + " set note = 'changed' where id = 1");
        c.execute("insert into " + t + " (id, big) values (3, null)");
        List<Change> second = LogicalServer.takeCommits(stream, 2);
        Change.Update upd = only(second, Change.Update.class);
        assertEquals(Change.OldValues.NONE, upd.oldValues());
        assertNull(upd.old());
        assertTrue(upd.row().isUnchangedToast("big"));
        assertFalse(upd.row().isNull("big"));
        assertSame(Tuple.UNCHANGED_TOAST, upd.row().toMap().get("big"));
        ValueException unread = assertThrows(ValueException.class, () -> upd.row().get("big"));
        assertTrue(unread.getMessage().contains("big"), unread.getMessage());
        assertEquals("changed", upd.row().getString("note"));
        Change.Insert nullBig = only(second, Change.Insert.class);
        assertTrue(nullBig.row().isNull("big"));
        assertFalse(nullBig.row().isUnchangedToast("big"));

        // DEFAULT: a changed key sends the old key; a delete sends the key
        c.execute("update " + t + " set id = 2 where id = 1");
        c.execute("delete from " + t + " where id = 2");
        List<Change> third = LogicalServer.takeCommits(stream, 2);
        Change.Update keyChange = only(third, Change.Update.class);
        assertEquals(Change.OldValues.KEY, keyChange.oldValues());
        assertEquals(1, keyChange.old().getInt("id"));
        assertTrue(keyChange.old().isNull("note"), "the old key carries only the key's columns");
        assertEquals(2, keyChange.row().getInt("id"));
        Change.Delete del = only(third, Change.Delete.class);
        assertEquals(Change.OldValues.KEY, del.oldValues());
        assertEquals(2, del.old().getInt("id"));

        // FULL: the whole old row, and a new Relation message saying so
        c.execute("alter table " + t + " replica identity full");
        c.execute("insert into " + t + " (id, m, note) values (4, 'ok', 'before')");
        c.execute("update " + t + " set note = 'after' where id = 4");
        c.execute("delete from " + t + " where id = 4");
        List<Change> fourth = LogicalServer.takeCommits(stream, 3);
        assertTrue(fourth.stream().anyMatch(ch -> ch instanceof Change.Relation r && r.identity() == ReplicaIdentity.FULL));
        Change.Update fullUpd = only(fourth, Change.Update.class);
        assertEquals(Change.OldValues.ROW, fullUpd.oldValues());
        assertEquals("before", fullUpd.old().getString("note"));
        assertEquals("ok", fullUpd.old().get("m"));
        Change.Delete fullDel = only(fourth, Change.Delete.class);
        assertEquals(Change.OldValues.ROW, fullDel.oldValues());
        assertEquals("after", fullDel.old().getString("note"));

        // USING INDEX: the index's columns as the old key
        c.execute("insert into " + u + " values (1, 2, 'x')");
        c.execute("update " + u + " set a = 10 where a = 1");
        c.execute("delete from " + u + " where a = 10");
        List<Change> fifth = LogicalServer.takeCommits(stream, 3);
        Change.Update idxUpd = only(fifth, Change.Update.class);
        assertEquals(ReplicaIdentity.INDEX, idxUpd.relation().identity());
        assertEquals(Change.OldValues.KEY, idxUpd.oldValues());
        assertEquals(1, idxUpd.old().getInt("a"));
        assertEquals(2, idxUpd.old().getInt("b"));
        assertTrue(idxUpd.old().isNull("v"));
        assertEquals(List.of(true, true, false), idxUpd.relation().columns().stream().map(RelationColumn::key).toList());
        Change.Delete idxDel = only(fifth, Change.Delete.class);
        assertEquals(10, idxDel.old().getInt("a"));

        // TRUNCATE of both tables in one statement
        c.execute("truncate " + t + ", " + u + " restart identity cascade");
        Change.Truncate trunc = only(LogicalServer.takeCommits(stream, 1), Change.Truncate.class);
        assertEquals(List.of(t, u), trunc.relations().stream().map(Change.Relation::name).sorted().toList());
        assertTrue(trunc.cascade());
        assertTrue(trunc.restartIdentity());

        // messages: one inside a transaction, one on its own (pgoutput sends them from PostgreSQL 14)
        if (major >= 14) {
          messages(c, stream, u);
        }

        // a new column: a new Relation, and changes after it carry the column
        c.execute("alter table " + u + " add column extra numeric");
        c.execute("insert into " + u + " values (7, 8, 'z', 1.5)");
        List<Change> seventh = LogicalServer.takeCommits(stream, 1);
        Change.Relation newRel = only(seventh, Change.Relation.class);
        assertEquals(4, newRel.columns().size());
        assertEquals(new BigDecimal("1.5"), only(seventh, Change.Insert.class).row().getBigDecimal("extra"));

        // a transaction replayed from another node carries its origin
        c.simpleQuery("select pg_replication_origin_create('" + origin + "')");
        c.simpleQuery("select pg_replication_origin_session_setup('" + origin + "'); begin; "
            + "select pg_replication_origin_xact_setup('0/12345678', now()); insert into " + u
            + " values (9, 9, 'from afar', null); commit; select pg_replication_origin_session_reset()");
        Change.Origin o = only(LogicalServer.takeCommits(stream, 1), Change.Origin.class);
        assertEquals(origin, o.name());
        assertEquals(Lsn.parse("0/12345678"), o.originLsn());
      }
    }
  }

  /** A message inside a transaction (with an insert into {@code u}) and one on its own. */
  private static void messages(Connection c, ChangeStream stream, String u) throws InterruptedException {
    c.simpleQuery("begin; select pg_logical_emit_message(true, 'sluice', 'in a transaction'); "
        + "insert into " + u + " values (5, 6, 'y'); commit");
    List<Change> sixth = LogicalServer.takeCommits(stream, 1);
    Change.Message txMsg = only(sixth, Change.Message.class);
    assertTrue(txMsg.transactional());
    assertEquals("sluice", txMsg.prefix());
    assertEquals("in a transaction", txMsg.text());
    c.query("select pg_logical_emit_message(false, 'sluice', convert_to('alone', 'UTF8'))");
    Change.Message lone = (Change.Message) LogicalServer.take(stream, java.time.Duration.ofSeconds(30),
        l -> l.stream().anyMatch(ch -> ch instanceof Change.Message)).stream()
        .filter(ch -> ch instanceof Change.Message).findFirst().orElseThrow();
    assertFalse(lone.transactional());
    assertArrayEquals("alone".getBytes(), lone.content());
    stream.ack(lone);
    assertEquals(lone.messageLsn(), stream.acknowledged());
  }

  static <T extends Change> T only(List<Change> changes, Class<T> kind) {
    List<T> found = changes.stream().filter(kind::isInstance).map(kind::cast).toList();
    assertEquals(1, found.size(), "one " + kind.getSimpleName() + " among " + LogicalServer.summary(changes));
    return found.get(0);
  }

  static Map<String, Object> map(Tuple t) {
    return t.toMap();
  }

  static String hex(byte[] b) {
    return Arrays.toString(b);
  }
}
