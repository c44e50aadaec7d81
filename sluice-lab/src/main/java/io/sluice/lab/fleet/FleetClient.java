package io.sluice.lab.fleet;

import io.sluice.SluiceException.Outcome;
import io.sluice.bench.BenchFailure;
import io.sluice.bench.Driver;
import io.sluice.bench.Fold;
import io.sluice.bench.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One interface of the {@code fleet} case: {@value FleetReads#THREADS} virtual threads, each
 * writing a row and then reading it back as read-only work, {@code pairs} times per execution.
 * A read that does not find the row just written is <i>stale</i>; reads that ran on a standby are
 * counted too. The checksum folds only what every interface must agree on (one row per pair), so
 * stale reads show in the counts, not as a failed run.
 */
abstract class FleetClient implements Driver {
  /** Keys are unique across executions and interfaces: the table is never emptied during a run. */
  private static final AtomicLong NEXT = new AtomicLong();
  final AtomicLong pairs = new AtomicLong();
  final AtomicLong stale = new AtomicLong();
  final AtomicLong onStandby = new AtomicLong();

  /** Writes row {@code id} on the write route. */
  abstract void write(long id) throws Exception;

  /**
   * Reads row {@code id} back as read-only work: whether it was found, and whether the server was
   * a standby ({@code pg_is_in_recovery()}).
   */
  abstract Read read(long id) throws Exception;

  record Read(boolean found, boolean standby) {}

  /**
   * What a caller can know of a failed {@link #write} from {@code e} (the {@code fleet-failover}
   * case): {@code NOT_SENT} only when the interface says it did not run.
   */
  abstract Outcome outcome(Exception e);

  /** {@code e} in one line for the tally of errors callers saw: its class, SQLSTATE if any, message. */
  static String kind(Exception e) {
    String state = e instanceof java.sql.SQLException s && s.getSQLState() != null ? " " + s.getSQLState() : "";
    return e.getClass().getSimpleName() + state + " " + e.getMessage();
  }

  @Override
  public boolean supports(Workload workload) {
    return workload.name().startsWith(FleetReads.CASE);
  }

  @Override
  public void run(Workload workload, Fold fold) throws Exception {
    int perThread = (int) (workload.expectedRows() / FleetReads.THREADS);
    List<Future<?>> all = new ArrayList<>();
    try (ExecutorService exec = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int t = 0; t < FleetReads.THREADS; t++) {
        all.add(exec.submit(() -> {
          for (int i = 0; i < perThread; i++) {
            long id = NEXT.incrementAndGet();
            write(id);
            Read r = read(id);
            pairs.incrementAndGet();
            if (!r.found()) {
              stale.incrementAndGet();
            }
            if (r.standby()) {
              onStandby.incrementAndGet();
            }
          }
          return null;
        }));
      }
      for (Future<?> f : all) {
        f.get();
      }
    }
    for (long i = 0; i < (long) perThread * FleetReads.THREADS; i++) {
      fold.add(1);
      fold.endRow();
    }
    if (pairs.get() < 0) {
      throw new BenchFailure("pair counter overflowed");
    }
  }

  /** Stale reads and reads on standbys over every execution so far, for the notes. */
  String counts() {
    long n = pairs.get();
    return String.format("%,d pairs: %,d stale reads (%.1f %%), %.1f %% of reads on a standby", n, stale.get(),
        n == 0 ? 0 : 100.0 * stale.get() / n, n == 0 ? 0 : 100.0 * onStandby.get() / n);
  }
}
