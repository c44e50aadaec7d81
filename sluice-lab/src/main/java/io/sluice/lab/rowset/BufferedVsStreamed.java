package io.sluice.lab.rowset;

import io.sluice.bench.BenchFailure;
import io.sluice.bench.Progress;
import io.sluice.bench.Sample;
import io.sluice.bench.Series;
import io.sluice.bench.Target;
import io.sluice.bench.Warmup;
import io.sluice.bench.Workload;
import io.sluice.bench.Workloads;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Buffered {@code query()} (a {@code RowSet}) against streamed {@code forEach} on the same wide
 * results, in repeated runs (issue 24: outside measurements of the buffered path swung from run to
 * run while {@code forEach} stayed steady). A run here is a fresh JVM ({@link ForkMain}), since what
 * differs from one run of the lab to the next — heap sizing, where large chunks land under G1, what
 * the JIT chose — is fixed within one JVM. Each fork warms both modes on each result by the lab's
 * rule and measures them taking turns; the report keeps every measured execution of every fork
 * (its min–max is the spread over all of them), and the notes give each fork's ratio of medians,
 * {@code query()} over {@code forEach}, with their spread across forks.
 */
public final class BufferedVsStreamed {
  /** The case's name; its instances are {@code buffered-vs-streamed-<result>}. */
  public static final String CASE = "buffered-vs-streamed";
  /** The wide results of issue 24's target. */
  public static final List<String> RESULTS = List.of("t50k", "mixed9", "ts60", "json50k");
  /** How slower buffered may be than streamed in any fork (issue 24's target: 10 %). */
  static final double TOLERANCE = 1.10;
  /** How long one fork may take. */
  private static final long FORK_LIMIT_MINUTES = 30;
  static final String BUFFERED = "sluice";
  static final String STREAMED = "sluice-stream";

  private BufferedVsStreamed() {}

  /** The case's instances, one per result, each the result's workload renamed. */
  public static List<Workload> workloads() {
    List<Workload> out = new ArrayList<>();
    for (String r : RESULTS) {
      Workload w = Workloads.named(r);
      out.add(new Workload(CASE + "-" + r, w.description() + "; buffered query() against streamed forEach, each fork"
          + " a fresh JVM", w.kind(), w.sql(), w.columns(), w.touchColumns(), w.expectedRows(), w.ids(), w.threads()));
    }
    return out;
  }

  /** The result a case instance reads ({@code t50k} for {@code buffered-vs-streamed-t50k}). */
  static String result(Workload instance) {
    return instance.name().substring(CASE.length() + 1);
  }

  /**
   * Runs {@code cases} in {@code forks} fresh JVMs one after another; series into {@code results},
   * each case's agreed checksum into {@code checksums} (compared with the plain result's, when the
   * run has it), the per-fork ratios into {@code notes}.
   */
  public static void run(List<Workload> cases, Target target, int forks, Warmup warmup, int runs, Progress progress,
      List<Series> results, Map<String, Long> checksums, List<String> notes) throws Exception {
    Map<String, Workload> byResult = new LinkedHashMap<>();
    cases.forEach(c -> byResult.put(result(c), c));
    Map<String, Series> series = new LinkedHashMap<>();
    for (Workload c : cases) {
      series.put(c.name() + " " + BUFFERED, new Series(c, BUFFERED));
      series.put(c.name() + " " + STREAMED, new Series(c, STREAMED));
    }
    // per case, per fork: the median wall and CPU of each mode
    Map<String, List<long[]>> medians = new LinkedHashMap<>();
    for (int f = 1; f <= forks; f++) {
      progress.show(f, forks, cases.get(0), "fork " + f, "a fresh JVM: " + String.join(", ", byResult.keySet()));
      List<String> lines = fork(target, warmup, runs, List.copyOf(byResult.keySet()));
      Map<String, Series> mine = new LinkedHashMap<>();
      for (String line : lines) {
        String[] p = line.split(" ");
        if (p.length < 3 || !byResult.containsKey(p[1])) {
          continue;
        }
        Workload c = byResult.get(p[1]);
        String key = c.name() + " " + p[2];
        Series all = series.get(key);
        Series one = mine.computeIfAbsent(key, k -> new Series(c, p[2]));
        switch (p[0]) {
          case "sample" -> {
            Sample x = sample(p);
            check(c, p[2], x, checksums, f);
            all.add(x);
            one.add(x);
          }
          case "cold" -> {
            Sample x = sample(p);
            check(c, p[2], x, checksums, f);
            if (all.cold() == null) {
              all.cold(x);   // the first fork's: a later fork's JVM starts as cold, but one is shown
            }
          }
          case "warmup" -> {
            if (all.warmup() == null) {
              all.warmup(new Warmup.Outcome(Integer.parseInt(p[3]), Long.parseLong(p[4]), Warmup.Stop.valueOf(p[5])));
            }
          }
          default -> { }
        }
      }
      for (Workload c : cases) {
        Series b = mine.get(c.name() + " " + BUFFERED);
        Series s = mine.get(c.name() + " " + STREAMED);
        if (b == null || s == null || b.isEmpty() || s.isEmpty()) {
          throw new BenchFailure(c.name() + ": fork " + f + " measured nothing for one of the modes");
        }
        medians.computeIfAbsent(c.name(), k -> new ArrayList<>()).add(new long[] {b.wall().median(),
            s.wall().median(), b.cpu().median(), s.cpu().median()});
      }
    }
    results.addAll(series.values());
    for (Workload c : cases) {
      notes.add(describe(c.name(), medians.get(c.name()), runs));
    }
    progress.done(String.format("%5.0fs %s done: %d forks", progress.elapsedSeconds(), CASE, forks));
  }

