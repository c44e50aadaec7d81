package io.sluice.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Picking a type and codec for parameter values, registration, and the JSON hook. */
class TypeRegistryTest {
  private final TypeRegistry registry = new TypeRegistry();
  private final TypeContext ctx = new SessionTypeContext(registry, JsonCodec.STRING);

  enum Mood { SAD, HAPPY }

  record Email(String address) {}

  private int oid(Object value) {
    return registry.codecForValue(value).oid();
  }

  @Test
  void scalarParameterTypes() {
    assertEquals(Oids.INT4, oid(1));
    assertEquals(Oids.INT8, oid(1L));
    assertEquals(Oids.INT2, oid((short) 1));
    assertEquals(Oids.BOOL, oid(true));
    assertEquals(Oids.FLOAT8, oid(1.0));
    assertEquals(Oids.FLOAT4, oid(1.0f));
    assertEquals(Oids.NUMERIC, oid(BigDecimal.ONE));
    assertEquals(Oids.NUMERIC, oid(BigInteger.TEN));
    assertEquals(Oids.TEXT, oid("x"));
    assertEquals(Oids.BYTEA, oid(new byte[] {1}));
    assertEquals(Oids.UUID, oid(UUID.randomUUID()));
    assertEquals(Oids.DATE, oid(LocalDate.now()));
    assertEquals(Oids.TIME, oid(LocalTime.NOON));
    assertEquals(Oids.TIMETZ, oid(OffsetTime.now()));
    assertEquals(Oids.TIMESTAMP, oid(LocalDateTime.now()));
    assertEquals(Oids.TIMESTAMPTZ, oid(OffsetDateTime.now()));
    assertEquals(Oids.TIMESTAMPTZ, oid(Instant.now()));
    assertEquals(Oids.TIMESTAMPTZ, oid(ZonedDateTime.now()));
    assertEquals(Oids.INTERVAL, oid(new Interval(1, 2, 3)));
    assertEquals(Oids.INTERVAL, oid(Duration.ofSeconds(5)));
    assertEquals(Oids.INET, oid(InetAddress.getLoopbackAddress()));
    assertEquals(Oids.INET, oid(Inet.parse("10.0.0.0/8")));
    assertEquals(Oids.MACADDR, oid(new MacAddress(new byte[6])));
    assertEquals(Oids.MACADDR8, oid(new MacAddress(new byte[8])));
    assertEquals(Oids.VARBIT, oid(BitString.parse("101")));
    assertThrows(CodecException.class, () -> registry.codecForValue(new Object()));
  }

  @Test
  void stringsAndEnumsCanLetTheServerInfer() {
    ParameterCodec e = registry.codecForValue(Mood.HAPPY);
    assertEquals(0, e.oid());
    assertFalse(e.binary(), "type 0 must go in text format");
    assertEquals("HAPPY", e.encodeText(Mood.HAPPY, ctx));
    registry.stringsAsUnknown(true);
    ParameterCodec s = registry.codecForValue("x");
    assertEquals(0, s.oid());
    assertFalse(s.binary());
    assertEquals(0, oid(List.of("a", "b")), "arrays of such strings are untyped too");
    assertEquals("{a,\"b c\"}", registry.codecForValue(List.of("a", "b c")).encodeText(List.of("a", "b c"), ctx));
  }

  @Test
  void arrayParameterTypes() {
    assertEquals(Oids.INT4_ARRAY, oid(new int[] {1}));
    assertEquals(Oids.INT4_ARRAY, oid(new Integer[] {null, 2}));
    assertEquals(Oids.INT4_ARRAY, oid(new int[][] {{1}}));
    assertEquals(Oids.INT4_ARRAY, oid(new int[0]), "an empty primitive array has a known element type");
    assertEquals(Oids.TEXT_ARRAY, oid(new String[] {null}));
    assertEquals(Oids.TEXT_ARRAY, oid(List.of(List.of("a"))));
    assertEquals(Oids.BYTEA_ARRAY, oid(new byte[][] {{1}}));
    assertEquals(Oids.FLOAT4_ARRAY, oid(new float[] {1f}), "float[] is float4[], not pgvector");
    assertEquals(Oids.TIMESTAMPTZ_ARRAY, oid(List.of(Instant.EPOCH)));
    assertEquals(Oids.INT4RANGE_ARRAY, oid(List.of(Range.closedOpen(1, 2))));
    ParameterCodec none = registry.codecForValue(Arrays.asList(null, null));
    assertEquals(0, none.oid(), "no element says which type");
    assertEquals("{NULL,NULL}", none.encodeText(Arrays.asList(null, null), ctx));
    assertEquals("{}", registry.codecForValue(List.of()).encodeText(List.of(), ctx));
    // Instants go through the timestamptz array codec and match OffsetDateTime's bytes
    ParameterCodec instants = registry.codecForValue(List.of(Instant.EPOCH));
    io.sluice.protocol.WireWriter a = new io.sluice.protocol.WireWriter();
    instants.encodeBinary(List.of(Instant.EPOCH), a, ctx);
    byte[] odt = Hex.encode(registry.codecFor(Oids.TIMESTAMPTZ_ARRAY), List.of(Instant.EPOCH.atOffset(ZoneOffset.UTC)), ctx);
    Hex.assertBytes(odt, a.toByteArray(), "Instant[] as timestamptz[]");
  }

