package io.sluice.types;

import io.sluice.protocol.WireWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * Encoding of the values inside arrays, composites and ranges, whose PostgreSQL type is fixed by
 * the container. When the type's codec does not take the Java value as it is, the value is
 * converted exactly (an Integer into an int8 attribute, an Instant into a timestamptz bound, a
 * Java enum into an enum label) or encoded by the codec the registry picks for its class if that
 * has the same OID; anything else is a {@link CodecException}. Lossy conversions are never made.
 */
final class Elements {
  private Elements() {}

  @SuppressWarnings("unchecked")
  static void encodeBinary(int oid, Codec<?> declared, Object v, WireWriter out, TypeContext ctx) {
    Codec<Object> c = (Codec<Object>) declared;
    if (c.accepts(v)) {
      c.encodeBinary(v, out, ctx);
      return;
    }
    Object a = adapt(c.javaType(), v);
    if (a != null) {
      c.encodeBinary(a, out, ctx);
    } else {
      ((Codec<Object>) byValue(oid, declared, v, ctx)).encodeBinary(v, out, ctx);
    }
  }

  @SuppressWarnings("unchecked")
  static String encodeText(int oid, Codec<?> declared, Object v, TypeContext ctx) {
    Codec<Object> c = (Codec<Object>) declared;
    if (c.accepts(v)) {
      return c.encodeText(v, ctx);
    }
    Object a = adapt(c.javaType(), v);
    if (a != null) {
      return c.encodeText(a, ctx);
    }
    return ((Codec<Object>) byValue(oid, declared, v, ctx)).encodeText(v, ctx);
  }

  private static Codec<?> byValue(int oid, Codec<?> declared, Object v, TypeContext ctx) {
    ParameterCodec p = null;
    try {
      p = ctx.registry().codecForValue(v);
    } catch (CodecException e) {
      // fall through to the error below
    }
    if (p == null || p.oid() != oid || !p.codec().accepts(v)) {
      throw new CodecException(declared.name() + ": cannot encode a " + v.getClass().getName() + " as " + declared.name());
    }
    return p.codec();
  }

  /** {@code v} converted exactly to {@code target}, or null. */
  static Object adapt(Class<?> target, Object v) {
    if (target == Long.class) {
      return v instanceof Integer || v instanceof Short || v instanceof Byte ? ((Number) v).longValue() : null;
    }
    if (target == Integer.class) {
      if (v instanceof Short || v instanceof Byte) {
        return ((Number) v).intValue();
      }
      return v instanceof Long l && l == l.intValue() ? l.intValue() : null;
    }
    if (target == Short.class) {
      if (v instanceof Byte b) {
        return (short) b;
      }
      return (v instanceof Integer || v instanceof Long) && ((Number) v).longValue() == ((Number) v).shortValue()
          ? ((Number) v).shortValue() : null;
    }
    if (target == Double.class) {
      if (v instanceof Float || v instanceof Integer || v instanceof Short || v instanceof Byte) {
        return ((Number) v).doubleValue();
      }
      return v instanceof Long l && (long) (double) l == l ? (double) l : null;
    }
    if (target == Float.class) {
      return v instanceof Double d && (Double.isNaN(d) || (double) (float) (double) d == d) ? (float) (double) d : null;
    }
    if (target == BigDecimal.class) {
      if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
        return BigDecimal.valueOf(((Number) v).longValue());
      }
      return v instanceof BigInteger b ? new BigDecimal(b) : null;
    }
    if (target == String.class) {
      return v instanceof Enum<?> e ? e.name() : v instanceof Character c ? c.toString() : null;
    }
    if (target == OffsetDateTime.class) {
      return v instanceof Instant i ? (i.equals(Instant.MAX) ? OffsetDateTime.MAX
          : i.equals(Instant.MIN) ? OffsetDateTime.MIN : i.atOffset(ZoneOffset.UTC))
          : v instanceof ZonedDateTime z ? z.toOffsetDateTime() : null;
    }
    if (target == Interval.class) {
      return v instanceof Duration d ? Interval.of(d) : v instanceof Period p ? Interval.of(p) : null;
    }
    if (target == Inet.class) {
      return v instanceof InetAddress a ? new Inet(a) : null;
    }
    return null;
  }
}
