package io.sluice.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs every workload on every driver. Per workload: each driver is prepared, makes its first,
 * cold call (measured and kept apart: what a short-lived process pays), and is warmed up by the
 * {@link Warmup} rule until its times settle; then the measured runs go round the drivers in turn
 * (run 1 of every driver, then run 2, …), so that noise from a busy machine falls on all of them
 * alike. Before each measured run the heap is collected, outside the measurement. Every execution,
 * cold call and warm-ups included, must return the workload's row count and the same checksum as
 * every other execution of that workload, or the run fails.
 */
public final class Runner {
  private final List<Workload> workloads;
  private final List<Driver> drivers;
  private final Warmup warmup;
  private final int runs;
  private final Progress progress;
  private final Map<String, Long> checksums = new HashMap<>();
  private final Map<String, String> checksumSources = new HashMap<>();

  /**
   * @param warmup when a (workload, driver) is warm, after its cold call
   * @param runs measured executions per (workload, driver)
   */
  public Runner(List<Workload> workloads, List<Driver> drivers, Warmup warmup, int runs, Progress progress) {
    if (runs < 1) {
      throw new IllegalArgumentException("at least one measured run, not " + runs);
    }
    this.workloads = List.copyOf(workloads);
    this.drivers = List.copyOf(drivers);
    this.warmup = warmup;
    this.runs = runs;
    this.progress = progress;
  }

  /** Runs the matrix; {@code results} receives each series as it completes (kept when a later one fails). */
  public void run(List<Series> results) throws Exception {
    for (int w = 0; w < workloads.size(); w++) {
      Workload workload = workloads.get(w);
      int index = w + 1;
      List<Driver> drivers = this.drivers.stream().filter(d -> d.supports(workload)).toList();
      Map<Driver, Series> series = new LinkedHashMap<>();
      for (Driver driver : drivers) {
        Series s = new Series(workload, driver.name());
        series.put(driver, s);
        progress.show(index, workloads.size(), workload, driver.name(), "prepare");
        driver.prepare(workload);
        warm(driver, workload, warmup, s, (sample, which) -> {
          progress.show(index, workloads.size(), workload, driver.name(), which);
          check(workload, driver, sample, which);
        });
      }
      for (int r = 1; r <= runs; r++) {
        for (Driver driver : drivers) {
          progress.show(index, workloads.size(), workload, driver.name(), "run " + r + "/" + runs);
          System.gc();
          Sample sample = Sample.measurePossible(driver, workload);
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

  /** What each warm-up execution is handed: its sample and which it was ("cold call", "warm-up 3"). */
  @FunctionalInterface
  public interface Check {
    void accept(Sample sample, String which);
  }

  /**
   * The cold call and the warm-up of one (workload, driver), recorded in {@code series}; each
   * execution goes through {@code check}.
   */
  public static void warm(Driver driver, Workload workload, Warmup rule, Series series, Check check) throws Exception {
    warm(() -> Sample.measure(driver, workload), workload.name() + ": " + driver.name(),
        driver.compiledAhead() ? rule.forCompiledCode() : rule, series, check);
  }

  /** One measured execution of something the lab runs (a driver on a workload, a load-tool run). */
  @FunctionalInterface
  public interface Execution {
    Sample run() throws Exception;
  }

  /**
   * The cold call and the warm-up of {@code execution} (named {@code who} in failures) under
   * {@code rule}, recorded in {@code series}; each execution goes through {@code check}.
   */
  public static void warm(Execution execution, String who, Warmup rule, Series series, Check check) throws Exception {
    Sample cold = execution.run();
    if (!cold.possible()) {   // a cold call cannot be repeated
      throw new BenchFailure(who + "'s cold call measured more CPU than the machine's CPUs give over its wall time: "
          + cold);
    }
    check.accept(cold, "cold call");
    series.cold(cold);
    List<Long> walls = new ArrayList<>();
    long start = System.nanoTime();
    Warmup.Stop stop;
    while ((stop = rule.stopAfter(walls, System.nanoTime() - start)) == null) {
      Sample s = execution.run();
      check.accept(s, "warm-up " + (walls.size() + 1));
      walls.add(s.wallNanos());
    }
    series.warmup(new Warmup.Outcome(walls.size(), System.nanoTime() - start, stop));
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
