package io.sluice.lab.changes;

import io.sluice.bench.BenchFailure;
import io.sluice.bench.Checksum;
import io.sluice.bench.Fold;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * The decoding the lab does by hand for pgjdbc, whose {@code PGReplicationStream} hands out each
 * XLogData's payload as bytes and leaves pgoutput to the application (as Debezium decodes it
 * itself): just enough of pgoutput protocol 1 in text format for the case's table — Insert's
 * new tuple (PostgreSQL's "Logical Replication Message Formats": {@code 'I'}, relation id, {@code
 * 'N'}, column count, then per column {@code 't'} + length + text, {@code 'n'} for NULL), read as
 * {@code bigint}, {@code int} and {@code text} and folded like every other interface folds them;
 * Commit's commit time (microseconds since 2000-01-01). Begin, Relation and the rest are skipped
 * by their first byte: the case's table has one shape, so no Relation is kept, and nothing is
 * checked that a real consumer would check (relation ids, type oids, column count changes).
 */
final class PgOutputReader {
  /** PostgreSQL's epoch, 2000-01-01T00:00:00Z, in microseconds since the Unix epoch. */
  private static final long PG_EPOCH_MICROS = 946_684_800_000_000L;

  private long inserts;
  private Instant lastCommitTime;

  /** What one message was, of the kinds the case cares about. */
  enum Kind { INSERT, COMMIT, OTHER }

  /** Reads one pgoutput message from {@code b} (position at its first byte), folding an insert's values. */
  Kind read(ByteBuffer b, Fold fold) {
    byte tag = b.get();
    switch (tag) {
      case 'I' -> {
        b.getInt();   // relation id: one table here
        byte n = b.get();
        if (n != 'N') {
          throw new BenchFailure("pgoutput Insert without a new tuple ('N'), got " + (char) n);
        }
        int columns = b.getShort();
        if (columns != 3) {
          throw new BenchFailure("the changes table has 3 columns; pgoutput sent " + columns);
        }
        fold.add(Checksum.ofLong(parseLong(b)));
        fold.add(Checksum.ofLong((int) parseLong(b)));
        fold.add(Checksum.ofString(text(b)));
        fold.endRow();
        inserts++;
        return Kind.INSERT;
      }
      case 'C' -> {
        b.get();        // flags
        b.getLong();    // the commit's LSN
        b.getLong();    // the transaction's end LSN
        long micros = b.getLong();
        lastCommitTime = Instant.EPOCH.plusNanos((PG_EPOCH_MICROS + micros) * 1_000L);
        return Kind.COMMIT;
      }
      default -> {
        return Kind.OTHER;
      }
    }
  }

  long inserts() {
    return inserts;
  }

  /** The commit time of the last Commit read. */
  Instant lastCommitTime() {
    return lastCommitTime;
  }

  /** A column in text format holding a whole number, parsed from its digits. */
  private static long parseLong(ByteBuffer b) {
    int len = textLength(b);
    long v = 0;
    boolean negative = false;
    for (int i = 0; i < len; i++) {
      byte c = b.get();
      if (i == 0 && c == '-') {
        negative = true;
      } else {
        v = v * 10 + (c - '0');
      }
    }
    return negative ? -v : v;
  }

  private static String text(ByteBuffer b) {
    int len = textLength(b);
    String s = new String(b.array(), b.arrayOffset() + b.position(), len, StandardCharsets.UTF_8);
    b.position(b.position() + len);
    return s;
  }

  private static int textLength(ByteBuffer b) {
    byte kind = b.get();
    if (kind != 't') {
      throw new BenchFailure("the changes table has no NULL or unchanged values; pgoutput sent column kind "
          + (char) kind);
    }
    return b.getInt();
  }
}
