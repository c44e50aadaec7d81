package io.sluice.types;

import io.sluice.protocol.WireWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Ranges as {@link Range} and multiranges as {@code List<Range>}, of any subtype. Binary range
 * ({@code range_send}, src/backend/utils/adt/rangetypes.c): a flags byte (EMPTY 0x01, LB_INC 0x02,
 * UB_INC 0x04, LB_INF 0x08, UB_INF 0x10), then each finite bound as int32 length and the subtype's
 * binary value. Binary multirange ({@code multirange_send}, multirangetypes.c): int32 count, then
 * each range as int32 length and range bytes. Text: {@code [1,10)}, {@code (,5]}, {@code empty};
 * multiranges {@code {[1,3),[5,7)}}; see {@link RangeText} for quoting.
 */
public final class Ranges {
  private Ranges() {}

  static final int EMPTY = 0x01;
  static final int LB_INC = 0x02;
  static final int UB_INC = 0x04;
  static final int LB_INF = 0x08;
  static final int UB_INF = 0x10;

  public static final Codec<Range<Object>> INT4RANGE = range("int4range", Oids.INT4, Ints.INT4);
  public static final Codec<Range<Object>> INT8RANGE = range("int8range", Oids.INT8, Ints.INT8);
  public static final Codec<Range<Object>> NUMRANGE = range("numrange", Oids.NUMERIC, Numerics.NUMERIC);
  public static final Codec<Range<Object>> DATERANGE = range("daterange", Oids.DATE, Dates.DATE);
  public static final Codec<Range<Object>> TSRANGE = range("tsrange", Oids.TIMESTAMP, Timestamps.TIMESTAMP);
  public static final Codec<Range<Object>> TSTZRANGE = range("tstzrange", Oids.TIMESTAMPTZ, Timestamps.TIMESTAMPTZ);

  /** A range codec over a fixed subtype codec. */
  public static Codec<Range<Object>> range(String name, int subtypeOid, Codec<?> subtype) {
    return new RangeCodec(name, subtypeOid, subtype, null);
  }

  /** A multirange codec whose ranges have the given subtype. */
  public static Codec<List<Range<Object>>> multirange(String name, int subtypeOid, Codec<?> subtype) {
    return new MultirangeCodec(name, new RangeCodec(name, subtypeOid, subtype, null));
  }

  static final class RangeCodec extends BaseCodec<Range<Object>> {
    final int subtypeOid;
    private final Codec<?> subtype;
    private final TypeRegistry registry;

    @SuppressWarnings({"unchecked", "rawtypes"})
    RangeCodec(String name, int subtypeOid, Codec<?> subtype, TypeRegistry registry) {
      super(name, (Class) Range.class);
      this.subtypeOid = subtypeOid;
      this.subtype = subtype;
      this.registry = registry;
    }

    Codec<?> subtype() {
      Codec<?> s = subtype != null ? subtype : registry.codecFor(subtypeOid);
      if (s == null) {
        throw new CodecException(name() + ": no codec for the subtype (OID " + subtypeOid + ")");
      }
      return s;
    }

    @Override
    public boolean binaryDecodes() {
      Codec<?> s = subtype != null ? subtype : registry.codecFor(subtypeOid);
      return s != null && s.binaryDecodes();
    }

    @Override
    public boolean binaryEncodes() {
      Codec<?> s = subtype != null ? subtype : registry.codecFor(subtypeOid);
      return subtypeOid != 0 && s != null && s.binaryEncodes();
    }

    @Override
    public Range<Object> decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      BinaryCursor r = new BinaryCursor(name(), buf, off, len);
      int flags = r.int8("flags");
      if ((flags & EMPTY) != 0) {
        r.expectEnd();
        return Range.empty();
      }
      Codec<?> s = subtype();
      Object lower = (flags & LB_INF) != 0 ? null : bound(r, s, ctx);
      Object upper = (flags & UB_INF) != 0 ? null : bound(r, s, ctx);
      r.expectEnd();
      return new Range<>(lower, (flags & LB_INC) != 0, upper, (flags & UB_INC) != 0, false);
    }

    private Object bound(BinaryCursor r, Codec<?> s, TypeContext ctx) {
      int n = r.length("bound");
      if (n < 0) {
        throw r.fail("NULL bound");
      }
      Object v = s.decodeBinary(r.buf, r.pos, n, ctx);
      r.skip(n);
      return v;
    }

