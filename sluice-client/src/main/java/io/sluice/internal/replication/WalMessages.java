package io.sluice.internal.replication;

import io.sluice.protocol.ProtocolException;
import io.sluice.protocol.WireReader;
import io.sluice.protocol.WireWriter;
import java.time.Instant;

/**
 * The messages inside CopyData during streaming replication (PostgreSQL docs, "Streaming
 * Replication Protocol"): XLogData ({@code w}) and primary keepalive ({@code k}) from the server,
 * standby status update ({@code r}) from the client. Times are microseconds since 2000-01-01 UTC
 * ({@code POSTGRES_EPOCH_JDATE}).
 */
final class WalMessages {
  static final byte XLOG_DATA = 'w';
  static final byte PRIMARY_KEEPALIVE = 'k';
  static final byte STANDBY_STATUS_UPDATE = 'r';
  /** XLogData's header after its tag: dataStart, walEnd and sendTime, 8 bytes each. */
  static final int XLOG_DATA_HEADER = 1 + 24;
  /** Seconds from the Unix epoch to PostgreSQL's (2000-01-01). */
  private static final long POSTGRES_EPOCH_SECONDS = 946_684_800L;

  private WalMessages() {}

  /** A primary keepalive: the server's WAL end and whether it wants a status update at once. */
  record Keepalive(long walEnd, boolean replyRequested) {}

  static Keepalive keepalive(byte[] b, int off, int len) {
    WireReader r = new WireReader(b, off + 1, len - 1, "primary keepalive");
    long walEnd = r.int64();
    r.int64();   // the server's clock: not used
    byte reply = r.int8();
    r.expectEnd();
    if (reply != 0 && reply != 1) {
      throw new ProtocolException("primary keepalive: reply-requested byte " + reply + " is neither 0 nor 1");
    }
    return new Keepalive(walEnd, reply == 1);
  }

  /** XLogData's dataStart (the WAL position of the data). */
  static long dataStart(byte[] b, int off, int len) {
    if (len < XLOG_DATA_HEADER) {
      throw new ProtocolException("XLogData of " + len + " bytes is shorter than its " + XLOG_DATA_HEADER
          + "-byte header");
    }
    return int64(b, off + 1);
  }

  /** XLogData's walEnd (the server's current end of WAL). */
  static long walEnd(byte[] b, int off) {
    return int64(b, off + 9);
  }

  /** A standby status update as a whole CopyData message. */
  static byte[] standbyStatusUpdate(long write, long flush, long apply, Instant now, boolean replyRequested) {
    WireWriter w = new WireWriter(48);
    int at = w.begin((byte) 'd');
    w.int8(STANDBY_STATUS_UPDATE).int64(write).int64(flush).int64(apply).int64(micros(now))
        .int8(replyRequested ? 1 : 0);
    w.end(at);
    return w.toByteArray();
  }

  static long micros(Instant t) {
    return (t.getEpochSecond() - POSTGRES_EPOCH_SECONDS) * 1_000_000L + t.getNano() / 1_000;
  }

  static Instant instant(long micros) {
    return Instant.ofEpochSecond(POSTGRES_EPOCH_SECONDS + Math.floorDiv(micros, 1_000_000L),
        Math.floorMod(micros, 1_000_000L) * 1_000L);
  }

  static long int64(byte[] b, int at) {
    return ((long) WireReader.getInt(b, at) << 32) | (WireReader.getInt(b, at + 4) & 0xFFFF_FFFFL);
  }
}
