package io.sluice.soak;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A random sample of ids whose inserts were acknowledged, for readers to ask for: each new id
 * overwrites a random slot, so the sample keeps old and recent ids alike.
 */
final class AcknowledgedIds {
  private final AtomicLongArray slots = new AtomicLongArray(8192);

  void add(long id) {
    slots.set(ThreadLocalRandom.current().nextInt(slots.length()), id);
  }

  /** An acknowledged id, or 0 when the slot drawn is still empty. */
  long any() {
    return slots.get(ThreadLocalRandom.current().nextInt(slots.length()));
  }
}
