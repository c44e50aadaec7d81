package io.sluice.internal.config;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.function.Function;
import java.util.regex.Pattern;

/** Parsers for single parameter values; each failure names the parameter and the bad value. */
final class Values {
  private Values() {}

  private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");
  private static final Pattern DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]*)?|\\.[0-9]+");

  /**
   * The longest number text read as a decimal: {@code BigDecimal}'s parsing is quadratic in the
   * digits (1 MB of them took 16 s to refuse), and no sensible timeout needs more than a few dozen.
   */
  static final int MAX_DECIMAL = 64;

  /**
   * A decimal integer in {@code [min, max]}. libpq's {@code pqParseIntParam} also allows spaces
   * around the number; so do we.
   */
  static int integer(Setting s, int min, int max) {
    String v = s.value().strip();
    if (!INTEGER.matcher(v).matches()) {
      throw s.invalid("expected an integer");
    }
    long n;
    try {
      n = Long.parseLong(v);
    } catch (NumberFormatException e) {
      n = v.startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
    if (n < min || n > max) {
      throw s.invalid(
          min == Integer.MIN_VALUE && max == Integer.MAX_VALUE
              ? "expected an integer"
              : max == Integer.MAX_VALUE
                  ? "expected an integer of at least " + min
                  : "expected an integer from " + min + " to " + max);
    }
    return (int) n;
  }

  /** One port of a (possibly comma-separated) {@code port} value: 1 to 65535. */
  static int port(Setting s, String item) {
    String v = item.strip();
    if (!v.isEmpty() && v.length() <= 5 && v.chars().allMatch(c -> c >= '0' && c <= '9')) {
      int p = Integer.parseInt(v);
      if (p >= 1 && p <= 65535) {
        return p;
      }
    }
    throw new io.sluice.ConfigException(
        "invalid port " + Excerpt.quoted(item) + " in " + s.where() + ": expected a number from 1 to 65535");
  }

  /** A {@code 0}/{@code 1} switch, as libpq's {@code sslsni}. */
  static boolean flag(Setting s) {
    return switch (s.value().strip()) {
      case "1" -> true;
      case "0" -> false;
      default -> throw s.invalid("expected 0 or 1");
    };
  }

  /** One of an enum's libpq spellings, matched exactly (libpq uses strcmp). */
  static <E extends Enum<E>> E oneOf(Setting s, E[] values, Function<E, String> keyword) {
    for (E e : values) {
      if (keyword.apply(e).equals(s.value())) {
        return e;
      }
    }
    StringJoiner allowed = new StringJoiner(", ");
    for (E e : values) {
      allowed.add(keyword.apply(e));
    }
    throw s.invalid("expected one of " + allowed);
  }

  /**
   * A number of seconds, decimals allowed ({@code 2.5}); zero means "no limit" and gives empty.
   * Rounded up to the nanosecond.
   */
  static Optional<Duration> seconds(Setting s) {
    String v = s.value().strip();
    if (v.length() > MAX_DECIMAL || !DECIMAL.matcher(v).matches()) {
      throw s.invalid("expected a number of seconds (decimals allowed; 0 means no limit; at most "
          + MAX_DECIMAL + " characters)");
    }
    BigDecimal nanos = new BigDecimal(v).movePointRight(9).setScale(0, RoundingMode.CEILING);
    if (nanos.signum() == 0) {
      return Optional.empty();
    }
    // a century is far beyond any sensible timeout and far inside Duration's and long's range
    if (nanos.compareTo(BigDecimal.valueOf(Duration.ofDays(36_525).toNanos())) > 0) {
      throw s.invalid("expected at most 100 years of seconds");
    }
    return Optional.of(Duration.ofNanos(nanos.longValueExact()));
  }

  /**
   * {@code min_protocol_version} / {@code max_protocol_version}: {@code 3.0}, {@code 3.2} or
   * {@code latest} (= 3.2), as the wire code {@code major << 16 | minor}.
   */
  static final int PROTOCOL_3_0 = 3 << 16;
  static final int PROTOCOL_3_2 = 3 << 16 | 2;

  static int protocolVersion(Setting s) {
    return switch (s.value()) {
      case "3.0" -> PROTOCOL_3_0;
      case "3.2", "latest" -> PROTOCOL_3_2;
      default -> throw s.invalid("expected one of 3.0, 3.2, latest");
    };
  }

  /** A protocol version's wire code as {@code major.minor}. */
  static String versionText(int v) {
    return (v >>> 16) + "." + (v & 0xFFFF);
  }

  /** A duration as a number of seconds that {@link #seconds} reads back exactly ({@code 2.5}, {@code 10}). */
  static String secondsText(Duration d) {
    return BigDecimal.valueOf(d.getSeconds()).add(BigDecimal.valueOf(d.getNano(), 9)).stripTrailingZeros()
        .toPlainString();
  }

  /** libpq's {@code client_encoding}, restricted to UTF-8: Sluice decodes all text as UTF-8. */
  static String utf8Only(Setting s) {
    String v = s.value().strip();
    if (!v.equalsIgnoreCase("UTF8") && !v.equalsIgnoreCase("UTF-8")) {
      throw new io.sluice.ConfigException(
          "unsupported value"
              + s.shown()
              + " for "
              + s.where()
              + ": Sluice speaks UTF-8 only (use UTF8 or leave it unset; the server converts)");
    }
    return s.value();
  }
}
