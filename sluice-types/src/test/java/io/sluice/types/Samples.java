package io.sluice.types;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * The table of boundary values: for each, a SQL expression the server evaluates, the type to cast
 * our text back to, and the Java value it must decode to. Used by the round-trip tests (no server)
 * and by the real-server tests, which compare against the server's own bytes and text.
 */
final class Samples {
  private Samples() {}

  /**
   * @param encodes whether our binary encoding of {@code value} must equal the server's bytes (false
   *     where the Java value cannot carry what the server sent, e.g. a lower bound of 0)
   * @param since the first PostgreSQL major whose server reads the SQL expression (0: every one)
   */
  record Sample(String type, String sqlType, String sql, Object value, Codec<?> codec, boolean encodes, int since) {
    Sample decodeOnly() {
      return new Sample(type, sqlType, sql, value, codec, false, since);
    }

    /** The same sample for servers of {@code major} and later only (the value or type is newer). */
    Sample since(int major) {
      return new Sample(type, sqlType, sql, value, codec, encodes, major);
    }

    /** The same value cast to {@code sqlType} (a type with a modifier, such as bit(5)). */
    Sample as(String sqlType) {
      return new Sample(type, sqlType, sql.substring(0, sql.lastIndexOf("::") + 2) + sqlType, value, codec, encodes, since);
    }

    /** The type as SQL spells it: "char" needs quotes, else it means char(1). */
    static String spell(String type) {
      return type.equals("char") ? "\"char\"" : type.equals("_char") ? "\"char\"[]" : type;
    }

    @Override
    public String toString() {
      String s = sql.length() > 70 ? sql.substring(0, 70) + "..." : sql;
      return type + " " + s;
    }
  }

  static final TypeRegistry REGISTRY = new TypeRegistry();

  private static Sample s(String type, String literal, Object value) {
    int oid = REGISTRY.oidOf(type);
    Codec<?> codec = REGISTRY.codecFor(oid);
    if (codec == null) {
      throw new IllegalStateException("no codec for " + type);
    }
    return s(type, literal, value, codec);
  }

  private static Sample s(String type, String literal, Object value, Codec<?> codec) {
    String sqlType = Sample.spell(type);
    return new Sample(type, sqlType, "(" + literal + ")::" + sqlType, value, codec, true, 0);
  }

  static OffsetDateTime utc(LocalDateTime t) {
    return t.atOffset(ZoneOffset.UTC);
  }

  static Inet inet(String text) {
    return Inet.parse(text);
  }

  static BitString bits(String s) {
    return BitString.parse(s);
  }

