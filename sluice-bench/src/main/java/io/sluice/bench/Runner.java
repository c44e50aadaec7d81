package io.sluice.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs every workload on every driver. Per workload: each driver is prepared and warmed up, then the
 * measured runs go round the drivers in turn (run 1 of every driver, then run 2, …), so that noise
 * from a busy machine falls on all of them alike. Before each measured run the heap is collected,
 * outside the measurement. Every execution, warm-ups included, must return the workload's row
 * count and the same checksum as every other execution of that workload, or the run fails.
 */
public final class Runner {
  private final List<Workload> workloads;
  private final List<Driver> drivers;
  private final int warmups;
  private final int runs;
  private final Progress progress;
  private final Map<String, Long> checksums = new HashMap<>();
  private final Map<String, String> checksumSources = new HashMap<>();

  /**
   * @param warmups unmeasured executions per (workload, driver) before the measured ones
   * @param runs measured executions per (workload, driver)
   */
  public Runner(List<Workload> workloads, List<Driver> drivers, int warmups, int runs, Progress progress) {
    this.workloads = List.copyOf(workloads);
    this.drivers = List.copyOf(drivers);
    this.warmups = warmups;
    this.runs = runs;
    this.progress = progress;
  }

  /** Runs the matrix; {@code results} receives each series as it completes (kept when a later one fails). */
  public void run(List<Series> results) throws Exception {
    for (int w = 0; w < workloads.size(); w++) {
      Workload workload = workloads.get(w);
      int index = w + 1;
      List<Driver> drivers = this.drivers.stream().filter(d -> d.supports(workload)).toList();
      for (Driver driver : drivers) {
        progress.show(index, workloads.size(), workload, driver.name(), "prepare");
        driver.prepare(workload);
        for (int i = 1; i <= warmups; i++) {
          progress.show(index, workloads.size(), workload, driver.name(), "warm-up " + i + "/" + warmups);
          check(workload, driver, Sample.measure(driver, workload), "warm-up " + i);
        }
      }
      Map<Driver, Series> series = new LinkedHashMap<>();
      drivers.forEach(d -> series.put(d, new Series(workload, d.name())));
      for (int r = 1; r <= runs; r++) {
        for (Driver driver : drivers) {
          progress.show(index, workloads.size(), workload, driver.name(), "run " + r + "/" + runs);
          System.gc();
          Sample sample = Sample.measure(driver, workload);
          check(workload, driver, sample, "run " + r);
          series.get(driver).add(sample);
        }
      }
      List<Series> done = new ArrayList<>(series.values());
      progress.done(String.format("%5.0fs [%d/%d] %-10s done: %s", progress.elapsedSeconds(), index,
          workloads.size(), workload.name(), summary(done)));
      results.addAll(done);
    }
  }

  private static String summary(List<Series> done) {
    StringBuilder s = new StringBuilder();
    for (Series series : done) {
      s.append(series.driver()).append(' ')
          .append(String.format("%.1f ms  ", series.wall().median() / 1e6));
    }
    return s.toString().strip();
  }

  private void check(Workload workload, Driver driver, Sample sample, String which) {
    String who = driver.name() + " (" + which + ")";
    if (sample.rows() != workload.expectedRows()) {
      throw new BenchFailure(workload.name() + ": " + who + " read " + sample.rows() + " rows, expected "
          + workload.expectedRows());
    }
    Long expected = checksums.putIfAbsent(workload.name(), sample.checksum());
    if (expected == null) {
      checksumSources.put(workload.name(), who);
    } else if (expected != sample.checksum()) {
      throw new BenchFailure(String.format("%s: CHECKSUM MISMATCH: %s folded %016x, %s folded %016x;"
          + " one of them decoded a value wrongly", workload.name(), checksumSources.get(workload.name()),
          expected, who, sample.checksum()));
    }
  }

  /** The agreed checksum of each workload run so far. */
  public Map<String, Long> checksums() {
    return Map.copyOf(checksums);
  }
}
