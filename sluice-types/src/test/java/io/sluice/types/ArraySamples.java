package io.sluice.types;

import io.sluice.types.Samples.Sample;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** Boundary values of arrays, ranges and multiranges (see {@link Samples}). */
final class ArraySamples {
  private ArraySamples() {}

  private static Sample s(String type, String literal, Object value) {
    return Samples.sample(type, literal, value);
  }

  static void add(List<Sample> l) {
    l.add(s("_int4", "'{1,NULL,3}'", new Integer[] {1, null, 3}));
    l.add(s("_int4", "'{}'", new Integer[0]));
    l.add(s("_int4", "'{{1,2},{3,4}}'", new Integer[][] {{1, 2}, {3, 4}}));
    l.add(s("_int4", "'[0:2]={1,2,3}'", new Integer[] {1, 2, 3}).decodeOnly());
    l.add(s("_int4", "'{-2147483648,2147483647}'", new Integer[] {Integer.MIN_VALUE, Integer.MAX_VALUE}));
    l.add(s("_int8", "'{{{1}},{{2}}}'", new Long[][][] {{{1L}}, {{2L}}}));
    l.add(s("_int2", "'{{1,NULL},{NULL,4}}'", new Short[][] {{1, null}, {null, 4}}));
    l.add(s("_text", "'{\"\",\"NULL\",\"a b\",\"q\\\"uote\",\"back\\\\slash\",😀,NULL,\"{}\",\" lead\",\"x,y\",null2}'",
        new String[] {"", "NULL", "a b", "q\"uote", "back\\slash", "😀", null, "{}", " lead", "x,y", "null2"}));
    l.add(s("_text", "'{{a,b},{c,d}}'", new String[][] {{"a", "b"}, {"c", "d"}}));
    l.add(s("_text", "'{}'", new String[0]));
    l.add(s("_varchar", "'{\"\\\\\"}'", new String[] {"\\"}));
    // numeric infinities and multiranges are PostgreSQL 14's
    l.add(s("_numeric", "'{NaN,1.50,-Infinity,0.0001}'",
        new Number[] {Double.NaN, new BigDecimal("1.50"), Double.NEGATIVE_INFINITY, new BigDecimal("0.0001")}).since(14));
    l.add(s("_float8", "'{NaN,-0,Infinity,1e-320}'", new Double[] {Double.NaN, -0.0, Double.POSITIVE_INFINITY, 1e-320}));
    l.add(s("_timestamptz", "'{infinity,\"2024-02-29 12:00:00+00\",-infinity}'",
        new OffsetDateTime[] {OffsetDateTime.MAX, Samples.utc(LocalDateTime.of(2024, 2, 29, 12, 0)), OffsetDateTime.MIN}));
    l.add(s("_date", "'{infinity,2024-02-29,\"0001-01-01 BC\"}'",
        new LocalDate[] {LocalDate.MAX, LocalDate.of(2024, 2, 29), LocalDate.of(0, 1, 1)}));
    l.add(s("_bytea", "array['\\x00ff'::bytea, '\\x'::bytea, null]", new byte[][] {{0, (byte) 0xff}, {}, null}));
    l.add(s("_bool", "'{t,f,NULL}'", new Boolean[] {true, false, null}));
    l.add(s("_uuid", "'{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}'",
        new UUID[] {UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11")}));
    l.add(s("_interval", "array['1 day'::interval, '-00:00:01']", new Interval[] {new Interval(0, 1, 0), new Interval(0, 0, -1_000_000)}));
    l.add(s("_jsonb", "array['{\"a\": 1}'::jsonb, '\"x y\"']", new Object[] {"{\"a\": 1}", "\"x y\""}));
    l.add(s("_inet", "'{10.0.0.1/8,::1}'", new Inet[] {Inet.parse("10.0.0.1/8"), Inet.parse("::1")}));
    l.add(s("_char", "'{a,\"\\\\\\\\\",\"\"}'", new String[] {"a", "\\", ""}));
    l.add(s("int4range", "'[1,10)'", Range.closedOpen(1, 10)));
    l.add(s("int4range", "'empty'", Range.empty()));
    l.add(s("int4range", "'(,6)'", Range.closedOpen(null, 6)));
    l.add(s("int4range", "'(,)'", Range.open(null, null)));
    l.add(s("int8range", "'[-9223372036854775808,9223372036854775807)'", Range.closedOpen(Long.MIN_VALUE, Long.MAX_VALUE)));
    l.add(s("numrange", "'(1.5,2.5]'", new Range<Object>(new BigDecimal("1.5"), false, new BigDecimal("2.5"), true, false)));
    l.add(s("daterange", "'[2024-02-29,infinity)'", Range.closedOpen(LocalDate.of(2024, 2, 29), LocalDate.MAX)));
    l.add(s("tsrange", "'[\"2024-02-29 12:00:00\",\"2024-03-01 00:00:00\")'",
        Range.closedOpen(LocalDateTime.of(2024, 2, 29, 12, 0), LocalDateTime.of(2024, 3, 1, 0, 0))));
    l.add(s("tstzrange", "'[\"2020-01-01 00:00:00+00\",infinity)'",
        Range.closedOpen(Samples.utc(LocalDateTime.of(2020, 1, 1, 0, 0)), OffsetDateTime.MAX)));
    l.add(s("int4multirange", "'{[1,3),[5,7)}'", List.of(Range.closedOpen(1, 3), Range.closedOpen(5, 7))).since(14));
    l.add(s("int4multirange", "'{}'", List.of()).since(14));
    l.add(s("_int4range", "array['[1,2)'::int4range, 'empty']", new Range<?>[] {Range.closedOpen(1, 2), Range.empty()}));
  }
}
