package io.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ChecksumTest {

  @Test
  void timestampIsEpochMicrosWhateverTheOffset() {
    OffsetDateTime utc = OffsetDateTime.of(2000, 1, 1, 0, 0, 0, 123_456_000, ZoneOffset.UTC);
    // 2000-01-01 is 946,684,800 s after 1970-01-01
    assertEquals(946_684_800_123_456L, Checksum.ofTimestamp(utc));
    assertEquals(Checksum.ofTimestamp(utc), Checksum.ofTimestamp(utc.withOffsetSameInstant(ZoneOffset.ofHours(-7))));
    assertEquals(-1L, Checksum.ofTimestamp(OffsetDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000, ZoneOffset.UTC)));
  }

  @Test
  void numericKeepsScaleAndIgnoresRepresentation() {
    assertEquals(Checksum.ofBigDecimal(new BigDecimal("1.50")),
        Checksum.ofBigDecimal(new BigDecimal(BigInteger.valueOf(150), 2)));
    assertNotEquals(Checksum.ofBigDecimal(new BigDecimal("1.5")), Checksum.ofBigDecimal(new BigDecimal("1.50")));
    // past 2^63 the unscaled value is a BigInteger inside BigDecimal, not a long
    BigDecimal big = new BigDecimal("123456789012345678901234567890.12");
    assertEquals(Checksum.ofBigDecimal(big), Checksum.ofBigDecimal(new BigDecimal(big.unscaledValue(), 2)));
  }

  @Test
  void otherTypes() {
    assertEquals(-5L, Checksum.ofLong(-5));
    assertEquals(Double.doubleToLongBits(0.1), Checksum.ofDouble(0.1));
    assertNotEquals(Checksum.ofDouble(0.0), Checksum.ofDouble(-0.0));
    assertEquals(Checksum.ofDouble(Double.NaN), Checksum.ofDouble(Double.longBitsToDouble(0x7ff8000000000001L)));
    assertNotEquals(Checksum.ofBoolean(true), Checksum.ofBoolean(false));
    assertEquals("abc".hashCode(), Checksum.ofString("abc"));
    assertEquals(1L, Checksum.ofDate(LocalDate.of(1970, 1, 2)));
    UUID uuid = UUID.fromString("c4ca4238-a0b9-2382-0dcc-509a6f75849b");
    assertEquals(Checksum.ofUuid(uuid), Checksum.ofUuid(UUID.fromString(uuid.toString())));
    assertNotEquals(Checksum.ofUuid(uuid), Checksum.ofUuid(new UUID(uuid.getLeastSignificantBits(),
        uuid.getMostSignificantBits())));
  }

  @Test
  void nullFoldsToItsOwnValue() {
    assertEquals(Checksum.NULL, Checksum.ofString(null));
    assertEquals(Checksum.NULL, Checksum.ofBigDecimal(null));
    assertEquals(Checksum.NULL, Checksum.ofDate(null));
    assertEquals(Checksum.NULL, Checksum.ofTimestamp(null));
    assertEquals(Checksum.NULL, Checksum.ofUuid(null));
  }

  @Test
  void rowOrderDoesNotMatterButColumnOrderDoes() {
    assertEquals(fold(new long[][] {{1, 2}, {3, 4}}).checksum(), fold(new long[][] {{3, 4}, {1, 2}}).checksum());
    assertNotEquals(fold(new long[][] {{1, 2}}).checksum(), fold(new long[][] {{2, 1}}).checksum());
    // a value moved to another row changes the sum
    assertNotEquals(fold(new long[][] {{1, 2}, {3, 4}}).checksum(), fold(new long[][] {{1, 4}, {3, 2}}).checksum());
  }

  @Test
  void partialFoldsMergeToTheWhole() {
    Fold whole = fold(new long[][] {{1, 2}, {3, 4}, {5, 6}});
    Fold merged = fold(new long[][] {{1, 2}});
    merged.merge(fold(new long[][] {{3, 4}, {5, 6}}));
    assertEquals(whole.checksum(), merged.checksum());
    assertEquals(3, merged.rows());
  }

  @Test
  void countedRowsAddNothingToTheChecksum() {
    Fold fold = new Fold();
    fold.countRow();
    fold.countRow();
    assertEquals(2, fold.rows());
    assertEquals(0, fold.checksum());
  }

  private static Fold fold(long[][] rows) {
    Fold fold = new Fold();
    for (long[] row : rows) {
      for (long value : row) {
        fold.add(value);
      }
      fold.endRow();
    }
    return fold;
  }
}
