package io.sluice.types;

import io.sluice.protocol.WireReader;
import io.sluice.protocol.WireWriter;
import java.time.LocalDate;

/**
 * date as {@link LocalDate}. Binary ({@code date_send}, src/backend/utils/adt/date.c): int32 days
 * since 2000-01-01. Text: ISO {@code YYYY-MM-DD}, {@code BC} suffix for years before 1 AD.
 *
 * <p><b>Infinity.</b> {@code infinity} decodes to {@link LocalDate#MAX} and {@code -infinity} to
 * {@link LocalDate#MIN}, and those two constants encode back to them. Any other date outside
 * PostgreSQL's range (4714-11-24 BC to 5874897-12-31) is a {@link CodecException} on encoding.
 */
public final class Dates {
  private Dates() {}

  public static final Codec<LocalDate> DATE = new BaseCodec<>("date", LocalDate.class) {
    @Override
    public LocalDate decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 4);
      int days = WireReader.getInt(buf, off);
      return switch (days) {
        case DateTimes.DATE_INFINITY -> LocalDate.MAX;
        case DateTimes.DATE_MINUS_INFINITY -> LocalDate.MIN;
        default -> LocalDate.ofEpochDay(days + DateTimes.EPOCH_DAY_2000);
      };
    }

    @Override
    public LocalDate decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      TextCursor c = new TextCursor(name(), buf, off, len);
      if (c.restIs("infinity")) {
        return LocalDate.MAX;
      }
      if (c.restIs("-infinity")) {
        return LocalDate.MIN;
      }
      return DateTimes.parse(c, true, false, false, ctx).date;
    }

    @Override
    public void encodeBinary(LocalDate value, WireWriter out, TypeContext ctx) {
      out.int32(days(value));
    }

    @Override
    public String encodeText(LocalDate value, TypeContext ctx) {
      days(value);
      if (value.equals(LocalDate.MAX)) {
        return "infinity";
      }
      if (value.equals(LocalDate.MIN)) {
        return "-infinity";
      }
      StringBuilder sb = new StringBuilder(13);
      DateTimes.appendDate(sb, value);
      DateTimes.appendBc(sb, value);
      return sb.toString();
    }

    private int days(LocalDate value) {
      if (value.equals(LocalDate.MAX)) {
        return DateTimes.DATE_INFINITY;
      }
      if (value.equals(LocalDate.MIN)) {
        return DateTimes.DATE_MINUS_INFINITY;
      }
      if (value.isBefore(DateTimes.MIN_DATE) || value.isAfter(DateTimes.MAX_DATE)) {
        throw new CodecException("date: " + value + " is out of PostgreSQL's range 4714-11-24 BC to 5874897-12-31"
            + " (use LocalDate.MIN/MAX for -infinity/infinity)");
      }
      return (int) (value.toEpochDay() - DateTimes.EPOCH_DAY_2000);
    }
  };
}
