package io.sluice.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.math.BigDecimal;
import java.net.Inet6Address;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Details of the text formats: the spellings the server prints and the forms we write. */
class TextFormatsTest {
  private static final TypeRegistry REGISTRY = new TypeRegistry();
  private static final TypeContext CTX = new SessionTypeContext(REGISTRY, JsonCodec.STRING);

  static Object decode(Codec<?> codec, String text) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    return codec.decodeText(b, 0, b.length, CTX);
  }

  static Codec<?> codec(String name) {
    return REGISTRY.codecFor(REGISTRY.oidOf(name));
  }

  static OffsetDateTime utc(int y, int mo, int d, int h, int mi, int s, int nanos) {
    return OffsetDateTime.of(y, mo, d, h, mi, s, nanos, ZoneOffset.UTC);
  }

  @Test
  void timestamptzOffsetsAreNormalisedToUtc() {
    assertEquals(utc(2024, 2, 29, 6, 30, 0, 0), decode(Timestamps.TIMESTAMPTZ, "2024-02-29 12:00:00+05:30"));
    assertEquals(utc(2024, 2, 29, 12, 0, 0, 0), decode(Timestamps.TIMESTAMPTZ, "2024-03-01 01:45:00+13:45"));
    assertEquals(utc(1900, 1, 1, 0, 0, 0, 0), decode(Timestamps.TIMESTAMPTZ, "1900-01-01 05:41:16+05:41:16"));
    assertEquals(utc(1850, 1, 1, 0, 0, 0, 0), decode(Timestamps.TIMESTAMPTZ, "1849-12-31 11:46:12-12:13:48"));
    assertEquals(utc(-4713, 11, 24, 0, 0, 0, 0), decode(Timestamps.TIMESTAMPTZ, "4714-11-24 05:41:16+05:41:16 BC"));
    assertEquals(utc(2024, 2, 29, 12, 0, 0, 500_000_000), decode(Timestamps.TIMESTAMPTZ, "2024-02-29 09:00:00.5-03"));
    assertEquals(OffsetDateTime.MIN, decode(Timestamps.TIMESTAMPTZ, "-infinity"));
    assertEquals(ZoneOffset.UTC, ((OffsetDateTime) decode(Timestamps.TIMESTAMPTZ, "2000-01-01 00:00:00+14")).getOffset());
  }

  @Test
  void datesAndTimesAreWrittenInIsoWithBc() {
    assertEquals("4714-11-24 BC", Dates.DATE.encodeText(LocalDate.of(-4713, 11, 24), CTX));
    assertEquals("0001-12-31 BC", Dates.DATE.encodeText(LocalDate.of(0, 12, 31), CTX));
    assertEquals("10000-01-01", Dates.DATE.encodeText(LocalDate.of(10000, 1, 1), CTX));
    assertEquals("infinity", Dates.DATE.encodeText(LocalDate.MAX, CTX));
    assertEquals("2024-02-29 12:00:00.5+00",
        Timestamps.TIMESTAMPTZ.encodeText(OffsetDateTime.of(2024, 2, 29, 17, 30, 0, 500_000_000, ZoneOffset.ofHoursMinutes(5, 30)), CTX));
    assertEquals("0001-01-01 00:00:00+00 BC", Timestamps.TIMESTAMPTZ.encodeText(utc(0, 1, 1, 0, 0, 0, 0), CTX));
    assertEquals("24:00:00", Times.TIME.encodeText(LocalTime.MAX, CTX));
    assertEquals("00:00:00.000001", Times.TIME.encodeText(LocalTime.of(0, 0, 0, 1000), CTX));
  }

  @Test
  void nanosecondsRoundHalfEvenToMicroseconds() {
    LocalDateTime base = LocalDateTime.of(2000, 1, 1, 0, 0);
    assertEquals("2000-01-01 00:00:00", Timestamps.TIMESTAMP.encodeText(base.plusNanos(500), CTX), "0.5 µs rounds to even 0");
    assertEquals("2000-01-01 00:00:00.000002", Timestamps.TIMESTAMP.encodeText(base.plusNanos(1500), CTX), "1.5 µs to 2");
    assertEquals("2000-01-01 00:00:00.000002", Timestamps.TIMESTAMP.encodeText(base.plusNanos(2500), CTX), "2.5 µs to 2");
    assertEquals("2000-01-01 00:00:00.000003", Timestamps.TIMESTAMP.encodeText(base.plusNanos(2501), CTX));
    assertEquals("2000-01-02 00:00:00",
        Timestamps.TIMESTAMP.encodeText(LocalDateTime.of(2000, 1, 1, 23, 59, 59, 999_999_500), CTX), "carry into the next day");
    byte[] b = Hex.encode(Timestamps.TIMESTAMP, base.plusNanos(1500), CTX);
    assertEquals(base.plusNanos(2000), Timestamps.TIMESTAMP.decodeBinary(b, 0, b.length, CTX));
  }

  @Test
  void intervalsInEveryReadableStyle() {
    Interval i = new Interval(14, -3, 14_706_789_000L);
    assertEquals(i, decode(Intervals.INTERVAL, "1 year 2 mons -3 days +04:05:06.789"));
    assertEquals(i, decode(Intervals.INTERVAL, "P1Y2M-3DT4H5M6.789S"));
    assertEquals(new Interval(-14, 3, -14_706_789_000L),
        decode(Intervals.INTERVAL, "@ 1 year 2 mons -3 days 4 hours 5 mins 6.789 secs ago"));
    assertEquals(Interval.ZERO, decode(Intervals.INTERVAL, "00:00:00"));
    assertEquals(Interval.ZERO, decode(Intervals.INTERVAL, "PT0S"));
    assertEquals(Interval.ZERO, decode(Intervals.INTERVAL, "@ 0"));
    assertEquals(new Interval(0, 0, Long.MIN_VALUE), decode(Intervals.INTERVAL, "-2562047788:00:54.775808"));
    assertEquals(new Interval(0, -1, 7_380_000_000L), decode(Intervals.INTERVAL, "P-1DT2H3M"));
    assertEquals("+14 mons -3 days +4 hours +5 minutes +6 seconds +789000 microseconds",
        Intervals.INTERVAL.encodeText(i, CTX));
    // each part has the sign of the whole time; the extremes read back exactly
    assertEquals("-1 mons +2 days -1 hours +0 minutes +0 seconds +0 microseconds",
        Intervals.INTERVAL.encodeText(new Interval(-1, 2, -3_600_000_000L), CTX));
    for (long us : new long[] {Long.MIN_VALUE, Long.MAX_VALUE, -1, 59_999_999L}) {
      Interval extreme = new Interval(Integer.MIN_VALUE, Integer.MAX_VALUE, us);
      assertEquals(extreme, decode(Intervals.INTERVAL, Intervals.INTERVAL.encodeText(extreme, CTX)));
    }
    assertEquals(java.time.Period.of(1, 2, -3), new Interval(14, -3, 0).toPeriod());
    assertEquals(java.time.Duration.ofHours(26), new Interval(0, 1, 7_200_000_000L).toDuration());
  }

  @Test
  void arrayTextQuotingAndDecorations() {
    Codec<?> texts = codec("_text");
    assertEquals("{\"\",NULL,\"NULL\",\"a b\",\"q\\\"uote\",\"back\\\\slash\",\"{}\",\"x,y\",plain,😀}",
        Hex.encodeText(texts, Arrays.asList("", null, "NULL", "a b", "q\"uote", "back\\slash", "{}", "x,y", "plain", "😀"), CTX));
    Values.assertSame(new String[] {"a,b", "c", "  d e", "NULL", null, "nUlL x"},
        decode(texts, "{ a\\,b , c,\"  d e\" ,\"NULL\", null, nUlL x }"), "spaces, escapes and NULL spellings");
    Values.assertSame(new Integer[][] {{1, 2}, {3, 4}}, decode(codec("_int4"), "[1:2][3:4]={{1,2},{3,4}}"), "bounds dropped");
    Values.assertSame(new Integer[] {1, 2, 3}, decode(codec("_int4"), "[-1:1]={1,2,3}"), "negative lower bound");
    Values.assertSame(new String[][] {{"é", "\""}}, decode(texts, "{{é,\"\\\"\"}}"), "multi-byte and escaped quote");
    assertEquals("{{1,2},{3,4}}", Hex.encodeText(codec("_int4"), new int[][] {{1, 2}, {3, 4}}, CTX));
    Values.assertSame(new String[] {"(3,4),(1,2)", "(7,8),(5,6)"}, decode(new ArrayCodec("_box", Oids.BOX, Texts.TEXT, REGISTRY), "{(3,4),(1,2);(7,8),(5,6)}"),
        "a box array separates its elements with ';'");
    assertEquals("{\"\\\\x00ff\",NULL}", Hex.encodeText(codec("_bytea"), new byte[][] {{0, (byte) 0xff}, null}, CTX));
  }

  @Test
  void otherTextForms() {
    Values.assertSame(new byte[] {0, (byte) 0xff, '\\', 'A'}, decode(Bytea.BYTEA, "\\000\\377\\\\A"), "escape format");
    Values.assertSame(new byte[] {0, (byte) 0xff}, decode(Bytea.BYTEA, "\\x00FF"), "hex, upper case");
    assertEquals(new BigDecimal("1234.56"), decode(Money.MONEY, "$1,234.56"));
    assertEquals(new BigDecimal("-1234.56"), decode(Money.MONEY, "-$1,234.56"));
    assertEquals(new BigDecimal("-5.00"), decode(Money.MONEY, "($5.00)"));
    assertEquals(true, decode(Bools.BOOL, " yes "));
    assertEquals(false, decode(Bools.BOOL, "0"));
    assertEquals("\u00e9", decode(Texts.CHAR, "\\351"));
    assertEquals("\\351", Texts.CHAR.encodeText("\u00e9", CTX));
    Map<String, String> h = new LinkedHashMap<>();
    h.put("a", "b");
    h.put("c", null);
    h.put("k y", "v\"w");
    Values.assertSame(h, decode(Extensions.HSTORE, "a=>b, c => NULL,\"k y\"=>\"v\\\"w\""), "hstore");
    assertEquals("\"a\"=>\"b\", \"c\"=>NULL, \"k y\"=>\"v\\\"w\"", Extensions.HSTORE.encodeText(h, CTX));
    Values.assertSame(new float[] {1f, 2.5f, -3f}, decode(Extensions.VECTOR, "[1,2.5,-3]"), "vector");
    assertEquals("[1.0,2.5]", Extensions.VECTOR.encodeText(new float[] {1f, 2.5f}, CTX));
  }

  @Test
  void recordsRangesAndAddresses() {
    Composite r = (Composite) decode(Composites.RECORD, "(1,\"a \"\"b\"\" \\\\c\",,\"\")");
    assertEquals(Arrays.asList("1", "a \"b\" \\c", null, ""), r.values(), "anonymous record text gives strings");
    Codec<Range<Object>> textRange = Ranges.range("textrange", Oids.TEXT, Texts.TEXT);
    Range<?> q = (Range<?>) decode(textRange, "[\"a\\\"b\",\"c\"\"d\")");
    assertEquals(new Range<Object>("a\"b", true, "c\"d", false, false), q);
    assertEquals("[\"a\"\"b\",\"c\"\"d\")", textRange.encodeText(new Range<Object>("a\"b", true, "c\"d", false, false), CTX));
    assertEquals("[\"\",\" x\")", textRange.encodeText(new Range<Object>("", true, " x", false, false), CTX));
    assertEquals("(,)", Ranges.INT4RANGE.encodeText(Range.open(null, null), CTX));
    assertEquals("2001:db8::1", Inet.parse("2001:0db8:0000:0000:0000:0000:0000:0001").toString());
    assertEquals("1:0:0:1::1", Inet.parse("1:0:0:1:0:0:0:1").toString(), "the longest zero run is compressed");
    assertEquals("::", Inet.parse("::").toString());
    assertEquals("1::", Inet.parse("1::").toString());
    assertEquals("::1.2.3.4", Inet.parse("::1.2.3.4").toString());
    assertEquals("::ffff:1.2.3.4", Inet.parse("::ffff:1.2.3.4").toString());
    assertInstanceOf(Inet6Address.class, Inet.parse("::ffff:1.2.3.4").address(), "IPv4-mapped stays IPv6");
    assertEquals("10.0.0.0/8", Nets.CIDR.encodeText(Inet.parse("10.0.0.0/8"), CTX));
    assertEquals(List.of(), decode(codec("int4multirange"), " { } "));
  }
}