  /** Each fork's ratio of medians, query() over forEach, wall and CPU, and their spread across forks. */
  static String describe(String name, List<long[]> forks, int runs) {
    List<String> each = new ArrayList<>();
    double[] wall = new double[forks.size()];
    double[] cpu = new double[forks.size()];
    for (int i = 0; i < forks.size(); i++) {
      long[] m = forks.get(i);
      wall[i] = (double) m[0] / m[1];
      cpu[i] = (double) m[2] / m[3];
      each.add(String.format("%.2f", wall[i]));
    }
    double[] w = wall.clone();
    java.util.Arrays.sort(w);
    double[] c = cpu.clone();
    java.util.Arrays.sort(c);
    double worst = w[w.length - 1];
    return String.format("%s: query() over forEach, ratio of the medians of %d runs in each of %d fresh JVMs: wall %s"
            + " (min %.2f, median %.2f, max %.2f), client CPU min %.2f, median %.2f, max %.2f; %s", name, runs,
        forks.size(), String.join(", ", each), w[0], w[(w.length - 1) / 2], worst, c[0], c[(c.length - 1) / 2],
        c[c.length - 1], worst <= TOLERANCE ? "within 10 % in every fork"
            : String.format("over 10 %% in %d of %d forks (worst %+.0f %%)",
                java.util.Arrays.stream(wall).filter(r -> r > TOLERANCE).count(), forks.size(), (worst - 1) * 100));
  }

  /** The row count, and one checksum across modes, forks and the plain case of the same result. */
  private static void check(Workload c, String driver, Sample x, Map<String, Long> checksums, int fork) {
    if (x.rows() != c.expectedRows()) {
      throw new BenchFailure(c.name() + ": " + driver + " in fork " + fork + " read " + x.rows() + " rows, expected "
          + c.expectedRows());
    }
    Long plain = checksums.get(result(c));
    Long agreed = checksums.putIfAbsent(c.name(), plain != null ? plain : x.checksum());
    long expected = agreed != null ? agreed : plain != null ? plain : x.checksum();
    if (expected != x.checksum()) {
      throw new BenchFailure(String.format("%s: CHECKSUM MISMATCH: %s in fork %d folded %016x, expected %016x", c.name(),
          driver, fork, x.checksum(), expected));
    }
  }

  private static Sample sample(String[] p) {
    return new Sample(Long.parseLong(p[3]), Long.parseLong(p[4]), Long.parseLong(p[5]), Long.parseLong(p[6]),
        Long.parseLong(p[7]), Long.parseLong(p[8]));
  }

  /** Runs one fork to its end (at most {@value #FORK_LIMIT_MINUTES} minutes); its output lines. */
  private static List<String> fork(Target target, Warmup warmup, int runs, List<String> which) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    cmd.addAll(heapOptions());
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ForkMain.class.getName()));
    cmd.addAll(ForkMain.args(target, warmup, runs, which));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
    if (target.password() != null) {
      pb.environment().put(ForkMain.PASSWORD, target.password());
    }
    Process p = pb.start();
    p.getOutputStream().close();
    CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
      try {
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        return "";
      }
    }, r -> Thread.ofVirtual().name("sluice-lab-fork-output").start(r));
    if (!p.waitFor(FORK_LIMIT_MINUTES, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new BenchFailure(CASE + ": a fork ran over " + FORK_LIMIT_MINUTES + " minutes and was stopped");
    }
    String text = out.get(1, TimeUnit.MINUTES);
    if (p.exitValue() != 0) {
      throw new BenchFailure(CASE + ": a fork failed (exit " + p.exitValue() + "; its errors are above):\n" + text);
    }
    return text.lines().toList();
  }

  /** This JVM's heap and collector options, so that each fork sizes its heap as the lab's JVM does. */
  static List<String> heapOptions() {
    return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("-Xm") || a.startsWith("-Xss") || a.startsWith("-XX:+Use") || a.startsWith("-XX:-Use")
            || a.startsWith("-XX:MaxRAM") || a.startsWith("-XX:InitialRAM") || a.startsWith("-XX:G1"))
        .toList();
  }
}
