package io.sluice.internal.pool;

import io.sluice.event.PoolEvent;
import java.util.concurrent.TimeUnit;

/**
 * A pool's keeper thread (virtual): every tick until the pool closes it retires old and idle
 * connections, reports leaks and refills to the minimum ({@link PoolSlots#sweep}); the closing and
 * opening happen outside the pool's lock.
 */
final class PoolKeeper {
  /** How often the keeper looks, and the longest a waiting caller sleeps between looks of its own. */
  static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private PoolKeeper() {}

  /** Starts the keeper of {@code slots}; the pool interrupts it when it closes. */
  static Thread start(PoolSlots slots) {
    return Thread.ofVirtual().name("sluice-pool-keeper").start(() -> keep(slots));
  }

  private static void keep(PoolSlots slots) {
    while (!Thread.currentThread().isInterrupted()) {
      PoolSlots.Sweep sweep = slots.sweep(System.nanoTime());
      if (sweep == null) {
        return;
      }
      slots.retire(sweep.toClose());
      for (int i = 0; i < sweep.toOpen(); i++) {
        slots.openInBackground(PoolEvent.Reason.TO_REFILL);
      }
      try {
        TimeUnit.NANOSECONDS.sleep(TICK_NANOS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }
}
