package io.sluice.lab.fleet;

import io.sluice.SluiceException.Outcome;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the callers of one interface saw through one fault of the {@code fleet-failover} case, and
 * the figures it comes to once the new leader's rows are known. Every write has a unique id; its
 * outcome is kept by id (acknowledged, or failed as not sent, as a server error, or unknown), so
 * that the rows the leader holds afterwards tell which acknowledged writes were lost and which
 * writes reported not sent had committed. Each acknowledged write is read back on the read route:
 * a read that does not find it is stale. Thread-safe; times are {@link System#nanoTime()} values
 * passed in, so the arithmetic needs no cluster to be tested.
 */
final class FailoverRecord {
  private final Set<Long> acked = ConcurrentHashMap.newKeySet();
  private final Set<Long> notSent = ConcurrentHashMap.newKeySet();
  private final Set<Long> serverError = ConcurrentHashMap.newKeySet();
  private final Set<Long> unknown = ConcurrentHashMap.newKeySet();
  private final ConcurrentLinkedQueue<Long> ackTimes = new ConcurrentLinkedQueue<>();
  private final AtomicInteger pairs = new AtomicInteger();
  private final AtomicInteger stale = new AtomicInteger();
  private final AtomicInteger readErrors = new AtomicInteger();
  private final Map<String, AtomicInteger> errors = new ConcurrentHashMap<>();
  private volatile long faultAt;
  private volatile boolean faulted;

  /**
   * The figures of one interface through one fault.
   *
   * @param lost acknowledged writes the leader does not hold (0 expected with {@code synchronous_mode})
   * @param notSentCommitted writes reported not sent that the leader holds (must be 0)
   * @param unknownCommitted writes whose outcome the caller could not know that the leader holds
   * @param firstAckMs from the fault to the first write acknowledged after the longest gap between
   *     acknowledged writes that ends after the fault (the outage); -1 when none was acknowledged after it
   * @param outageMs that longest gap: how long no write was acknowledged
   * @param pairs acknowledged writes read back (the read ran)
   * @param stale of those, reads that did not find the row
   * @param errors what callers saw, by kind (digits blanked), and how many
   */
  record Figures(int acked, int lost, int notSent, int notSentCommitted, int serverErrors, int unknown,
      int unknownCommitted, int readErrors, long firstAckMs, long outageMs, int pairs, int stale,
      Map<String, Integer> errors) {
    int writeErrors() {
      return notSent + serverErrors + unknown;
    }
  }

  /** Marks the fault's start: the outage and the time to the first write after it count from here. */
  void fault(long at) {
    faultAt = at;
    faulted = true;
  }

  void acked(long id, long at) {
    acked.add(id);
    ackTimes.add(at);
  }

  /** A write that failed, with what the interface said of it ({@code kind}: for the error tally). */
  void writeFailed(long id, Outcome outcome, String kind) {
    switch (outcome) {
      case NOT_SENT -> notSent.add(id);
      case SERVER_ERROR -> serverError.add(id);
      case UNKNOWN -> unknown.add(id);
    }
    saw("write " + outcome + ": " + kind);
  }

  /** The read-back of an acknowledged write ran: whether it found the row. */
  void readBack(boolean found) {
    pairs.incrementAndGet();
    if (!found) {
      stale.incrementAndGet();
    }
  }

  void readFailed(String kind) {
    readErrors.incrementAndGet();
    saw("read: " + kind);
  }

  private void saw(String kind) {
    String k = kind.replaceAll("\\d+", "#");
    errors.computeIfAbsent(k.length() > 160 ? k.substring(0, 160) : k, x -> new AtomicInteger()).incrementAndGet();
  }

  int ackedCount() {
    return acked.size();
  }

  /** The figures, {@code held} being the ids the leader holds after the fault. */
  Figures figures(Set<Long> held) {
    Set<Long> lost = new HashSet<>(acked);
    lost.removeAll(held);
    long[] outage = faulted ? outage(new ArrayList<>(ackTimes), faultAt) : new long[] {-1, -1};
    Map<String, Integer> tally = new TreeMap<>();
    errors.forEach((k, v) -> tally.put(k, v.get()));
    return new Figures(acked.size(), lost.size(), notSent.size(), count(notSent, held), serverError.size(),
        unknown.size(), count(unknown, held), readErrors.get(), outage[0], outage[1], pairs.get(), stale.get(),
        tally);
  }

  private static int count(Set<Long> ids, Set<Long> held) {
    return (int) ids.stream().filter(held::contains).count();
  }

  /**
   * {first write after the outage, outage} in ms: the longest gap between consecutive
   * acknowledgements ({@code times}) whose end is after {@code faultAt} (the first such gap begins
   * at the last acknowledgement before the fault, or at the fault when there was none), and how long
   * after the fault that gap ended; {-1, -1} when no write was
   * acknowledged after the fault. The gap, not the first acknowledgement after the fault, because
   * writes in flight or begun just after it may still be acknowledged before the outage begins (a
   * switchover demotes the leader some time after {@code patronictl} starts).
   */
  static long[] outage(List<Long> times, long faultAt) {
    List<Long> sorted = new ArrayList<>(times);
    Collections.sort(sorted);
    long gap = -1;
    long end = 0;
    Long previous = null;
    for (long t : sorted) {
      if (t - faultAt > 0) {
        long from = previous == null ? faultAt : previous;
        if (t - from > gap) {
          gap = t - from;
          end = t;
        }
      }
      previous = t;
    }
    if (gap < 0) {
      return new long[] {-1, -1};
    }
    return new long[] {TimeUnit.NANOSECONDS.toMillis(end - faultAt), TimeUnit.NANOSECONDS.toMillis(gap)};
  }
}
