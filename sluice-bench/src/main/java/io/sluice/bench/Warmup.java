package io.sluice.bench;

import java.time.Duration;
import java.util.List;

/**
 * When an interface is warm on a case: the rule that ends its warm-up, applied to the wall times of
 * the warm-up executions so far (JMH warms by a fixed number of timed iterations; the lab warms each
 * (case, interface) pair until its times stop moving, within a budget).
 *
 * <p>Warm-up goes on until all of these hold: at least {@code minCount} executions, at least
 * {@code minTime} spent, and the last {@link #WINDOW} times <em>settled</em> (their median within
 * {@code tolerance} of the median of the {@link #WINDOW} before). It stops earlier, unsettled, when
 * {@code maxCount} executions are done or {@code budget} is spent, but never before {@link
 * #FLOOR} executions: a case whose single execution outlasts the budget (a million-row COPY) has
 * run its JIT-hot loops hundreds of thousands of times in each.
 *
 * @param minCount executions at least (within the budget)
 * @param maxCount executions at most
 * @param minTime time spent warming at least
 * @param budget time after which the warm-up ends, settled or not
 * @param tolerance how far apart two window medians may be and count as settled (0.05: 5 %)
 */
public record Warmup(int minCount, int maxCount, Duration minTime, Duration budget, double tolerance) {
  /** Executions per window compared by the settling test. */
  public static final int WINDOW = 3;
  /** Executions always run, whatever the budget. */
  public static final int FLOOR = 2;

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
    if (spent >= budget.toNanos() && n >= Math.min(FLOOR, maxCount)) {
      return Stop.BUDGET;
    }
    if (n >= minCount && spent >= minTime.toNanos() && settled(walls)) {
      return Stop.SETTLED;
    }
    return null;
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
    return String.format("warm-up until settled: at least %d executions and %.1f s, then until the median of the"
            + " last %d wall times is within %.0f %% of the %d before; at most %d executions or %.0f s (never fewer"
            + " than %d)", minCount, minTime.toMillis() / 1e3, WINDOW, tolerance * 100, WINDOW, maxCount,
        budget.toMillis() / 1e3, FLOOR);
  }
}
