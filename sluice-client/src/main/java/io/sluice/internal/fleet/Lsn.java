package io.sluice.internal.fleet;

/**
 * A position in PostgreSQL's write-ahead log ({@code XLogRecPtr}, SQL type {@code pg_lsn}): a byte
 * offset into the WAL stream, an unsigned 64-bit number written as two hexadecimal halves {@code
 * X/Y} (high and low 32 bits). Released servers print up to eight digits per half ({@code
 * 16/374D848}); PostgreSQL's development branch pads the low half to eight since the July 2025
 * change "Standardize LSN formatting by zero padding" ({@code 16/0374D848}); both parse. {@link #INVALID} (0) is {@code
 * InvalidXLogRecPtr}, what a NULL position (nothing replayed yet) maps to here.
 */
public record Lsn(long value) implements Comparable<Lsn> {
  /** {@code 0/0}: no position ({@code InvalidXLogRecPtr}). */
  public static final Lsn INVALID = new Lsn(0);

  /** WAL page header sizes on 64-bit builds ({@code SizeOfXLogShortPHD}, {@code SizeOfXLogLongPHD}, access/xlog_internal.h). */
  static final int SHORT_PAGE_HEADER = 24;
  static final int LONG_PAGE_HEADER = 40;

  /**
   * Parses {@code X/Y} as PostgreSQL's {@code pg_lsn_in} does: one to eight hexadecimal digits on
   * each side of the slash, nothing else.
   *
   * @throws IllegalArgumentException naming the text when it is not a WAL position
   */
  public static Lsn parse(String text) {
    if (text == null) {
      throw new IllegalArgumentException("not a WAL position: null");
    }
    int slash = text.indexOf('/');
    if (slash < 1 || slash > 8 || text.length() - slash - 1 < 1 || text.length() - slash - 1 > 8) {
      throw new IllegalArgumentException("not a WAL position (X/Y, 1 to 8 hexadecimal digits each): '" + text + "'");
    }
    long high = hex(text, 0, slash);
    long low = hex(text, slash + 1, text.length());
    return new Lsn(high << 32 | low);
  }

  /** {@link #parse(String)}, or {@link #INVALID} for null (a NULL {@code pg_lsn}). */
  public static Lsn parseOrInvalid(String text) {
    return text == null ? INVALID : parse(text);
  }

  private static long hex(String text, int from, int to) {
    long v = 0;
    for (int i = from; i < to; i++) {
      int d = Character.digit(text.charAt(i), 16);
      if (d < 0) {
        throw new IllegalArgumentException("not a WAL position (X/Y, 1 to 8 hexadecimal digits each): '" + text + "'");
      }
      v = v << 4 | d;
    }
    return v;
  }

  public boolean isValid() {
    return value != 0;
  }

  /** Unsigned order, as PostgreSQL compares {@code pg_lsn}. */
  @Override
  public int compareTo(Lsn other) {
    return Long.compareUnsigned(value, other.value);
  }

  /** True when this position is at or past {@code other}. */
  public boolean atLeast(Lsn other) {
    return compareTo(other) >= 0;
  }

  /** The later of the two. */
  public static Lsn max(Lsn a, Lsn b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  /** Bytes from {@code earlier} to this position ({@code pg_wal_lsn_diff}); negative when {@code earlier} is later. */
  public long bytesAfter(Lsn earlier) {
    return value - earlier.value;
  }

  /**
   * This position read as the end of the last record, for a position from {@code
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
  public Lsn asRecordEnd(int walBlockSize, long walSegmentSize) {
    if (Long.bitCount(walBlockSize) != 1 || Long.bitCount(walSegmentSize) != 1 || walSegmentSize < walBlockSize) {
      throw new IllegalArgumentException("WAL block and segment sizes must be powers of two, block <= segment: "
          + walBlockSize + ", " + walSegmentSize);
    }
    long inSegment = value & (walSegmentSize - 1);
    long inPage = value & (walBlockSize - 1);
    if (inSegment == LONG_PAGE_HEADER) {
      return new Lsn(value - LONG_PAGE_HEADER);
    }
    if (inSegment >= walBlockSize && inPage == SHORT_PAGE_HEADER) {
      return new Lsn(value - SHORT_PAGE_HEADER);
    }
    return this;
  }

  /** {@link #asRecordEnd(int, long)} with PostgreSQL's default sizes (8 KiB pages, 16 MiB segments). */
  public Lsn asRecordEnd() {
    return asRecordEnd(8192, 16L * 1024 * 1024);
  }

  /** {@code X/YYYYYYYY}: upper case, the low half padded to eight digits (the newer, unambiguous form; servers accept both). */
  @Override
  public String toString() {
    return String.format("%X/%08X", value >>> 32, value & 0xFFFFFFFFL);
  }
}
