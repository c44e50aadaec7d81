package io.sluice.lab.pooler;

import io.sluice.bench.BenchFailure;
import io.sluice.bench.Driver;
import io.sluice.bench.Fold;
import io.sluice.bench.Workload;
import io.sluice.bench.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * One interface of the {@code pooler} case: {@value PoolerLoad#THREADS} virtual threads, thread
 * {@code t} alternating a point select of t50k and a transaction on row {@code t} of {@code
 * lab_pooler}. The checksum folds the id of each row selected and a 1 for each transaction, so
 * every interface must agree.
 */
abstract class PoolerClient implements Driver {
  /** The id column of t50k's row {@code id}. */
  abstract long select(int id) throws Exception;

  /** Adds one to row {@code row} and reads it back, in one transaction; returns the value read. */
  abstract long transaction(int row) throws Exception;

  @Override
  public boolean supports(Workload workload) {
    return workload.name().startsWith(PoolerLoad.CASE);
  }

  @Override
  public void run(Workload workload, Fold fold) throws Exception {
    int perThread = (int) (workload.expectedRows() / PoolerLoad.THREADS);
    int[] ids = Workloads.pointIds();
    List<Future<long[]>> all = new ArrayList<>();
    try (ExecutorService exec = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int t = 0; t < PoolerLoad.THREADS; t++) {
        int row = t;
        all.add(exec.submit(() -> {
          long[] done = new long[perThread];
          for (int i = 0; i + 1 < perThread; i += 2) {
            int id = ids[(row * perThread + i) % ids.length];
            done[i] = select(id);
            if (done[i] != id) {
              throw new BenchFailure("selected row " + done[i] + " for id " + id);
            }
            if (transaction(row) <= 0) {
              throw new BenchFailure("the transaction read no update of row " + row);
            }
            done[i + 1] = 1;
          }
          return done;
        }));
      }
      for (Future<long[]> f : all) {
        for (long v : f.get()) {
          fold.add(v);
          fold.endRow();
        }
      }
    }
  }
}
