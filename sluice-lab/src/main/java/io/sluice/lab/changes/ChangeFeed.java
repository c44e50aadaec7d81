package io.sluice.lab.changes;

import io.sluice.Connection;
import io.sluice.bench.Progress;
import io.sluice.bench.Runner;
import io.sluice.bench.Series;
import io.sluice.bench.Target;
import io.sluice.bench.Warmup;
import io.sluice.bench.Workload;
import io.sluice.bench.ColumnType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code changes} case (issue 27): row changes streamed through logical replication, Sluice's
 * {@code ChangeStream} against pgjdbc's {@code PGReplicationStream} with pgoutput decoded by hand
 * ({@link PgOutputReader}). The producer commits the feed once, in transactions of {@value
 * FeedTables#TRANSACTION_ROWS} changes (half inserts, half updates) to a table of nine columns,
 * after a permanent slot was made; then every execution of every interface streams the whole feed from that slot on a new session,
 * acknowledging nothing, so each streams the same changes (the server decodes the WAL again each
 * time: its walsender is part of the wall time, not of the client CPU). Then the lag test
 * ({@link ChangeLag}). The server needs {@code wal_level = logical}: the lab starts its own so when
 * the case is chosen; on another server the case is skipped unless it has it.
 */
public final class ChangeFeed {
  /** The case's name; with fewer changes than the full feed it is named {@code changes-N}. */
  public static final String CASE = "changes";
  /** Changes in the full feed. */
  public static final long FULL = 1_000_000;
  static final String PUBLICATION = "lab_changes";
  static final String SLOT = "lab_changes";

  private ChangeFeed() {}

  /** The case streaming {@code changes} row changes. */
  public static Workload workload(long changes) {
    return Workload.bulk(changes == FULL ? CASE : CASE + "-" + changes, String.format("%,d row changes (half"
            + " inserts, half updates of earlier rows) committed in transactions of %,d into a table of nine columns"
            + " (bigint key, int, bigint, numeric, text, varchar, timestamptz, boolean, uuid), streamed from a"
            + " logical slot (pgoutput) and every value of every new row read", changes, FeedTables.TRANSACTION_ROWS),
        "START_REPLICATION SLOT " + SLOT + " LOGICAL", List.of(ColumnType.INT8, ColumnType.INT4, ColumnType.INT8,
            ColumnType.NUMERIC, ColumnType.TEXT, ColumnType.TEXT, ColumnType.TIMESTAMPTZ, ColumnType.BOOL,
            ColumnType.UUID),
        changes);
  }

  /** The interfaces of the case. */
  public static List<String> names() {
    return List.of("sluice", "pgjdbc");
  }

  /**
   * The postgresql.conf settings the case needs; the defaults of {@code max_wal_senders} and {@code
   * max_replication_slots} (10 each) are enough for its one stream at a time.
   */
  public static Map<String, String> serverSettings() {
    return Map.of("wal_level", "logical");
  }

  /**
   * Runs the case: the feed through every chosen interface by the lab's rule ({@link Runner}: cold
   * call, warm-up, measured runs taking turns), then the lag test for {@code lagFor} per interface.
   * Series into {@code results}, lag figures into {@code lags}, the per-change figures into {@code notes}.
   */
  public static void run(Workload w, Target target, List<String> interfaces, Duration lagFor, Warmup warmup, int runs,
      Progress progress, List<Series> results, Map<String, Long> checksums, List<String> notes,
      List<ChangeLag.Result> lags)
      throws Exception {
    try (Connection c = Connection.open(target.uri())) {
      String level = FeedTables.walLevel(c);
      if (!level.equals("logical")) {
        notes.add(w.name() + " skipped: the server's wal_level is " + level + ", logical replication needs logical");
        System.err.println(notes.getLast());
        return;
      }
      List<ChangeConsumer> consumers = new ArrayList<>();
      if (interfaces.contains("sluice")) {
        consumers.add(new SluiceChanges(target));
      }
      if (interfaces.contains("pgjdbc")) {
        consumers.add(new PgjdbcChanges(target));
      }
      if (consumers.isEmpty()) {
        return;
      }
      try {
        FeedTables.reset(c);
        FeedTables.createSlot(c, SLOT);
        long t0 = System.nanoTime();
        FeedTables.produce(c, w.expectedRows());
        System.err.printf("%s: %,d changes committed in %.1f s%n", w.name(), w.expectedRows(),
            (System.nanoTime() - t0) / 1e9);
        List<Series> mine = new ArrayList<>();
        Runner runner = new Runner(List.of(w), List.copyOf(consumers), warmup, runs, progress);
        try {
          runner.run(mine);
        } finally {
          checksums.putAll(runner.checksums());
          results.addAll(mine);
        }
        FeedTables.dropSlot(c, SLOT);
        notes.addAll(describe(w, mine));
        for (int i = 0; i < consumers.size(); i++) {
          ChangeConsumer consumer = consumers.get(i);
          progress.show(1, 1, w, consumer.name(), "lag test");
          ChangeLag.Result r = ChangeLag.measure(w.name(), consumer, target, lagFor, i);
          lags.add(r);
          notes.add(r.describe());
        }
      } finally {
        FeedTables.drop(c);
      }
    }
  }

  /** Stores the lag figures ({@link #run}'s {@code lags}) in {@code lab.change_lag}. */
  public static void storeLag(Connection c, long runId, List<ChangeLag.Result> lags) {
    ChangeLag.store(c, runId, lags);
  }

  /** Per interface: changes per second and client CPU per change, median (min–max). */
  static List<String> describe(Workload w, List<Series> series) {
    List<String> lines = new ArrayList<>();
    for (Series s : series) {
      if (s.isEmpty()) {
        continue;
      }
      long n = w.expectedRows();
      lines.add(String.format("%s, %s: %,.0f changes/s (%,.0f–%,.0f), client CPU %.2f µs per change (%.2f–%.2f)",
          w.name(), s.driver(), n / (s.wall().median() / 1e9), n / (s.wall().max() / 1e9), n / (s.wall().min() / 1e9),
          s.cpu().median() / 1e3 / n, s.cpu().min() / 1e3 / n, s.cpu().max() / 1e3 / n));
    }
    return lines;
  }
}
