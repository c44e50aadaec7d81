package io.sluice.internal.fleet;

import java.time.Duration;

/**
 * How a {@link FleetMonitor} probes.
 *
 * @param interval pause between probes of a host that is up
 * @param eagerInterval pause while a caller waits for a standby to replay a position ({@link FleetMonitor#awaitReplay})
 * @param probeTimeout bound on one probe statement ({@code query_timeout} of the probe connections)
 * @param connectTimeout bound on opening a probe connection ({@code connect_timeout}, whole seconds, at least 1)
 * @param backoffMin pause after the first failed probe of a host; doubled after each further failure
 * @param backoffMax the longest pause between attempts on a host that is down
 * @param lagSamples primary positions kept by the {@link LagClock}
 */
public record MonitorSettings(Duration interval, Duration eagerInterval, Duration probeTimeout, Duration connectTimeout,
    Duration backoffMin, Duration backoffMax, int lagSamples) {
  public MonitorSettings {
    positive(interval, "interval");
    positive(eagerInterval, "eagerInterval");
    positive(probeTimeout, "probeTimeout");
    positive(backoffMin, "backoffMin");
    if (connectTimeout.compareTo(Duration.ofSeconds(1)) < 0) {
      throw new IllegalArgumentException("connectTimeout must be at least 1 s: " + connectTimeout);
    }
    if (backoffMax.compareTo(backoffMin) < 0) {
      throw new IllegalArgumentException("backoffMax " + backoffMax + " is below backoffMin " + backoffMin);
    }
    if (lagSamples < 2) {
      throw new IllegalArgumentException("lagSamples must be at least 2: " + lagSamples);
    }
  }

  /** 200 ms between probes, 5 ms while awaited, 2 s probe and connect bounds, back-off 50 ms to 1 s, 4096 samples. */
  public static MonitorSettings defaults() {
    return new MonitorSettings(Duration.ofMillis(200), Duration.ofMillis(5), Duration.ofSeconds(2),
        Duration.ofSeconds(2), Duration.ofMillis(50), Duration.ofSeconds(1), 4096);
  }

  MonitorSettings withInterval(Duration d) {
    return new MonitorSettings(d, eagerInterval, probeTimeout, connectTimeout, backoffMin, backoffMax, lagSamples);
  }

  /** The pause before the next attempt after {@code failures} failed probes in a row. */
  Duration backoff(int failures) {
    Duration d = backoffMin;
    for (int i = 1; i < failures && d.compareTo(backoffMax) < 0; i++) {
      d = d.multipliedBy(2);
    }
    return d.compareTo(backoffMax) > 0 ? backoffMax : d;
  }

  private static void positive(Duration d, String name) {
    if (d == null || d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(name + " must be a positive duration: " + d);
    }
  }
}
