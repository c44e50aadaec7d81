package io.sluice.replication;

/**
 * A position in the write-ahead log ({@code pg_lsn}): 64 bits, written by PostgreSQL as two
 * hexadecimal halves, {@code 16/B374D848}. Positions compare as unsigned numbers.
 *
 * @param value the position as a 64-bit number (unsigned)
 */
public record Lsn(long value) implements Comparable<Lsn> {
  /** {@code 0/0}: PostgreSQL's InvalidXLogRecPtr; as a start position it means "where the slot is". */
  public static final Lsn ZERO = new Lsn(0);

  /** Reads {@code X/Y} as PostgreSQL prints it ({@code pg_lsn} text). */
  public static Lsn parse(String text) {
    int slash = text == null ? -1 : text.indexOf('/');
    if (slash <= 0 || slash == text.length() - 1 || slash > 8 || text.length() - slash - 1 > 8) {
      throw new IllegalArgumentException("not a WAL position (X/Y, two hexadecimal numbers of up to 8 digits): "
          + text);
    }
    try {
      long high = Long.parseLong(text, 0, slash, 16);
      long low = Long.parseLong(text, slash + 1, text.length(), 16);
      return new Lsn((high << 32) | low);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a WAL position (X/Y, two hexadecimal numbers): " + text, e);
    }
  }

  /** Whether this is past {@code other}. */
  public boolean isAfter(Lsn other) {
    return compareTo(other) > 0;
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
