package io.sluice.lab.rowset;

import io.sluice.bench.Driver;
import io.sluice.bench.Drivers;
import io.sluice.bench.Progress;
import io.sluice.bench.Runner;
import io.sluice.bench.Sample;
import io.sluice.bench.Series;
import io.sluice.bench.Target;
import io.sluice.bench.Warmup;
import io.sluice.bench.Workload;
import io.sluice.bench.Workloads;
import io.sluice.bench.drivers.SluiceDriver;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One fork of {@link BufferedVsStreamed}: a fresh JVM that warms Sluice's buffered {@code query()}
 * and streamed {@code forEach} on each result named in its arguments and measures them taking
 * turns ({@link Runner}, the lab's own rule), then prints every figure as a line for the parent:
 * {@code cold|sample W D wall cpu threadCpu alloc rows checksum} and {@code warmup W D executions
 * nanos stop}. Arguments: host, port, database, user, server version, the warm-up rule (min count,
 * max count, min time ms, budget ms, tolerance), runs, the results (comma-separated). The password,
 * if any, comes in the environment ({@link #PASSWORD}), not on a command line others can read.
 */
public final class ForkMain {
  static final String PASSWORD = "SLUICE_LAB_PASSWORD";

  private ForkMain() {}

  /** The arguments that start a fork like this. */
  static List<String> args(Target t, Warmup w, int runs, List<String> results) {
    return List.of(t.host(), String.valueOf(t.port()), t.database(), t.user(), t.serverVersion(),
        String.valueOf(w.minCount()), String.valueOf(w.maxCount()), String.valueOf(w.minTime().toMillis()),
        String.valueOf(w.budget().toMillis()), String.valueOf(w.tolerance()), String.valueOf(runs),
        String.join(",", results));
  }

  public static void main(String[] a) throws Exception {
    if (a.length != 12) {
      System.err.println("usage: ForkMain HOST PORT DATABASE USER VERSION MIN MAX MIN_MS BUDGET_MS TOLERANCE RUNS"
          + " RESULT[,RESULT]");
      System.exit(2);
    }
    Target target = new Target(a[0], Integer.parseInt(a[1]), a[2], a[3], System.getenv(PASSWORD), a[4]);
    Warmup warmup = new Warmup(Integer.parseInt(a[5]), Integer.parseInt(a[6]), Duration.ofMillis(Long.parseLong(a[7])),
        Duration.ofMillis(Long.parseLong(a[8])), Double.parseDouble(a[9]));
    int runs = Integer.parseInt(a[10]);
    List<Workload> workloads = Arrays.stream(a[11].split(",")).map(Workloads::named).toList();
    List<Driver> drivers = new ArrayList<>();
    List<Series> results = new ArrayList<>();
    try {
      drivers.add(SluiceDriver.buffered(target));
      drivers.add(SluiceDriver.streaming(target));
      new Runner(workloads, drivers, warmup, runs, new Progress(System.err, false)).run(results);
    } finally {
      Drivers.closeAll(drivers, null);
    }
    PrintStream out = System.out;
    for (Series s : results) {
      String who = s.workload().name() + " " + s.driver();
      out.println("cold " + who + " " + line(s.cold()));
      out.println("warmup " + who + " " + s.warmup().executions() + " " + s.warmup().nanos() + " "
          + s.warmup().stop().name());
      for (Sample x : s.samples()) {
        out.println("sample " + who + " " + line(x));
      }
    }
    out.flush();
  }

  private static String line(Sample x) {
    return x.wallNanos() + " " + x.cpuNanos() + " " + x.threadCpuNanos() + " " + x.allocatedBytes() + " " + x.rows()
        + " " + x.checksum();
  }
}
