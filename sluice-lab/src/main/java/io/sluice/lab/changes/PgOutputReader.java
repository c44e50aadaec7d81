package io.sluice.lab.changes;

import io.sluice.bench.BenchFailure;
import io.sluice.bench.Checksum;
import io.sluice.bench.Fold;
import java.nio.ByteBuffer;
import java.time.Instant;

/**
 * The decoding the lab does by hand for pgjdbc, whose {@code PGReplicationStream} hands out each
 * XLogData's payload as bytes and leaves pgoutput to the application (as Debezium decodes it
 * itself): just enough of pgoutput protocol 1 in text format for the case's table (PostgreSQL's
 * "Logical Replication Message Formats"). Insert ({@code 'I'}, relation id, {@code 'N'}, the new
 * tuple) and Update ({@code 'U'}, relation id, an old key {@code 'K'} or old row {@code 'O'} when
 * there is one — skipped —, {@code 'N'}, the new tuple): the tuple's column count, then per column
 * {@code 't'} + length + text; each of the nine values is parsed by {@link TextValues} into the
 * Java type Sluice's typed getter gives for its column ({@code long}, {@code int}, {@code long},
 * {@code BigDecimal}, {@code String}, {@code String}, {@code OffsetDateTime}, {@code boolean},
 * {@code UUID}) and folded as every other interface folds it. Commit gives its commit time
 * (microseconds since 2000-01-01). Begin, Relation and the rest are skipped by their first byte:
 * the case's table has one shape, so no Relation is kept, and nothing is checked that a real
 * consumer would check (relation ids, type oids, column changes); NULLs and unchanged TOAST values
 * ({@code 'n'}, {@code 'u'}) are refused, as the case writes none.
 */
final class PgOutputReader {
  /** PostgreSQL's epoch, 2000-01-01T00:00:00Z, in microseconds since the Unix epoch. */
  private static final long PG_EPOCH_MICROS = 946_684_800_000_000L;

  private long changes;
  private Instant lastCommitTime;

  /** What one message was, of the kinds the case cares about. */
  enum Kind { INSERT, UPDATE, COMMIT, OTHER }

  /** Reads one pgoutput message from {@code b} (position at its first byte), folding a new row's values. */
  Kind read(ByteBuffer b, Fold fold) {
    byte tag = b.get();
    switch (tag) {
      case 'I' -> {
        b.getInt();   // relation id: one table here
        newTuple(b, b.get(), fold);
        return Kind.INSERT;
      }
      case 'U' -> {
        b.getInt();
        byte part = b.get();
        if (part == 'K' || part == 'O') {
          skipTuple(b);
          part = b.get();
        }
        newTuple(b, part, fold);
        return Kind.UPDATE;
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

  /** Inserted and updated rows read so far. */
  long changes() {
    return changes;
  }

  /** The commit time of the last Commit read. */
  Instant lastCommitTime() {
    return lastCommitTime;
  }

  private void newTuple(ByteBuffer b, byte part, Fold fold) {
    if (part != 'N') {
      throw new BenchFailure("pgoutput change without a new tuple ('N'), got " + (char) part);
    }
    int columns = b.getShort();
    if (columns != FeedTables.COLUMN_COUNT) {
      throw new BenchFailure("the changes table has " + FeedTables.COLUMN_COUNT + " columns; pgoutput sent " + columns);
    }
    byte[] a = b.array();
    int base = b.arrayOffset();
    int len = textLength(b);
    fold.add(Checksum.ofLong(TextValues.parseLong(a, base + b.position(), len)));
    len = skip(b, len);
    fold.add(Checksum.ofLong((int) TextValues.parseLong(a, base + b.position(), len)));
    len = skip(b, len);
    fold.add(Checksum.ofLong(TextValues.parseLong(a, base + b.position(), len)));
    len = skip(b, len);
    fold.add(Checksum.ofBigDecimal(TextValues.parseNumeric(a, base + b.position(), len)));
    len = skip(b, len);
    fold.add(Checksum.ofString(TextValues.string(a, base + b.position(), len)));
    len = skip(b, len);
    fold.add(Checksum.ofString(TextValues.string(a, base + b.position(), len)));
    len = skip(b, len);
    fold.add(Checksum.ofTimestamp(TextValues.parseTimestamptz(a, base + b.position(), len)));
    len = skip(b, len);
    fold.add(Checksum.ofBoolean(TextValues.parseBoolean(a, base + b.position(), len)));
    len = skip(b, len);
    fold.add(Checksum.ofUuid(TextValues.parseUuid(a, base + b.position(), len)));
    b.position(b.position() + len);
    fold.endRow();
    changes++;
  }

  /** Moves past the value just read ({@code len} bytes) and reads the next one's length. */
  private static int skip(ByteBuffer b, int len) {
    b.position(b.position() + len);
    return textLength(b);
  }

  private static int textLength(ByteBuffer b) {
    byte kind = b.get();
    if (kind != 't') {
      throw new BenchFailure("the changes table has no NULL or unchanged values; pgoutput sent column kind "
          + (char) kind);
    }
    return b.getInt();
  }

  /** An old key or old row, whatever its columns' kinds ('n', 'u', 't' or 'b' with a length). */
  private static void skipTuple(ByteBuffer b) {
    int columns = b.getShort();
    for (int i = 0; i < columns; i++) {
      byte kind = b.get();
      if (kind == 't' || kind == 'b') {
        int len = b.getInt();
        b.position(b.position() + len);
      }
    }
  }
}
