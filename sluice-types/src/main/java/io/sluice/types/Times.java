package io.sluice.types;

import io.sluice.protocol.WireReader;
import io.sluice.protocol.WireWriter;
import java.time.DateTimeException;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;

/**
 * time as {@link LocalTime} and timetz as {@link OffsetTime}. Binary ({@code time_send},
 * {@code timetz_send} in src/backend/utils/adt/date.c): int64 microseconds since midnight; timetz
 * adds an int32 zone in seconds <em>west</em> of Greenwich (the negated UTC offset), which must be
 * under 16 hours ({@code TZDISP_LIMIT}). Text: {@code HH:MM:SS[.ffffff][+HH[:MM[:SS]]]}.
 *
 * <p>PostgreSQL allows {@code 24:00:00}, which LocalTime cannot hold: it decodes to
 * {@link LocalTime#MAX}, and LocalTime.MAX (23:59:59.999999999) rounds to 24:00:00 on encoding.
 * Nanoseconds round half-even to microseconds, as the server rounds longer fractions.
 */
public final class Times {
  private Times() {}

  /** {@code TZDISP_LIMIT}: a timetz zone must be strictly within 16 hours of UTC. */
  static final int TZDISP_LIMIT = 16 * 3600;

  public static final Codec<LocalTime> TIME = new BaseCodec<>("time", LocalTime.class) {
    @Override
    public LocalTime decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 8);
      return time(this, Ints.getLong(buf, off));
    }

    @Override
    public LocalTime decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return time(DateTimes.parse(new TextCursor(name(), buf, off, len), false, true, false, ctx).nanoOfDay);
    }

    @Override
    public void encodeBinary(LocalTime value, WireWriter out, TypeContext ctx) {
      out.int64(DateTimes.roundToMicros(value.toNanoOfDay()));
    }

    @Override
    public String encodeText(LocalTime value, TypeContext ctx) {
      StringBuilder sb = new StringBuilder(15);
      DateTimes.appendTime(sb, DateTimes.roundToMicros(value.toNanoOfDay()));
      return sb.toString();
    }
  };

  public static final Codec<OffsetTime> TIMETZ = new BaseCodec<>("timetz", OffsetTime.class) {
    @Override
    public OffsetTime decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 12);
      LocalTime t = time(this, Ints.getLong(buf, off));
      int zone = WireReader.getInt(buf, off + 8);
      if (zone <= -TZDISP_LIMIT || zone >= TZDISP_LIMIT) {
        throw badBinary("time zone displacement " + zone + " s is out of range");
      }
      return OffsetTime.of(t, ZoneOffset.ofTotalSeconds(-zone));
    }

    @Override
    public OffsetTime decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      DateTimes.Fields f = DateTimes.parse(new TextCursor(name(), buf, off, len), false, true, true, ctx);
      try {
        return OffsetTime.of(time(f.nanoOfDay), ZoneOffset.ofTotalSeconds(f.offsetSeconds));
      } catch (DateTimeException e) {
        throw badText(buf, off, len, e.getMessage());
      }
    }

    @Override
    public void encodeBinary(OffsetTime value, WireWriter out, TypeContext ctx) {
      int zone = zone(value);
      out.int64(DateTimes.roundToMicros(value.toLocalTime().toNanoOfDay())).int32(zone);
    }

    @Override
    public String encodeText(OffsetTime value, TypeContext ctx) {
      zone(value);
      StringBuilder sb = new StringBuilder(24);
      DateTimes.appendTime(sb, DateTimes.roundToMicros(value.toLocalTime().toNanoOfDay()));
      DateTimes.appendOffset(sb, value.getOffset().getTotalSeconds());
      return sb.toString();
    }

    private int zone(OffsetTime value) {
      int offset = value.getOffset().getTotalSeconds();
      if (offset <= -TZDISP_LIMIT || offset >= TZDISP_LIMIT) {
        throw new CodecException("timetz: offset " + value.getOffset() + " is beyond PostgreSQL's limit of ±15:59:59");
      }
      return -offset;
    }
  };

  private static LocalTime time(BaseCodec<?> codec, long micros) {
    if (micros < 0 || micros > DateTimes.MICROS_PER_DAY) {
      throw codec.badBinary(micros + " µs is not a time of day");
    }
    return micros == DateTimes.MICROS_PER_DAY ? LocalTime.MAX : LocalTime.ofNanoOfDay(micros * 1000);
  }

  private static LocalTime time(long nanoOfDay) {
    return nanoOfDay == DateTimes.MICROS_PER_DAY * 1000 ? LocalTime.MAX : LocalTime.ofNanoOfDay(nanoOfDay);
  }
}
