package io.sluice.lab.report;

import io.sluice.bench.Series;
import io.sluice.bench.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The HTTP cases per request: requests per second beside the client CPU per request, each as min,
 * median and max over the measured load-tool runs. A sample of an HTTP case is one {@code ab} run
 * after the warm-up: its rows are the requests served, its wall time ab's, its CPU that of the
 * lab's JVM meanwhile — the HTTP servers with their database clients (Sluice, or pgjdbc and
 * HikariCP) and Jackson; ab and PostgreSQL run in other processes. So the CPU per request is what
 * serving one request cost the application's side, database client included.
 *
 * @param cpuRatio the median CPU per request over {@link #REFERENCE}'s on the same case, NaN without it
 * @param requestsRatio the median requests per second over {@link #REFERENCE}'s, NaN without it
 */
public record PerRequest(String workload, String server, Figure requestsPerSecond, Figure cpuMicros, double cpuRatio,
    double requestsRatio) {
  /** The server every ratio divides by: pgjdbc with HikariCP on Jetty. */
  public static final String REFERENCE = "http-pgjdbc";

  /** Min, median (the lower middle of an even count, as {@link Series.Stats}) and max. */
  public record Figure(double min, double median, double max) {
    static Figure of(double[] values) {
      double[] v = values.clone();
      Arrays.sort(v);
      return v.length == 0 ? new Figure(0, 0, 0) : new Figure(v[0], v[(v.length - 1) / 2], v[v.length - 1]);
    }
  }

  /** Requests per second of each sample. */
  static double[] requestsPerSecond(Series s) {
    return s.samples().stream().mapToDouble(x -> x.rows() / (x.wallNanos() / 1e9)).toArray();
  }

  /** Client CPU microseconds per request of each sample. */
  static double[] cpuMicros(Series s) {
    return s.samples().stream().mapToDouble(x -> x.cpuNanos() / 1e3 / Math.max(1, x.rows())).toArray();
  }

  /** The HTTP series of {@code results}, in order, with their ratios to {@link #REFERENCE}'s. */
  public static List<PerRequest> of(List<Series> results) {
    List<PerRequest> out = new ArrayList<>();
    for (Series s : results) {
      if (s.workload().kind() != Workload.Kind.HTTP || s.isEmpty()) {
        continue;
      }
      Figure rps = Figure.of(requestsPerSecond(s));
      Figure cpu = Figure.of(cpuMicros(s));
      Series ref = results.stream().filter(r -> r.workload().name().equals(s.workload().name())
          && r.driver().equals(REFERENCE) && !r.isEmpty()).findFirst().orElse(null);
      double cpuRatio = ref == null ? Double.NaN : cpu.median() / Figure.of(cpuMicros(ref)).median();
      double rpsRatio = ref == null ? Double.NaN : rps.median() / Figure.of(requestsPerSecond(ref)).median();
      out.add(new PerRequest(s.workload().name(), s.driver(), rps, cpu, cpuRatio, rpsRatio));
    }
    return out;
  }
}
