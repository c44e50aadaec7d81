package io.sluice.types;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The binary format of each type as literal bytes, one field a line, checked in both directions.
 * The bytes are what PostgreSQL 15's send functions print for the same values.
 */
class BinaryFixturesTest {
  private static final TypeRegistry REGISTRY = new TypeRegistry();
  private static final TypeContext CTX = new SessionTypeContext(REGISTRY, JsonCodec.STRING);

  /** {@code value} encodes to exactly {@code fixture} and {@code fixture} decodes to {@code value}. */
  static void fixture(Codec<?> codec, Object value, String fixture) {
    byte[] bytes = Hex.bytes(fixture);
    Hex.assertBytes(bytes, Hex.encode(codec, value, CTX), codec.name() + " encoding of " + Values.show(value));
    Values.assertSame(value, codec.decodeBinary(bytes, 0, bytes.length, CTX), codec.name() + " decoding");
  }

  static Codec<?> codec(String name) {
    return REGISTRY.codecFor(REGISTRY.oidOf(name));
  }

  @Test
  void integers() {
    fixture(Ints.INT2, (short) -2, "ff fe");
    fixture(Ints.INT4, 0x01020304, "01 02 03 04");
    fixture(Ints.INT8, 1L, "00 00 00 00 00 00 00 01");
    fixture(Ints.OID, 4294967295L, "ff ff ff ff // unsigned");
    fixture(Bools.BOOL, true, "01");
  }

  @Test
  void floats() {
    fixture(Floats.FLOAT4, 1.5f, "3f c0 00 00");
    fixture(Floats.FLOAT8, -2.5d, "c0 04 00 00 00 00 00 00");
    fixture(Floats.FLOAT8, -0.0d, "80 00 00 00 00 00 00 00 // sign bit only");
    fixture(Floats.FLOAT4, Float.NaN, "7f c0 00 00 // the canonical quiet NaN");
  }

  @Test
  void numerics() {
    fixture(Numerics.NUMERIC, new BigDecimal("-1234.5678"), """
        00 02  // ndigits
        00 00  // weight: the first digit is 10000^0
        40 00  // sign: NUMERIC_NEG
        00 04  // dscale: 4 decimal places
        04 d2  // 1234
        16 2e  // 5678
        """);
    fixture(Numerics.NUMERIC, new BigDecimal("0.5"), """
        00 01  // ndigits
        ff ff  // weight -1: the digit is 10000^-1
        00 00  // sign: NUMERIC_POS
        00 01  // dscale 1
        13 88  // 5000
        """);
    fixture(Numerics.NUMERIC, new BigDecimal("100000000000000000000"), """
        00 01  // ndigits: trailing zero digits are not sent
        00 05  // weight 5: 1 * 10000^5
        00 00  // sign
        00 00  // dscale
        00 01  // 1
        """);
    fixture(Numerics.NUMERIC, new BigDecimal("0.000"), """
        00 00  // ndigits: zero has none
        00 00  // weight
        00 00  // sign
        00 03  // dscale 3 keeps "0.000"
        """);
    fixture(Numerics.NUMERIC, Double.NaN, "00 00 | 00 00 | c0 00 // NUMERIC_NAN | 00 00");
    fixture(Numerics.NUMERIC, Double.POSITIVE_INFINITY, "00 00 | 00 00 | d0 00 // NUMERIC_PINF | 00 20 // as numeric_send");
    fixture(Numerics.NUMERIC, Double.NEGATIVE_INFINITY, "00 00 | 00 00 | f0 00 // NUMERIC_NINF | 00 20");
    fixture(Money.MONEY, new BigDecimal("1234.56"), "00 00 00 00 00 01 e2 40 // 123456 cents");
  }

