package io.sluice.types;

import io.sluice.protocol.WireWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * numeric. Binary ({@code numeric_send}/{@code numeric_recv}, src/backend/utils/adt/numeric.c):
 * int16 ndigits, int16 weight, uint16 sign, uint16 dscale, then ndigits base-10000 digits, most
 * significant first; the value is {@code sum(digit[i] * 10000^(weight - i))} shown with dscale
 * decimal places. Text: plain decimal, {@code NaN}, {@code Infinity}, {@code -Infinity}.
 *
 * <p><b>NaN and ±Infinity.</b> {@code BigDecimal} cannot hold them, so {@link #NUMERIC} (the codec
 * the registry uses for OID 1700, Java type {@code Number}) decodes finite values to
 * {@code BigDecimal} and the three special values to {@code Double.NaN},
 * {@code Double.POSITIVE_INFINITY} and {@code Double.NEGATIVE_INFINITY}; it encodes any of these
 * back, and also {@code BigInteger}, the integer boxes and finite doubles. {@link #BIG_DECIMAL}
 * (for {@code getBigDecimal}) throws {@link CodecException} on the special values instead.
 *
 * <p><b>Range.</b> PostgreSQL holds up to 131072 digits before the point and 16383 after. A
 * BigDecimal with a larger scale is sent with its trailing zeros stripped if that makes it fit;
 * otherwise, and for more integer digits, encoding throws {@link CodecException}.
 */
public final class Numerics {
  private Numerics() {}

  /** {@code NUMERIC_DSCALE_MAX}: digits after the decimal point. */
  public static final int MAX_SCALE = 0x3FFF;
  /** {@code (NUMERIC_WEIGHT_MAX + 1) * DEC_DIGITS}: digits before the decimal point. */
  public static final int MAX_INTEGER_DIGITS = 131072;

  static final int POS = 0x0000;
  static final int NEG = 0x4000;
  static final int NAN = 0xC000;
  static final int PINF = 0xD000;
  static final int NINF = 0xF000;
  private static final int NBASE = 10000;
  private static final long[] POW10 = new long[19];
  private static final BigInteger BIG_10_16 = BigInteger.valueOf(10_000_000_000_000_000L);

  static {
    POW10[0] = 1;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  /** numeric as {@code BigDecimal}, or {@code Double} for NaN and ±Infinity. */
  public static final Codec<Number> NUMERIC = new BaseCodec<>("numeric", Number.class) {
    @Override
    public Number decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      return Numerics.decodeBinary(buf, off, len);
    }

    @Override
    public Number decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return Numerics.decodeText(this, buf, off, len);
    }

    @Override
    public void encodeBinary(Number value, WireWriter out, TypeContext ctx) {
      BigDecimal d = decimal(value);
      if (d == null) {
        writeSpecial(value.doubleValue(), out);
      } else {
        Numerics.encodeBinary(d, out);
      }
    }

    @Override
    public String encodeText(Number value, TypeContext ctx) {
      BigDecimal d = decimal(value);
      if (d == null) {
        double v = value.doubleValue();
        return Double.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
      }
      return checkRange(d).toPlainString();
    }

    @Override
    public boolean accepts(Object v) {
      return v instanceof BigDecimal || v instanceof BigInteger || v instanceof Long || v instanceof Integer
          || v instanceof Short || v instanceof Byte || v instanceof Double || v instanceof Float;
    }
  };

  /** numeric as {@code BigDecimal}; NaN and ±Infinity throw {@link CodecException}. */
  public static final Codec<BigDecimal> BIG_DECIMAL = new BaseCodec<>("numeric", BigDecimal.class) {
    @Override
    public BigDecimal decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      return finite(Numerics.decodeBinary(buf, off, len));
    }

    @Override
    public BigDecimal decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return finite(Numerics.decodeText(this, buf, off, len));
    }

    @Override
    public void encodeBinary(BigDecimal value, WireWriter out, TypeContext ctx) {
      Numerics.encodeBinary(value, out);
    }

    @Override
    public String encodeText(BigDecimal value, TypeContext ctx) {
      return checkRange(value).toPlainString();
    }
  };

  /** The numeric {@code value} as a BigDecimal, or a CodecException for NaN and ±Infinity. */
  public static BigDecimal finite(Number value) {
    if (value instanceof BigDecimal d) {
      return d;
    }
    throw new CodecException("numeric " + (Double.isNaN(value.doubleValue()) ? "NaN"
        : value.doubleValue() > 0 ? "Infinity" : "-Infinity") + " has no BigDecimal value");
  }

  /** Decodes numeric_send output: a BigDecimal, or Double.NaN / ±Infinity. */
  public static Number decodeBinary(byte[] buf, int off, int len) {
    if (len < 8) {
      throw new CodecException("numeric: a binary value has an 8-byte header, got " + len + " bytes");
    }
    int ndigits = u16(buf, off);
    int weight = (short) u16(buf, off + 2);
    int sign = u16(buf, off + 4);
    int dscale = u16(buf, off + 6);
    switch (sign) {
      case POS, NEG -> { }
      case NAN -> { return Double.NaN; }
      case PINF -> { return Double.POSITIVE_INFINITY; }
      case NINF -> { return Double.NEGATIVE_INFINITY; }
      default -> throw new CodecException("numeric: malformed binary value: sign 0x" + Integer.toHexString(sign));
    }
    if (len != 8 + 2 * ndigits) {
      throw new CodecException("numeric: malformed binary value: " + ndigits + " digits need "
          + (8 + 2 * ndigits) + " bytes, got " + len);
    }
    if (dscale > MAX_SCALE) {
      throw new CodecException("numeric: malformed binary value: display scale " + dscale);
    }
    if (ndigits == 0) {
      return BigDecimal.valueOf(0, dscale);
    }
    // The digits read as one integer have the decimal scale 4 * (ndigits - 1 - weight).
    int scale = 4 * (ndigits - 1 - weight);
    int p = off + 8;
    if (ndigits <= 4) {
      long acc = 0;
      for (int i = 0; i < ndigits; i++, p += 2) {
        acc = acc * NBASE + digit(buf, p);
      }
      if (sign == NEG) {
        acc = -acc;
      }
      int shift = dscale - scale;
      if (shift >= 0 && shift < 3) {
        return BigDecimal.valueOf(acc * POW10[shift], dscale);
      }
      if (shift < 0 && shift > -19 && acc % POW10[-shift] == 0) {
        return BigDecimal.valueOf(acc / POW10[-shift], dscale);
      }
      return rescale(BigDecimal.valueOf(acc, scale), dscale);
    }
    BigInteger big = null;
    long chunk = 0;
    int inChunk = 0;
    for (int i = 0; i < ndigits; i++, p += 2) {
      chunk = chunk * NBASE + digit(buf, p);
      if (++inChunk == 4) {
        big = big == null ? BigInteger.valueOf(chunk) : big.multiply(BIG_10_16).add(BigInteger.valueOf(chunk));
        chunk = 0;
        inChunk = 0;
      }
    }
    if (inChunk > 0) {
      big = big.multiply(BigInteger.valueOf(POW10[4 * inChunk])).add(BigInteger.valueOf(chunk));
    }
    if (sign == NEG) {
      big = big.negate();
    }
    return rescale(new BigDecimal(big, scale), dscale);
  }

  private static int u16(byte[] buf, int at) {
    return ((buf[at] & 0xFF) << 8) | (buf[at + 1] & 0xFF);
  }

  private static int digit(byte[] buf, int at) {
    int d = u16(buf, at);
    if (d >= NBASE) {
      throw new CodecException("numeric: malformed binary value: base-10000 digit " + d);
    }
    return d;
  }

  private static BigDecimal rescale(BigDecimal v, int dscale) {
    try {
      return v.setScale(dscale, RoundingMode.UNNECESSARY);
    } catch (ArithmeticException e) {
      throw new CodecException("numeric: malformed binary value: non-zero digits past the display scale " + dscale);
    }
  }

  /** Parses numeric_out's text: plain decimal or one of the special words. */
  static Number decodeText(BaseCodec<?> codec, byte[] buf, int off, int len) {
    TextCursor c = new TextCursor(codec.name(), buf, off, len);
    if (c.restIs("nan")) {
      return Double.NaN;
    }
    if (c.restIs("infinity") || c.restIs("+infinity") || c.restIs("inf")) {
      return Double.POSITIVE_INFINITY;
    }
    if (c.restIs("-infinity") || c.restIs("-inf")) {
      return Double.NEGATIVE_INFINITY;
    }
    // Fast path: [-]digits[.digits] with at most 18 digits fits a long.
    int i = off;
    int end = off + len;
    boolean negative = i < end && buf[i] == '-';
    if (negative || (i < end && buf[i] == '+')) {
      i++;
    }
    long acc = 0;
    int digits = 0;
    int scale = -1;
    for (; i < end; i++) {
      int ch = buf[i];
      if (ch == '.' && scale < 0) {
        scale = 0;
      } else if (TextCursor.isDigit(ch) && digits < 18) {
        acc = acc * 10 + (ch - '0');
        digits++;
        if (scale >= 0) {
          scale++;
        }
      } else {
        break;
      }
    }
    if (i == end && digits > 0) {
      return BigDecimal.valueOf(negative ? -acc : acc, Math.max(scale, 0));
    }
    char[] chars = new char[len];
    for (int k = 0; k < len; k++) {
      chars[k] = (char) (buf[off + k] & 0xFF);
    }
    try {
      return new BigDecimal(chars, 0, len);
    } catch (NumberFormatException e) {
      throw codec.badText(buf, off, len);
    }
  }

  /** A Number as BigDecimal for encoding; null for NaN and ±Infinity (doubles and floats). */
  static BigDecimal decimal(Number n) {
    if (n instanceof BigDecimal d) {
      return d;
    }
    if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) {
      return BigDecimal.valueOf(n.longValue());
    }
    if (n instanceof BigInteger b) {
      return new BigDecimal(b);
    }
    if (n instanceof Double || n instanceof Float) {
      double v = n.doubleValue();
      if (Double.isNaN(v) || Double.isInfinite(v)) {
        return null;
      }
      return n instanceof Float ? new BigDecimal(n.toString()) : BigDecimal.valueOf(v);
    }
    throw new CodecException("numeric: cannot encode a " + n.getClass().getName());
  }

  /** The value if PostgreSQL can hold it (see the class comment), else a CodecException. */
  static BigDecimal checkRange(BigDecimal v) {
    if (v.scale() > MAX_SCALE) {
      v = v.stripTrailingZeros();
      if (v.scale() > MAX_SCALE) {
        throw new CodecException("numeric: scale " + v.scale() + " exceeds PostgreSQL's maximum of " + MAX_SCALE
            + " digits after the decimal point");
      }
    }
    if (v.signum() != 0 && (long) v.precision() - v.scale() > MAX_INTEGER_DIGITS) {
      throw new CodecException("numeric: " + ((long) v.precision() - v.scale())
          + " digits before the decimal point exceed PostgreSQL's maximum of " + MAX_INTEGER_DIGITS);
    }
    return v;
  }

  /**
   * NaN and ±Infinity as numeric_send writes them: no digits, weight 0, the sign code, and the
   * display scale that NUMERIC_DSCALE reads from the special header (0 for NaN, 32 for ±Infinity);
   * numeric_recv ignores that scale, but matching the server keeps the bytes identical.
   */
  static void writeSpecial(double v, WireWriter out) {
    int sign = Double.isNaN(v) ? NAN : v > 0 ? PINF : NINF;
    out.int16(0).int16(0).int16(sign).int16(sign == NAN ? 0 : 0x20);
  }

  /** Writes a finite value in numeric_send's format, after {@link #checkRange}. */
  static void encodeBinary(BigDecimal value, WireWriter out) {
    BigDecimal v = checkRange(value);
    int scale = v.scale();
    int dscale = Math.max(scale, 0);
    BigInteger u = v.unscaledValue();
    int signum = u.signum();
    if (signum == 0) {
      out.int16(0).int16(0).int16(POS).int16(dscale);
      return;
    }
    // Align the unscaled integer so its last decimal digit ends a base-10000 group.
    int exp = -scale;
    int low = Math.floorDiv(exp, 4);
    int pad = Math.floorMod(exp, 4);
    int sign = signum < 0 ? NEG : POS;
    if (u.bitLength() <= 52) {
      long a = Math.abs(u.longValue()) * POW10[pad];
      while (a % NBASE == 0) {
        a /= NBASE;
        low++;
      }
      int n = 1;
      for (long t = a / NBASE; t > 0; t /= NBASE) {
        n++;
      }
      out.int16(n).int16(low + n - 1).int16(sign).int16(dscale);
      for (int g = n - 1; g >= 0; g--) {
        out.int16((int) (a / POW10[4 * g] % NBASE));
      }
      return;
    }
    String s = (pad == 0 ? u.abs() : u.abs().multiply(BigInteger.valueOf(POW10[pad]))).toString();
    int len = s.length();
    int n = (len + 3) / 4;
    int first = len - 4 * (n - 1); // digits in the most significant group
    int last = n;                  // trailing groups that are zero are not sent
    while (last > 1 && group(s, first, last - 1) == 0) {
      last--;
    }
    out.int16(last).int16(low + n - 1).int16(sign).int16(dscale);
    for (int g = 0; g < last; g++) {
      out.int16(group(s, first, g));
    }
  }

  /** The value of base-10000 group {@code g} (0 = most significant) of a decimal digit string. */
  private static int group(String s, int first, int g) {
    int from = g == 0 ? 0 : first + 4 * (g - 1);
    int to = g == 0 ? first : from + 4;
    int v = 0;
    for (int i = from; i < to; i++) {
      v = v * 10 + (s.charAt(i) - '0');
    }
    return v;
  }
}
