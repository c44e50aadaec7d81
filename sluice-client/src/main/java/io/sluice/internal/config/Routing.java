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
  /** Routing off: today's behaviour. */
  static final Routing NONE = new Routing(ReadRouting.PRIMARY, Keys.MAX_STANDBY_LAG.fallback(), false);

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
        : Keys.READ_ROUTING.fallback();
    if (routing == ReadRouting.PRIMARY) {
      for (String k : new String[] {"max_standby_lag", "read_your_writes"}) {
        if (m.containsKey(k)) {
          throw new ConfigException(m.get(k).where() + " has no effect unless read_routing is prefer-standby or"
              + " standby (read_routing is primary)");
        }
      }
      return NONE;
    }
    Duration lag = m.containsKey("max_standby_lag") ? duration(m.get("max_standby_lag"))
        : Keys.MAX_STANDBY_LAG.fallback();
    boolean ryw = m.containsKey("read_your_writes") ? onOff(m.get("read_your_writes"))
        : Keys.READ_YOUR_WRITES.fallback();
    return new Routing(routing, lag, ryw);
  }

  /** Puts the values into a Settings' array. */
  void store(Object[] values) {
    values[Keys.READ_ROUTING.index()] = readRouting;
    values[Keys.MAX_STANDBY_LAG.index()] = maxStandbyLag;
    values[Keys.READ_YOUR_WRITES.index()] = readYourWrites;
  }

  /** The string forms of the lag and read-your-writes defaults, shown only when reads are routed. */
  void putDefaults(Map<String, String> eff) {
    if (routes()) {
      eff.putIfAbsent("max_standby_lag", maxStandbyLag.toMillis() + "ms");
      eff.putIfAbsent("read_your_writes", readYourWrites ? "on" : "off");
    }
  }

  static Duration duration(Setting s) {
    String v = s.value().strip();
    Matcher x = DURATION.matcher(v);
    if (v.length() > Values.MAX_DECIMAL || !x.matches()) {   // bounded, as Values.seconds
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
