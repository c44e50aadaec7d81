package io.sluice.internal.fleet;

import io.sluice.replication.Lsn;

/** The end of the last WAL record, from an insert position (read-your-writes' target; docs/design/fleet-notes.md). */
public final class RecordEnd {
  /** WAL page header sizes on 64-bit builds ({@code SizeOfXLogShortPHD}, {@code SizeOfXLogLongPHD}, access/xlog_internal.h). */
  static final int SHORT_PAGE_HEADER = 24;
  static final int LONG_PAGE_HEADER = 40;

  private RecordEnd() {}

  /**
   * An insert position read as the end of the last record, for a position from {@code
   * pg_current_wal_insert_lsn()}. That function gives where the next record would start ({@code
   * XLogBytePosToRecPtr}, access/transam/xlog.c): when the last record ended exactly at a page
   * boundary, that is past the next page's header, while a standby's {@code
   * pg_last_wal_replay_lsn()} stops at the record's end, the boundary itself ({@code
   * XLogBytePosToEndRecPtr}). On an idle primary a standby would then never seem to catch up.
   * A position just past a page header means the page boundary: no record ends inside a header.
   *
   * @param walBlockSize {@code wal_block_size} (8192 unless PostgreSQL was built otherwise)
   * @param walSegmentSize {@code wal_segment_size} in bytes (16 MiB unless initdb chose otherwise)
   */
  public static Lsn of(Lsn insert, int walBlockSize, long walSegmentSize) {
    if (Long.bitCount(walBlockSize) != 1 || Long.bitCount(walSegmentSize) != 1 || walSegmentSize < walBlockSize) {
      throw new IllegalArgumentException("WAL block and segment sizes must be powers of two, block <= segment: "
          + walBlockSize + ", " + walSegmentSize);
    }
    long value = insert.value();
    long inSegment = value & (walSegmentSize - 1);
    long inPage = value & (walBlockSize - 1);
    if (inSegment == LONG_PAGE_HEADER) {
      return new Lsn(value - LONG_PAGE_HEADER);
    }
    if (inSegment >= walBlockSize && inPage == SHORT_PAGE_HEADER) {
      return new Lsn(value - SHORT_PAGE_HEADER);
    }
    return insert;
  }

  /** {@link #of(Lsn, int, long)} with PostgreSQL's default sizes (8 KiB pages, 16 MiB segments). */
  public static Lsn of(Lsn insert) {
    return of(insert, 8192, 16L * 1024 * 1024);
  }
}
