package io.sluice.soak;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Looks at every worker's current call a few times a second and reports, once per call, any that
 * has run past the bound, with the worker's stack at that moment: where it is stuck. A platform
 * thread, so that it runs even when virtual threads cannot.
 */
final class Watchdog implements AutoCloseable {
  private static final Duration PERIOD = Duration.ofMillis(250);

  private final List<CallWatch> watches = new CopyOnWriteArrayList<>();
  private final long boundNanos;
  private final Violations violations;
  private final Thread thread;
  private volatile boolean stopped;

  Watchdog(Duration bound, Violations violations) {
    this.boundNanos = bound.toNanos();
    this.violations = violations;
    this.thread = Thread.ofPlatform().daemon().name("soak-watchdog").start(this::loop);
  }

  void watch(CallWatch watch) {
    watches.add(watch);
  }

  private void loop() {
    while (!stopped) {
      long now = System.nanoTime();
      for (CallWatch w : watches) {
        long started = w.startedAt();
        if (started != 0 && now - started > boundNanos && w.firstReportOfThisCall()) {
          violations.add(Violations.Kind.STUCK_CALL, w.thread.getName() + " in " + w.what() + " for "
              + (now - started) / 1_000_000 + " ms, at:\n" + stack(w.thread));
        }
      }
      try {
        Thread.sleep(PERIOD);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  static String stack(Thread t) {
    StringBuilder b = new StringBuilder();
    StackTraceElement[] frames = t.getStackTrace();
    for (int i = 0; i < Math.min(frames.length, 40); i++) {
      b.append("  at ").append(frames[i]).append('\n');
    }
    return b.isEmpty() ? "  (no frames: not running)" : b.toString();
  }

  @Override
  public void close() {
    stopped = true;
    thread.interrupt();
  }
}
