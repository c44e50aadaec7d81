package io.sluice.lab;

import io.sluice.bench.Warmup;
import io.sluice.bench.Workload;
import java.time.Duration;
import io.sluice.bench.Workloads;
import io.sluice.lab.changes.ChangeFeed;
import io.sluice.lab.fleet.FleetFailover;
import io.sluice.lab.fleet.FleetReads;
import io.sluice.lab.pooler.PoolerLoad;
import io.sluice.lab.rowset.BufferedVsStreamed;
import io.sluice.lab.scale.PoolScaling;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The lab's cases per profile: which workloads, over which transports, how many runs. The table
 * of experiments ties each workload to the seed it reproduces, with the seed's published figures
 * where it gives them.
 *
 * @param warmup when an interface is warm on a case (after its cold call); see {@link Warmup}
 * @param runs measured executions per case and interface
 * @param pointQueries point queries per execution over loopback (the seed uses 20,000)
 * @param remoteQueries point queries per execution over the simulated remote link; 0: no remote cases
 * @param httpRequests requests per measured load-tool run of the HTTP cases
 * @param t10mRows rows of seed 003's t10m case (the seed reads 10,000,000)
 */
public record Profiles(String name, Warmup warmup, int runs, List<String> workloads, int pointQueries,
    int remoteQueries, int httpRequests, long t10mRows) {

  /** The interfaces that can use a Unix socket. */
  public static final java.util.Set<String> UNIX_INTERFACES = java.util.Set.of("sluice", "sluice-stream", "sluice-pool",
      "libpq", "libpq-single", "libpq-pipeline", "psql", "odbc", "odbc-cursor", "tokio-postgres", "pgx");
  /** Seed 003's big result; its size depends on the profile ({@link #t10mRows}). */
  public static final String T10M = "t10m";

  /** A profile with the full t10m. */
  public Profiles(String name, Warmup warmup, int runs, List<String> workloads, int pointQueries, int remoteQueries,
      int httpRequests) {
    this(name, warmup, runs, workloads, pointQueries, remoteQueries, httpRequests, Workloads.T10M_ROWS);
  }

  /** This profile with another warm-up rule or run count (the command line's {@code --warmups}, {@code --runs}). */
  public Profiles with(Warmup warmup, int runs, String change) {
    return new Profiles(name + "+" + change, warmup, runs, workloads, pointQueries, remoteQueries, httpRequests,
        t10mRows);
  }

  /** Connections in each pool of seed 001's own stack (the Clojure servers, sluice-lab), as the seed set it. */
  public static final int SEED_001_POOL = 64;

  /** The HTTP cases: the JSON endpoint at 1, 16 and 64 concurrent clients. */
  public static final List<String> HTTP_CASES = List.of("http-c1", "http-c16", "http-c64");

  /** Issue 24's mixed load, 500 callers on one connection (full profile, or by name). */
  public static final String MIXED_LOAD = "mixed-load";
  /**
   * The same with 50 callers (1,100 operations), for trying it while the full one is slow: on the
   * engine of late 2026 the 500-caller load took 30 to 80 s (issue 24's regression; 4.8 s before).
   */
  public static final String MIXED_LOAD_LIGHT = "mixed-load-50";

  /** Seed 002's "where the time goes": client CPU, server CPU and the rest, for single-row work. */
  public static final String TIME_SPLIT = "time-split";

  /** Issue 24's "many cores, no funnel": pools of 1 to 8 connections over the remote link ({@link PoolScaling}). */
  public static final String POOL_SCALING = PoolScaling.CASE;

  /** Issue 24's buffered {@code query()} against streamed {@code forEach}, in fresh JVMs ({@link BufferedVsStreamed}). */
  public static final String BUFFERED_VS_STREAMED = BufferedVsStreamed.CASE;

  /** Issue 27's change streams: logical replication, Sluice against pgjdbc ({@link ChangeFeed}). */
  public static final String CHANGES = ChangeFeed.CASE;

  /** Issue 23's fleet: reads on standbys after the caller's own writes ({@link FleetReads}). */
  public static final String FLEET = FleetReads.CASE;

  /**
   * Issue 36's failover: the fleet case's pairs through faults of a Patroni cluster ({@link
   * FleetFailover}); minutes long, so only when named.
   */
  public static final String FLEET_FAILOVER = FleetFailover.CASE;

  /** Issue 37's poolers: point selects and short transactions through PgBouncer ({@link PoolerLoad}). */
  public static final String POOLER = PoolerLoad.CASE;

  /** Operations per execution of the pooler case: the full count in the full profile, a tenth elsewhere. */
  public long poolerOps() {
    return name.startsWith("full") ? PoolerLoad.FULL : PoolerLoad.FULL / 10;
  }

  /** Write-then-read pairs per execution of the fleet case: the full count in the full profile, a tenth elsewhere. */
  public long fleetPairs() {
    return name.startsWith("full") ? FleetReads.FULL : FleetReads.FULL / 10;
  }

  /** Changes streamed per execution of the changes case: the full feed in the full profile, a tenth elsewhere. */
  public long changeCount() {
    return name.startsWith("full") ? ChangeFeed.FULL : ChangeFeed.FULL / 10;
  }

  /** How long the changes case's producer writes for its lag test, per interface. */
  public Duration lagDuration() {
    return Duration.ofSeconds(name.startsWith("full") ? 30 : 5);
  }

  /** The suffix of a case run over the simulated remote link. */
  public static final String REMOTE = "@remote";

  /** Every case name {@code --only} accepts. */
  public static List<String> caseNames() {
    List<String> all = new ArrayList<>(Workloads.names());
    all.add(all.indexOf("t50k-copy") + 1, T10M);
    all.addAll(HTTP_CASES);
    all.add(TIME_SPLIT);
    all.add(MIXED_LOAD);
    all.add(MIXED_LOAD_LIGHT);
    all.add(POOL_SCALING);
    all.add(BUFFERED_VS_STREAMED);
    all.add(CHANGES);
    all.add(FLEET);
    all.add(FLEET_FAILOVER);
    all.add(POOLER);
    return all;
  }

  /** Whether the time split runs: chosen by {@code --only}, else when the profile has it. */
  public boolean wantsSplit(List<String> only) {
    return (only.isEmpty() ? workloads : only).contains(TIME_SPLIT);
  }

  /**
   * The time split's workloads: seed 002's single-row select (dedicated, pooled, prepared) and
   * insert + delete (autocommit, transaction, pool + transaction), each of the same number of ids:
   * a quarter of this profile's point queries, at least 2,000 (or all of them when fewer).
   */
  public List<Workload> splitWorkloads() {
    int n = Math.min(pointQueries, Math.max(2_000, pointQueries / 4));
    return Workloads.seed002(Arrays.copyOf(Workloads.pointIds(), n));
  }

  /**
   * Whether the lab runs {@code c} itself rather than through the drivers: the HTTP cases (load tool
   * and servers), the pool-scaling case (its own pools) and the buffered-against-streamed forks.
   */
  public static boolean runsItself(LabCase c) {
    return c.transport().equals("http") || c.name().startsWith(POOL_SCALING)
        || c.name().startsWith(BUFFERED_VS_STREAMED) || c.name().startsWith(CHANGES) || c.name().startsWith(FLEET)
        || c.name().startsWith(POOLER);
  }

  /** Point selects per execution of the pool-scaling case: four times the remote point queries, at least 512. */
  public int scalingQueries() {
    return Math.max(512, 4 * remoteQueries);
  }

  /** Fresh JVMs of the buffered-against-streamed case: 5 in the full profile, else 3. */
  public int forks() {
    return name.startsWith("full") ? 5 : 3;
  }

  /** One-way latency of the simulated remote link (a round trip costs twice this). */
  public static final java.time.Duration REMOTE_LATENCY = java.time.Duration.ofMillis(1);

  static final Map<String, String> EXPERIMENTS = Map.ofEntries(
      Map.entry("int1", "seed 000 test 1: 50,000 rows of one int column"),
      Map.entry("mixed9", "seed 000 test 2: 50,000 rows of 9 mixed columns"),
      Map.entry("mixed9-rows", "seed 000 test 2 as the seed ran it: rows read and wrapped, no value parsed"),
      Map.entry("json50k", "seed 000 test 3: 50,000 JSON objects"),
      Map.entry("json50k-rows", "seed 000 test 3 as the seed ran it: rows read and wrapped, no value parsed"),
      Map.entry("t50k", "seed 003: a wide result (id + 9 text columns)"),
      Map.entry("t50k-rows", "seed 003 materialisation \"read only\" (seed 000's lazy rows): touch no column"),
      Map.entry("t50k-print", "seed 003 materialisation: every row printed to /dev/null"),
      Map.entry("t50k-file", "seed 003 materialisation: every row printed to a file"),
      Map.entry("t50k-copy", "seed 003 fetch method: COPY TO STDOUT"),
      Map.entry(T10M, "seed 003: the big result t10m (id + 9 short text columns)"),
      Map.entry("ts60", "seed 000 test 5: 60 timestamptz columns, every value read"),
      Map.entry("ts60-rows", "seed 000 lazy rows: 60 timestamptz, rows only"),
      Map.entry("point-seq", "seed 002: single-row select by key, in sequence"),
      Map.entry("point-vt16", "seed 004 (pglue): concurrent point queries on few connections"),
      Map.entry("point-vt64", "seed 004 (pglue) and the pool: 64 concurrent callers"),
      Map.entry("connect-per-query", "seed 003 matrix: connect per query"),
      Map.entry("copy-out", "bulk reads: COPY out, against psql and libpq"),
      Map.entry("n1-select", "seed 004: 50-row selects fired 1 at a time on one connection"),
      Map.entry("n5-select", "seed 004: 50-row selects fired 5 at a time on one connection"),
      Map.entry("n10-select", "seed 004: 50-row selects fired 10 at a time on one connection"),
      Map.entry("n100-select", "seed 004: 50-row selects fired 100 at a time on one connection"),
      Map.entry("n200-select", "seed 004: 50-row selects fired 200 at a time on one connection"),
      Map.entry("n1-insert", "seed 004: single-row inserts fired 1 at a time on one connection"),
      Map.entry("n5-insert", "seed 004: single-row inserts fired 5 at a time on one connection"),
      Map.entry("n10-insert", "seed 004: single-row inserts fired 10 at a time on one connection"),
      Map.entry("n100-insert", "seed 004: single-row inserts fired 100 at a time on one connection"),
      Map.entry("n200-insert", "seed 004: single-row inserts fired 200 at a time on one connection"),
      Map.entry("copy-in", "bulk writes of 1,000,000 rows: COPY in, against pgjdbc's CopyManager, psql and libpq;"
          + " vert.x by batches"),
      Map.entry("copy-in-100k", "bulk writes of 100,000 rows, the same ways"),
      Map.entry("batch-insert", "bulk writes of 1,000 rows by one statement with many parameter groups, one batch"),
      Map.entry(TIME_SPLIT, "seed 002: where the time of single-row work goes"),
      Map.entry(MIXED_LOAD, "issue 24: many callers of many kinds on one connection (and a pool of 4)"),
      Map.entry(MIXED_LOAD_LIGHT, "issue 24: many callers of many kinds on one connection (and a pool of 4), 50 callers"),
      Map.entry("http-c1", "seed 000 test 6 and seed 001: 500 rows as JSON per HTTP request, 1 client"),
      Map.entry("http-c16", "seed 000 test 6 and seed 001: 500 rows as JSON per HTTP request, 16 clients"),
      Map.entry("http-c64", "seed 000 test 6 and seed 001: 500 rows as JSON per HTTP request, 64 clients"),
      Map.entry(POOL_SCALING, "issue 24, many cores and no funnel: throughput against connections x pipeline depth"),
      Map.entry(BUFFERED_VS_STREAMED, "issue 24: buffered query() against streamed forEach, repeated in fresh JVMs"),
      Map.entry(CHANGES, "issue 27: row changes through logical replication (pgoutput), changes/s, CPU per change and"
          + " lag at 10,000 changes/s"),
      Map.entry(FLEET, "issue 23: write then read back on a standby, 16 threads: stale reads, reads on standbys,"
          + " pairs/s and CPU per pair"),
      Map.entry(FLEET_FAILOVER, "issue 36: write then read back through a Patroni failover and switchover: writes"
          + " lost, not sent but committed, time to the first write, errors, stale reads"),
      Map.entry(POOLER, "issue 37: point selects and short transactions through PgBouncer in transaction mode,"
          + " operations/s and CPU per operation"));

  /** What the seed itself published for a case (its fastest machine), to show beside ours. */
  static final Map<String, String> SEED_FIGURES = Map.of(
      "int1", "seed 000, core i9: PG2 0.1.2 27.7 ms, next.jdbc 83.9 ms (3.0x)",
      "mixed9", "seed 000, core i9, rows read without parsing values (see mixed9-rows): PG2 0.1.2 54.3 ms,"
          + " next.jdbc 447.3 ms (8.2x)",
      "mixed9-rows", "seed 000 test 2, rows read and wrapped, no value parsed: core i9 PG2 0.1.2 54.3 ms, next.jdbc"
          + " 447.3 ms (8.2x); core i5 80.4 / 579.6 ms (7.2x); M1 30.4 / 206.4 ms (6.8x)",
      "json50k-rows", "seed 000 test 3, rows read and wrapped, no value parsed: core i9 PG2 0.1.2 52.1 ms, next.jdbc"
          + " 413.0 ms (7.9x); core i5 64.6 / 498.2 ms (7.7x); M1 30.8 / 188.3 ms (6.1x)",
      "ts60", "seed 000, core i9 (with an assoc per row): PG2 0.1.2 1473 ms, next.jdbc 953 ms (0.65x)");

  /**
   * Our pair for the seed's (seed 000 compared PG2 with next.jdbc, both in Clojure): Sluice's Clojure
   * API and java.jdbc, shown beside the seed's figures as the same ratio on this machine.
   */
  public static final List<String> SEED_PAIR = List.of("clj-sluice", "clj-java.jdbc");

  /** The warm-up rules of the profiles: at least 5 (10) executions, until settled within 5 % (3 %). */
  static final Warmup QUICK_WARMUP = new Warmup(5, 30, Duration.ofMillis(300), Duration.ofSeconds(2), 0.05);
  static final Warmup DEFAULT_WARMUP = new Warmup(5, 50, Duration.ofMillis(200), Duration.ofSeconds(1), 0.05);

  /**
   * Cases only the full profile runs: the default one keeps near ten minutes on 2 cores by running
   * fewer and smaller cases, never by warming up less. Left for the full profile: the ones whose
   * single execution takes a second or more (t10m, copy-out, copy-in), and near-repeats of a kept
   * case (t50k-file is t50k-print into a file, ts60-rows is t50k-rows' question on ts60, n5 and
   * n200 inserts sit between n1, n10 and n100).
   */
  static final List<String> FULL_ONLY = List.of("t50k-file", T10M, "copy-out", "copy-in", "ts60-rows", "n5-insert",
      "n200-insert", MIXED_LOAD, MIXED_LOAD_LIGHT, POOL_SCALING, BUFFERED_VS_STREAMED, FLEET_FAILOVER);
  /** Cases no profile runs unless named with {@code --only}. */
  static final List<String> BY_NAME_ONLY = List.of(MIXED_LOAD_LIGHT, FLEET_FAILOVER);
  /**
   * Interfaces only the full profile runs unless named with {@code --interfaces}, to keep the default
   * profile near ten minutes: the java.jdbc HTTP server with data.json, a slower encoder than the
   * seed's (its pair with Jackson stays); tokio-postgres and pgx, whose first build from their lock
   * files takes a minute or two ({@code bin/sluice lab} builds them only for these runs).
   */
  static final List<String> FULL_ONLY_INTERFACES = List.of("http-clj-java.jdbc-data.json", "tokio-postgres", "pgx");

  /** The interfaces this profile runs when none are named: {@code all} less the full-only ones. */
  public List<String> interfaces(List<String> all) {
    return name.startsWith("full") ? all : all.stream().filter(i -> !FULL_ONLY_INTERFACES.contains(i)).toList();
  }

  static final Warmup FULL_WARMUP = new Warmup(10, 200, Duration.ofSeconds(2), Duration.ofSeconds(10), 0.03);

  /** What the seed published for the case named {@code workload} (its size suffix ignored), or null. */
  public static String seedFigures(String workload) {
    return SEED_FIGURES.get(workload.replaceAll("-\\d+$", ""));
  }

  public static Profiles named(String name) {
    List<String> all = caseNames();
    return switch (name) {
      case "quick" -> new Profiles("quick", QUICK_WARMUP, 3, List.of("int1", "mixed9", "t50k", "point-seq", "point-vt16",
          "http-c16", TIME_SPLIT), 2_000, 0, 300);
      case "default" -> new Profiles("default", DEFAULT_WARMUP, 5, all.stream().filter(c -> !FULL_ONLY.contains(c))
          .toList(), 1_000, 50, 300, 1_000_000);   // t10m: 1,000,000 rows when asked with --only
      case "full" -> new Profiles("full", FULL_WARMUP, 10, all.stream().filter(c -> !BY_NAME_ONLY.contains(c))
          .toList(), 20_000, 2_000, 5_000, Workloads.T10M_ROWS);
      default -> throw new IllegalArgumentException("no profile " + name + "; there are quick, default, full");
    };
  }

  /** The cases to run, loopback first, then the remote variants of the point workloads. */
  public List<LabCase> cases(List<String> only) {
    List<LabCase> cases = new ArrayList<>();
    List<String> chosen = only.isEmpty() ? workloads : only;
    for (String name : chosen) {
      if (HTTP_CASES.contains(name) || name.equals(TIME_SPLIT)) {
        continue;
      }
      if (name.equals(T10M)) {
        cases.add(new LabCase(Workloads.t10m(t10mRows), EXPERIMENTS.get(T10M), "tcp", "once"));
        continue;
      }
      if (name.equals(POOL_SCALING)) {
        cases.add(new LabCase(PoolScaling.workload(scalingQueries(), REMOTE_LATENCY), EXPERIMENTS.get(name), "remote",
            "pool"));
        continue;
      }
      if (name.equals(BUFFERED_VS_STREAMED)) {
        for (Workload w : BufferedVsStreamed.workloads()) {
          cases.add(new LabCase(w, EXPERIMENTS.get(name), "tcp", "once"));
        }
        continue;
      }
      if (name.equals(FLEET_FAILOVER)) {
        cases.add(new LabCase(FleetFailover.workload(), EXPERIMENTS.get(name), "tcp", "pool"));
        continue;
      }
      if (name.equals(FLEET)) {
        cases.add(new LabCase(FleetReads.workload(fleetPairs()), EXPERIMENTS.get(name), "tcp", "pool"));
        continue;
      }
      if (name.equals(POOLER)) {
        cases.add(new LabCase(PoolerLoad.workload(poolerOps()), EXPERIMENTS.get(name), "tcp", "pool"));
        continue;
      }
      if (name.equals(CHANGES)) {
        cases.add(new LabCase(ChangeFeed.workload(changeCount()), EXPERIMENTS.get(name), "tcp", "stream"));
        continue;
      }
      if (name.equals(MIXED_LOAD) || name.equals(MIXED_LOAD_LIGHT)) {
        int threads = name.equals(MIXED_LOAD) ? Workloads.MIXED_LOAD_THREADS : 50;
        cases.add(new LabCase(Workloads.mixedLoad(threads), EXPERIMENTS.get(name), "tcp", "once"));
        continue;
      }
      Workload named = Workloads.named(name);
      // a connection per query costs some twenty queries' time: a twentieth as many
      Workload w = limit(named, named.kind() == Workload.Kind.POINT_CONNECT ? Math.max(1, pointQueries / 20)
          : pointQueries, "");
      cases.add(new LabCase(w, EXPERIMENTS.getOrDefault(name, name), "tcp",
          w.kind() == Workload.Kind.POINT_CONNECT ? "per-query" : "once"));
    }
    for (String name : chosen) {
      if (HTTP_CASES.contains(name)) {
        int clients = Integer.parseInt(name.substring("http-c".length()));
        Workload w = Workload.http(name, String.format("%,d requests for 500 rows of mixed50k as JSON, %d concurrent"
            + " clients (ab -k), each server on Jetty with a pool: %d connections for the Java servers, %d for the"
            + " Clojure ones (seed 001's)", httpRequests, clients, io.sluice.lab.http.HttpBench.POOL_SIZE,
            SEED_001_POOL), httpRequests, clients);
        cases.add(new LabCase(w, EXPERIMENTS.get(name), "http", "pool"));
        if (remoteQueries > 0 && clients >= 16) {
          // the same over the 1 ms link, the Java servers only (issue 24: requests per second where round trips show)
          cases.add(new LabCase(Workload.http(name + REMOTE, w.description().replace(", each server", ", over a link"
              + " with " + REMOTE_LATENCY.toMillis() + " ms latency each way, each server"), httpRequests, clients),
              EXPERIMENTS.get(name) + ", over the simulated remote link", "http", "pool"));
        }
      }
    }
    if (remoteQueries > 0) {
      // seed 003's transport column: the Unix socket, for a point query and a wide result
      for (String name : chosen) {
        if (name.equals("point-seq") || name.equals("t50k")) {
          Workload w = limit(Workloads.named(name), pointQueries, "@unix");
          cases.add(new LabCase(w, "seed 003 matrix: " + EXPERIMENTS.get(name) + ", over the Unix socket", "unix",
              "once"));
        }
      }
      for (String name : chosen) {
        if (!name.startsWith("point-") && !name.equals("batch-insert")
            || name.equals("point-vt64") && !this.name.startsWith("full")) {
          continue;   // the remote link is for seed 003's point queries and the batch; 64 callers only in full
        }
        Workload w = Workloads.named(name);
        if (w.kind() == Workload.Kind.BATCH_INSERT) {
          // where a batch's round trips show: pgjdbc's batch reads replies as it goes
          cases.add(new LabCase(limit(w, remoteQueries, "@remote"), EXPERIMENTS.get(name) + ", over a link with "
              + REMOTE_LATENCY.toMillis() + " ms latency each way", "remote", "once"));
        }
        if (w.kind().isPoint()) {
          cases.add(new LabCase(limit(w, remoteQueries, "@remote"), "seed 003 matrix: " + EXPERIMENTS.get(name)
              + ", over a link with " + REMOTE_LATENCY.toMillis() + " ms latency each way", "remote", "once"));
        }
      }
    }
    return cases;
  }

  /** A point workload cut to its first {@code n} queries (renamed when cut); bulk ones as they are. */
  static Workload limit(Workload w, int n, String suffix) {
    if (!w.kind().isPoint()) {
      return suffix.isEmpty() ? w : new Workload(w.name() + suffix, w.description(), w.kind(), w.sql(), w.columns(),
          w.touchColumns(), w.expectedRows(), w.ids(), w.threads());
    }
    if (n >= w.queryCount() && suffix.isEmpty()) {
      return w;
    }
    int[] ids = Arrays.copyOf(w.ids(), Math.min(n, w.ids().length));
    String name = w.name() + (ids.length == w.queryCount() ? "" : "-" + ids.length) + suffix;
    String description = w.description().replace("20,000", String.format("%,d", ids.length))
        + (suffix.isEmpty() ? "" : suffix.equals("@unix") ? ", Unix socket" : ", remote");
    return Workload.points(name, description, w.kind(), w.sql(), w.columns(), ids, w.threads(), w.rowsPerQuery());
  }
}
