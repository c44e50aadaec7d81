package io.sluice.internal.replication;

import io.sluice.internal.rows.Rows;
import io.sluice.protocol.ProtocolException;
import io.sluice.protocol.Utf8;
import io.sluice.protocol.WireReader;
import io.sluice.replication.Change;
import io.sluice.replication.Lsn;
import io.sluice.replication.RelationColumn;
import io.sluice.replication.ReplicaIdentity;
import io.sluice.replication.Tuple;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes pgoutput's messages (PostgreSQL docs, "Logical Replication Message Formats"; the server
 * side is {@code src/backend/replication/logical/proto.c}) into {@link Change}s. A total function
 * over untrusted bytes: every length and count is checked, and anything malformed is a {@link
 * ProtocolException} naming the message. Keeps what the messages depend on: the Relations by OID
 * and whether a streamed transaction's block is open (inside one, changes carry the xid).
 *
 * <p>Column values are not decoded here: each tuple's bytes are copied once, laid out as a DataRow
 * body, and decoded when the application reads them.
 */
final class PgOutputDecoder {
  private final TypeResolver types;
  private final Map<Integer, RelationEntry> relations = new HashMap<>();
  private boolean inStreamBlock;
  private boolean inTransaction;

  PgOutputDecoder(TypeResolver types) {
    this.types = types;
  }

  /** Whether a transaction's messages (a Begin without its Commit, or a stream block) are being received. */
  boolean transactionOpen() {
    return inTransaction || inStreamBlock;
  }

  /** Decodes one message: {@code len} bytes at {@code off}, sent at WAL position {@code lsn}. */
  Change decode(Lsn lsn, byte[] b, int off, int len) {
    Cursor c = new Cursor(b, off, len);
    byte tag = c.int8("message type");
    Change change = switch (tag) {
      case 'B' -> {
        inTransaction = true;
        yield new Change.Begin(lsn, c.lsn(), c.time(), c.int32("xid"));
      }
      case 'C' -> {
        c.int8("flags");
        inTransaction = false;
        yield new Change.Commit(lsn, c.lsn(), c.lsn(), c.time());
      }
      case 'O' -> new Change.Origin(lsn, c.lsn(), c.cstring());
      case 'R' -> relation(lsn, c);
      case 'Y' -> {
        int xid = xid(c);
        int oid = c.int32("type OID");
        String namespace = c.cstring();
        String name = c.cstring();
        types.named(oid, namespace, name);
        yield new Change.Type(lsn, xid, oid, namespace, name);
      }
      case 'I' -> {
        int xid = xid(c);
        RelationEntry r = relationOf(c);
        c.expect('N', "Insert's new tuple");
        yield new Change.Insert(lsn, xid, r.relation, tuple(c, r));
      }
      case 'U' -> update(lsn, c);
      case 'D' -> {
        int xid = xid(c);
        RelationEntry r = relationOf(c);
        byte kind = c.int8("Delete's old tuple kind");
        Change.OldValues old = switch (kind) {
          case 'K' -> Change.OldValues.KEY;
          case 'O' -> Change.OldValues.ROW;
          default -> throw c.error("Delete's old tuple is marked '" + (char) kind + "', not K or O");
        };
        yield new Change.Delete(lsn, xid, r.relation, old, tuple(c, r));
      }
      case 'T' -> truncate(lsn, c);
      case 'M' -> {
        int xid = xid(c);
        byte flags = c.int8("flags");
        Lsn at = c.lsn();
        String prefix = c.cstring();
        int n = c.int32("content length");
        yield new Change.Message(lsn, xid, (flags & 1) != 0, at, prefix, c.bytes(n));
      }
      case 'S' -> {
        int xid = c.int32("xid");
        byte first = c.int8("first segment");
        inStreamBlock = true;
        yield new Change.StreamStart(lsn, xid, first == 1);
      }
      case 'E' -> {
        inStreamBlock = false;
        yield new Change.StreamStop(lsn);
      }
      case 'c' -> {
        int xid = c.int32("xid");
        c.int8("flags");
        yield new Change.StreamCommit(lsn, xid, c.lsn(), c.lsn(), c.time());
      }
      case 'A' -> {
        int xid = c.int32("xid");
        int subXid = c.int32("subtransaction xid");
        // the abort position and time follow only with streaming = parallel (protocol 4)
        Lsn abortLsn = c.remaining() >= 16 ? c.lsn() : null;
        yield new Change.StreamAbort(lsn, xid, subXid, abortLsn, abortLsn == null ? null : c.time());
      }
      // two-phase (protocol 3, two_phase 'on'): PostgreSQL docs, "Logical Replication Message Formats"
      case 'b' -> {
        inTransaction = true;
        yield new Change.BeginPrepare(lsn, c.lsn(), c.lsn(), c.time(), c.int32("xid"), c.cstring());
      }
      case 'P' -> {
        c.int8("flags");
        inTransaction = false;
        yield new Change.Prepare(lsn, c.lsn(), c.lsn(), c.time(), c.int32("xid"), c.cstring());
      }
      case 'K' -> {
        c.int8("flags");
        yield new Change.CommitPrepared(lsn, c.lsn(), c.lsn(), c.time(), c.int32("xid"), c.cstring());
      }
      case 'r' -> {
        c.int8("flags");
        yield new Change.RollbackPrepared(lsn, c.lsn(), c.lsn(), c.time(), c.time(), c.int32("xid"), c.cstring());
      }
      case 'p' -> {
        c.int8("flags");
        yield new Change.StreamPrepare(lsn, c.lsn(), c.lsn(), c.time(), c.int32("xid"), c.cstring());
      }
      default -> throw new ProtocolException("pgoutput: unknown message type '" + (char) tag + "' (byte "
          + (tag & 0xFF) + ")");
    };
    c.end();
    return change;
  }

