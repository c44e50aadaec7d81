package io.sluice.replication;

import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.WireWriter;
import io.sluice.testkit.Replies;
import io.sluice.testkit.ScriptedConnection;
import java.io.IOException;
import java.net.SocketException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The server side of a scripted replication session, for {@link HostileReplicationTest}: it answers
 * {@code START_REPLICATION} with CopyBothResponse, sends CopyData messages built here (XLogData
 * around pgoutput messages, keepalives), and reads the client's standby status updates, keeping
 * the highest flush position any of them reported.
 */
final class WalServerScript {
  /** The relation every scripted change is about: {@code public.t (id int4)}. */
  static final int RELATION = 16_384;

  private final ScriptedConnection c;
  /** The highest flush position in a standby status update so far. */
  final AtomicLong maxFlush = new AtomicLong();

  WalServerScript(ScriptedConnection c) {
    this.c = c;
  }

  /** Reads up to START_REPLICATION and answers it with CopyBothResponse. */
  void startStreaming() throws IOException {
    while (true) {
      FrontendMessage m = c.read();
      if (m == null) {
        throw new IOException("the client left before START_REPLICATION");
      }
      if (m instanceof FrontendMessage.Query q && q.sql().startsWith("START_REPLICATION")) {
        c.send(Replies.frame('W', w -> w.int8(0).int16(0)));
        return;
      }
    }
  }

  /** Reads the client's messages until a status update reports {@code flush} or more. */
  void awaitFlush(long flush) throws IOException {
    while (Long.compareUnsigned(maxFlush.get(), flush) < 0) {
      if (!readOne()) {
        throw new IOException("the client left before reporting flush " + Long.toHexString(flush));
      }
    }
  }

  /** Reads the client's messages until it hangs up. */
  void drain() throws IOException {
    try {
      while (readOne()) {
        // status updates are recorded as they come
      }
    } catch (SocketException gone) {
      // reset by the client: it is gone
    }
  }

  private boolean readOne() throws IOException {
    FrontendMessage m = c.read();
    if (m == null || m instanceof FrontendMessage.Terminate) {
      return false;
    }
    if (m instanceof FrontendMessage.CopyData d && d.data().length >= 17 && d.data()[0] == 'r') {
      long flush = java.nio.ByteBuffer.wrap(d.data(), 9, 8).getLong();
      maxFlush.accumulateAndGet(flush, (a, b) -> Long.compareUnsigned(a, b) >= 0 ? a : b);
    }
    return true;
  }

  void send(byte[] bytes) throws IOException {
    c.send(bytes);
  }

  // ---- the messages

  /** A CopyData message whose body {@code body} writes. */
  static byte[] copyData(Consumer<WireWriter> body) {
    return Replies.frame('d', body);
  }

  /** XLogData at WAL position {@code lsn} carrying a pgoutput message. */
  static byte[] xlog(long lsn, Consumer<WireWriter> pgoutput) {
    return copyData(w -> {
      w.int8('w').int64(lsn).int64(lsn).int64(0);
      pgoutput.accept(w);
    });
  }

  static byte[] keepalive(long walEnd, boolean reply) {
    return copyData(w -> w.int8('k').int64(walEnd).int64(0).int8(reply ? 1 : 0));
  }

  static byte[] begin(long lsn, long finalLsn, int xid) {
    return xlog(lsn, w -> w.int8('B').int64(finalLsn).int64(0).int32(xid));
  }

  static byte[] relation(long lsn) {
    return xlog(lsn, w -> w.int8('R').int32(RELATION).cstring("public").cstring("t").int8('d').int16(1)
        .int8(1).cstring("id").int32(23).int32(-1));
  }

  /** An Insert of one int4 in the binary format. */
  static byte[] insert(long lsn, int id) {
    return xlog(lsn, w -> w.int8('I').int32(RELATION).int8('N').int16(1).int8('b').int32(4).int32(id));
  }

  static byte[] commit(long lsn, long commitLsn, long endLsn) {
    return xlog(lsn, w -> w.int8('C').int8(0).int64(commitLsn).int64(endLsn).int64(0));
  }

  /** A whole transaction inserting {@code id}: Begin, Insert and Commit from {@code at}, ending at {@code at + 0x30}. */
  static byte[] transaction(long at, int id, boolean withRelation) {
    byte[] rel = withRelation ? relation(at + 0x8) : new byte[0];
    return Replies.concat(begin(at, at + 0x20, id), rel, insert(at + 0x10, id), commit(at + 0x20, at + 0x20, at + 0x30));
  }
}
