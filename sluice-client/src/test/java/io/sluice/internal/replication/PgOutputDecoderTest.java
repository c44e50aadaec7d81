package io.sluice.internal.replication;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.ConnectionConfig;
import io.sluice.protocol.ProtocolException;
import io.sluice.protocol.WireWriter;
import io.sluice.replication.Change;
import io.sluice.replication.Lsn;
import io.sluice.replication.ReplicaIdentity;
import io.sluice.replication.Tuple;
import io.sluice.types.JsonCodec;
import io.sluice.types.SessionTypeContext;
import io.sluice.types.TypeRegistry;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * pgoutput messages from byte fixtures laid out field by field, and malformed ones: every
 * truncation of a valid message, wrong markers, a change before its Relation, bytes left over —
 * each only a {@link ProtocolException} naming the message, never another exception.
 */
class PgOutputDecoderTest {
  private static final Lsn AT = Lsn.parse("0/16B3748");

  private static PgOutputDecoder decoder() {
    return new PgOutputDecoder(new TypeResolver(ConnectionConfig.parse("host=localhost"),
        new SessionTypeContext(new TypeRegistry(), JsonCodec.STRING)));
  }

  /** Relation 16385 public.items (id int4 key, name text, body text), REPLICA IDENTITY DEFAULT. */
  private static byte[] relation() {
    WireWriter w = new WireWriter();
    w.int8('R');
    w.int32(16385);                                  // relation OID
    w.cstring("public").cstring("items");            // namespace, name
    w.int8('d');                                     // replica identity
    w.int16(3);                                      // columns
    w.int8(1).cstring("id").int32(23).int32(-1);     // key flag, name, int4, typmod
    w.int8(0).cstring("name").int32(25).int32(-1);
    w.int8(0).cstring("body").int32(25).int32(-1);
    return w.toByteArray();
  }

  /** Insert into 16385: id 't' "42", name NULL, body 'u' (unchanged TOAST). */
  private static byte[] insert() {
    WireWriter w = new WireWriter();
    w.int8('I').int32(16385).int8('N');
    w.int16(3);
    w.int8('t').int32(2).bytes("42".getBytes());
    w.int8('n');
    w.int8('u');
    return w.toByteArray();
  }

  private static Change decode(PgOutputDecoder d, byte[] m) {
    return d.decode(AT, m, 0, m.length);
  }

  @Test
  void beginAndCommit() {
    WireWriter w = new WireWriter();
    w.int8('B').int64(0x16B3800L).int64(1_000_000L).int32(731);   // final LSN, 2000-01-01T00:00:01Z, xid
    Change.Begin b = (Change.Begin) decode(decoder(), w.toByteArray());
    assertEquals(new Change.Begin(AT, Lsn.parse("0/16B3800"), Instant.parse("2000-01-01T00:00:01Z"), 731), b);
    WireWriter c = new WireWriter();
    c.int8('C').int8(0).int64(0x16B3800L).int64(0x16B3830L).int64(1_000_000L);
    Change.Commit commit = (Change.Commit) decode(decoder(), c.toByteArray());
    assertEquals(Lsn.parse("0/16B3830"), commit.endLsn());
  }

  @Test
  void aRelationThenAnInsertWithNullAndUnchangedToast() {
    PgOutputDecoder d = decoder();
    Change.Relation r = (Change.Relation) decode(d, relation());
    assertEquals("public.items", r.qualifiedName());
    assertEquals(ReplicaIdentity.DEFAULT, r.identity());
    Change.Insert i = (Change.Insert) decode(d, insert());
    Tuple row = i.row();
    assertEquals(42, row.getInt("id"));
    assertEquals("42", row.getString("id"));
    assertTrue(row.isNull("name"));
    assertFalse(row.isUnchangedToast("name"));
    assertTrue(row.isUnchangedToast("body"));
    assertFalse(row.isNull("body"));
    Map<String, Object> m = row.toMap();
    assertSame(Tuple.UNCHANGED_TOAST, m.get("body"));
    assertNull(m.get("name"));
    assertThrows(io.sluice.ValueException.class, () -> row.getString("body"));
  }

  @Test
  void everyTruncationOfAMessageIsAProtocolError() {
    for (byte[] valid : new byte[][] {relation(), insert()}) {
      for (int n = 0; n < valid.length; n++) {
        PgOutputDecoder d = decoder();
        if (valid[0] == 'I') {
          decode(d, relation());
        }
        byte[] cut = Arrays.copyOf(valid, n);
        ProtocolException e = assertThrows(ProtocolException.class, () -> decode(d, cut),
            "a message cut to " + n + " bytes");
        assertNotNull(e.getMessage());
      }
    }
  }

