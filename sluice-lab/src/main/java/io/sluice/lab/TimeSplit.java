package io.sluice.lab;

import io.sluice.bench.Driver;
import io.sluice.bench.Progress;
import io.sluice.bench.Runner;
import io.sluice.bench.Sample;
import io.sluice.bench.Series;
import io.sluice.bench.Warmup;
import io.sluice.bench.Workload;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Seed 002, "PG2 vs JDBC and found nothing": for single-row work the round trip dominates. Each
 * interface runs the single-row select and insert; each measured execution records the wall
 * time, the client's CPU and the server's CPU ({@link ServerCpu}); what is left is the wire and
 * waiting. Needs the server on this machine.
 */
public final class TimeSplit {
  /** One measured execution. */
  public record Part(String workload, String driver, int iteration, long wallNanos, long clientCpuNanos, long serverCpuNanos,
      int queries) {}

  private TimeSplit() {}

  public static List<Part> run(List<Workload> workloads, List<Driver> drivers, ServerCpu server, Warmup warmup, int runs,
      Progress progress) throws Exception {
    List<Part> parts = new ArrayList<>();
    for (int w = 0; w < workloads.size(); w++) {
      Workload workload = workloads.get(w);
      List<Driver> ds = drivers.stream().filter(d -> d.supports(workload)).toList();
      for (Driver d : ds) {
        d.prepare(workload);
        int index = w + 1;
        Runner.warm(d, workload, warmup, new Series(workload, d.name()),
            (sample, which) -> progress.show(index, workloads.size(), workload, d.name(), "time split, " + which));
      }
      for (int r = 1; r <= runs; r++) {
        for (Driver d : ds) {
          progress.show(w + 1, workloads.size(), workload, d.name(), "time split, run " + r + "/" + runs);
          System.gc();
          // a client in another process (its own clocks) may end its backend inside the window: poll
          ServerCpu.Window window = server.open(d.lastTiming() != null);
          Sample s = Sample.measurePossible(d, workload);
          long serverCpu = window.close();
          if (s.rows() != workload.expectedRows()) {
            throw new IllegalStateException(workload.name() + " on " + d.name() + ": " + s.rows() + " rows, expected "
                + workload.expectedRows());
          }
          parts.add(new Part(workload.name(), d.name(), r, s.wallNanos(), s.cpuNanos(), serverCpu,
              workload.queryCount()));
        }
      }
      progress.done(String.format("%5.0fs [%d/%d] %-10s time split done", progress.elapsedSeconds(), w + 1,
          workloads.size(), workload.name()));
    }
    return parts;
  }

  /** Min, median and max of one figure over the measured executions, in microseconds per statement. */
  public record Spread(double min, double median, double max) {
    static Spread of(double[] xs) {
      double[] s = xs.clone();
      Arrays.sort(s);
      return s.length == 0 ? new Spread(0, 0, 0) : new Spread(s[0], s[s.length / 2], s[s.length - 1]);
    }

    @Override
    public String toString() {
      return String.format("%.1f (%.1f–%.1f)", median, min, max);
    }
  }

  /**
   * Per (workload, interface): wall, client CPU, server CPU and the rest (wall less both CPUs: the
   * wire, scheduling, waiting; at least 0, since the client's CPU counts every JVM thread, and GC
   * or JIT threads may work while the caller waits).
   */
  public record Row(String workload, String driver, Spread wall, Spread client, Spread server, Spread rest) {}

  public static List<Row> summarise(List<Part> parts) {
    List<Row> rows = new ArrayList<>();
    for (String w : parts.stream().map(Part::workload).distinct().toList()) {
      for (String d : parts.stream().filter(p -> p.workload().equals(w)).map(Part::driver).distinct().toList()) {
        List<Part> of = parts.stream().filter(p -> p.workload().equals(w) && p.driver().equals(d)).toList();
        int q = of.get(0).queries();
        rows.add(new Row(w, d, Spread.of(of.stream().mapToDouble(p -> p.wallNanos() / 1e3 / q).toArray()),
            Spread.of(of.stream().mapToDouble(p -> p.clientCpuNanos() / 1e3 / q).toArray()),
            Spread.of(of.stream().mapToDouble(p -> p.serverCpuNanos() / 1e3 / q).toArray()),
            Spread.of(of.stream().mapToDouble(p -> Math.max(0, p.wallNanos() - p.clientCpuNanos() - p.serverCpuNanos())
                / 1e3 / q).toArray())));
      }
    }
    return rows;
  }

  public static void print(PrintStream out, List<Row> rows) {
    out.println("Where the time goes (seed 002): microseconds per statement, median (min-max); rest = wall - client"
        + " CPU - server CPU (the wire, scheduling, waiting)");
    String f = "  %-22s %-16s %-22s %-22s %-22s %-22s%n";
    out.printf(f, "workload", "interface", "wall", "client", "server", "rest");
    for (Row r : rows) {
      out.printf(f, r.workload(), r.driver(), r.wall(), r.client(), r.server(), r.rest());
    }
    out.println();
  }
}
