package io.sluice.bench;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * The canonical form of each decoded value, as a {@code long}, so that every driver folds the same
 * number for the same database value whatever Java object it produced and whatever wire format
 * (text or binary) it read. A driver that decodes a value wrongly, or skips it, changes the
 * checksum of the run and fails it.
 */
public final class Checksum {
  /** What a SQL NULL folds to: the ASCII bytes of "null", unlikely to collide with a small value. */
  public static final long NULL = 0x6e756c6cL;

  private Checksum() {}

  /** int2, int4 and int8 alike: the value itself. */
  public static long ofLong(long value) {
    return value;
  }

  /** The IEEE 754 bits; every NaN folds to the one canonical NaN. */
  public static long ofDouble(double value) {
    return Double.doubleToLongBits(value);
  }

  /** Boolean true and false as 1 and 2 (0 would hide a missing read). */
  public static long ofBoolean(boolean value) {
    return value ? 1 : 2;
  }

  /** {@link String#hashCode()}, which reads every character. */
  public static long ofString(String value) {
    return value == null ? NULL : value.hashCode();
  }

  /**
   * The unscaled value and the scale: {@link BigDecimal#hashCode()} is a function of exactly those
   * two (equal for 1.50 and 1.50, different for 1.5 and 1.50), and allocates nothing.
   */
  public static long ofBigDecimal(BigDecimal value) {
    return value == null ? NULL : value.hashCode();
  }

  /** Days since 1970-01-01. */
  public static long ofDate(LocalDate value) {
    return value == null ? NULL : value.toEpochDay();
  }

  /** Microseconds since 1970-01-01T00:00Z (PostgreSQL's resolution); the offset does not matter. */
  public static long ofTimestamp(OffsetDateTime value) {
    return value == null ? NULL : value.toEpochSecond() * 1_000_000L + value.getNano() / 1_000;
  }

  /** The 128 bits, mixed into 64. */
  public static long ofUuid(UUID value) {
    return value == null ? NULL : value.getMostSignificantBits() * 31 + value.getLeastSignificantBits();
  }
}
