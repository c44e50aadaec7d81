package io.sluice.lab.run;

import io.sluice.lab.LabCase;
import io.sluice.lab.LabOptions;
import io.sluice.lab.LogicalLevel;
import io.sluice.lab.Profiles;
import io.sluice.lab.ServerCpu;
import io.sluice.lab.TimeSplit;
import io.sluice.bench.Datasets;
import io.sluice.bench.Driver;
import io.sluice.bench.Drivers;
import io.sluice.bench.Progress;
import io.sluice.bench.RunInfo;
import io.sluice.bench.Runner;
import io.sluice.bench.Series;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import io.sluice.bench.Workloads;
import io.sluice.lab.changes.ChangeFeed;
import io.sluice.lab.changes.ChangeLag;
import io.sluice.lab.fleet.FleetFailover;
import io.sluice.lab.fleet.FleetReads;
import io.sluice.lab.http.HttpBench;
import io.sluice.lab.pooler.PoolerLoad;
import io.sluice.lab.report.Coverage;
import io.sluice.lab.report.HtmlReport;
import io.sluice.lab.report.JsonReport;
import io.sluice.lab.report.TextReport;
import io.sluice.lab.rowset.BufferedVsStreamed;
import io.sluice.testkit.PostgresServer;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The lab, {@code bin/sluice lab}: starts PostgreSQL from the testkit in the lab directory (kept
 * between runs, so the data sets load once and results accumulate), runs the profile's cases on
 * every interface (loopback first, then the remote variants through a latency proxy), stores every
 * measured execution in schema {@code lab}, and prints the table and writes HTML and JSON reports.
 * A checksum disagreement between interfaces fails the run loudly (after storing what ran).
 */
public final class Lab {
  private Lab() {}

  public static void main(String[] args) throws Exception {
    LabOptions o;
    try {
      o = LabOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("sluice lab: " + e.getMessage());
      System.exit(2);
      return;
    }
    PrintStream out = System.out;
    if (o.help()) {
      out.print(LabOptions.usage());
      return;
    }
    Profiles profile = o.chosenProfile();
    List<LabCase> cases = profile.cases(o.only());
    Files.createDirectories(o.dataDir());
    System.err.println("lab directory: " + o.dataDir());
    System.err.println(o.url() != null ? "server: " + o.url().replaceAll(":[^:@/]*@", ":***@")
        : "starting the embedded PostgreSQL " + o.pg() + " ...");
    try (PostgresServer server = o.url() != null ? PostgresServer.external(o.url())
        : PostgresServer.startPersistent(o.dataDir().resolve("pg" + o.pg()),
            LogicalLevel.options(cases, o.dataDir().resolve("pg" + o.pg()), o.pg()))) {
      run(o, profile, cases, Target.of(server), o.url() != null ? null : server.socketDirectory().toString(), out);
    }
  }

