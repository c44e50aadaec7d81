package io.sluice.types;

import io.sluice.protocol.WireReader;
import io.sluice.protocol.WireWriter;

/**
 * int2, int4, int8 and oid. Binary: big-endian two's complement ({@code int2send}, {@code int4send},
 * {@code int8send} in src/backend/utils/adt/int.c and int8.c); oid is an unsigned int32
 * ({@code oidsend} in oid.c), so it maps to {@code Long}. Text: optional sign and decimal digits.
 *
 * <p>The static {@code int2/int4/int8} methods decode without boxing for typed getters.
 */
public final class Ints {
  private Ints() {}

  public static final Codec<Short> INT2 = new BaseCodec<>("int2", Short.class) {
    @Override
    public Short decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 2);
      return (short) (((buf[off] & 0xFF) << 8) | (buf[off + 1] & 0xFF));
    }

    @Override
    public Short decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return (short) parse(this, buf, off, len, Short.MIN_VALUE, Short.MAX_VALUE);
    }

    @Override
    public void encodeBinary(Short value, WireWriter out, TypeContext ctx) {
      out.int16(value);
    }

    @Override
    public String encodeText(Short value, TypeContext ctx) {
      return value.toString();
    }
  };

  public static final Codec<Integer> INT4 = new BaseCodec<>("int4", Integer.class) {
    @Override
    public Integer decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 4);
      return WireReader.getInt(buf, off);
    }

    @Override
    public Integer decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return (int) parse(this, buf, off, len, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    @Override
    public void encodeBinary(Integer value, WireWriter out, TypeContext ctx) {
      out.int32(value);
    }

    @Override
    public String encodeText(Integer value, TypeContext ctx) {
      return value.toString();
    }
  };

  public static final Codec<Long> INT8 = new BaseCodec<>("int8", Long.class) {
    @Override
    public Long decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 8);
      return getLong(buf, off);
    }

    @Override
    public Long decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return parse(this, buf, off, len, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    @Override
    public void encodeBinary(Long value, WireWriter out, TypeContext ctx) {
      out.int64(value);
    }

    @Override
    public String encodeText(Long value, TypeContext ctx) {
      return value.toString();
    }
  };

  /** oid: an unsigned 32-bit number as {@code Long} in [0, 4294967295]. */
  public static final Codec<Long> OID = new BaseCodec<>("oid", Long.class) {
    @Override
    public Long decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 4);
      return WireReader.getInt(buf, off) & 0xFFFF_FFFFL;
    }

    @Override
    public Long decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return parse(this, buf, off, len, 0, 0xFFFF_FFFFL);
    }

    @Override
    public void encodeBinary(Long value, WireWriter out, TypeContext ctx) {
      out.int32((int) checkOid(value));
    }

    @Override
    public String encodeText(Long value, TypeContext ctx) {
      return Long.toString(checkOid(value));
    }

    private long checkOid(long v) {
      if (v < 0 || v > 0xFFFF_FFFFL) {
        throw new CodecException("oid: " + v + " is outside [0, 4294967295]");
      }
      return v;
    }
  };

  /** An int2 in binary, unboxed. */
  public static short int2(byte[] buf, int off, int len) {
    if (len != 2) {
      throw new CodecException("int2: a binary value is 2 bytes, got " + len);
    }
    return (short) (((buf[off] & 0xFF) << 8) | (buf[off + 1] & 0xFF));
  }

  /** An int4 in binary, unboxed. */
  public static int int4(byte[] buf, int off, int len) {
    if (len != 4) {
      throw new CodecException("int4: a binary value is 4 bytes, got " + len);
    }
    return WireReader.getInt(buf, off);
  }

  /** An int8 in binary, unboxed. */
  public static long int8(byte[] buf, int off, int len) {
    if (len != 8) {
      throw new CodecException("int8: a binary value is 8 bytes, got " + len);
    }
    return getLong(buf, off);
  }

  static long getLong(byte[] buf, int off) {
    return ((long) WireReader.getInt(buf, off) << 32) | (WireReader.getInt(buf, off + 4) & 0xFFFF_FFFFL);
  }

  /**
   * Parses an optionally signed decimal integer in [{@code min}, {@code max}] without allocating;
   * leading and trailing blanks are allowed as in {@code pg_strtoint32}.
   */
  static long parse(BaseCodec<?> codec, byte[] buf, int off, int len, long min, long max) {
    int i = off;
    int end = off + len;
    while (i < end && buf[i] == ' ') {
      i++;
    }
    while (end > i && buf[end - 1] == ' ') {
      end--;
    }
    boolean negative = false;
    if (i < end && (buf[i] == '-' || buf[i] == '+')) {
      negative = buf[i] == '-';
      i++;
    }
    if (i == end) {
      throw codec.badText(buf, off, len, "not a number");
    }
    // Accumulate negatively so that Long.MIN_VALUE parses without overflow.
    long v = 0;
    for (; i < end; i++) {
      int d = buf[i] - '0';
      if (d < 0 || d > 9) {
        throw codec.badText(buf, off, len, "not an integer");
      }
      if (v < (Long.MIN_VALUE + d) / 10) {
        throw codec.badText(buf, off, len, "out of range");
      }
      v = v * 10 - d;
    }
    if (!negative) {
      if (v == Long.MIN_VALUE) {
        throw codec.badText(buf, off, len, "out of range");
      }
      v = -v;
    }
    if (v < min || v > max) {
      throw codec.badText(buf, off, len, "out of range for " + codec.name());
    }
    return v;
  }
}
