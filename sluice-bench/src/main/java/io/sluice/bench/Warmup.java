package io.sluice.bench;

import java.time.Duration;
import java.util.List;

/**
 * When an interface is warm on a case: the rule that ends its warm-up, applied to the wall times of
 * the warm-up executions so far (JMH warms by a fixed number of timed iterations; the lab warms each
 * (case, interface) pair until its times stop moving, within a budget).
 *
 * <p>Warm-up always runs {@code minCount} executions (a fixed count well above 1, whatever they
 * cost: on a case whose one execution takes a second, the ranking of two JIT-compiled drivers
 * could still flip between their 1st and 15th execution). After that it goes on until at least
 * {@code minTime} is spent and the last {@link #WINDOW} times have <em>settled</em> (their median
 * within {@code tolerance} of the median of the {@link #WINDOW} before); it stops earlier,
 * unsettled, when {@code maxCount} executions are done or {@code budget} is spent.
 *
 * @param minCount executions at least, whatever the budget
 * @param maxCount executions at most
 * @param minTime time spent warming at least
 * @param budget time after which the warm-up ends, settled or not
 * @param tolerance how far apart two window medians may be and count as settled (0.05: 5 %)
 */
public record Warmup(int minCount, int maxCount, Duration minTime, Duration budget, double tolerance) {
  /** Executions per window compared by the settling test. */
  public static final int WINDOW = 3;

  public Warmup {
    if (minCount < 0 || maxCount < minCount || minTime.isNegative() || budget.isNegative() || tolerance < 0) {
      throw new IllegalArgumentException("a warm-up rule that cannot end sensibly: min " + minCount + ", max "
          + maxCount + " executions, " + minTime + " to " + budget + ", tolerance " + tolerance);
    }
  }

  /** Exactly {@code n} warm-ups, no settling test ({@code --warmups N}, and tests). */
  public static Warmup fixed(int n) {
    return new Warmup(n, n, Duration.ZERO, Duration.ofDays(1), Double.MAX_VALUE);
  }

  /**
   * The rule for a client compiled ahead of time (a C program): nothing to wait for a JIT, so one
   * warm-up execution is enough before the settling test takes over (within the same budget). A
   * fixed count ({@link #fixed}) stays fixed.
   */
  public Warmup forCompiledCode() {
    return tolerance == Double.MAX_VALUE ? this
        : new Warmup(Math.min(1, minCount), maxCount, minTime, budget, tolerance);
  }

  /** Why a warm-up ended. */
  public enum Stop {
    /** The times settled after the minimum count and time. */
    SETTLED,
    /** The budget ran out first. */
    BUDGET,
    /** The maximum count was reached first (or the fixed count of {@link #fixed}). */
    COUNT
  }

  /**
   * Whether to stop after the warm-up executions whose wall times are {@code walls}, {@code spent}
   * nanoseconds in all; null to go on.
   */
  public Stop stopAfter(List<Long> walls, long spent) {
    int n = walls.size();
    if (n >= maxCount) {
      return Stop.COUNT;
    }
    if (n < minCount) {
      return null;
    }
    if (spent >= minTime.toNanos() && settled(walls)) {
      return Stop.SETTLED;
    }
    return spent >= budget.toNanos() ? Stop.BUDGET : null;
  }

  /** The median of the last window within {@code tolerance} of the window before's. */
  boolean settled(List<Long> walls) {
    if (tolerance == Double.MAX_VALUE) {
      return true;
    }
    int n = walls.size();
    if (n < 2 * WINDOW) {
      return false;
    }
    double last = median(walls.subList(n - WINDOW, n));
    double before = median(walls.subList(n - 2 * WINDOW, n - WINDOW));
    return before > 0 && Math.abs(last - before) <= tolerance * before;
  }

  private static double median(List<Long> xs) {
    long[] s = xs.stream().mapToLong(Long::longValue).sorted().toArray();
    return s[s.length / 2];
  }

  /** How the warm-up of one (case, interface) went: executions, time, why it ended. */
  public record Outcome(int executions, long nanos, Stop stop) {}

  @Override
  public String toString() {
    if (tolerance == Double.MAX_VALUE) {
      return minCount + " warm-up execution" + (minCount == 1 ? "" : "s");
    }
    return String.format("warm-up until settled: %d executions, then until %.1f s are spent and the median of the"
            + " last %d wall times is within %.0f %% of the %d before; at most %d executions or %.1f s after the first"
            + " %d", minCount, minTime.toMillis() / 1e3, WINDOW, tolerance * 100, WINDOW, maxCount,
        budget.toMillis() / 1e3, minCount);
  }
}
