package io.sluice.lab.scale;

import io.sluice.bench.ColumnType;
import io.sluice.bench.Driver;
import io.sluice.bench.Drivers;
import io.sluice.bench.Progress;
import io.sluice.bench.Runner;
import io.sluice.bench.Series;
import io.sluice.bench.Target;
import io.sluice.bench.Warmup;
import io.sluice.bench.Workload;
import io.sluice.bench.Workloads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * "Many cores, no funnel" (issue 24): {@value #CALLERS} virtual threads run point selects through a
 * pool over the lab's simulated remote link, with pools of 1, 2, 4 and 8 Sluice connections, each
 * {@value #DEPTH} statements deep, beside pgjdbc + HikariCP of 8 (one statement in flight per
 * connection). The link's latency, not the machine's two cores, bounds each connection, as many
 * cores would leave it bound on a real machine: a design whose connections shared one writer or
 * reader (Npgsql's multiplexing, its issue 6449) would stop growing with the connections, while
 * connections that write and read on their own carry up to connections × depth statements per round
 * trip until the CPUs or the server are the bound. The full profile adds a pool of 1 and of 8 at
 * Sluice's default depth (256): where that bound lies on this machine.
 */
public final class PoolScaling {
  /** The case's name (its instance is named with {@code @remote}). */
  public static final String CASE = "pool-scaling";
  /** Concurrent callers. */
  public static final int CALLERS = 256;
  /** Sluice's pipeline depth in the scaling set-ups: small enough that the link, not the CPU, is the bound. */
  public static final int DEPTH = 8;
  /** Sluice's default {@code pipeline_depth}. */
  static final int DEFAULT_DEPTH = 256;
  /** Connections of the pgjdbc + HikariCP reference. */
  static final int HIKARI = 8;

  private PoolScaling() {}

  /**
   * One pool set-up, named {@code <library>-<connections>x<in flight per connection>}.
   *
   * @param sluice a Sluice {@code Pool}, else pgjdbc with HikariCP
   * @param depth statements in flight per connection (pgjdbc: 1)
   */
  public record Setup(String name, int connections, int depth, boolean sluice) {
    static Setup sluice(int connections, int depth) {
      return new Setup("sluice-pool-" + connections + "x" + depth, connections, depth, true);
    }

    static Setup hikari(int connections) {
      return new Setup("pgjdbc-hikari-" + connections + "x1", connections, 1, false);
    }

    String description() {
      return sluice ? "Sluice Pool of " + connections + " connection" + (connections == 1 ? "" : "s")
          + ", pipeline_depth " + depth + " (" + connections * depth + " statements in flight at most)"
          : "pgjdbc defaults with HikariCP (" + connections + " connections, a connection borrowed per query)";
    }

    /** Statements in flight at most: the pool's slots, or the callers when there are fewer. */
    int inFlight() {
      return Math.min(CALLERS, connections * depth);
    }

    /** Statements per second the link allows: in flight at most, over one round trip. */
    double linkBound(Duration oneWay) {
      return inFlight() / (2 * oneWay.toNanos() / 1e9);
    }
  }

  /** The set-ups of a run: the scaling curve and the reference; with {@code full}, the default depth too. */
  public static List<Setup> setups(boolean full) {
    List<Setup> s = new ArrayList<>();
    for (int c : new int[] {1, 2, 4, 8}) {
      s.add(Setup.sluice(c, DEPTH));
    }
    if (full) {
      s.add(Setup.sluice(1, DEFAULT_DEPTH));
      s.add(Setup.sluice(8, DEFAULT_DEPTH));
    }
    s.add(Setup.hikari(HIKARI));
    return s;
  }

  /** The names of every set-up any profile runs: the interfaces of this case only. */
  public static List<String> names() {
    return setups(true).stream().map(Setup::name).toList();
  }

  /** The case's workload: {@code queries} point selects of t50k by key from {@value #CALLERS} callers. */
  public static Workload workload(int queries, Duration oneWay) {
    Workload point = Workloads.named("point-vt16");
    int[] ids = Arrays.copyOf(point.ids(), queries);
    if (!point.columns().stream().allMatch(t -> t == ColumnType.INT4 || t == ColumnType.TEXT)) {
      throw new IllegalStateException("the scaling clients fold int4 and text only: " + point.columns());
    }
    return Workload.points(CASE + "@remote", String.format("%,d point selects of t50k by key from %d virtual threads"
            + " through pools of 1 to 8 connections, over a link with %d ms latency each way", queries, CALLERS,
        oneWay.toMillis()), Workload.Kind.POINT_CONCURRENT, point.sql(), point.columns(), ids, CALLERS);
  }

  /**
   * Runs the case through {@code via} (the remote link) on {@code setups}: each warmed, then the
   * measured runs taking turns ({@link Runner}); series into {@code results}, the agreed checksum
   * into {@code checksums}, the throughput table into {@code notes}.
   */
  public static void run(Workload w, Target via, List<Setup> setups, Duration oneWay, Warmup warmup, int runs,
      Progress progress, List<Series> results, Map<String, Long> checksums, List<String> notes) throws Exception {
    List<Driver> clients = new ArrayList<>();
    List<Series> mine = new ArrayList<>();
    try {
      for (Setup s : setups) {
        clients.add(ScalingClient.open(s, via));
      }
      Runner runner = new Runner(List.of(w), clients, warmup, runs, progress);
      try {
        runner.run(mine);
      } finally {
        checksums.putAll(runner.checksums());
        results.addAll(mine);
      }
    } catch (Exception e) {
      Drivers.closeAll(clients, e);
      throw e;
    }
    Drivers.closeAll(clients, null);
    notes.addAll(describe(w, setups, mine, oneWay));
  }

  /** Per set-up: statements per second (median, min–max), per connection, and as a share of the link's bound. */
  static List<String> describe(Workload w, List<Setup> setups, List<Series> series, Duration oneWay) {
    List<String> lines = new ArrayList<>();
    for (Setup s : setups) {
      Series x = series.stream().filter(r -> r.driver().equals(s.name())).findFirst().orElse(null);
      if (x == null || x.isEmpty()) {
        continue;
      }
      double median = w.queryCount() / (x.wall().median() / 1e9);
      double low = w.queryCount() / (x.wall().max() / 1e9);
      double high = w.queryCount() / (x.wall().min() / 1e9);
      lines.add(String.format("%s, %s: %,.0f statements/s (%,.0f–%,.0f), %,.0f per connection, %.0f %% of the"
              + " link's bound of %,.0f (%d in flight per %d ms round trip); client CPU %.1f µs per statement", w.name(),
          s.name(), median, low, high, median / s.connections(), 100 * median / s.linkBound(oneWay),
          s.linkBound(oneWay), s.inFlight(), 2 * oneWay.toMillis(),
          x.cpu().median() / 1e3 / w.queryCount()));
    }
    return lines;
  }
}
