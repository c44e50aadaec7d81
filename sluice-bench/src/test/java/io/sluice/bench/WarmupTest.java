package io.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule that ends a warm-up, on made-up wall times (no clock, no server). */
class WarmupTest {
  private static final long MS = 1_000_000;
  private static final Warmup RULE = new Warmup(5, 20, Duration.ofMillis(100), Duration.ofSeconds(3), 0.05);

  @Test
  void goesOnWhileTheTimesStillFall() {
    List<Long> falling = List.of(90 * MS, 80 * MS, 70 * MS, 60 * MS, 50 * MS, 40 * MS);
    assertNull(RULE.stopAfter(falling, 390 * MS), "the last three are 25 % below the three before");
  }

  @Test
  void stopsWhenTheLastWindowMatchesTheOneBefore() {
    List<Long> settling = List.of(90 * MS, 20 * MS, 21 * MS, 20 * MS, 20 * MS, 21 * MS);
    assertEquals(Warmup.Stop.SETTLED, RULE.stopAfter(settling, 192 * MS));
  }

  @Test
  void neverSettlesBeforeTheMinimumCountOrTime() {
    List<Long> flat = List.of(10 * MS, 10 * MS, 10 * MS, 10 * MS);
    assertNull(RULE.stopAfter(flat, 40 * MS), "four executions: fewer than five");
    List<Long> flatSix = List.of(10 * MS, 10 * MS, 10 * MS, 10 * MS, 10 * MS, 10 * MS);
    assertNull(RULE.stopAfter(flatSix, 60 * MS), "60 ms: less than the minimum time");
    assertEquals(Warmup.Stop.SETTLED, RULE.stopAfter(flatSix, 100 * MS));
  }

  @Test
  void theBudgetEndsAnUnsettledWarmUpButNeverBeforeTheMinimumCount() {
    List<Long> slow = List.of(4_000 * MS, 3_000 * MS, 3_100 * MS, 2_900 * MS);
    assertNull(RULE.stopAfter(slow, 13_000 * MS), "four executions over the budget: five are always run");
    List<Long> slowFive = List.of(4_000 * MS, 3_000 * MS, 3_100 * MS, 2_900 * MS, 2_500 * MS);
    assertEquals(Warmup.Stop.BUDGET, RULE.stopAfter(slowFive, 15_500 * MS));
  }

  @Test
  void theMaximumCountEndsIt() {
    List<Long> noisy = new java.util.ArrayList<>();
    for (int i = 0; i < 20; i++) {
      noisy.add((i % 2 == 0 ? 10 : 30) * MS);
    }
    assertEquals(Warmup.Stop.COUNT, RULE.stopAfter(noisy, 400 * MS));
  }

  @Test
  void aFixedCountIsExactlyThat() {
    Warmup three = Warmup.fixed(3);
    assertNull(three.stopAfter(List.of(1L, 1L), 0));
    assertEquals(Warmup.Stop.COUNT, three.stopAfter(List.of(1L, 100L, 1L), 0));
    assertEquals(Warmup.Stop.COUNT, Warmup.fixed(0).stopAfter(List.of(), 0));
    assertTrue(three.toString().startsWith("3 warm-up executions"), three.toString());
  }

  @Test
  void aRuleThatCannotEndIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new Warmup(10, 5, Duration.ZERO, Duration.ofSeconds(1), 0.05));
    assertTrue(e.getMessage().contains("min 10, max 5"), e.getMessage());
  }

  /** A C client's warm-up starts its settling test after one execution; a fixed count stays fixed. */
  @Test
  void compiledCodeNeedsOneWarmUpNotFive() {
    Warmup rule = new Warmup(5, 50, java.time.Duration.ZERO, java.time.Duration.ofSeconds(1), 0.05);
    Warmup compiled = rule.forCompiledCode();
    assertEquals(1, compiled.minCount());
    assertEquals(rule.maxCount(), compiled.maxCount());
    assertEquals(rule.budget(), compiled.budget());
    // one slow execution past the budget: the compiled rule stops, the JIT rule goes on to its count
    long past = java.time.Duration.ofSeconds(2).toNanos();
    assertEquals(Warmup.Stop.BUDGET, compiled.stopAfter(java.util.List.of(past), past));
    assertNull(rule.stopAfter(java.util.List.of(past), past));
    assertEquals(Warmup.fixed(3), Warmup.fixed(3).forCompiledCode());
  }
}