  /** Runs {@code cases} against {@code target}; returns the id of the run in the results. */
  public static long run(LabOptions o, Profiles profile, List<LabCase> cases, Target target, String socketDirectory,
      PrintStream out)
      throws Exception {
    System.setProperty("sluice.lab.dir", o.dataDir().toString());   // where the ODBC interface writes its odbc.ini
    System.err.println("server: " + target);
    long t0 = System.nanoTime();
    boolean loaded = Datasets.ensure(target);
    System.err.printf("data sets: %s in %.1f s%n", loaded ? "loaded" : "reused", (System.nanoTime() - t0) / 1e9);
    for (LabCase c : cases) {
      if (c.workload().sql().equals(Workloads.t10m(1).sql())) {
        t0 = System.nanoTime();
        boolean made = Datasets.ensureT10m(target, c.workload().expectedRows());
        System.err.printf("t10m: %,d rows %s in %.1f s%n", c.workload().expectedRows(), made ? "loaded" : "reused",
            (System.nanoTime() - t0) / 1e9);
      }
    }
    List<String[]> described = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    try (var probe = new DriverSet(o.drivers(), target, skipped)) {
      probe.drivers.forEach(d -> described.add(new String[] {d.name(), d.description()}));
    }
    RunInfo info = new RunInfo(Instant.now(), profile.name(), profile.warmup(), profile.runs(), target, described);
    Progress progress = new Progress(System.err);
    List<Series> results = new ArrayList<>();
    List<TimeSplit.Part> split = new ArrayList<>();
    List<String> notes = new ArrayList<>(skipped);
    List<ChangeLag.Result> lags = new ArrayList<>();
    List<FleetFailover.Row> failovers = new ArrayList<>();
    skipped.forEach(n -> System.err.println("interface " + n));
    notes.add("next.jdbc is not reachable from this machine's package registries; the Clojure comparison uses"
        + " org.clojure/java.jdbc over pgjdbc where it runs.");
    notes.add("pglue and deno-postgres (seed 004's own systems) run on Deno and come from Deno's registries, which"
        + " this machine does not reach; seed 004's cases run on postgres.js and node-postgres under Node instead.");
    Path reports = o.dataDir().resolve("reports");
    try (ResultsStore store = new ResultsStore(target.uri())) {
      long runId = store.startRun(info, machine());
      String status = "failed";
      Map<String, Long> checksums = new java.util.HashMap<>();
      try {
        runGroup(cases, "tcp", target, o.drivers(), profile, progress, results, checksums, notes);
        List<Workload> forked = cases.stream().filter(c -> c.name().startsWith(Profiles.BUFFERED_VS_STREAMED))
            .map(LabCase::workload).toList();
        if (!forked.isEmpty()) {
          BufferedVsStreamed.run(forked, target, profile.forks(), profile.warmup(), profile.runs(), progress, results,
              checksums, notes);
        }
        for (LabCase c : cases) {
          if (c.name().startsWith(ChangeFeed.CASE)) {
            ChangeFeed.run(c.workload(), target, o.interfaces(), profile.lagDuration(), profile.warmup(), profile.runs(),
                progress, results, checksums, notes, lags);
          }
        }
        for (LabCase c : cases) {
          if (c.name().equals(FleetFailover.CASE)) {
            FleetFailover.run(c.workload(), o.pg(), o.url() == null, o.interfaces(), notes, failovers);
          } else if (c.name().startsWith(FleetReads.CASE)) {
            FleetReads.run(c.workload(), o.pg(), o.url() == null, o.interfaces(), profile.warmup(), profile.runs(),
                progress, results, checksums, notes);
          }
        }
        for (LabCase c : cases) {
          if (c.name().startsWith(PoolerLoad.CASE)) {
            PoolerLoad.run(c.workload(), target, socketDirectory, o.interfaces(), profile.warmup(), profile.runs(),
                progress, results, checksums, notes);
          }
        }
        for (LabCase c : cases) {
          if (c.workload().kind() == Workload.Kind.MIXED_LOAD) {
            notes.addAll(io.sluice.bench.MixedLoad.notes(c.name()));
          }
        }
        List<Workload> http = cases.stream().filter(c -> c.transport().equals("http") && !c.name().endsWith(
            Profiles.REMOTE)).map(LabCase::workload).toList();
        if (!http.isEmpty()) {
          String why = HttpBench.unavailable();
          if (why != null) {
            notes.add("HTTP cases skipped: " + why);
            System.err.println("HTTP cases skipped: " + why);
          } else {
            HttpBench.run(http, target, o.interfaces(), profile.warmup(), profile.runs(), progress, results, notes);
          }
        }
        if (profile.wantsSplit(o.only())) {
          ServerCpu server = ServerCpu.of(target.uri());
          if (server == null) {
            notes.add("time split (seed 002) skipped: the server does not run on this machine (its CPU is read from"
                + " /proc)");
          } else {
            notes.addAll(ServerCpu.describe());
            try (DriverSet set = new DriverSet(o.drivers(), target, new ArrayList<>())) {
              split.addAll(TimeSplit.run(profile.splitWorkloads(), set.drivers, server, profile.warmup(),
                  profile.runs(), progress));
            }
          }
        }
        if (cases.stream().anyMatch(c -> c.transport().equals("unix"))) {
          String dir = socketDirectory;
          if (dir == null) {
            notes.add("Unix-socket cases skipped: the server was not started by the lab");
          } else {
            // the others reach PostgreSQL over TCP only here: the coverage matrix says so
            List<String> unix = o.interfaces().stream().filter(Profiles.UNIX_INTERFACES::contains).toList();
            runGroup(cases, "unix", target.viaUnixSocket(dir), unix, profile, progress, results, checksums, notes);
          }
        }
        OverTheLink.run(cases, target, o, profile, progress, results, checksums, notes);
        status = "done";
      } finally {
        for (LabCase c : cases) {
          List<Series> of = results.stream().filter(s -> s.workload().name().equals(c.name())).toList();
          if (!of.isEmpty()) {
            store.add(runId, c, of);
          }
        }
        if (!split.isEmpty()) {
          store.addSplit(runId, split);
        }
        ChangeFeed.storeLag(store.connection(), runId, lags);
        FleetFailover.store(store.connection(), runId, FleetFailover.CASE, failovers);
        store.finishRun(runId, status);
        if (!results.isEmpty() || !split.isEmpty() || !failovers.isEmpty()) {
          if (!results.isEmpty()) {
            TextReport.print(out, info, results);
          }
          if (!results.isEmpty() || !failovers.isEmpty()) {
            notes.stream().filter(n -> n.startsWith(Profiles.MIXED_LOAD) || n.startsWith(Profiles.POOL_SCALING)
                || n.startsWith(Profiles.BUFFERED_VS_STREAMED) || n.startsWith(ChangeFeed.CASE)
                || n.startsWith(FleetReads.CASE) || n.startsWith(PoolerLoad.CASE)).forEach(out::println);
          }
          List<TimeSplit.Row> splitRows = TimeSplit.summarise(split);
          if (!splitRows.isEmpty()) {
            TimeSplit.print(out, splitRows);
          }
          Path html = reports.resolve("run-" + runId + ".html");
          HtmlReport.write(html, new HtmlReport.Page(info, runId, cases, results, notes, splitRows,
              Coverage.of(cases, o.interfaces(), results, unavailable(skipped))));
          Path json = reports.resolve("run-" + runId + ".json");
          JsonReport.write(json, info, results, checksums, status.equals("done") ? null : "the run did not finish");
          Files.copy(html, reports.resolve("latest.html"), StandardCopyOption.REPLACE_EXISTING);
          Files.copy(json, reports.resolve("latest.json"), StandardCopyOption.REPLACE_EXISTING);
          out.println("run " + runId + " (" + status + ") stored in schema lab of " + target);
          out.println("HTML report: " + html.toAbsolutePath());
          out.println("JSON report: " + json.toAbsolutePath());
        }
      }
      return runId;
    }
  }

