package io.sluice.types;

import io.sluice.protocol.WireWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * money as {@code BigDecimal} with two decimal places. Binary ({@code cash_send},
 * src/backend/utils/adt/cash.c): an int64 count of cents. The text form depends on the server's
 * {@code lc_monetary} ({@code $1,234.56} in C and en_US); decoding drops currency symbols and group
 * separators and reads '.' as the decimal point, so locales with a decimal comma need binary, which
 * the client uses anyway. The cents assume two fractional digits, which holds for C and most
 * locales. Encoding refuses values with non-zero digits past the cents or beyond int64.
 */
public final class Money {
  private Money() {}

  public static final Codec<BigDecimal> MONEY = new BaseCodec<>("money", BigDecimal.class) {
    @Override
    public BigDecimal decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 8);
      return BigDecimal.valueOf(Ints.getLong(buf, off), 2);
    }

    @Override
    public BigDecimal decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      boolean negative = false;
      StringBuilder digits = new StringBuilder(len);
      for (int i = off; i < off + len; i++) {
        int c = buf[i];
        if (TextCursor.isDigit(c) || c == '.') {
          digits.append((char) c);
        } else if (c == '-' || c == '(') {
          negative = true;
        }
      }
      try {
        BigDecimal v = new BigDecimal(digits.toString());
        return negative ? v.negate() : v;
      } catch (NumberFormatException e) {
        throw badText(buf, off, len);
      }
    }

    @Override
    public void encodeBinary(BigDecimal value, WireWriter out, TypeContext ctx) {
      out.int64(cents(value));
    }

    @Override
    public String encodeText(BigDecimal value, TypeContext ctx) {
      return BigDecimal.valueOf(cents(value), 2).toPlainString();
    }

    private long cents(BigDecimal value) {
      try {
        return value.setScale(2, RoundingMode.UNNECESSARY).unscaledValue().longValueExact();
      } catch (ArithmeticException e) {
        throw new CodecException("money: " + value.toPlainString()
            + " is not a whole number of cents within the int64 range");
      }
    }
  };
}
