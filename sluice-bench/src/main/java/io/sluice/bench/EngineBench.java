package io.sluice.bench;

import io.sluice.testkit.PostgresServer;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The request-engine benchmark: every {@link Workloads workload} on every {@link Drivers driver}
 * against the embedded PostgreSQL 18 of {@link PostgresServer#shared()} (or the server that
 * {@code SLUICE_TEST_URL} names), a table on standard output and JSON in {@code target/}. Options:
 * {@link Options#USAGE}. Exits with an exception (so Maven fails) when any checksum disagrees.
 */
public final class EngineBench {
  private EngineBench() {}

  public static void main(String[] args) throws Exception {
    Options options = Options.parse(args);
    PrintStream out = System.out;
    if (options.help()) {
      out.print(Options.usage());
      return;
    }
    Progress progress = new Progress(System.err);
    System.err.println("starting PostgreSQL ...");
    Target target = Target.of(PostgresServer.shared());
    System.err.println("server: " + target);
    long loadStart = System.nanoTime();
    boolean loaded = Datasets.ensure(target);
    System.err.printf("data sets (schema bench, version %d): %s in %.1f s%n", Datasets.VERSION,
        loaded ? "loaded" : "already there", (System.nanoTime() - loadStart) / 1e9);

    List<Workload> workloads = options.workloads().stream().map(Workloads::named).toList();
    List<Driver> drivers = Drivers.open(options.drivers(), target);
    List<String[]> described = drivers.stream().map(d -> new String[] {d.name(), d.description()}).toList();
    RunInfo info = new RunInfo(Instant.now(), options.profile(), options.warmups(), options.runs(), target,
        described);
    Runner runner = new Runner(workloads, drivers, options.warmups(), options.runs(), progress);
    List<Series> results = new ArrayList<>();
    String failure = null;
    try {
      runner.run(results);
    } catch (Exception | Error e) {
      failure = e.toString();
      progress.done("FAILED: " + e.getMessage());
      throw e;
    } finally {
      Drivers.closeAll(drivers, null);
      if (!results.isEmpty()) {
        TextReport.print(out, info, results);
      }
      JsonReport.write(options.out(), info, results, runner.checksums(), failure);
      System.err.printf("%.0f s in all; JSON: %s%n", progress.elapsedSeconds(), options.out().toAbsolutePath());
    }
  }
}
