package io.sluice.types;

import io.sluice.protocol.WireReader;
import io.sluice.protocol.WireWriter;

/**
 * float4 and float8. Binary: IEEE 754 bits, big-endian ({@code float4send}/{@code float8send} in
 * src/backend/utils/adt/float.c), so NaN, ±Infinity and -0.0 cross exactly. Text: the server prints
 * the shortest exact form ({@code extra_float_digits} 1, the default since PostgreSQL 12) and
 * {@code NaN}, {@code Infinity}, {@code -Infinity}; Java's shortest form ({@code 1.0E-320}) is
 * what {@code float8in} reads back.
 */
public final class Floats {
  private Floats() {}

  public static final Codec<Float> FLOAT4 = new BaseCodec<>("float4", Float.class) {
    @Override
    public Float decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 4);
      return Float.intBitsToFloat(WireReader.getInt(buf, off));
    }

    @Override
    public Float decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return (float) parse(this, buf, off, len, true);
    }

    @Override
    public void encodeBinary(Float value, WireWriter out, TypeContext ctx) {
      out.int32(Float.floatToRawIntBits(value));
    }

    @Override
    public String encodeText(Float value, TypeContext ctx) {
      return value.toString();
    }
  };

  public static final Codec<Double> FLOAT8 = new BaseCodec<>("float8", Double.class) {
    @Override
    public Double decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 8);
      return Double.longBitsToDouble(Ints.getLong(buf, off));
    }

    @Override
    public Double decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return parse(this, buf, off, len, false);
    }

    @Override
    public void encodeBinary(Double value, WireWriter out, TypeContext ctx) {
      out.int64(Double.doubleToRawLongBits(value));
    }

    @Override
    public String encodeText(Double value, TypeContext ctx) {
      return value.toString();
    }
  };

  /** A float8 in binary, unboxed. */
  public static double float8(byte[] buf, int off, int len) {
    if (len != 8) {
      throw new CodecException("float8: a binary value is 8 bytes, got " + len);
    }
    return Double.longBitsToDouble(Ints.getLong(buf, off));
  }

  /** A float4 in binary, unboxed. */
  public static float float4(byte[] buf, int off, int len) {
    if (len != 4) {
      throw new CodecException("float4: a binary value is 4 bytes, got " + len);
    }
    return Float.intBitsToFloat(WireReader.getInt(buf, off));
  }

  /**
   * Parses what {@code float8out} prints. Only digits, sign, '.', and 'e' are allowed besides the
   * three special words, so Java-only spellings ({@code 1d}, {@code 0x1p3}) are rejected.
   */
  static double parse(BaseCodec<?> codec, byte[] buf, int off, int len, boolean single) {
    TextCursor c = new TextCursor(codec.name(), buf, off, len);
    c.skipSpaces();
    boolean negative = c.eat('-');
    if (!negative) {
      c.eat('+');
    }
    if (c.eatWord("nan") && !negative) {
      return end(codec, c, buf, off, len, Double.NaN);
    }
    if (c.eatWord("infinity") || c.eatWord("inf")) {
      return end(codec, c, buf, off, len, negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
    }
    for (int i = off; i < off + len; i++) {
      int ch = buf[i];
      if (!(TextCursor.isDigit(ch) || ch == '-' || ch == '+' || ch == '.' || ch == 'e' || ch == 'E' || ch == ' ')) {
        throw codec.badText(buf, off, len);
      }
    }
    try {
      String s = BaseCodec.ascii(buf, off, len).trim();
      return single ? Float.parseFloat(s) : Double.parseDouble(s);
    } catch (NumberFormatException e) {
      throw codec.badText(buf, off, len);
    }
  }

  private static double end(BaseCodec<?> codec, TextCursor c, byte[] buf, int off, int len, double v) {
    c.skipSpaces();
    if (!c.atEnd()) {
      throw codec.badText(buf, off, len);
    }
    return v;
  }
}