  /** Inside a streamed transaction's block, change messages start with the transaction's xid. */
  private int xid(Cursor c) {
    return inStreamBlock ? c.int32("xid") : 0;
  }

  private Change relation(Lsn lsn, Cursor c) {
    int xid = xid(c);
    int oid = c.int32("relation OID");
    String namespace = c.cstring();
    String name = c.cstring();
    ReplicaIdentity identity;
    byte letter = c.int8("replica identity");
    try {
      identity = ReplicaIdentity.of((char) letter);
    } catch (IllegalArgumentException e) {
      throw c.error(e.getMessage());
    }
    int n = c.count16("column count");
    List<RelationColumn> columns = new ArrayList<>(n);
    int[] oids = new int[n];
    for (int i = 0; i < n; i++) {
      byte flags = c.int8("column flags");
      String col = c.cstring();
      oids[i] = c.int32("type OID");
      columns.add(new RelationColumn(col, oids[i], c.int32("type modifier"), (flags & 1) != 0));
    }
    types.resolve(oids);
    Change.Relation r = new Change.Relation(lsn, xid, oid, namespace, name, identity, columns);
    relations.put(oid, new RelationEntry(r, types.types()));
    return r;
  }

  private RelationEntry relationOf(Cursor c) {
    int oid = c.int32("relation OID");
    RelationEntry r = relations.get(oid);
    if (r == null) {
      throw c.error("a change to relation " + (oid & 0xFFFF_FFFFL) + " came before its Relation message");
    }
    return r;
  }

  private Change update(Lsn lsn, Cursor c) {
    int xid = xid(c);
    RelationEntry r = relationOf(c);
    byte kind = c.int8("Update's tuple kind");
    Change.OldValues oldValues = Change.OldValues.NONE;
    Tuple old = null;
    if (kind == 'K' || kind == 'O') {
      oldValues = kind == 'K' ? Change.OldValues.KEY : Change.OldValues.ROW;
      old = tuple(c, r);
      kind = c.int8("Update's new tuple kind");
    }
    if (kind != 'N') {
      throw c.error("Update's new tuple is marked '" + (char) kind + "', not N");
    }
    return new Change.Update(lsn, xid, r.relation, oldValues, old, tuple(c, r));
  }

