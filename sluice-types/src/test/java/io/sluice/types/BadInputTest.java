package io.sluice.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.sluice.types.Samples.Sample;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Ragged arrays, values outside PostgreSQL's range, malformed bytes and invalid text. */
class BadInputTest {
  private static final TypeRegistry REGISTRY = new TypeRegistry();
  private static final TypeContext CTX = new SessionTypeContext(REGISTRY, JsonCodec.STRING);

  static Codec<?> codec(String name) {
    return REGISTRY.codecFor(REGISTRY.oidOf(name));
  }

  /** Both encoders of {@code codec} refuse {@code value} with a CodecException whose message has {@code part}. */
  static void refused(Codec<?> codec, Object value, String part) {
    CodecException b = assertThrows(CodecException.class, () -> Hex.encode(codec, value, CTX), "binary");
    assertTrue(b.getMessage().contains(part), b.getMessage());
    CodecException t = assertThrows(CodecException.class, () -> Hex.encodeText(codec, value, CTX), "text");
    assertTrue(t.getMessage().contains(part), t.getMessage());
  }

  static void badText(Codec<?> codec, String text, String part) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    CodecException e = assertThrows(CodecException.class, () -> codec.decodeText(b, 0, b.length, CTX), text);
    assertTrue(e.getMessage().contains(part), e.getMessage());
  }

  static void badBinary(Codec<?> codec, String fixture, String part) {
    byte[] b = Hex.bytes(fixture);
    CodecException e = assertThrows(CodecException.class, () -> codec.decodeBinary(b, 0, b.length, CTX), fixture);
    assertTrue(e.getMessage().contains(part), e.getMessage());
  }

  @Test
  void raggedArraysAreRefused() {
    Codec<?> int4s = codec("_int4");
    refused(int4s, new int[][] {{1, 2}, {3}}, "ragged");
    refused(int4s, List.of(List.of(1), 2), "ragged");
    refused(int4s, List.of(1, List.of(2)), "ragged");
    refused(int4s, List.of(List.of(), List.of(1)), "ragged");
    refused(int4s, new Integer[][] {{1}, null}, "ragged");
    refused(int4s, new int[1][1][1][1][1][1][1], "more than 6 dimensions");
    badText(int4s, "{{1,2},{3}}", "ragged");
    badText(int4s, "{{1},2}", "ragged");
    badText(int4s, "{1,{2}}", "sub-array where an element was expected");
    badText(int4s, "[1:3]={1,2}", "dimensions do not match");
    // and through the registry, as a parameter would go
    ParameterCodec p = REGISTRY.codecForValue(new int[][] {{1, 2}, {3}});
    assertThrows(CodecException.class, () -> p.encodeBinary(new int[][] {{1, 2}, {3}}, new io.sluice.protocol.WireWriter(), CTX));
  }

  @Test
  void emptyNestedArraysAreEmpty() {
    Values.assertSame(Hex.bytes("00000000 00000000 00000017"), Hex.encode(codec("_int4"), List.of(List.of(), List.of()), CTX),
        "[[], []] is the empty array");
    assertEquals("{}", Hex.encodeText(codec("_int4"), new int[2][0], CTX));
  }

  @Test
  void valuesOutsideTheServersRangeAreRefused() {
    refused(Dates.DATE, LocalDate.of(5874898, 1, 1), "out of PostgreSQL's range");
    refused(Dates.DATE, LocalDate.of(-4713, 11, 23), "out of PostgreSQL's range");
    refused(Timestamps.TIMESTAMP, LocalDateTime.of(294277, 1, 1, 0, 0), "out of PostgreSQL's range");
    refused(Timestamps.TIMESTAMP, LocalDateTime.of(294276, 12, 31, 23, 59, 59, 999_999_500), "out of PostgreSQL's range");
    refused(Timestamps.TIMESTAMP, LocalDateTime.of(-4713, 11, 23, 23, 59), "out of PostgreSQL's range");
    refused(Timestamps.INSTANT, Instant.parse("-5000-01-01T00:00:00Z"), "out of PostgreSQL's range");
    refused(Timestamps.TIMESTAMPTZ, LocalDateTime.of(999_999_999, 1, 1, 0, 0).atOffset(ZoneOffset.UTC), "out of PostgreSQL's range");
    refused(Times.TIMETZ, OffsetTime.of(LocalTime.NOON, ZoneOffset.ofHours(16)), "15:59:59");
    refused(Numerics.NUMERIC, new BigDecimal(BigInteger.ONE, 16384), "scale 16384");
    refused(Numerics.NUMERIC, new BigDecimal(BigInteger.ONE, -131072), "131073 digits before the decimal point");
    refused(Money.MONEY, new BigDecimal("1.005"), "whole number of cents");
    refused(Money.MONEY, new BigDecimal("92233720368547758.08"), "int64");
    refused(Ints.OID, -1L, "outside [0, 4294967295]");
    refused(Texts.TEXT, "a\0b", "NUL");
    refused(Texts.TEXT, "lone \uD800 surrogate", "surrogate");
    refused(Texts.CHAR, "ab", "one byte");
    refused(Texts.CHAR, "\u0100", "one byte");
    refused(Nets.CIDR, Inet.parse("10.0.0.1/8"), "bits set to the right of the prefix");
    refused(Extensions.VECTOR, new float[] {1f, Float.NaN}, "finite");
    refused(Extensions.VECTOR, new float[0], "dimensions");
    Map<String, String> nullKey = new HashMap<>();
    nullKey.put(null, "x");
    refused(Extensions.HSTORE, nullKey, "keys must be non-null");
    refused(Texts.JSONB, Map.of("a", 1), "is sent as its JSON text, a String, not a java.util.");
    refused(Composites.RECORD, new Composite("record", List.of("f1"), List.of(1)), "anonymous record");
    assertThrows(CodecException.class, () -> new Inet(Inet.parse("1.2.3.4").address(), 33));
    assertThrows(CodecException.class, () -> Interval.of(Duration.ofSeconds(Long.MAX_VALUE)));
    assertThrows(CodecException.class, () -> new Interval(1, 0, 0).toDuration());
    assertThrows(CodecException.class, () -> new Interval(0, 1, 1).toPeriod());
  }

  @Test
  void largeScalesThatStripToAFitAreSent() {
    // 1.000...0 with 20000 zeros is exactly 1: sent with the trailing zeros stripped
    BigDecimal one = BigDecimal.ONE.setScale(20000);
    Values.assertSame(BigDecimal.ONE, Numerics.NUMERIC.decodeBinary(Hex.encode(Numerics.NUMERIC, one, CTX), 0, 10, CTX), "1.000...");
  }

  @Test
  void nanAndInfinityHaveNoBigDecimal() {
    byte[] nan = Hex.bytes("0000 0000 c000 0000");
    CodecException e = assertThrows(CodecException.class, () -> Numerics.BIG_DECIMAL.decodeBinary(nan, 0, nan.length, CTX));
    assertTrue(e.getMessage().contains("NaN"), e.getMessage());
    badText(Numerics.BIG_DECIMAL, "-Infinity", "-Infinity has no BigDecimal");
    badText(Ints.INT4, "NaN", "not an integer");
    badText(Ints.INT4, "2147483648", "out of range");
    badText(Ints.INT2, "-32769", "out of range");
    badText(Ints.INT8, "9223372036854775808", "out of range");
    badText(Ints.INT4, "1.0", "not an integer");
    badText(Floats.FLOAT8, "1d", "invalid text value");
    badText(Floats.FLOAT8, "0x1p3", "invalid text value");
  }

  @Test
  void malformedBinaryIsAValueException() {
    badBinary(Ints.INT4, "00 00 01", "4 bytes, got 3");
    badBinary(Ints.INT8, "", "8 bytes, got 0");
    badBinary(Uuids.UUID, "00", "16 bytes");
    badBinary(Numerics.NUMERIC, "0001 0000 0000", "8-byte header");
    badBinary(Numerics.NUMERIC, "0001 0000 0000 0000", "1 digits need 10 bytes");
    badBinary(Numerics.NUMERIC, "0001 0000 0000 0000 2710", "digit 10000");
    badBinary(Numerics.NUMERIC, "0000 0000 1234 0000", "sign 0x1234");
    badBinary(Numerics.NUMERIC, "0001 ffff 0000 0000 0001", "past the display scale");
    badBinary(Times.TIME, "00 00 00 14 1d d7 60 01", "not a time of day");
    badBinary(Times.TIMETZ, "0000000000000000 0000e100", "out of range");
    badBinary(Nets.INET, "09 20 00 04 01020304", "family 9");
    badBinary(Nets.INET, "02 21 00 04 01020304", "33 bits");
    badBinary(Bits.VARBIT, "00000009 ff", "9 bits in 1 bytes");
    badBinary(Texts.JSONB, "02 7b7d", "jsonb version 2");
    badBinary(Texts.TEXT, "c3", "UTF-8");
    badBinary(codec("_int4"), "00000007 00000000 00000017", "7 dimensions");
    badBinary(codec("_int4"), "00000001 00000002 00000017", "flags 2");
    badBinary(codec("_int4"), "00000001 00000000 00000017 7fffffff 00000001", "cannot fit");
    badBinary(codec("_int4"), "00000002 00000000 00000017 00010000 00000001 00010000 00000001", "cannot fit");
    badBinary(codec("_int4"), "00000001 00000000 00000017 00000001 00000001 fffffffe", "negative element length");
    badBinary(codec("_int4"), "00000001 00000000 00000017 00000001 00000001 00000008 00000001", "needs 8 bytes");
    badBinary(codec("_int4"), "00000001 00000000 00000017 00000001 00000001 00000004 00000001 00", "trailing");
    badBinary(codec("_int4"), "00000001 00000000 00000099 00000001 00000001 00000004 00000001", "OID 153 has no codec");
    badBinary(Composites.RECORD, "7fffffff", "columns in 0 bytes");
    badBinary(Composites.RECORD, "00000001 00003039 00000000", "OID 12345");
    badBinary(Ranges.INT4RANGE, "02 00000004 00000001", "needs 4 bytes");
    badBinary(Extensions.HSTORE, "00000001 ffffffff 00000000", "NULL key");
  }

  @Test
  void invalidTextIsAValueException() {
    badText(Dates.DATE, "2024-02-30", "Invalid date");
    badText(Dates.DATE, "2024-2-3", "expected 2 digits");
    badText(Times.TIME, "24:00:01", "out of range");
    badText(Times.TIME, "12:60:00", "out of range");
    badText(Timestamps.TIMESTAMPTZ, "2024-02-29 12:00:00", "unexpected end");
    badText(Timestamps.TIMESTAMPTZ, "2024-02-29 12:00:00Z", "expected a UTC offset");
    badText(codec("_int4"), "{1,2", "expected ',' at offset 4");
    badText(codec("_int4"), "{1,,2}", "empty element");
    badText(codec("_text"), "{\"a}", "unexpected end");
    badText(Composites.RECORD, "(1,2", "unexpected end");
    badText(Bytea.BYTEA, "\\xZZ", "hexadecimal");
    badText(Bytea.BYTEA, "\\x0", "hexadecimal");
    badText(Bytea.BYTEA, "\\9", "invalid escape");
    badText(Uuids.UUID, "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1", "36 characters");
    badText(Uuids.UUID, "a0eebc99x9c0b-4ef8-bb6d-6bb9bd380a11", "'-'");
    badText(Intervals.INTERVAL, "1 fortnight", "expected a unit");
    badText(Nets.INET, "1.2.3.256", "over 255");
    badText(Nets.INET, "1:2:3", "not an IPv6 address");
    badText(Ranges.INT4RANGE, "[1,2", "unterminated");
    badText(Bools.BOOL, "maybe", "invalid text value");
  }

  @Test
  void textInOtherServerStylesNamesTheSetting() {
    SessionTypeContext sql = new SessionTypeContext(REGISTRY, JsonCodec.STRING);
    sql.serverParameter("DateStyle", "SQL, DMY");
    sql.serverParameter("IntervalStyle", "sql_standard");
    byte[] date = "29/02/2024".getBytes(StandardCharsets.US_ASCII);
    CodecException e = assertThrows(CodecException.class, () -> Dates.DATE.decodeText(date, 0, date.length, sql));
    assertTrue(e.getMessage().contains("DateStyle is 'SQL, DMY'"), e.getMessage());
    byte[] interval = "1-2 +3 -4:05:06".getBytes(StandardCharsets.US_ASCII);
    e = assertThrows(CodecException.class, () -> Intervals.INTERVAL.decodeText(interval, 0, interval.length, sql));
    assertTrue(e.getMessage().contains("IntervalStyle 'sql_standard'"), e.getMessage());
  }

  /**
   * Decoders are total: every prefix of every sample's bytes, each single-byte corruption, and
   * random bytes either decode or throw CodecException, never anything else.
   */
  @Test
  void decodersAreTotalOverMangledBytes() {
    List<Codec<?>> codecs = new ArrayList<>();
    List<byte[]> inputs = new ArrayList<>();
    for (Sample s : Samples.all()) {
      byte[] b = Hex.encode(s.codec(), s.value(), CTX);
      if (b.length > 4096) {
        continue;
      }
      for (int n = 0; n < b.length; n++) {
        codecs.add(s.codec());
        inputs.add(Arrays.copyOf(b, n));
        for (byte x : new byte[] {(byte) 0xFF, (byte) 0x80, 0x7F, 0}) {
          byte[] c = b.clone();
          c[n] = x;
          codecs.add(s.codec());
          inputs.add(c);
        }
      }
    }
    Random random = new Random(20240229);
    List<Codec<?>> all = new ArrayList<>();
    for (Sample s : Samples.all()) {
      all.add(s.codec());
    }
    for (int i = 0; i < 20_000; i++) {
      byte[] b = new byte[random.nextInt(40)];
      random.nextBytes(b);
      codecs.add(all.get(random.nextInt(all.size())));
      inputs.add(b);
    }
    for (int i = 0; i < inputs.size(); i++) {
      byte[] in = inputs.get(i);
      Codec<?> c = codecs.get(i);
      expectOnlyValueException(() -> c.decodeBinary(in, 0, in.length, CTX), c, in, "binary");
      expectOnlyValueException(() -> c.decodeText(in, 0, in.length, CTX), c, in, "text");
    }
  }

  /** The same for text made of the characters the text formats are built from. */
  @Test
  void textDecodersAreTotalOverMangledText() {
    String alphabet = "0123456789-:.+ {}[](),\"\\=>abcdefxNULinftyBCPTHMSYDW@/agoe";
    Random random = new Random(4713);
    List<Codec<?>> all = new ArrayList<>();
    for (Sample s : Samples.all()) {
      all.add(s.codec());
    }
    for (int i = 0; i < 50_000; i++) {
      byte[] b = new byte[random.nextInt(24)];
      for (int k = 0; k < b.length; k++) {
        b[k] = (byte) alphabet.charAt(random.nextInt(alphabet.length()));
      }
      Codec<?> c = all.get(random.nextInt(all.size()));
      expectOnlyValueException(() -> c.decodeText(b, 0, b.length, CTX), c, b, "text");
    }
    for (Sample s : Samples.all()) {
      byte[] text = Hex.encodeText(s.codec(), s.value(), CTX).getBytes(StandardCharsets.UTF_8);
      if (text.length > 4096) {
        continue;
      }
      for (int n = 0; n < text.length; n++) {
        byte[] prefix = Arrays.copyOf(text, n);
        expectOnlyValueException(() -> s.codec().decodeText(prefix, 0, prefix.length, CTX), s.codec(), prefix, "text");
        byte[] c = text.clone();
        c[n] = (byte) alphabet.charAt(n % alphabet.length());
        expectOnlyValueException(() -> s.codec().decodeText(c, 0, c.length, CTX), s.codec(), c, "text");
      }
    }
  }

  private static void expectOnlyValueException(Executable decode, Codec<?> c, byte[] in, String format) {
    try {
      decode.execute();
    } catch (CodecException expected) {
      // fine
    } catch (Throwable t) {
      fail(c.name() + " " + format + " decoding of " + Hex.hex(in) + " threw " + t, t);
    }
  }
}
