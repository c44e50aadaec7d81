package io.sluice.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/** Runs a point workload's queries from its virtual threads; drivers supply one query. */
public final class PointTasks {

  /** One point query: query {@code index} of the workload, folded into {@code fold}. */
  @FunctionalInterface
  public interface Query {
    void run(int index, Fold fold) throws Exception;
  }

  private PointTasks() {}

  /**
   * Starts {@link Workload#threads()} virtual threads that take the next query index until all
   * {@link Workload#queryCount()} have run (so at most that many are in flight), each folding into
   * its own {@link Fold}, merged into {@code fold} at the end. The first failure stops the others
   * and is thrown.
   */
  public static void runConcurrently(Workload workload, Fold fold, Query query) throws Exception {
    int count = workload.queryCount();
    AtomicInteger next = new AtomicInteger();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Fold> folds = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < workload.threads(); t++) {
      Fold local = new Fold();
      folds.add(local);
      threads.add(Thread.ofVirtual().name("bench-" + workload.name() + "-" + t).start(() -> {
        try {
          for (int i = next.getAndIncrement(); i < count && failure.get() == null; i = next.getAndIncrement()) {
            query.run(i, local);
          }
        } catch (Throwable e) {
          failure.compareAndSet(null, e);
        }
      }));
    }
    for (Thread thread : threads) {
      thread.join();
    }
    Throwable e = failure.get();
    if (e instanceof Exception ex) {
      throw ex;
    } else if (e instanceof Error err) {
      throw err;
    }
    folds.forEach(fold::merge);
  }

  /** Runs the queries one after another on the calling thread. */
  public static void runSequentially(Workload workload, Fold fold, Query query) throws Exception {
    for (int i = 0; i < workload.queryCount(); i++) {
      query.run(i, fold);
    }
  }
}