  private Change truncate(Lsn lsn, Cursor c) {
    int xid = xid(c);
    int n = c.int32("relation count");
    if (n < 0 || n > c.remaining() / 4) {
      throw c.error("relation count " + n + " does not fit the message");
    }
    byte options = c.int8("options");
    List<Change.Relation> truncated = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      truncated.add(relationOf(c).relation);
    }
    // TRUNCATE_CASCADE = 1, TRUNCATE_RESTART_SEQS = 2 (logicalproto.h)
    return new Change.Truncate(lsn, xid, truncated, (options & 1) != 0, (options & 2) != 0);
  }

  /**
   * TupleData: int16 column count, then per column a kind byte — {@code n} NULL, {@code u}
   * unchanged TOAST, {@code t} text or {@code b} binary followed by an int32 length and the bytes.
   * Copied into a DataRow body (int16 count, then int32 length or -1, and bytes).
   */
  private Tuple tuple(Cursor c, RelationEntry r) {
    int n = c.count16("tuple column count");
    List<RelationColumn> columns = r.relation.columns();
    if (n != columns.size()) {
      throw c.error("a tuple of " + n + " columns for relation " + r.relation.qualifiedName() + " of "
          + columns.size());
    }
    int start = c.pos;
    int size = 2;
    for (int i = 0; i < n; i++) {
      byte kind = c.int8("column kind");
      switch (kind) {
        case 'n', 'u' -> size += 4;
        case 't', 'b' -> {
          int len = c.int32("value length");
          if (len < 0 || len > c.remaining()) {
            throw c.error("value length " + len + " of column " + columns.get(i).name() + " with "
                + c.remaining() + " bytes left");
          }
          c.pos += len;
          size += 4 + len;
        }
        default -> throw c.error("column " + columns.get(i).name() + " is marked '" + (char) kind
            + "', not n, u, t or b");
      }
    }
    byte[] row = new byte[size];
    row[0] = (byte) (n >>> 8);
    row[1] = (byte) n;
    BitSet binary = new BitSet(n);
    BitSet unchanged = null;
    int p = start;
    int w = 2;
    for (int i = 0; i < n; i++) {
      byte kind = c.buf[p++];
      if (kind == 'n' || kind == 'u') {
        putInt(row, w, -1);
        w += 4;
        if (kind == 'u') {
          if (unchanged == null) {
            unchanged = new BitSet(n);
          }
          unchanged.set(i);
        }
      } else {
        int len = WireReader.getInt(c.buf, p);
        System.arraycopy(c.buf, p, row, w, 4 + len);
        p += 4 + len;
        w += 4 + len;
        if (kind == 'b') {
          binary.set(i);
        }
      }
    }
    return new TupleView(columns, Rows.row(r.layout(binary), row, 0), unchanged);
  }

  private static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }

  /** A bounds-checked cursor over one pgoutput message. */
  private static final class Cursor {
    final byte[] buf;
    final int end;
    final byte tag;
    int pos;

    Cursor(byte[] buf, int off, int len) {
      this.buf = buf;
      this.pos = off;
      this.end = off + len;
      this.tag = len > 0 ? buf[off] : 0;
    }

    ProtocolException error(String what) {
      return new ProtocolException("pgoutput message '" + (char) tag + "': " + what);
    }

    int remaining() {
      return end - pos;
    }

    private void need(int n, String what) {
      if (end - pos < n) {
        throw error(what + " needs " + n + " bytes but " + (end - pos) + " remain");
      }
    }

    byte int8(String what) {
      need(1, what);
      return buf[pos++];
    }

    int count16(String what) {
      need(2, what);
      int v = ((buf[pos] & 0xFF) << 8) | (buf[pos + 1] & 0xFF);
      pos += 2;
      return v;
    }

    int int32(String what) {
      need(4, what);
      int v = WireReader.getInt(buf, pos);
      pos += 4;
      return v;
    }

    long int64(String what) {
      need(8, what);
      long v = WalMessages.int64(buf, pos);
      pos += 8;
      return v;
    }

    Lsn lsn() {
      return new Lsn(int64("a WAL position"));
    }

    java.time.Instant time() {
      return WalMessages.instant(int64("a timestamp"));
    }

    String cstring() {
      for (int i = pos; i < end; i++) {
        if (buf[i] == 0) {
          String s;
          try {
            s = Utf8.decode(buf, pos, i - pos);
          } catch (ProtocolException e) {
            throw error("a string has " + e.getMessage());
          }
          pos = i + 1;
          return s;
        }
      }
      throw error("a string is not terminated before the end of the message");
    }

    byte[] bytes(int n) {
      if (n < 0) {
        throw error("negative length " + n);
      }
      need(n, "a value");
      byte[] out = java.util.Arrays.copyOfRange(buf, pos, pos + n);
      pos += n;
      return out;
    }

    void expect(char kind, String what) {
      byte k = int8(what);
      if (k != kind) {
        throw error(what + " is marked '" + (char) k + "', not " + kind);
      }
    }

    void end() {
      if (pos != end) {
        throw error((end - pos) + " bytes left over at the end");
      }
    }
  }
}
