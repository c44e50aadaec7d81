package io.sluice.lab.http;

import io.sluice.bench.CpuClock;
import io.sluice.bench.Progress;
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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the HTTP cases: both {@link RowsServer}s in this JVM, ApacheBench ({@code ab}, Debian's
 * apache2-utils) as the load tool in its own process on loopback. Each measured run is one
 * {@code ab} invocation; its sample is ab's elapsed time for all the requests (so requests per
 * second is requests / wall), and the CPU this JVM (the server) spent meanwhile. ab's latency
 * percentiles go into the notes.
 */
public final class HttpBench {
  /** Connections in each server's pool (the same for both). */
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

  /** One ab run's figures. */
  public record AbResult(double seconds, long requests, double requestsPerSecond, Map<String, Integer> percentiles) {}

  /** Runs every HTTP case on both servers; series into {@code results}, percentile lines into {@code notes}. */
  public static void run(List<Workload> cases, Target target, int warmups, int runs, Progress progress,
      List<Series> results, List<String> notes) throws Exception {
    try (RowsServer sluice = RowsServer.sluice(target, POOL_SIZE);
        RowsServer pgjdbc = RowsServer.pgjdbc(target, POOL_SIZE)) {
      List<RowsServer> servers = List.of(pgjdbc, sluice);
      for (int w = 0; w < cases.size(); w++) {
        Workload c = cases.get(w);
        Map<RowsServer, Series> series = new LinkedHashMap<>();
        Map<RowsServer, List<AbResult>> raw = new LinkedHashMap<>();
        for (RowsServer s : servers) {
          series.put(s, new Series(c, "http-" + s.name()));
          raw.put(s, new ArrayList<>());
          // the first load-tool run is the cold one (kept apart), then the other warm-ups
          long warmStart = System.nanoTime();
          series.get(s).cold(measured(s, c, null));
          for (int i = 1; i <= warmups; i++) {
            progress.show(w + 1, cases.size(), c, "http-" + s.name(), "warm-up " + i + "/" + warmups);
            ab(s.url(), (int) c.expectedRows(), c.threads());
          }
          series.get(s).warmup(new Warmup.Outcome(warmups, System.nanoTime() - warmStart, Warmup.Stop.COUNT));
        }
        for (int r = 1; r <= runs; r++) {
          for (RowsServer s : servers) {
            progress.show(w + 1, cases.size(), c, "http-" + s.name(), "run " + r + "/" + runs);
            series.get(s).add(measured(s, c, raw.get(s)));
          }
        }
        StringBuilder line = new StringBuilder();
        for (RowsServer s : servers) {
          List<AbResult> as = raw.get(s);
          double min = as.stream().mapToDouble(AbResult::requestsPerSecond).min().orElse(0);
          double max = as.stream().mapToDouble(AbResult::requestsPerSecond).max().orElse(0);
          double[] sorted = as.stream().mapToDouble(AbResult::requestsPerSecond).sorted().toArray();
          double median = sorted.length == 0 ? 0 : sorted[sorted.length / 2];
          AbResult mid = as.stream().filter(a -> a.requestsPerSecond() == median).findFirst().orElse(null);
          notes.add(String.format("%s, http-%s: %.0f requests/s (min %.0f, max %.0f over %d runs); latency of the"
                  + " median run: p50 %s ms, p90 %s ms, p99 %s ms, max %s ms", c.name(), s.name(), median, min, max,
              as.size(), pct(mid, "50%"), pct(mid, "90%"), pct(mid, "99%"), pct(mid, "100%")));
          line.append("http-").append(s.name()).append(String.format(" %.0f req/s  ", median));
        }
        progress.done(String.format("%5.0fs [%d/%d] %-10s done: %s", progress.elapsedSeconds(), w + 1, cases.size(),
            c.name(), line.toString().strip()));
        results.addAll(series.values());
      }
    }
  }

  /** One load-tool run against {@code server}: ab's time for all the requests, and this JVM's CPU meanwhile. */
  private static Sample measured(RowsServer server, Workload c, List<AbResult> raw) throws Exception {
    CpuClock.Snapshot cpu0 = CpuClock.now();
    AbResult a = ab(server.url(), (int) c.expectedRows(), c.threads());
    long cpu = CpuClock.since(cpu0);
    if (raw != null) {
      raw.add(a);
    }
    return new Sample((long) (a.seconds() * 1e9), cpu, cpu, 0, a.requests(), 0);
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
