package io.sluice.lab.changes;

import io.sluice.bench.BenchFailure;
import io.sluice.bench.Driver;
import io.sluice.bench.Fold;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import java.time.Duration;
import java.time.Instant;

/**
 * One interface of the {@code changes} case: a client that streams the case's slot from where it
 * is, folds every inserted or updated row (every value of its nine columns), and tells each commit to a {@link Commits} that says when to stop.
 * Each execution opens a replication session of its own (a walsender streams logically once per
 * session) and closes it; connecting is inside the measurement, a few milliseconds against the
 * hundreds an execution takes. Nothing is acknowledged, so the slot stays where it was made and
 * every execution streams the same changes.
 */
abstract class ChangeConsumer implements Driver {
  /** How long one execution may take before the case fails. */
  static final Duration LIMIT = Duration.ofMinutes(5);
  /** The server: each execution connects to it. */
  final Target target;

  ChangeConsumer(Target target) {
    this.target = target;
  }

  /** What the consumer does at each commit. */
  @FunctionalInterface
  interface Commits {
    /**
     * @param changes the rows inserted or updated so far, this commit's included
     * @param commitTime the transaction's commit time, from its Commit message
     * @return true to stop: the stream is closed
     */
    boolean commit(long changes, Instant commitTime);
  }

  /** Streams {@code slot} until {@code commits} says stop, folding each inserted or updated row into {@code fold}. */
  abstract void consume(String slot, Fold fold, Commits commits) throws Exception;

  /** Nothing to close: each execution's session is closed with it. */
  @Override
  public void close() {}

  @Override
  public boolean supports(Workload workload) {
    return workload.name().startsWith(ChangeFeed.CASE);
  }

  /** One execution: the whole feed, until the commit of its last insert. */
  @Override
  public void run(Workload workload, Fold fold) throws Exception {
    long n = workload.expectedRows();
    consume(ChangeFeed.SLOT, fold, (changes, time) -> {
      if (changes > n) {
        throw new BenchFailure(name() + " streamed " + changes + " changes; the feed has " + n);
      }
      return changes == n;
    });
  }

  /** Fails when {@code deadline} ({@link System#nanoTime()}) has passed. */
  static void within(long deadline, String who, long changes) {
    if (System.nanoTime() - deadline > 0) {
      throw new BenchFailure(who + ": the change stream took longer than " + LIMIT + " (" + changes
          + " changes so far): has the slot " + ChangeFeed.SLOT + " moved?");
    }
  }
}
