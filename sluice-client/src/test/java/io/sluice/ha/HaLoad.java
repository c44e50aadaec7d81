package io.sluice.ha;

import io.sluice.ConnectionException;
import io.sluice.Pool;
import io.sluice.SluiceException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * Write and read load on a routing pool through a fault, and what callers saw: writers insert
 * unique ids into {@code ledger} and read each acknowledged one back on the read route (a read
 * that misses it is stale: read-your-writes); readers count rows on the read route. Every outcome
 * is kept by id, so that after the fault the ledger on the new leader tells acknowledged writes
 * lost and writes reported not sent that committed.
 */
final class HaLoad implements AutoCloseable {
  static final Duration BOUND = Duration.ofSeconds(120);

  final Set<Long> acked = ConcurrentHashMap.newKeySet();
  final Set<Long> notSent = ConcurrentHashMap.newKeySet();
  final Set<Long> unknown = ConcurrentHashMap.newKeySet();
  final AtomicInteger stale = new AtomicInteger();
  final AtomicInteger reads = new AtomicInteger();
  /** Reads that failed as not sent: a routed read-only statement that did not run must not fail. */
  final AtomicInteger readsNotSent = new AtomicInteger();
  final AtomicInteger readErrors = new AtomicInteger();
  /** Errors callers saw, by message with digits blanked, and how many. */
  final Map<String, AtomicInteger> errors = new ConcurrentHashMap<>();
  final AtomicInteger ackedAfterFault = new AtomicInteger();
  private final AtomicLong firstAckAfterFault = new AtomicLong();
  /** When each write was acknowledged ({@link System#nanoTime()}): the longest gap is the write outage. */
  private final java.util.concurrent.ConcurrentLinkedQueue<Long> ackTimes = new java.util.concurrent.ConcurrentLinkedQueue<>();
  private volatile long faultAt;
  private final AtomicBoolean stop = new AtomicBoolean();
  private final List<Thread> threads = new ArrayList<>();
  private final Pool pool;

  HaLoad(Pool pool, int writers, int readers, int tag) {
    this.pool = pool;
    for (int w = 0; w < writers; w++) {
      long from = (tag * 100L + w) * 10_000_000L;
      threads.add(Thread.ofVirtual().start(() -> write(from)));
    }
    for (int r = 0; r < readers; r++) {
      threads.add(Thread.ofVirtual().start(this::read));
    }
  }

  /** Marks the fault's start: {@link #msToFirstAck()} counts from here. */
  void fault() {
    faultAt = System.nanoTime();
  }

  /** Milliseconds from {@link #fault()} to the first write begun after it and acknowledged; -1 for none. */
  long msToFirstAck() {
    long t = firstAckAfterFault.get();
    return t == 0 ? -1 : TimeUnit.NANOSECONDS.toMillis(t - faultAt);
  }

  /** The longest time between two acknowledged writes: how long writes were out. */
  long maxAckGapMs() {
    List<Long> times = new ArrayList<>(ackTimes);
    java.util.Collections.sort(times);
    long gap = 0;
    for (int i = 1; i < times.size(); i++) {
      gap = Math.max(gap, times.get(i) - times.get(i - 1));
    }
    return TimeUnit.NANOSECONDS.toMillis(gap);
  }

  void awaitAcked(int n) throws InterruptedException {
    until(() -> acked.size() >= n, "acknowledged writes: " + n);
  }

  void awaitAckedAfterFault(int n) throws InterruptedException {
    until(() -> ackedAfterFault.get() >= n, n + " writes acknowledged after the fault");
  }

  void awaitReads(int n) throws InterruptedException {
    until(() -> reads.get() >= n, n + " reads");
  }

  void until(BooleanSupplier condition, String what) throws InterruptedException {
    long end = System.nanoTime() + BOUND.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - end > 0) {
        throw new AssertionError(what + " within " + BOUND + "; " + summary());
      }
      Thread.sleep(20);
    }
  }

  private void write(long from) {
    for (long id = from; !stop.get(); id++) {
      long began = System.nanoTime();
      try {
        pool.execute("INSERT INTO ledger VALUES ($1)", id);
        acked.add(id);
        long now = System.nanoTime();
        ackTimes.add(now);
        long at = faultAt;
        if (at != 0 && began - at > 0) {
          ackedAfterFault.incrementAndGet();
          firstAckAfterFault.compareAndSet(0, now);
        }
      } catch (SluiceException e) {
        boolean notRun = e instanceof ConnectionException ce && ce.outcome() == SluiceException.Outcome.NOT_SENT;
        (notRun ? notSent : unknown).add(id);
        saw("write", e);
        continue;
      }
      try {
        if (pool.readOnly().query("SELECT count(*) FROM ledger WHERE id = $1", id).get(0).getLong(0) != 1) {
          stale.incrementAndGet();
        }
      } catch (SluiceException e) {
        readFailed(e);
      }
    }
  }

  private void read() {
    while (!stop.get()) {
      try {
        pool.readOnly().query("SELECT count(*) FROM ledger");
        reads.incrementAndGet();
      } catch (SluiceException e) {
        readFailed(e);
      }
    }
  }

  private void readFailed(SluiceException e) {
    readErrors.incrementAndGet();
    if (e instanceof ConnectionException ce && ce.outcome() == SluiceException.Outcome.NOT_SENT) {
      readsNotSent.incrementAndGet();
    }
    saw("read", e);
  }

  private void saw(String what, SluiceException e) {
    String m = what + ": " + e.getClass().getSimpleName() + " " + String.valueOf(e.getMessage()).replaceAll("\\d+", "#");
    errors.computeIfAbsent(m.length() > 220 ? m.substring(0, 220) : m, k -> new AtomicInteger()).incrementAndGet();
  }

  /** Acknowledged writes missing from {@code held}. */
  Set<Long> lost(Set<Long> held) {
    Set<Long> lost = new HashSet<>(acked);
    lost.removeAll(held);
    return lost;
  }

  /** Writes reported not sent that {@code held} has. */
  Set<Long> ghosts(Set<Long> held) {
    Set<Long> ghosts = new HashSet<>(notSent);
    ghosts.retainAll(held);
    return ghosts;
  }

  String summary() {
    return "acked " + acked.size() + " (" + ackedAfterFault.get() + " begun after the fault), not sent " + notSent.size()
        + ", unknown " + unknown.size() + ", reads " + reads.get() + ", read errors " + readErrors.get()
        + " (not sent " + readsNotSent.get() + "), stale " + stale.get() + ", first ack " + msToFirstAck()
        + " ms after the fault, longest gap between acknowledged writes " + maxAckGapMs() + " ms; errors " + new TreeMap<>(errors);
  }

  @Override
  public void close() throws InterruptedException {
    stop.set(true);
    for (Thread t : threads) {
      if (!t.join(BOUND)) {
        throw new AssertionError("a thread of the load did not end: " + summary());
      }
    }
  }
}