  @Test
  void rangeParameterTypes() {
    assertEquals(Oids.INT4RANGE, oid(Range.closedOpen(1, 10)));
    assertEquals(Oids.INT8RANGE, oid(Range.closedOpen(null, 10L)));
    assertEquals(Oids.NUMRANGE, oid(Range.closed(BigDecimal.ONE, null)));
    assertEquals(Oids.DATERANGE, oid(Range.closedOpen(LocalDate.MIN, LocalDate.MAX)));
    ParameterCodec tstz = registry.codecForValue(Range.closedOpen(Instant.EPOCH, Instant.MAX));
    assertEquals(Oids.TSTZRANGE, tstz.oid());
    assertEquals("[\"1970-01-01 00:00:00+00\",infinity)", tstz.encodeText(Range.closedOpen(Instant.EPOCH, Instant.MAX), ctx));
    ParameterCodec empty = registry.codecForValue(Range.empty());
    assertEquals(0, empty.oid());
    assertFalse(empty.binary());
    assertEquals("empty", empty.encodeText(Range.empty(), ctx));
  }

  @Test
  void containerElementsAreConvertedExactlyOrRefused() {
    Codec<?> int8s = registry.codecFor(Oids.INT8_ARRAY);
    Hex.assertBytes(Hex.encode(int8s, List.of(1L, 2L), ctx), Hex.encode(int8s, List.of(1, 2), ctx), "Integers into int8[]");
    Codec<?> int2s = registry.codecFor(Oids.INT2_ARRAY);
    assertEquals("{7}", Hex.encodeText(int2s, List.of(7), ctx));
    CodecException e = assertThrows(CodecException.class, () -> Hex.encode(int2s, List.of(70000), ctx));
    assertTrue(e.getMessage().contains("cannot encode a java.lang.Integer as int2"), e.getMessage());
    assertThrows(CodecException.class, () -> Hex.encode(registry.codecFor(Oids.INT4_ARRAY), List.of(1.5), ctx));
    assertEquals("{SAD}", Hex.encodeText(registry.codecFor(Oids.TEXT_ARRAY), List.of(Mood.SAD), ctx));
  }

  @Test
  void registrationOfUserTypes() {
    assertNull(registry.codecFor(99_999));
    Codec<Email> email = Codecs.map(Texts.TEXT, Email.class, Email::new, Email::address);
    registry.register(99_999, email);
    registry.registerArray(99_998, 99_999);
    registry.registerParameter(Email.class, 99_999);
    assertSame(email, registry.codecFor(99_999));
    assertEquals(99_999, oid(new Email("a@b.c")));
    assertEquals(99_998, oid(List.of(new Email("a@b.c"))));
    byte[] text = "{x@y.z}".getBytes(StandardCharsets.UTF_8);
    Values.assertSame(new Email[] {new Email("x@y.z")}, registry.codecFor(99_998).decodeText(text, 0, text.length, ctx), "Email[]");
    assertEquals(Oids.INT4, registry.oidOf("int4"));
    assertEquals(Oids.INT4_ARRAY, registry.arrayOidOf(Oids.INT4));
  }

  @Test
  void unknownRunTimeBaseTypesAreReadAsText() {
    registry.registerDynamic(new TypeInfo(70_000, "ltree", TypeInfo.Kind.BASE, 70_001, 0, 0, 0, List.of()));
    Codec<?> ltree = registry.codecFor(70_000);
    assertFalse(ltree.binaryDecodes(), "no binary codec: the column is requested as text");
    assertFalse(registry.codecFor(70_001).binaryDecodes(), "nor for its arrays");
    byte[] b = "a.b.c".getBytes(StandardCharsets.US_ASCII);
    assertEquals("a.b.c", ltree.decodeText(b, 0, b.length, ctx));
    registry.registerDynamic(new TypeInfo(70_002, "vector", TypeInfo.Kind.BASE, 0, 0, 0, 0, List.of()));
    assertSame(Extensions.VECTOR, registry.codecFor(70_002));
  }

  @Test
  void theJsonHookReadsAndWritesJson() {
    record Parsed(String json) {}
    JsonCodec toy = new JsonCodec() {
      @Override
      public Object read(String json) {
        return new Parsed(json);
      }

      @Override
      public String write(Object value) {
        return value instanceof Parsed p ? p.json() : "\"" + value + "\"";
      }
    };
    TypeContext jsonCtx = new SessionTypeContext(registry, toy);
    byte[] jsonb = HexFormat.of().parseHex("017b7d");
    assertEquals(new Parsed("{}"), Texts.JSONB.decodeBinary(jsonb, 0, jsonb.length, jsonCtx));
    Hex.assertBytes(jsonb, Hex.encode(Texts.JSONB, new Parsed("{}"), jsonCtx), "jsonb from the hook");
    assertEquals("\"7\"", Texts.JSON.encodeText(7, jsonCtx));
    assertEquals("{}", Texts.JSONB.decodeBinary(jsonb, 0, jsonb.length, ctx), "by default JSON stays a String");
  }

  @Test
  void sessionParametersAreTracked() {
    SessionTypeContext s = new SessionTypeContext(registry, JsonCodec.STRING);
    s.serverParameter("TimeZone", "Pacific/Chatham");
    assertEquals("Pacific/Chatham", s.timeZone().getId());
    s.serverParameter("TimeZone", "<+03>-03");
    assertEquals(ZoneOffset.ofHours(3), s.timeZone(), "a POSIX offset counts west of Greenwich");
    assertEquals("<+03>-03", s.timeZoneName());
    s.serverParameter("TimeZone", "<+03>-03<+04>,M3.5.0,M10.5.0");
    assertEquals(ZoneOffset.UTC, s.timeZone(), "POSIX daylight rules Java cannot model fall back to UTC");
    s.serverParameter("IntervalStyle", "iso_8601");
    assertEquals("iso_8601", s.intervalStyle());
    s.serverParameter("integer_datetimes", "on");
    assertThrows(CodecException.class, () -> s.serverParameter("integer_datetimes", "off"));
  }
}
