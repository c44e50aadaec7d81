package io.sluice.lab.report;

import io.sluice.bench.CpuClock;
import io.sluice.bench.RunInfo;
import io.sluice.bench.Sample;
import io.sluice.bench.Series;
import io.sluice.bench.Warmup;
import io.sluice.bench.Workload;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;

/**
 * The terminal report: the headline (as in {@link Headline}), then one line per (workload, driver)
 * with wall and CPU min/median/max, the ratios to pgjdbc with default settings and to libpq (seed
 * 003's reference) where libpq ran the workload, the cold call and the warm-up it took, then the
 * {@link Summary}.
 */
public final class TextReport {
  /** The driver every ratio is relative to. */
  public static final String BASELINE = "pgjdbc";
  /** The reference of seed 003: libpq in C. */
  public static final String REFERENCE = "libpq";

  private TextReport() {}

  public static void print(PrintStream out, RunInfo info, List<Series> results) {
    out.println();
    out.println("Sluice lab, " + info.started() + ", profile " + info.profile() + ": " + info.warmup() + "; then "
        + info.runs() + " measured runs per case and interface");
    out.println("  server: " + info.target() + " (TCP loopback, no TLS)");
    out.println("  client: " + info.java() + ", " + info.cpus() + " CPUs, " + info.os() + ", max heap "
        + info.maxHeapBytes() / (1 << 20) + " MiB");
    for (String[] driver : info.drivers()) {
      out.println("  " + driver[0] + ": " + driver[1]);
    }
    out.println("  wall: elapsed ms of one execution, every row read (point workloads: all of its queries, as many as the name says, else 20,000).");
    out.println("  cpu: ms of CPU used by all JVM threads meanwhile (" + CpuClock.source()
        + "); for libpq and psql, that process's own CPU; the server's CPU is not in it.");
    out.println("  x" + BASELINE + ": median / " + BASELINE + "'s median on the same workload (below 1 is less)."
        + " x" + REFERENCE + ": median wall / libpq's. alloc: median MB allocated on the heap.");
    out.println("  cold: wall ms of the first call, before the warm-up; warm: warm-up executions, and S (settled),"
        + " B (budget spent) or C (count reached).");
    out.println();
    headline(out, Headline.of(results));
    perRequest(out, PerRequest.of(results));
    int width = Math.max(11, results.stream().mapToInt(r -> r.workload().name().length()).max().orElse(0));
    String header = String.format("%-" + width + "s %-14s %9s %9s %9s %7s %7s   %9s %9s %9s %7s   %8s %9s %6s",
        "workload", "driver", "wall min", "median", "max", "x" + BASELINE, "x" + REFERENCE, "cpu min", "median", "max",
        "x" + BASELINE, "alloc MB", "cold", "warm");
    out.println(header);
    out.println("-".repeat(header.length()));
    String previous = null;
    for (Series s : results) {
      if (previous != null && !previous.equals(s.workload().name())) {
        out.println();
      }
      previous = s.workload().name();
      Optional<Series> base = baseline(results, s.workload());
      Optional<Series> ref = series(results, s.workload(), REFERENCE);
      Series.Stats wall = s.wall();
      Series.Stats cpu = s.cpu();
      out.println(String.format("%-" + width + "s %-14s %9.1f %9.1f %9.1f %7s %7s   %9.1f %9.1f %9.1f %7s   %8.1f %9s %6s",
          s.workload().name(), s.driver(),
          ms(wall.min()), ms(wall.median()), ms(wall.max()), ratio(wall.median(), base.map(b -> b.wall().median())),
          ratio(wall.median(), ref.map(b -> b.wall().median())),
          ms(cpu.min()), ms(cpu.median()), ms(cpu.max()), ratio(cpu.median(), base.map(b -> b.cpu().median())),
          s.allocated().median() / 1e6, cold(s.cold()), warm(s.warmup())));
    }
    out.println();
    summary(out, Summary.of(results));
  }