  @Test
  void strings() {
    fixture(Texts.TEXT, "h\u00e9😀", "68 | c3 a9 // é | f0 9f 98 80 // U+1F600, four bytes");
    fixture(Texts.CHAR, "\u00e9", "e9 // one byte");
    fixture(Texts.CHAR, "", "00 // the empty \"char\" is byte 0");
    fixture(Texts.JSONB, "{\"a\": 1}", "01 // jsonb version | 7b 22 61 22 3a 20 31 7d");
    fixture(Texts.JSON, "{}", "7b 7d // the text itself");
    fixture(Bytea.BYTEA, new byte[] {0, (byte) 0xff}, "00 ff");
    fixture(Uuids.UUID, UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"), "a0eebc99 9c0b 4ef8 bb6d 6bb9bd380a11");
  }

  @Test
  void datesAndTimes() {
    fixture(Dates.DATE, LocalDate.of(2024, 2, 29), "00 00 22 79 // 8825 days after 2000-01-01");
    fixture(Dates.DATE, LocalDate.of(1999, 12, 31), "ff ff ff ff // the day before the epoch");
    fixture(Dates.DATE, LocalDate.MAX, "7f ff ff ff // DATEVAL_NOEND: infinity");
    fixture(Dates.DATE, LocalDate.MIN, "80 00 00 00 // DATEVAL_NOBEGIN: -infinity");
    fixture(Times.TIME, LocalTime.of(12, 34, 56, 789_000_000), "00 00 00 0a 8b e6 26 08 // microseconds since midnight");
    fixture(Times.TIME, LocalTime.MAX, "00 00 00 14 1d d7 60 00 // 24:00:00");
    fixture(Timestamps.TIMESTAMP, LocalDateTime.of(2024, 2, 29, 12, 0), "00 02 b5 82 c4 78 10 00 // µs since 2000-01-01");
    fixture(Timestamps.TIMESTAMPTZ, LocalDateTime.of(1999, 12, 31, 23, 59, 59, 999_999_000).atOffset(java.time.ZoneOffset.UTC),
        "ff ff ff ff ff ff ff ff // one µs before the epoch, UTC");
    fixture(Timestamps.TIMESTAMPTZ, OffsetDateTime.MAX, "7f ff ff ff ff ff ff ff // DT_NOEND");
    fixture(Times.TIMETZ, java.time.OffsetTime.of(12, 34, 56, 789_000_000, java.time.ZoneOffset.ofHoursMinutes(5, 30)), """
        00 00 00 0a 8b e6 26 08  // time of day in µs
        ff ff b2 a8              // zone: -19800 s, seconds WEST of UTC
        """);
    fixture(Intervals.INTERVAL, new Interval(14, 3, 14_706_789_000L), """
        00 00 00 03 6c 97 ca 88  // microseconds: 04:05:06.789
        00 00 00 03              // days
        00 00 00 0e              // months: 1 year 2 mons
        """);
  }

  @Test
  void networkAndBits() {
    fixture(Nets.INET, Inet.parse("2001:db8::1/64"), """
        03        // family: PGSQL_AF_INET6
        40        // bits: 64
        00        // is_cidr: no
        10        // address length 16
        20 01 0d b8 00 00 00 00 00 00 00 00 00 00 00 01
        """);
    fixture(Nets.CIDR, Inet.parse("10.0.0.0/8"), "02 // PGSQL_AF_INET | 08 // bits | 01 // is_cidr | 04 | 0a 00 00 00");
    fixture(Nets.MACADDR, new MacAddress(HexFormat.of().parseHex("08002b010203")), "08 00 2b 01 02 03");
    fixture(Bits.VARBIT, BitString.parse("10101"), "00 00 00 05 // bit length | a8 // 10101 then padding zeros");
    fixture(Bits.BIT, BitString.parse("1010101010"), "00 00 00 0a | aa 80");
  }

  @Test
  void arrays() {
    fixture(codec("_int2"), new Short[][] {{1, 2}, {3, 4}}, """
        00 00 00 02  // ndim
        00 00 00 00  // flags: no NULLs
        00 00 00 15  // element type: int2 (21)
        00 00 00 02  // dimension 1: 2 sub-arrays
        00 00 00 01  //   lower bound 1
        00 00 00 02  // dimension 2: 2 elements each
        00 00 00 01  //   lower bound 1
        00 00 00 02 00 01  // length 2, 1
        00 00 00 02 00 02
        00 00 00 02 00 03
        00 00 00 02 00 04
        """);
    fixture(codec("_text"), new String[] {"a", null}, """
        00 00 00 01  // ndim
        00 00 00 01  // flags: has NULLs
        00 00 00 19  // element type: text (25)
        00 00 00 02  // 2 elements
        00 00 00 01  // lower bound 1
        00 00 00 01 61  // "a"
        ff ff ff ff     // NULL
        """);
    fixture(codec("_int4"), new Integer[0], "00 00 00 00 // ndim 0: empty | 00 00 00 00 // flags | 00 00 00 17 // int4");
    // A lower bound other than 1 decodes to the same Java array (lower bounds are not kept).
    byte[] zeroBased = Hex.bytes("00000001 00000000 00000017 00000002 00000000 // lower bound 0 | 00000004 00000007 00000004 00000008");
    Values.assertSame(new Integer[] {7, 8}, codec("_int4").decodeBinary(zeroBased, 0, zeroBased.length, CTX), "[0:1]={7,8}");
  }

  @Test
  void rangesRecordsAndExtensions() {
    fixture(Ranges.NUMRANGE, new Range<Object>(new BigDecimal("1.5"), false, new BigDecimal("2.5"), true, false), """
        04                    // flags: UB_INC
        00 00 00 0c           // lower bound length
        00 02 00 00 00 00 00 01 00 01 13 88  // numeric 1.5
        00 00 00 0c           // upper bound length
        00 02 00 00 00 00 00 01 00 02 13 88  // numeric 2.5
        """);
    fixture(Ranges.DATERANGE, Range.closedOpen(LocalDate.of(2024, 2, 29), null),
        "12 // LB_INC + UB_INF | 00 00 00 04 | 00 00 22 79 // 2024-02-29");
    fixture(Ranges.INT4RANGE, Range.empty(), "01 // RANGE_EMPTY, nothing else");
    fixture(codec("int4multirange"), List.of(), "00 00 00 00 // no ranges");
    byte[] record = Hex.bytes("""
        00 00 00 02              // 2 columns
        00 00 00 17 00 00 00 04 00 00 00 07  // int4 7
        00 00 00 19 ff ff ff ff  // text NULL
        """);
    Composite row = Composites.RECORD.decodeBinary(record, 0, record.length, CTX);
    assertEquals(List.of("f1", "f2"), row.names());
    assertEquals(7, row.get("f1"));
    assertEquals(null, row.get(1));
    Map<String, String> h = new LinkedHashMap<>();
    h.put("a", "1");
    h.put("b", null);
    fixture(Extensions.HSTORE, h, """
        00 00 00 02              // pairs
        00 00 00 01 61           // key "a"
        00 00 00 01 31           // value "1"
        00 00 00 01 62           // key "b"
        ff ff ff ff              // value NULL
        """);
    fixture(Extensions.VECTOR, new float[] {1f, -2.5f}, """
        00 02                    // dimensions
        00 00                    // unused
        3f 80 00 00              // 1.0
        c0 20 00 00              // -2.5
        """);
  }
}
