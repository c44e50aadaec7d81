package io.sluice.internal.engine;

import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * Wakes the threads of one connection's callers — an owner whose request completed, the next
 * reader, the first caller waiting for a slot — and counts the wakes ({@code ConnectionStats.wakeUps}):
 * a hand-off costs a trip through the scheduler, so wakes per request is what a change to the
 * engine's waits must not grow. A {@code LongAdder}: several threads wake others at once.
 */
final class WakeUps {
  private final LongAdder count = new LongAdder();

  /** Unparks {@code t} (a wake of a thread that is not parked leaves it a permit: its next park returns). */
  void wake(Thread t) {
    count.increment();
    LockSupport.unpark(t);
  }

  long count() {
    return count.sum();
  }
}