  private static String cold(Sample cold) {
    return cold == null ? "-" : String.format("%.1f", cold.wallNanos() / 1e6);
  }

  private static String warm(Warmup.Outcome w) {
    return w == null ? "-" : w.executions() + w.stop().name().substring(0, 1);
  }

  static void headline(PrintStream out, List<Headline.Line> lines) {
    out.println("Headline: per case, median wall ms (min-max); Sluice's best mode over the fastest peer and over"
        + " libpq's best mode (below 1: Sluice is faster)");
    String f = "  %-22s %-16s %-16s %-24s %-16s %-24s %7s %-16s %7s%n";
    out.printf(f, "case", "fastest", "Sluice's best", "ms", "fastest peer", "ms", "x peer", "libpq's best", "x libpq");
    for (Headline.Line l : lines) {
      out.printf(f, l.workload(), l.fastest().driver(), name(l.sluice()), spread(l.sluice()), name(l.peer()),
          spread(l.peer()), fmt(l.toPeer()), name(l.libpq()), fmt(l.toLibpq()));
    }
    out.println();
  }

  static void perRequest(PrintStream out, List<PerRequest> rows) {
    if (rows.isEmpty()) {
      return;
    }
    out.println("JSON over HTTP: requests/s and client CPU per request (the lab JVM: server, database client, JSON),"
        + " median (min-max) over the measured ab runs; x pgjdbc: over " + PerRequest.REFERENCE + "'s medians");
    String f = "  %-16s %-18s %-24s %9s %-22s %9s%n";
    out.printf(f, "case", "server", "requests/s", "x pgjdbc", "CPU us/request", "x pgjdbc");
    for (PerRequest r : rows) {
      out.printf(f, r.workload(), r.server(), String.format("%.0f (%.0f-%.0f)", r.requestsPerSecond().median(),
          r.requestsPerSecond().min(), r.requestsPerSecond().max()), fmt(r.requestsRatio()),
          String.format("%.0f (%.0f-%.0f)", r.cpuMicros().median(), r.cpuMicros().min(), r.cpuMicros().max()),
          fmt(r.cpuRatio()));
    }
    out.println();
  }

  private static String name(Series s) {
    return s == null ? "-" : s.driver();
  }

  private static String spread(Series s) {
    if (s == null) {
      return "-";
    }
    Series.Stats w = s.wall();
    return String.format("%.2f (%.2f-%.2f)", ms(w.median()), ms(w.min()), ms(w.max()));
  }

  private static String fmt(double r) {
    return Double.isNaN(r) ? "-" : String.format("%.2f", r);
  }

  static void summary(PrintStream out, Summary s) {
    if (s.rows().isEmpty()) {
      return;
    }
    out.println("Summary: each case's median wall time over " + s.reference() + "'s; geometric mean over the "
        + s.cases().size() + " cases every interface below ran, with the smallest and largest ratio (below 1 is faster)");
    if (!s.left().isEmpty()) {
      out.println("  left out (ran too few of those cases): " + s.leftOut());
    }
    out.printf("  %-16s %10s %8s %8s%n", "interface", "geomean", "min", "max");
    for (Summary.Row r : s.rows()) {
      out.printf("  %-16s %10.2f %8.2f %8.2f%n", r.driver(), r.geomean(), r.min(), r.max());
    }
    out.println();
  }

  static Optional<Series> baseline(List<Series> results, Workload workload) {
    return series(results, workload, BASELINE);
  }

  static Optional<Series> series(List<Series> results, Workload workload, String driver) {
    return results.stream()
        .filter(r -> r.workload().name().equals(workload.name()) && r.driver().equals(driver))
        .findFirst();
  }

  /** {@code value / base} to two places, or "-" without a baseline. */
  static String ratio(long value, Optional<Long> base) {
    return base.filter(b -> b > 0).map(b -> String.format("%.2f", (double) value / b)).orElse("-");
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
  }
}
