package io.sluice.lab.http;

import io.sluice.bench.CpuClock;
import io.sluice.bench.Drivers;
import io.sluice.bench.Progress;
import io.sluice.bench.Runner;
import io.sluice.bench.Sample;
import io.sluice.bench.Series;
import io.sluice.bench.Target;
import io.sluice.bench.Warmup;
import io.sluice.bench.Workload;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the HTTP cases: the servers in this JVM, ApacheBench ({@code ab}, Debian's apache2-utils)
 * as the load tool in its own process on loopback. The servers come in groups — the two Java
 * {@link RowsServer}s, then each {@link EndpointProvider}'s (sluice-lab: the Clojure ones) — and a
 * group is opened, runs every case, and is closed before the next opens. Before any is measured,
 * every server's answer to the same requests must be the same JSON as the first server's
 * ({@link Bodies}). Each (case, server) has a first, cold {@code ab} run kept apart, then the
 * profile's warm-up rule over whole {@code ab} runs ({@link Runner#warm}), then the measured runs
 * taking turns across the group. A sample is ab's elapsed time for all the requests (so requests
 * per second is requests / wall) and the CPU this JVM (the servers) spent meanwhile; ab's latency
 * percentiles go into the notes.
 */
public final class HttpBench {
  /** Connections in each Java server's pool (the same for both). */
  public static final int POOL_SIZE = 16;

  private HttpBench() {}

  /** Whether ab is installed; null when it is, else why not. */
  public static String unavailable() {
    try {
      Process p = new ProcessBuilder("ab", "-V").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor() == 0 ? null : "ab -V failed";
    } catch (IOException | InterruptedException e) {
      return "ab (ApacheBench, Debian package apache2-utils) is not installed";
    }
  }

  /** The groups of servers, each by interface name ({@code http-…}), in report order. */
  static List<Map<String, Endpoint.Factory>> groups() {
    List<Map<String, Endpoint.Factory>> groups = new ArrayList<>();
    Map<String, Endpoint.Factory> java = new LinkedHashMap<>();
    java.put("http-pgjdbc", t -> RowsServer.pgjdbc(t, POOL_SIZE));
    java.put("http-sluice", t -> RowsServer.sluice(t, POOL_SIZE));
    groups.add(java);
    for (EndpointProvider p : ServiceLoader.load(EndpointProvider.class)) {
      groups.add(p.endpoints());
    }
    return groups;
  }

  /** Every HTTP server's interface name, in report order. */
  public static List<String> names() {
    return groups().stream().flatMap(g -> g.keySet().stream()).toList();
  }

  /** One ab run's figures. */
  public record AbResult(double seconds, long requests, double requestsPerSecond, Map<String, Integer> percentiles) {}

  /**
   * Runs every HTTP case on the {@code chosen} servers; series into {@code results}, percentile
   * lines into {@code notes}.
   */
  public static void run(List<Workload> cases, Target target, List<String> chosen, Warmup warmup, int runs,
      Progress progress, List<Series> results, List<String> notes) throws Exception {
    Bodies bodies = new Bodies();
    for (Map<String, Endpoint.Factory> group : groups()) {
      List<String> names = group.keySet().stream().filter(chosen::contains).toList();
      if (names.isEmpty()) {
        continue;
      }
      List<Endpoint> servers = new ArrayList<>();
      try {
        for (String n : names) {
          Endpoint e = group.get(n).open(target);
          servers.add(e);
          notes.add(e.name() + ": " + e.description());
        }
        bodies.check(servers);
        for (int w = 0; w < cases.size(); w++) {
          runCase(cases.get(w), w, cases.size(), servers, warmup, runs, progress, results, notes);
        }
      } catch (Exception e) {
        Drivers.closeAll(servers, e);   // a failure to close is added to e, which goes on
        throw e;
      }
      Drivers.closeAll(servers, null);
    }
  }

