package io.sluice.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Optional;

/**
 * The terminal table: one line per (workload, driver), wall and CPU ratios to pgjdbc with default
 * settings, and the wall ratio to libpq (seed 003's reference) where libpq ran the workload.
 */
public final class TextReport {
  /** The driver every ratio is relative to. */
  public static final String BASELINE = "pgjdbc";
  /** The reference of seed 003: libpq in C. */
  public static final String REFERENCE = "libpq";

  private TextReport() {}

  public static void print(PrintStream out, RunInfo info, List<Series> results) {
    out.println();
    out.println("Sluice engine benchmark, " + info.started() + ", profile " + info.profile() + ": "
        + info.warmups() + " warm-up + " + info.runs() + " measured runs per workload and driver");
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
    out.println();
    int width = Math.max(11, results.stream().mapToInt(r -> r.workload().name().length()).max().orElse(0));
    String header = String.format("%-" + width + "s %-14s %9s %9s %9s %7s %7s   %9s %9s %9s %7s   %8s", "workload", "driver",
        "wall min", "median", "max", "x" + BASELINE, "x" + REFERENCE, "cpu min", "median", "max", "x" + BASELINE,
        "alloc MB");
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
      out.println(String.format("%-" + width + "s %-14s %9.1f %9.1f %9.1f %7s %7s   %9.1f %9.1f %9.1f %7s   %8.1f",
          s.workload().name(), s.driver(),
          ms(wall.min()), ms(wall.median()), ms(wall.max()), ratio(wall.median(), base.map(b -> b.wall().median())),
          ratio(wall.median(), ref.map(b -> b.wall().median())),
          ms(cpu.min()), ms(cpu.median()), ms(cpu.max()), ratio(cpu.median(), base.map(b -> b.cpu().median())),
          s.allocated().median() / 1e6));
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