    @Override
    public Range<Object> decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      TextCursor c = new TextCursor(name(), buf, off, len);
      Range<Object> v = RangeText.parse(c, subtype(), ctx);
      c.skipSpaces();
      c.expectEnd();
      return v;
    }

    @Override
    public void encodeBinary(Range<Object> value, WireWriter out, TypeContext ctx) {
      if (value.isEmpty()) {
        out.int8(EMPTY);
        return;
      }
      int flags = (value.lowerInclusive() ? LB_INC : 0) | (value.upperInclusive() ? UB_INC : 0)
          | (value.lower() == null ? LB_INF : 0) | (value.upper() == null ? UB_INF : 0);
      out.int8(flags);
      Codec<?> s = subtype();
      for (Object b : new Object[] {value.lower(), value.upper()}) {
        if (b != null) {
          int at = out.skip(4);
          Elements.encodeBinary(subtypeOid, s, b, out, ctx);
          out.putInt(at, out.size() - at - 4);
        }
      }
    }

    @Override
    public String encodeText(Range<Object> value, TypeContext ctx) {
      StringBuilder sb = new StringBuilder();
      RangeText.append(sb, value, subtypeOid, value.lower() == null && value.upper() == null ? null : subtype(), ctx);
      return sb.toString();
    }

    @Override
    public boolean accepts(Object v) {
      return v instanceof Range;
    }
  }

  static final class MultirangeCodec extends BaseCodec<List<Range<Object>>> {
    final RangeCodec range;

    @SuppressWarnings({"unchecked", "rawtypes"})
    MultirangeCodec(String name, RangeCodec range) {
      super(name, (Class) List.class);
      this.range = range;
    }

    @Override
    public boolean binaryDecodes() {
      return range.binaryDecodes();
    }

    @Override
    public boolean binaryEncodes() {
      return range.binaryEncodes();
    }

    @Override
    public List<Range<Object>> decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      BinaryCursor r = new BinaryCursor(name(), buf, off, len);
      int count = r.int32("range count");
      if (count < 0 || count > r.remaining() / 5) {
        throw r.fail(count + " ranges in " + r.remaining() + " bytes");
      }
      List<Range<Object>> out = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        int n = r.length("range");
        if (n < 0) {
          throw r.fail("NULL range");
        }
        out.add(range.decodeBinary(r.buf, r.pos, n, ctx));
        r.skip(n);
      }
      r.expectEnd();
      return Collections.unmodifiableList(out);
    }

    @Override
    public List<Range<Object>> decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      TextCursor c = new TextCursor(name(), buf, off, len);
      List<Range<Object>> out = new ArrayList<>();
      c.skipSpaces();
      c.expect('{');
      c.skipSpaces();
      if (!c.eat('}')) {
        Codec<?> s = range.subtype();
        do {
          c.skipSpaces();
          out.add(RangeText.parse(c, s, ctx));
          c.skipSpaces();
        } while (c.eat(','));
        c.expect('}');
      }
      c.skipSpaces();
      c.expectEnd();
      return Collections.unmodifiableList(out);
    }

    @Override
    public void encodeBinary(List<Range<Object>> value, WireWriter out, TypeContext ctx) {
      out.int32(value.size());
      for (Range<Object> r : value) {
        if (r == null) {
          throw new CodecException(name() + ": a multirange cannot hold a NULL range");
        }
        int at = out.skip(4);
        range.encodeBinary(r, out, ctx);
        out.putInt(at, out.size() - at - 4);
      }
    }

    @Override
    public String encodeText(List<Range<Object>> value, TypeContext ctx) {
      StringBuilder sb = new StringBuilder("{");
      for (Range<Object> r : value) {
        if (r == null) {
          throw new CodecException(name() + ": a multirange cannot hold a NULL range");
        }
        if (sb.length() > 1) {
          sb.append(',');
        }
        sb.append(range.encodeText(r, ctx));
      }
      return sb.append('}').toString();
    }

    @Override
    public boolean accepts(Object v) {
      if (!(v instanceof List<?> l)) {
        return false;
      }
      for (Object e : l) {
        if (!(e instanceof Range)) {
          return false;
        }
      }
      return true;
    }
  }
}