  static List<Sample> all() {
    List<Sample> l = new ArrayList<>();
    l.add(s("bool", "'t'", true));
    l.add(s("bool", "'f'", false));
    l.add(s("int2", "'-32768'", Short.MIN_VALUE));
    l.add(s("int2", "'32767'", Short.MAX_VALUE));
    l.add(s("int4", "'-2147483648'", Integer.MIN_VALUE));
    l.add(s("int4", "'2147483647'", Integer.MAX_VALUE));
    l.add(s("int4", "'0'", 0));
    l.add(s("int8", "'-9223372036854775808'", Long.MIN_VALUE));
    l.add(s("int8", "'9223372036854775807'", Long.MAX_VALUE));
    l.add(s("oid", "'0'", 0L));
    l.add(s("oid", "'4294967295'", 4294967295L));
    l.add(s("float4", "'NaN'", Float.NaN));
    l.add(s("float4", "'Infinity'", Float.POSITIVE_INFINITY));
    l.add(s("float4", "'-Infinity'", Float.NEGATIVE_INFINITY));
    l.add(s("float4", "'-0'", -0.0f));
    l.add(s("float4", "'3.4028235e38'", Float.MAX_VALUE));
    l.add(s("float4", "'1.4e-45'", Float.MIN_VALUE));
    l.add(s("float4", "'0.1'", 0.1f));
    l.add(s("float8", "'NaN'", Double.NaN));
    l.add(s("float8", "'Infinity'", Double.POSITIVE_INFINITY));
    l.add(s("float8", "'-Infinity'", Double.NEGATIVE_INFINITY));
    l.add(s("float8", "'-0'", -0.0d));
    l.add(s("float8", "'1.7976931348623157e308'", Double.MAX_VALUE));
    l.add(s("float8", "'4.9e-324'", Double.MIN_VALUE));
    l.add(s("float8", "'0.1'", 0.1d));
    l.add(s("numeric", "'NaN'", Double.NaN));
    // numeric infinities are PostgreSQL 14's
    l.add(s("numeric", "'Infinity'", Double.POSITIVE_INFINITY).since(14));
    l.add(s("numeric", "'-Infinity'", Double.NEGATIVE_INFINITY).since(14));
    l.add(s("numeric", "'0'", BigDecimal.ZERO));
    l.add(s("numeric", "'0.000'", new BigDecimal("0.000")));
    l.add(s("numeric", "'-0'", BigDecimal.ZERO));
    l.add(s("numeric", "'0.0001'", new BigDecimal("0.0001")));
    l.add(s("numeric", "'-0.0001'", new BigDecimal("-0.0001")));
    l.add(s("numeric", "'12345678.9'", new BigDecimal("12345678.9")));
    l.add(s("numeric", "'1.50'", new BigDecimal("1.50")));
    l.add(s("numeric", "'100000000000000000000'", new BigDecimal("100000000000000000000")));
    l.add(s("numeric", "'-123456789012345678901234567890.123456789'",
        new BigDecimal("-123456789012345678901234567890.123456789")));
    l.add(s("numeric", "'9223372036854775807.9999'", new BigDecimal("9223372036854775807.9999")));
    l.add(s("numeric", "('1' || repeat('0', 131071))", new BigDecimal(BigInteger.TEN.pow(131071))));
    l.add(s("numeric", "('0.' || repeat('0', 16382) || '1')", new BigDecimal(BigInteger.ONE, 16383)));
    l.add(s("numeric", "('-' || repeat('9', 50) || '.' || repeat('9', 50))",
        new BigDecimal("-" + "9".repeat(50) + "." + "9".repeat(50))));
    l.add(s("money", "'-92233720368547758.08'", new BigDecimal("-92233720368547758.08")));
    l.add(s("money", "'92233720368547758.07'", new BigDecimal("92233720368547758.07")));
    l.add(s("money", "'1234.5'", new BigDecimal("1234.50")));
    l.add(s("text", "''", ""));
    l.add(s("text", "'héllo wörld'", "héllo wörld"));
    l.add(s("text", "'😀 4-byte 𝄞 and BOM \uFEFF'", "😀 4-byte 𝄞 and BOM \uFEFF"));
    l.add(s("text", "'a\"b\\c ''q'' $$ -- /*'", "a\"b\\c 'q' $$ -- /*"));
    l.add(s("text", "E'line1\\nline2\\ttab'", "line1\nline2\ttab"));
    l.add(s("varchar", "'varchar ✓'", "varchar ✓"));
    l.add(s("bpchar", "'ab'", "ab ").as("char(3)"));
    l.add(s("name", "'pg_class'", "pg_class"));
    l.add(s("char", "'x'", "x"));
    l.add(s("char", "''", ""));
    // "char" reads and writes a byte over 127 as an octal escape from PostgreSQL 15 (charin, charout)
    l.add(s("char", "'\\351'", "\u00e9").since(15));
    l.add(s("bytea", "'\\x'", new byte[0]));
    l.add(s("bytea", "'\\x00ff5c22'", new byte[] {0, (byte) 0xff, '\\', '"'}));
    byte[] all = new byte[256];
    for (int i = 0; i < 256; i++) {
      all[i] = (byte) i;
    }
    l.add(s("bytea", "(select decode(string_agg(lpad(to_hex(i), 2, '0'), '' order by i), 'hex') from generate_series(0, 255) i)", all));
    l.add(s("uuid", "'00000000-0000-0000-0000-000000000000'", new UUID(0, 0)));
    l.add(s("uuid", "'ffffffff-ffff-ffff-ffff-ffffffffffff'", new UUID(-1, -1)));
    l.add(s("uuid", "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'", UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11")));
    l.add(s("json", "'{\"a\": [1, 2.5, \"😀\"], \"b\":null}'", "{\"a\": [1, 2.5, \"😀\"], \"b\":null}"));
    l.add(s("jsonb", "'{\"b\":1,\"a\":[true,null,\"😀\"]}'", "{\"a\": [true, null, \"😀\"], \"b\": 1}"));
    l.add(s("jsonb", "'\"\"'", "\"\""));
    l.add(s("date", "'2024-02-29'", LocalDate.of(2024, 2, 29)));
    l.add(s("date", "'0001-01-01'", LocalDate.of(1, 1, 1)));
    l.add(s("date", "'0001-12-31 BC'", LocalDate.of(0, 12, 31)));
    l.add(s("date", "'4714-11-24 BC'", LocalDate.of(-4713, 11, 24)));
    l.add(s("date", "'5874897-12-31'", LocalDate.of(5874897, 12, 31)));
    l.add(s("date", "'infinity'", LocalDate.MAX));
    l.add(s("date", "'-infinity'", LocalDate.MIN));
    l.add(s("date", "'1999-12-31'", LocalDate.of(1999, 12, 31)));
    l.add(s("time", "'00:00'", LocalTime.MIDNIGHT));
    l.add(s("time", "'23:59:59.999999'", LocalTime.of(23, 59, 59, 999_999_000)));
    l.add(s("time", "'24:00:00'", LocalTime.MAX));
    l.add(s("time", "'12:34:56.789'", LocalTime.of(12, 34, 56, 789_000_000)));
    l.add(s("timetz", "'12:34:56.789+05:30'", OffsetTime.of(12, 34, 56, 789_000_000, ZoneOffset.ofHoursMinutes(5, 30))));
    l.add(s("timetz", "'00:00:00-15:59:59'", OffsetTime.of(0, 0, 0, 0, ZoneOffset.ofHoursMinutesSeconds(-15, -59, -59))));
    l.add(s("timetz", "'23:59:59.999999+13:45'", OffsetTime.of(23, 59, 59, 999_999_000, ZoneOffset.ofHoursMinutes(13, 45))));
    l.add(s("timestamp", "'2024-02-29 12:00:00'", LocalDateTime.of(2024, 2, 29, 12, 0)));
    l.add(s("timestamp", "'0001-01-01 00:00:00'", LocalDateTime.of(1, 1, 1, 0, 0)));
    l.add(s("timestamp", "'4714-11-24 00:00:00 BC'", LocalDateTime.of(-4713, 11, 24, 0, 0)));
    l.add(s("timestamp", "'294276-12-31 23:59:59.999999'", LocalDateTime.of(294276, 12, 31, 23, 59, 59, 999_999_000)));
    l.add(s("timestamp", "'infinity'", LocalDateTime.MAX));
    l.add(s("timestamp", "'-infinity'", LocalDateTime.MIN));
    l.add(s("timestamp", "'2021-03-28 02:30:00'", LocalDateTime.of(2021, 3, 28, 2, 30)));
    l.add(s("timestamp", "'1999-12-31 23:59:59.999999'", LocalDateTime.of(1999, 12, 31, 23, 59, 59, 999_999_000)));
    l.add(s("timestamptz", "'2024-02-29 12:00:00+00'", utc(LocalDateTime.of(2024, 2, 29, 12, 0))));
    l.add(s("timestamptz", "'4714-11-24 00:00:00+00 BC'", utc(LocalDateTime.of(-4713, 11, 24, 0, 0))));
    l.add(s("timestamptz", "'294276-12-31 23:59:59.999999+00'", utc(LocalDateTime.of(294276, 12, 31, 23, 59, 59, 999_999_000))));
    l.add(s("timestamptz", "'infinity'", OffsetDateTime.MAX));
    l.add(s("timestamptz", "'-infinity'", OffsetDateTime.MIN));
    l.add(s("timestamptz", "'2021-03-28 02:30:00 Europe/Berlin'", utc(LocalDateTime.of(2021, 3, 28, 1, 30))));
    l.add(s("timestamptz", "'1850-01-01 00:00:00+00'", utc(LocalDateTime.of(1850, 1, 1, 0, 0))));
    l.add(s("timestamptz", "'2024-04-07 02:45:00+13:45'", utc(LocalDateTime.of(2024, 4, 6, 13, 0))));
    l.add(s("timestamptz", "'1900-01-01 00:00:00.000001+00'", utc(LocalDateTime.of(1900, 1, 1, 0, 0, 0, 1000))));
    l.add(s("timestamptz", "'2024-02-29 12:00:00+00'", Instant.parse("2024-02-29T12:00:00Z"), Timestamps.INSTANT));
    l.add(s("timestamptz", "'infinity'", Instant.MAX, Timestamps.INSTANT));
    l.add(s("interval", "'0'", Interval.ZERO));
    l.add(s("interval", "'1 year 2 mons 3 days 04:05:06.789'", new Interval(14, 3, 14_706_789_000L)));
    l.add(s("interval", "'-1 mons +2 days -01:00:00'", new Interval(-1, 2, -3_600_000_000L)));
    // The extremes. PostgreSQL 17+ sends the same bytes but calls them infinity and -infinity
    // (text output "infinity"); Interval.INFINITY and MINUS_INFINITY are these very values, so the
    // expectation is the same for every server version.
    // PostgreSQL 13 and 14 read each number of an interval's text as an int32 (no literal of them
    // reaches the extremes)
    l.add(s("interval", "'2147483647 mons 2147483647 days 9223372036854775807 microseconds'",
        new Interval(Integer.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE)).since(15));
    l.add(s("interval", "'-2147483648 mons -2147483648 days -9223372036854775808 microseconds'",
        new Interval(Integer.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE)).since(15));
    l.add(s("interval", "'02:00:00.000001'", Duration.ofHours(2).plusNanos(1000), Intervals.DURATION));
    l.add(s("inet", "'192.168.0.1'", inet("192.168.0.1")));
    l.add(s("inet", "'192.168.0.1/24'", inet("192.168.0.1/24")));
    l.add(s("inet", "'0.0.0.0/0'", inet("0.0.0.0/0")));
    l.add(s("inet", "'::1'", inet("::1")));
    l.add(s("inet", "'::ffff:1.2.3.4'", inet("::ffff:1.2.3.4")));
    l.add(s("inet", "'2001:db8::1/64'", inet("2001:db8::1/64")));
    l.add(s("inet", "'2001:db8:0:0:1:0:0:1'", inet("2001:db8::1:0:0:1")));
    l.add(s("cidr", "'10.0.0.0/8'", inet("10.0.0.0/8")));
    l.add(s("cidr", "'2001:db8::/32'", inet("2001:db8::/32")));
    l.add(s("cidr", "'::/0'", inet("::/0")));
    l.add(s("macaddr", "'08:00:2b:01:02:03'", new MacAddress(HexFormat.of().parseHex("08002b010203"))));
    l.add(s("macaddr8", "'08:00:2b:01:02:03:04:05'", new MacAddress(HexFormat.of().parseHex("08002b0102030405"))));
    l.add(s("bit", "B'10101'", bits("10101")).as("bit(5)"));
    l.add(s("varbit", "B''", bits("")));
    l.add(s("varbit", "B'1010101010'", bits("1010101010")));
    l.add(s("varbit", "B'1'", new BitString(BitSet.valueOf(new byte[] {1}), 1)));
    ArraySamples.add(l);
    return l;
  }

  /** The samples a server of {@code major} reads. */
  static List<Sample> on(int major) {
    return all().stream().filter(s -> s.since() <= major).toList();
  }

  static Sample sample(String type, String literal, Object value) {
    return s(type, literal, value);
  }
}
