package io.sluice.testkit;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waits for a condition with a bounded poll: checked at once, then after pauses that grow from
 * 10 ms to 200 ms, until it holds or the time is up. Never a fixed sleep standing in for the
 * condition itself.
 */
public final class Poll {
  private static final long FIRST_PAUSE_MS = 10;
  private static final long LONGEST_PAUSE_MS = 200;

  private Poll() {}

  /** True once {@code condition} held, false when {@code timeout} passed first. */
  public static boolean until(BooleanSupplier condition, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    long pause = FIRST_PAUSE_MS;
    while (true) {
      if (condition.getAsBoolean()) {
        return true;
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      try {
        Thread.sleep(Math.min(pause, Math.max(1, left / 1_000_000)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TestkitException("interrupted while waiting");
      }
      pause = Math.min(LONGEST_PAUSE_MS, pause * 2);
    }
  }

  /** As {@link #until}, but throws a {@link TestkitException} saying {@code what} did not happen, with {@code detail}. */
  public static void orThrow(BooleanSupplier condition, Duration timeout, String what, java.util.function.Supplier<String> detail) {
    if (!until(condition, timeout)) {
      throw new TestkitException(what + " did not happen within " + timeout.toMillis() + " ms" + detail.get());
    }
  }

  /**
   * Waits up to ten seconds for {@code condition}, the bound of a test's background work (a
   * refill, an idle reaper, a reconnect); throws a {@link TestkitException} naming {@code what}
   * when it did not hold by then.
   */
  public static void eventually(String what, BooleanSupplier condition) {
    orThrow(condition, Duration.ofSeconds(10), what, () -> "");
  }
}