  /** One case on one group: each server warmed in turn, then the measured runs taking turns. */
  private static void runCase(Workload c, int w, int count, List<Endpoint> servers, Warmup warmup, int runs,
      Progress progress, List<Series> results, List<String> notes) throws Exception {
    Map<Endpoint, Series> series = new LinkedHashMap<>();
    Map<Endpoint, List<AbResult>> raw = new LinkedHashMap<>();
    for (Endpoint s : servers) {
      String name = s.name();
      Series one = new Series(c, name);
      series.put(s, one);
      raw.put(s, new ArrayList<>());
      Runner.warm(() -> measured(s, c, null), c.name() + ": " + name, warmup, one,
          (sample, which) -> progress.show(w + 1, count, c, name, which));
    }
    for (int r = 1; r <= runs; r++) {
      for (Endpoint s : servers) {
        progress.show(w + 1, count, c, s.name(), "run " + r + "/" + runs);
        series.get(s).add(measured(s, c, raw.get(s)));
      }
    }
    StringBuilder line = new StringBuilder();
    for (Endpoint s : servers) {
      List<AbResult> as = raw.get(s);
      double min = as.stream().mapToDouble(AbResult::requestsPerSecond).min().orElse(0);
      double max = as.stream().mapToDouble(AbResult::requestsPerSecond).max().orElse(0);
      double[] sorted = as.stream().mapToDouble(AbResult::requestsPerSecond).sorted().toArray();
      double median = sorted.length == 0 ? 0 : sorted[sorted.length / 2];
      AbResult mid = as.stream().filter(a -> a.requestsPerSecond() == median).findFirst().orElse(null);
      Series.Stats cpu = series.get(s).cpu();
      notes.add(String.format("%s, %s: %.0f requests/s (min %.0f, max %.0f over %d runs), client CPU %.0f µs per"
              + " request (median run; this JVM's CPU over the requests); latency of the median run: p50 %s ms,"
              + " p90 %s ms, p99 %s ms, max %s ms", c.name(), s.name(), median, min, max, as.size(),
          cpu.median() / 1e3 / c.expectedRows(), pct(mid, "50%"), pct(mid, "90%"), pct(mid, "99%"), pct(mid, "100%")));
      line.append(s.name()).append(String.format(" %.0f req/s  ", median));
    }
    progress.done(String.format("%5.0fs [%d/%d] %-10s done: %s", progress.elapsedSeconds(), w + 1, count,
        c.name(), line.toString().strip()));
    results.addAll(series.values());
  }

  /**
   * One load-tool run against {@code server}: the time around the whole run of the tool, and this
   * JVM's CPU over that same window ({@link Sample}'s contract). ab's own "time taken" covers only
   * its requests, not its start and end; CPU read over the longer window against it could come out
   * at more than the machine's CPUs give (LabTest caught 2.6 CPUs on 2), so the window is the wall
   * time. The percentiles stay ab's.
   */
  private static Sample measured(Endpoint server, Workload c, List<AbResult> raw) throws Exception {
    long t0 = System.nanoTime();
    CpuClock.Snapshot cpu0 = CpuClock.now();
    AbResult a = ab(server.url(), (int) c.expectedRows(), c.threads());
    long cpu = CpuClock.since(cpu0);
    long wall = System.nanoTime() - t0;
    if (raw != null) {
      raw.add(a);
    }
    return new Sample(wall, cpu, cpu, 0, a.requests(), 0);
  }

  private static String pct(AbResult a, String p) {
    Integer v = a == null ? null : a.percentiles().get(p);
    return v == null ? "-" : String.valueOf(v);
  }

  private static final Pattern RPS = Pattern.compile("Requests per second:\\s+([0-9.]+)");
  private static final Pattern TIME = Pattern.compile("Time taken for tests:\\s+([0-9.]+) seconds");
  private static final Pattern COMPLETE = Pattern.compile("Complete requests:\\s+(\\d+)");
  private static final Pattern FAILED = Pattern.compile(
      "Failed requests:\\s+(\\d+)(?:\\s*\\(Connect: (\\d+), Receive: (\\d+), Length: (\\d+), Exceptions: (\\d+)\\))?");
  private static final Pattern PERCENT = Pattern.compile("(?m)^\\s+(\\d+%)\\s+(\\d+)");

  /** One ab run: {@code n} requests, {@code c} at a time, keep-alive. */
  static AbResult ab(String url, int n, int c) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("ab", "-k", "-q", "-n", String.valueOf(n), "-c", String.valueOf(c), url)
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
      throw new IllegalStateException("ab failed:\n" + out);
    }
    return parse(out);
  }

  /** ab's report, checked: every request complete, none failed (differing lengths are expected). */
  static AbResult parse(String out) {
    Matcher rps = RPS.matcher(out);
    Matcher time = TIME.matcher(out);
    Matcher complete = COMPLETE.matcher(out);
    Matcher failed = FAILED.matcher(out);
    if (!rps.find() || !time.find() || !complete.find() || !failed.find()) {
      throw new IllegalStateException("unexpected ab output:\n" + out);
    }
    long bad = Long.parseLong(failed.group(1));
    if (failed.group(4) != null) {
      bad -= Long.parseLong(failed.group(4));   // responses differ in length: 500 different rows each time
    }
    if (bad != 0 || out.contains("Non-2xx responses")) {
      throw new IllegalStateException("requests failed:\n" + out);
    }
    Map<String, Integer> pct = new LinkedHashMap<>();
    Matcher m = PERCENT.matcher(out);
    while (m.find()) {
      pct.put(m.group(1), Integer.parseInt(m.group(2)));
    }
    return new AbResult(Double.parseDouble(time.group(1)), Long.parseLong(complete.group(1)),
        Double.parseDouble(rps.group(1)), pct);
  }
}