  @Test
  void malformedMessagesAreProtocolErrors() {
    PgOutputDecoder d = decoder();
    assertTrue(assertThrows(ProtocolException.class, () -> decode(d, insert())).getMessage()
        .contains("before its Relation"));
    decode(d, relation());
    byte[] extra = Arrays.copyOf(insert(), insert().length + 1);
    assertTrue(assertThrows(ProtocolException.class, () -> decode(d, extra)).getMessage().contains("left over"));
    byte[] badKind = insert();
    badKind[badKind.length - 1] = 'x';
    assertTrue(assertThrows(ProtocolException.class, () -> decode(d, badKind)).getMessage().contains("'x'"));
    byte[] hugeLength = insert();
    hugeLength[10] = 0x7F;   // the first value's length word
    assertThrows(ProtocolException.class, () -> decode(d, hugeLength));
    WireWriter wrongCount = new WireWriter();
    wrongCount.int8('I').int32(16385).int8('N').int16(2).int8('n').int8('n');
    assertTrue(assertThrows(ProtocolException.class, () -> decode(d, wrongCount.toByteArray())).getMessage()
        .contains("2 columns"));
    WireWriter truncate = new WireWriter();
    truncate.int8('T').int32(Integer.MAX_VALUE).int8(0);
    assertThrows(ProtocolException.class, () -> decode(d, truncate.toByteArray()));
    assertThrows(ProtocolException.class, () -> decode(d, new byte[] {'Z'}));
  }

  @Test
  void insideAStreamBlockChangesCarryTheXid() {
    PgOutputDecoder d = decoder();
    WireWriter start = new WireWriter();
    start.int8('S').int32(900).int8(1);
    assertEquals(new Change.StreamStart(AT, 900, true), decode(d, start.toByteArray()));
    WireWriter rel = new WireWriter();
    rel.int8('R').int32(900).int32(16385).cstring("public").cstring("items").int8('f').int16(1)
        .int8(0).cstring("id").int32(23).int32(-1);
    assertEquals(900, ((Change.Relation) decode(d, rel.toByteArray())).xid());
    WireWriter ins = new WireWriter();
    ins.int8('I').int32(900).int32(16385).int8('N').int16(1).int8('t').int32(1).bytes("7".getBytes());
    Change.Insert i = (Change.Insert) decode(d, ins.toByteArray());
    assertEquals(900, i.xid());
    assertEquals(7L, i.row().getLong(0));
    assertTrue(d.transactionOpen());
    decode(d, new byte[] {'E'});
    assertFalse(d.transactionOpen());
  }

  @Test
  void aStandbyStatusUpdateIsLaidOutAsTheProtocolSays() {
    byte[] m = WalMessages.standbyStatusUpdate(0x10L, 0x20L, 0x30L, Instant.parse("2000-01-01T00:00:02Z"), true);
    WireWriter w = new WireWriter();
    w.int8('d').int32(4 + 1 + 8 * 4 + 1);            // CopyData and its length
    w.int8('r');                                      // standby status update
    w.int64(0x10).int64(0x20).int64(0x30);            // written, flushed, applied
    w.int64(2_000_000L);                              // microseconds since 2000-01-01
    w.int8(1);                                        // reply requested
    assertArrayEquals(w.toByteArray(), m);
  }

  @Test
  void theFlushNeverPassesTheAcknowledgementExceptWhenNothingIsPending() {
    Progress p = new Progress(0);
    p.enqueuedAckable(100);
    p.delivered(100);
    p.keepalive(500, false);
    assertEquals(0, p.flush(), "a delivered commit is not acknowledged yet");
    assertFalse(p.acknowledge(101), "past anything delivered");
    assertTrue(p.acknowledge(100));
    assertEquals(500, p.flush(), "everything before the keepalive is acknowledged");
    p.enqueuedAckable(600);
    p.keepalive(700, true);
    assertEquals(500, p.flush(), "a keepalive inside a transaction moves nothing");
    p.keepalive(800, false);
    assertEquals(500, p.flush(), "the commit at 600 is not acknowledged, and the flush never moves back");
    p.delivered(600);
    assertTrue(p.acknowledge(600));
    assertEquals(800, p.flush());
  }
}
