package io.sluice.lab.changes;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.bench.BenchFailure;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The lab's hand parsers of PostgreSQL's text output, against the values Java's own parsers give. */
class TextValuesTest {
  private static byte[] at(String s) {
    // two bytes before the value, as in a pgoutput message
    byte[] v = s.getBytes(StandardCharsets.UTF_8);
    byte[] a = new byte[v.length + 3];
    System.arraycopy(v, 0, a, 2, v.length);
    return a;
  }

  private static int len(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  @Test
  void integers() {
    for (String s : new String[] {"0", "-1", "42", "9223372036854775807", "-9223372036854775808"}) {
      assertEquals(Long.parseLong(s), TextValues.parseLong(at(s), 2, len(s)), s);
    }
    assertThrows(BenchFailure.class, () -> TextValues.parseLong(at("1e3"), 2, 3));
  }

  @Test
  void numericsKeepTheirScale() {
    for (String s : new String[] {"0", "0.01", "-12.50", "1000.00", "123456789012345678", "-0.000001",
        "12345678901234567890.123456789", "99999999999.99"}) {
      BigDecimal parsed = TextValues.parseNumeric(at(s), 2, len(s));
      assertEquals(new BigDecimal(s), parsed, s);
      assertEquals(new BigDecimal(s).scale(), parsed.scale(), s);
    }
    assertThrows(NumberFormatException.class, () -> TextValues.parseNumeric(at("NaN"), 2, 3));
  }

  @Test
  void timestamptzWithEachOffsetForm() {
    assertEquals(OffsetDateTime.parse("2026-01-01T00:00:01.001001Z"),
        TextValues.parseTimestamptz(at("2026-01-01 00:00:01.001001+00"), 2, 29));
    assertEquals(OffsetDateTime.parse("1999-12-31T23:59:59-08:00"),
        TextValues.parseTimestamptz(at("1999-12-31 23:59:59-08"), 2, 22));
    assertEquals(OffsetDateTime.parse("2026-06-30T12:00:00.5+05:30"),
        TextValues.parseTimestamptz(at("2026-06-30 12:00:00.5+05:30"), 2, 27));
    assertEquals(OffsetDateTime.parse("1900-01-01T00:00:00.123+00:19:32"),
        TextValues.parseTimestamptz(at("1900-01-01 00:00:00.123+00:19:32"), 2, 32));
    BenchFailure e = assertThrows(BenchFailure.class,
        () -> TextValues.parseTimestamptz(at("infinity"), 2, 8));
    assertTrue(e.getMessage().contains("\"infinity\"") && e.getMessage().contains("timestamptz"), e.getMessage());
    assertThrows(BenchFailure.class, () -> TextValues.parseTimestamptz(at("0044-03-15 12:00:00+00 BC"), 2, 25));
  }

  @Test
  void booleansAndUuids() {
    assertTrue(TextValues.parseBoolean(at("t"), 2, 1));
    assertFalse(TextValues.parseBoolean(at("f"), 2, 1));
    assertThrows(BenchFailure.class, () -> TextValues.parseBoolean(at("true"), 2, 4));
    String u = "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11";
    assertEquals(UUID.fromString(u), TextValues.parseUuid(at(u), 2, 36));
    String max = "ffffffff-ffff-ffff-ffff-ffffffffffff";
    assertEquals(UUID.fromString(max), TextValues.parseUuid(at(max), 2, 36));
    assertThrows(BenchFailure.class, () -> TextValues.parseUuid(at("a0eebc999c0b4ef8bb6d6bb9bd380a11"), 2, 32));
  }
}
