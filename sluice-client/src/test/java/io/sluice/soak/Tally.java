package io.sluice.soak;

import io.sluice.ServerException;
import io.sluice.SluiceException;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/** The run's counters, shared by the workers: calls, reads, writes by outcome, and why calls failed. */
final class Tally {
  /** Upper ends (ms) of the buckets of {@link #unknownByCalm}; a last bucket holds the rest. */
  static final long[] CALM_BUCKETS_MS = {10, 50, 100, 250, 1000};

  final LongAdder calls = new LongAdder();
  final LongAdder readsOk = new LongAdder();
  final LongAdder readsFailed = new LongAdder();
  final LongAdder rowsRead = new LongAdder();
  final LongAdder faultFreeCalls = new LongAdder();
  private final EnumCounts<WriteOutcome> writeCalls = new EnumCounts<>(WriteOutcome.class);
  private final EnumCounts<WriteOutcome> writeRows = new EnumCounts<>(WriteOutcome.class);
  private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();
  /** UNKNOWN failures by when their call began: [0] a fault ran during it, then by ms since the last fault ended. */
  private final AtomicLongArray unknownByCalm = new AtomicLongArray(CALM_BUCKETS_MS.length + 2);

  /** Counts a call that began at {@code mark} and failed with {@code failure} (null: it succeeded). */
  void call(FaultClock clock, FaultClock.Mark mark, Throwable failure) {
    calls.increment();
    if (clock.faultFree(mark)) {
      faultFreeCalls.increment();
    }
    if (failure instanceof SluiceException se && se.outcome() == SluiceException.Outcome.UNKNOWN) {
      unknownByCalm.incrementAndGet(clock.noFaultSince(mark) ? 1 + calmBucket(mark.calmNanos() / 1_000_000) : 0);
    }
  }

  private static int calmBucket(long ms) {
    int i = 0;
    while (i < CALM_BUCKETS_MS.length && ms >= CALM_BUCKETS_MS[i]) {
      i++;
    }
    return i;
  }

  /** "during a fault 12, <100 ms 3, …": when the calls that failed with UNKNOWN had begun. */
  String unknownByCalm() {
    StringBuilder b = new StringBuilder("during a fault ").append(unknownByCalm.get(0));
    long from = 0;
    for (int i = 0; i <= CALM_BUCKETS_MS.length; i++) {
      b.append(", ").append(i < CALM_BUCKETS_MS.length ? from + "-" + CALM_BUCKETS_MS[i] + " ms after"
          : ">= " + from + " ms after").append(": ").append(unknownByCalm.get(i + 1));
      from = i < CALM_BUCKETS_MS.length ? CALM_BUCKETS_MS[i] : from;
    }
    return b.toString();
  }

  void write(WriteOutcome outcome, int rows) {
    writeCalls.increment(outcome);
    writeRows.add(outcome, rows);
  }

  long writeCalls(WriteOutcome outcome) {
    return writeCalls.get(outcome);
  }

  long writeCalls() {
    return writeCalls.total();
  }

  long writeRows(WriteOutcome outcome) {
    return writeRows.get(outcome);
  }

  /** Counts a failed call under its reason: what kind of call, exception, outcome, SQLSTATE, message shape. */
  void failure(String call, Throwable e) {
    failures.computeIfAbsent(call + " " + reason(e), k -> new LongAdder()).increment();
  }

  Map<String, Long> failures() {
    Map<String, Long> sorted = new TreeMap<>();
    failures.forEach((k, v) -> sorted.put(k, v.sum()));
    return sorted;
  }

  /**
   * {@code ConnectionException/UNKNOWN/57P01 "message"}: the first SQLSTATE in the cause chain,
   * and the message with numbers blanked out so that ports, pids and durations do not split a reason.
   */
  static String reason(Throwable e) {
    String outcome = e instanceof SluiceException se ? String.valueOf(se.outcome()) : "-";
    String state = "-";
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ServerException se) {
        state = se.sqlState();
        break;
      }
    }
    String message = String.valueOf(e.getMessage()).replaceAll("\\d+", "#");
    if (message.length() > 90) {
      message = message.substring(0, 90) + "…";
    }
    return e.getClass().getSimpleName() + "/" + outcome + "/" + state + " \"" + message + "\"";
  }
}