  static void runGroup(List<LabCase> cases, String transport, Target target, List<String> interfaces,
      Profiles profile, Progress progress, List<Series> results, Map<String, Long> checksums, List<String> notes)
      throws Exception {
    List<Workload> workloads = cases.stream().filter(c -> c.transport().equals(transport) && !Profiles.runsItself(c))
        .map(LabCase::workload).toList();
    if (workloads.isEmpty()) {
      return;
    }
    try (DriverSet set = new DriverSet(interfaces, target, new ArrayList<>())) {
      Runner runner = new Runner(workloads, set.drivers, profile.warmup(), profile.runs(), progress);
      try {
        runner.run(results);
      } finally {
        checksums.putAll(runner.checksums());
      }
    }
  }

  /** Why each interface that could not start did not, by name (from {@link Drivers#open}'s notes). */
  static Map<String, String> unavailable(List<String> skipped) {
    Map<String, String> why = new java.util.LinkedHashMap<>();
    for (String s : skipped) {
      int at = s.indexOf(" skipped: ");
      if (at > 0) {
        why.put(s.substring(0, at), s.substring(at + " skipped: ".length()));
      }
    }
    return why;
  }

  /** Host name, CPUs and memory: what the report says about the machine. */
  static String machine() {
    String host;
    try {
      host = java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.io.IOException e) {
      host = "unknown host";
    }
    long mem = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
        .getOperatingSystemMXBean()).getTotalMemorySize();
    return host + ", " + Runtime.getRuntime().availableProcessors() + " CPUs, " + (mem >> 30) + " GiB";
  }

  /** The chosen drivers, open against one target, closed together. */
  static final class DriverSet implements AutoCloseable {
    final List<Driver> drivers;

    DriverSet(List<String> names, Target target, List<String> skipped) throws Exception {
      this.drivers = Drivers.open(names, target, skipped);
    }

    @Override
    public void close() throws Exception {
      Drivers.closeAll(drivers, null);
    }
  }
}
