package io.sluice.types;

import io.sluice.protocol.WireWriter;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * timestamp as {@link LocalDateTime}, timestamptz as {@link OffsetDateTime} in UTC or as
 * {@link Instant}. Binary ({@code timestamp_send}, src/backend/utils/adt/timestamp.c): int64
 * microseconds since 2000-01-01 00:00:00 (UTC for timestamptz). Text: ISO
 * {@code YYYY-MM-DD HH:MM:SS[.ffffff]}, then for timestamptz the session's UTC offset (+05:30, and
 * historical local-mean-time offsets with seconds such as +05:53:28), then {@code BC} if needed.
 *
 * <p>Decoded timestamptz values are always at offset UTC, in both formats, whatever the server's
 * or the JVM's time zone. Encoding uses the instant; the offset is not sent (PostgreSQL stores
 * none).
 *
 * <p><b>Infinity.</b> {@code infinity}/{@code -infinity} decode to the MAX/MIN constants of the
 * Java type ({@link LocalDateTime#MAX}, {@link OffsetDateTime#MAX}, {@link Instant#MAX}, ...), and
 * those constants encode back to them. Other values outside 4714-11-24 BC to 294276-12-31
 * 23:59:59.999999 are a {@link CodecException} on encoding.
 *
 * <p><b>Nanoseconds</b> round half-even to microseconds, as the server rounds longer fractions
 * in text input; a value that rounds past the last representable microsecond is refused.
 */
public final class Timestamps {
  private Timestamps() {}

  public static final Codec<LocalDateTime> TIMESTAMP = new BaseCodec<>("timestamp", LocalDateTime.class) {
    @Override
    public LocalDateTime decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 8);
      long micros = Ints.getLong(buf, off);
      return micros == DateTimes.TS_INFINITY ? LocalDateTime.MAX
          : micros == DateTimes.TS_MINUS_INFINITY ? LocalDateTime.MIN
          : DateTimes.localDateTime(micros);
    }

    @Override
    public LocalDateTime decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      TextCursor c = new TextCursor(name(), buf, off, len);
      if (c.restIs("infinity")) {
        return LocalDateTime.MAX;
      }
      if (c.restIs("-infinity")) {
        return LocalDateTime.MIN;
      }
      DateTimes.Fields f = DateTimes.parse(c, true, true, false, ctx);
      return f.date.atStartOfDay().plusNanos(f.nanoOfDay);
    }

    @Override
    public void encodeBinary(LocalDateTime value, WireWriter out, TypeContext ctx) {
      out.int64(micros(value));
    }

    @Override
    public String encodeText(LocalDateTime value, TypeContext ctx) {
      long micros = micros(value);
      return text(micros, false);
    }

    private long micros(LocalDateTime v) {
      if (v.equals(LocalDateTime.MAX)) {
        return DateTimes.TS_INFINITY;
      }
      if (v.equals(LocalDateTime.MIN)) {
        return DateTimes.TS_MINUS_INFINITY;
      }
      return DateTimes.micros(name(), v.toEpochSecond(ZoneOffset.UTC), v.getNano());
    }
  };

  public static final Codec<OffsetDateTime> TIMESTAMPTZ = new BaseCodec<>("timestamptz", OffsetDateTime.class) {
    @Override
    public OffsetDateTime decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 8);
      long micros = Ints.getLong(buf, off);
      return micros == DateTimes.TS_INFINITY ? OffsetDateTime.MAX
          : micros == DateTimes.TS_MINUS_INFINITY ? OffsetDateTime.MIN
          : OffsetDateTime.of(DateTimes.localDateTime(micros), ZoneOffset.UTC);
    }

    @Override
    public OffsetDateTime decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      long micros = parseTz(this, buf, off, len, ctx);
      return micros == DateTimes.TS_INFINITY ? OffsetDateTime.MAX
          : micros == DateTimes.TS_MINUS_INFINITY ? OffsetDateTime.MIN
          : OffsetDateTime.of(DateTimes.localDateTime(micros), ZoneOffset.UTC);
    }

    @Override
    public void encodeBinary(OffsetDateTime value, WireWriter out, TypeContext ctx) {
      out.int64(micros(value));
    }

    @Override
    public String encodeText(OffsetDateTime value, TypeContext ctx) {
      return text(micros(value), true);
    }

    private long micros(OffsetDateTime v) {
      if (v.equals(OffsetDateTime.MAX)) {
        return DateTimes.TS_INFINITY;
      }
      if (v.equals(OffsetDateTime.MIN)) {
        return DateTimes.TS_MINUS_INFINITY;
      }
      return DateTimes.micros(name(), v.toEpochSecond(), v.getNano());
    }
  };

  /** timestamptz as {@link Instant}; the registry uses it for Instant parameters. */
  public static final Codec<Instant> INSTANT = new BaseCodec<>("timestamptz", Instant.class) {
    @Override
    public Instant decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 8);
      return instant(Ints.getLong(buf, off));
    }

    @Override
    public Instant decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return instant(parseTz(this, buf, off, len, ctx));
    }

    @Override
    public void encodeBinary(Instant value, WireWriter out, TypeContext ctx) {
      out.int64(micros(value));
    }

    @Override
    public String encodeText(Instant value, TypeContext ctx) {
      return text(micros(value), true);
    }

    private Instant instant(long micros) {
      return micros == DateTimes.TS_INFINITY ? Instant.MAX
          : micros == DateTimes.TS_MINUS_INFINITY ? Instant.MIN
          : Instant.ofEpochSecond(DateTimes.epochSecond(micros), DateTimes.nanos(micros));
    }

    private long micros(Instant v) {
      if (v.equals(Instant.MAX)) {
        return DateTimes.TS_INFINITY;
      }
      if (v.equals(Instant.MIN)) {
        return DateTimes.TS_MINUS_INFINITY;
      }
      return DateTimes.micros(name(), v.getEpochSecond(), v.getNano());
    }
  };

  /** Microseconds since 2000-01-01 UTC (or the infinity sentinels) from timestamptz text. */
  private static long parseTz(BaseCodec<?> codec, byte[] buf, int off, int len, TypeContext ctx) {
    TextCursor c = new TextCursor(codec.name(), buf, off, len);
    if (c.restIs("infinity")) {
      return DateTimes.TS_INFINITY;
    }
    if (c.restIs("-infinity")) {
      return DateTimes.TS_MINUS_INFINITY;
    }
    DateTimes.Fields f = DateTimes.parse(c, true, true, true, ctx);
    long epochDay = f.date.toEpochDay() - DateTimes.EPOCH_DAY_2000;
    long micros = epochDay * DateTimes.MICROS_PER_DAY + DateTimes.roundToMicros(f.nanoOfDay)
        - f.offsetSeconds * 1_000_000L;
    if (micros < DateTimes.MIN_TIMESTAMP || micros >= DateTimes.END_TIMESTAMP) {
      throw codec.badText(buf, off, len, "out of range");
    }
    return micros;
  }

  /**
   * A timestamptz as the server prints it for a session in {@code zone} ({@code timestamptz_out}
   * under DateStyle ISO): the wall clock there and its offset, {@code +03}, {@code +05:30} or
   * {@code -04:56:02}, then {@code BC}; infinities as words.
   */
  public static String display(OffsetDateTime value, java.time.ZoneId zone) {
    if (value.equals(OffsetDateTime.MAX) || value.equals(OffsetDateTime.MIN)) {
      return value.equals(OffsetDateTime.MAX) ? "infinity" : "-infinity";
    }
    int offset = zone.getRules().getOffset(value.toInstant()).getTotalSeconds();
    long local;
    try {
      local = DateTimes.micros("timestamptz", value.toEpochSecond() + offset, value.getNano());
    } catch (CodecException edge) {
      // within a day of the range's ends the wall clock there falls outside it: UTC, as sent
      return text(DateTimes.micros("timestamptz", value.toEpochSecond(), value.getNano()), true);
    }
    LocalDateTime t = DateTimes.localDateTime(local);
    StringBuilder sb = new StringBuilder(40);
    DateTimes.appendDate(sb, t.toLocalDate());
    sb.append(' ');
    DateTimes.appendTime(sb, Math.floorMod(local, DateTimes.MICROS_PER_DAY));
    int abs = Math.abs(offset);
    sb.append(offset < 0 ? '-' : '+').append(two(abs / 3600));
    if (abs % 3600 != 0) {
      sb.append(':').append(two(abs / 60 % 60));
      if (abs % 60 != 0) {
        sb.append(':').append(two(abs % 60));
      }
    }
    DateTimes.appendBc(sb, t.toLocalDate());
    return sb.toString();
  }

  private static String two(int n) {
    return n < 10 ? "0" + n : Integer.toString(n);
  }

  /** ISO text of a timestamp (UTC with "+00" for timestamptz), or infinity. */
  private static String text(long micros, boolean tz) {
    if (micros == DateTimes.TS_INFINITY) {
      return "infinity";
    }
    if (micros == DateTimes.TS_MINUS_INFINITY) {
      return "-infinity";
    }
    LocalDateTime t = DateTimes.localDateTime(micros);
    StringBuilder sb = new StringBuilder(36);
    DateTimes.appendDate(sb, t.toLocalDate());
    sb.append(' ');
    DateTimes.appendTime(sb, Math.floorMod(micros, DateTimes.MICROS_PER_DAY));
    if (tz) {
      sb.append("+00");
    }
    DateTimes.appendBc(sb, t.toLocalDate());
    return sb.toString();
  }
}
