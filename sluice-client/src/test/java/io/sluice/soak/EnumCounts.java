package io.sluice.soak;

import java.util.concurrent.atomic.AtomicLongArray;

/** A count per constant of an enum, safe to add to from any thread. */
final class EnumCounts<E extends Enum<E>> {
  private final E[] constants;
  private final AtomicLongArray counts;

  EnumCounts(Class<E> type) {
    this.constants = type.getEnumConstants();
    this.counts = new AtomicLongArray(constants.length);
  }

  void add(E e, long n) {
    counts.addAndGet(e.ordinal(), n);
  }

  void increment(E e) {
    add(e, 1);
  }

  long get(E e) {
    return counts.get(e.ordinal());
  }

  long total() {
    long n = 0;
    for (E e : constants) {
      n += get(e);
    }
    return n;
  }
}
