package io.sluice.internal.config;

import io.sluice.ConfigException;
import io.sluice.ReadRouting;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The routing parameters of a pool over a primary and its standbys (issue 23): {@code
 * read_routing}, {@code max_standby_lag}, {@code read_your_writes}, validated together.
 *
 * @param readRouting where read-only work goes
 * @param maxStandbyLag a standby lagging more than this gets no reads
 * @param readYourWrites whether a read must see the pool's own acknowledged writes
 */
public record Routing(ReadRouting readRouting, Duration maxStandbyLag, boolean readYourWrites) {
  public static final Duration DEFAULT_MAX_STANDBY_LAG = Duration.ofSeconds(5);
  /** Routing off: today's behaviour. */
  public static final Routing NONE = new Routing(ReadRouting.PRIMARY, DEFAULT_MAX_STANDBY_LAG, false);

  /** The keys this record reads, for code that narrows a configuration to one connection. */
  public static final String[] KEYS = {"read_routing", "max_standby_lag", "read_your_writes"};

  /** {@code 250ms}, {@code 2s}, {@code 1.5min}, {@code 1h}; a bare number is seconds. */
  private static final Pattern DURATION = Pattern.compile("([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)\\s*(ms|s|min|h)?");

  /** Whether reads may leave the primary. */
  public boolean routes() {
    return readRouting != ReadRouting.PRIMARY;
  }

  static Routing resolve(Map<String, Setting> m) {
    ReadRouting routing = m.containsKey("read_routing")
        ? Values.oneOf(m.get("read_routing"), ReadRouting.values(), ReadRouting::keyword)
        : ReadRouting.PRIMARY;
    if (routing == ReadRouting.PRIMARY) {
      for (String k : new String[] {"max_standby_lag", "read_your_writes"}) {
        if (m.containsKey(k)) {
          throw new ConfigException(m.get(k).where() + " has no effect unless read_routing is prefer-standby or"
              + " standby (read_routing is primary)");
        }
      }
      return NONE;
    }
    Duration lag = m.containsKey("max_standby_lag") ? duration(m.get("max_standby_lag")) : DEFAULT_MAX_STANDBY_LAG;
    boolean ryw = !m.containsKey("read_your_writes") || onOff(m.get("read_your_writes"));
    return new Routing(routing, lag, ryw);
  }

  /** The effective string forms, for {@code ConnectionConfig.toMap}. */
  void putDefaults(Map<String, String> eff) {
    eff.putIfAbsent("read_routing", readRouting.keyword());
    if (routes()) {
      eff.putIfAbsent("max_standby_lag", maxStandbyLag.toMillis() + "ms");
      eff.putIfAbsent("read_your_writes", readYourWrites ? "on" : "off");
    }
  }

  static Duration duration(Setting s) {
    Matcher x = DURATION.matcher(s.value().strip());
    if (!x.matches()) {
      throw s.invalid("expected a duration such as 250ms, 2s or 1min, or a number of seconds");
    }
    String unit = x.group(2) == null ? "s" : x.group(2);
    BigDecimal n = new BigDecimal(x.group(1));
    BigDecimal nanos = switch (unit) {
      case "ms" -> n.movePointRight(6);
      case "s" -> n.movePointRight(9);
      case "min" -> n.multiply(BigDecimal.valueOf(60)).movePointRight(9);
      default -> n.multiply(BigDecimal.valueOf(3600)).movePointRight(9);
    };
    if (nanos.compareTo(BigDecimal.valueOf(Duration.ofDays(1).toNanos())) > 0) {
      throw s.invalid("expected at most one day");
    }
    return Duration.ofNanos(nanos.setScale(0, RoundingMode.CEILING).longValueExact());
  }

  private static boolean onOff(Setting s) {
    return switch (s.value().strip()) {
      case "on", "true" -> true;
      case "off", "false" -> false;
      default -> throw s.invalid("expected on or off");
    };
  }
}
