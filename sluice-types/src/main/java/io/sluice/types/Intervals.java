package io.sluice.types;

import io.sluice.protocol.WireReader;
import io.sluice.protocol.WireWriter;
import java.time.Duration;

/**
 * interval as {@link Interval}, and as {@link Duration} for Duration parameters. Binary
 * ({@code interval_send}, src/backend/utils/adt/timestamp.c): int64 microseconds, int32 days,
 * int32 months. Text output depends on {@code IntervalStyle}: decoding reads {@code postgres}
 * (the default: {@code 1 year 2 mons -3 days +04:05:06.789}), {@code postgres_verbose}
 * ({@code @ 1 year 2 mons 3 days 4 hours ... ago}) and {@code iso_8601} ({@code P1Y2M-3DT4H5M6.789S});
 * {@code sql_standard} is refused with a message naming it. Encoding writes every field with an
 * explicit sign and the time in units ({@code +14 mons -3 days +4 hours +5 minutes +6 seconds +789000
 * microseconds}), which every IntervalStyle reads the same way, including the extremes the {@code
 * HH:MM:SS} form cannot (its hours are unsigned, so -2^63 microseconds overflows). Each number is
 * within an int32, as PostgreSQL 13 and 14 read them ({@code strtoint} in {@code DecodeInterval},
 * int64 from 15), except the hours of a time of 2^31 hours or more, which only 15 and later take.
 */
public final class Intervals {
  private Intervals() {}

