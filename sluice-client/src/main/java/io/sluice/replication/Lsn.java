package io.sluice.replication;

/**
 * A position in the write-ahead log ({@code XLogRecPtr}, SQL type {@code pg_lsn}): a byte offset
 * into the WAL stream, an unsigned 64-bit number written as two hexadecimal halves {@code X/Y}
 * (high and low 32 bits), {@code 16/B374D848}. Released servers print up to eight digits per half
 * ({@code 16/374D848}); PostgreSQL's development branch pads the low half to eight ({@code
 * 16/0374D848}); both parse, and this prints the first form. Positions compare as unsigned
 * numbers. The change streams use it, and so does a routing pool's read-your-writes.
 *
 * @param value the position as a 64-bit number (unsigned)
 */
public record Lsn(long value) implements Comparable<Lsn> {
  /**
   * {@code 0/0}: PostgreSQL's {@code InvalidXLogRecPtr}, no position (what a NULL {@code pg_lsn}
   * means); as a start position it means "where the slot is".
   */
  public static final Lsn ZERO = new Lsn(0);

  /**
   * Reads {@code X/Y} as PostgreSQL's {@code pg_lsn_in} does: one to eight hexadecimal digits on
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
    return new Lsn(hex(text, 0, slash) << 32 | hex(text, slash + 1, text.length()));
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

  /** Whether this is a position at all, not {@link #ZERO} ({@code XLogRecPtrIsValid}). */
  public boolean isValid() {
    return value != 0;
  }

  /** Whether this is past {@code other}. */
  public boolean isAfter(Lsn other) {
    return compareTo(other) > 0;
  }

  /** Whether this is at or past {@code other}. */
  public boolean atLeast(Lsn other) {
    return compareTo(other) >= 0;
  }

  /** Bytes from {@code earlier} to this position ({@code pg_wal_lsn_diff}); negative when {@code earlier} is later. */
  public long bytesAfter(Lsn earlier) {
    return value - earlier.value;
  }

  /** The later of two positions. */
  public static Lsn max(Lsn a, Lsn b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  @Override
  public int compareTo(Lsn o) {
    return Long.compareUnsigned(value, o.value);
  }

  @Override
  public String toString() {
    return Long.toHexString(value >>> 32).toUpperCase() + "/" + Long.toHexString(value & 0xFFFF_FFFFL).toUpperCase();
  }
}