  public static final Codec<Interval> INTERVAL = new BaseCodec<>("interval", Interval.class) {
    @Override
    public Interval decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 16);
      return new Interval(WireReader.getInt(buf, off + 12), WireReader.getInt(buf, off + 8), Ints.getLong(buf, off));
    }

    @Override
    public Interval decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return parse(new TextCursor(name(), buf, off, len), ctx);
    }

    @Override
    public void encodeBinary(Interval value, WireWriter out, TypeContext ctx) {
      out.int64(value.microseconds()).int32(value.days()).int32(value.months());
    }

    @Override
    public String encodeText(Interval value, TypeContext ctx) {
      return text(value);
    }
  };

  /**
   * interval as {@link Duration}: encodes as microseconds only (see {@link Interval#of(Duration)});
   * decoding an interval with months throws {@link CodecException} (see {@link Interval#toDuration()}).
   */
  public static final Codec<Duration> DURATION = new BaseCodec<>("interval", Duration.class) {
    @Override
    public Duration decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      return INTERVAL.decodeBinary(buf, off, len, ctx).toDuration();
    }

    @Override
    public Duration decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return INTERVAL.decodeText(buf, off, len, ctx).toDuration();
    }

    @Override
    public void encodeBinary(Duration value, WireWriter out, TypeContext ctx) {
      INTERVAL.encodeBinary(Interval.of(value), out, ctx);
    }

    @Override
    public String encodeText(Duration value, TypeContext ctx) {
      return text(Interval.of(value));
    }
  };

  static String text(Interval v) {
    StringBuilder sb = new StringBuilder(96);
    signed(sb, v.months()).append(" mons ");
    signed(sb, v.days()).append(" days ");
    // truncating division: every part has the sign of the whole time
    long us = v.microseconds();
    signed(sb, us / 3_600_000_000L).append(" hours ");
    signed(sb, us % 3_600_000_000L / 60_000_000L).append(" minutes ");
    signed(sb, us % 60_000_000L / 1_000_000L).append(" seconds ");
    signed(sb, us % 1_000_000L).append(" microseconds");
    return sb.toString();
  }

  private static StringBuilder signed(StringBuilder sb, long v) {
    return (v >= 0 ? sb.append('+') : sb).append(v);
  }

  /** Accumulates fields with overflow checks. */
  private static final class Sum {
    long months;
    long days;
    long micros;

    Interval result(TextCursor c, boolean negate) {
      if (negate) {
        months = -months;
        days = -days;
        micros = Math.negateExact(micros);
      }
      if (months != (int) months || days != (int) days) {
        throw c.fail("interval out of range");
      }
      return new Interval((int) months, (int) days, micros);
    }
  }

  static Interval parse(TextCursor c, TypeContext ctx) {
    try {
      if (c.restIs("infinity")) {
        return Interval.INFINITY;
      }
      if (c.restIs("-infinity")) {
        return Interval.MINUS_INFINITY;
      }
      if (c.peek() == 'P') {
        return iso(c);
      }
      return postgres(c, ctx);
    } catch (ArithmeticException e) {
      throw c.fail("interval out of range");
    }
  }

  /** {@code [@] [+-]N unit ... [+-]H:MM:SS[.f] [ago]} (postgres and postgres_verbose). */
  private static Interval postgres(TextCursor c, TypeContext ctx) {
    Sum sum = new Sum();
    boolean verbose = c.eat('@');
    boolean ago = false;
    boolean any = false;
    while (true) {
      c.skipSpaces();
      if (c.atEnd()) {
        break;
      }
      if (verbose && c.eatWord("ago")) {
        ago = true;
        c.skipSpaces();
        c.expectEnd();
        break;
      }
      int save = c.pos;
      boolean negative = c.eat('-');
      if (!negative) {
        c.eat('+');
      }
      int digits = c.pos;
      while (TextCursor.isDigit(c.peek())) {
        c.next();
      }
      any = true;
      if (c.peek() == ':') {
        c.pos = digits;
        long h = c.digits(1, 18);
        c.expect(':');
        long min = c.fixed(2);
        c.expect(':');
        long sec = c.fixed(2);
        long frac = c.eat('.') ? c.fractionNanos() / 1000 : 0;
        // Summed on the side of the sign, so -2562047788:00:54.775808 (the int64 minimum) fits.
        long hours = Math.multiplyExact(h, 3_600_000_000L);
        long rest = min * 60_000_000L + sec * 1_000_000L + frac;
        long micros = negative ? Math.subtractExact(-hours, rest) : Math.addExact(hours, rest);
        sum.micros = Math.addExact(sum.micros, micros);
        continue;
      }
      c.pos = save;
      long n = c.signedLong();
      long frac = 0;
      if (c.eat('.')) {
        frac = c.fractionNanos() / 1000;
        if (negative) {
          frac = -frac;
        }
      }
      c.skipSpaces();
      if (c.atEnd() || (verbose && c.peek() == 'a')) {
        // A bare number counts seconds ("@ 0" is the verbose zero).
        sum.micros = Math.addExact(sum.micros, Math.addExact(Math.multiplyExact(n, 1_000_000L), frac));
        continue;
      }
      if (c.eatWord("years") || c.eatWord("year")) {
        sum.months = Math.addExact(sum.months, Math.multiplyExact(n, 12));
      } else if (c.eatWord("mons") || c.eatWord("mon")) {
        sum.months = Math.addExact(sum.months, n);
      } else if (c.eatWord("days") || c.eatWord("day")) {
        sum.days = Math.addExact(sum.days, n);
      } else if (c.eatWord("hours") || c.eatWord("hour")) {
        sum.micros = Math.addExact(sum.micros, Math.multiplyExact(n, 3_600_000_000L));
      } else if (c.eatWord("minutes") || c.eatWord("minute") || c.eatWord("mins") || c.eatWord("min")) {
        sum.micros = Math.addExact(sum.micros, Math.multiplyExact(n, 60_000_000L));
      } else if (c.eatWord("microseconds") || c.eatWord("microsecond") || c.eatWord("usecs")) {
        sum.micros = Math.addExact(sum.micros, n);
      } else if (c.eatWord("milliseconds") || c.eatWord("millisecond") || c.eatWord("msecs")) {
        sum.micros = Math.addExact(sum.micros, Math.multiplyExact(n, 1_000L));
      } else if (c.eatWord("seconds") || c.eatWord("second") || c.eatWord("secs") || c.eatWord("sec")) {
        sum.micros = Math.addExact(sum.micros, Math.addExact(Math.multiplyExact(n, 1_000_000L), frac));
        frac = 0;
      } else {
        String style = ctx == null ? "postgres" : ctx.intervalStyle();
        throw c.fail("expected a unit (IntervalStyle '" + style + "'; text intervals are read in postgres,"
            + " postgres_verbose or iso_8601 style)");
      }
      if (frac != 0) {
        throw c.fail("fraction on a unit other than seconds");
      }
    }
    if (!any) {
      throw c.fail("empty interval");
    }
    return sum.result(c, ago);
  }

  /** {@code P[nY][nM][nW][nD][T[nH][nM][n[.f]S]]}, each number optionally signed. */
  private static Interval iso(TextCursor c) {
    c.expect('P');
    Sum sum = new Sum();
    boolean time = false;
    boolean any = false;
    while (!c.atEnd()) {
      if (!time && c.eat('T')) {
        time = true;
        continue;
      }
      boolean negative = c.eat('-');
      long n = c.digits(1, 18);
      long frac = c.eat('.') ? c.fractionNanos() / 1000 : 0;
      long sign = negative ? -1 : 1;
      int unit = c.next();
      any = true;
      if (frac != 0 && !(time && unit == 'S')) {
        throw c.fail("fraction on a unit other than seconds");
      }
      switch (time ? Character.toLowerCase(unit) : Character.toUpperCase(unit)) {
        case 'Y' -> sum.months = Math.addExact(sum.months, Math.multiplyExact(n, 12) * sign);
        case 'M' -> sum.months = Math.addExact(sum.months, n * sign);
        case 'W' -> sum.days = Math.addExact(sum.days, Math.multiplyExact(n, 7) * sign);
        case 'D' -> sum.days = Math.addExact(sum.days, n * sign);
        case 'h' -> sum.micros = Math.addExact(sum.micros, Math.multiplyExact(n, 3_600_000_000L) * sign);
        case 'm' -> sum.micros = Math.addExact(sum.micros, Math.multiplyExact(n, 60_000_000L) * sign);
        case 's' -> sum.micros = Math.addExact(sum.micros, Math.addExact(Math.multiplyExact(n, 1_000_000L), frac) * sign);
        default -> throw c.fail("unknown ISO 8601 unit '" + (char) unit + "'");
      }
    }
    if (!any && !time) {
      throw c.fail("empty interval");
    }
    return sum.result(c, false);
  }
}
