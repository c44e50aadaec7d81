package io.sluice.lab.changes;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.bench.Progress;
import io.sluice.bench.Sample;
import io.sluice.bench.Series;
import io.sluice.bench.Target;
import io.sluice.bench.Warmup;
import io.sluice.bench.Workload;
import io.sluice.lab.run.ResultsStore;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The changes case end to end on a small feed, against a server of its own with the case's settings
 * ({@code wal_level = logical}): both interfaces stream every change, fold the same checksum, leave
 * no slot behind; the lag test measures every commit and is stored in {@code lab.change_lag}. On a
 * server without logical decoding the case is skipped with a note.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
@ServerTest
class ChangeFeedTest {
  static PostgresServer server;

  @BeforeAll
  static void start() {
    PostgresServer.Options o = PostgresServer.Options.defaults().withTls(false);
    for (var s : ChangeFeed.serverSettings().entrySet()) {
      o = o.withSetting(s.getKey(), s.getValue());
    }
    server = PostgresServer.start(o);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static Progress quiet() {
    return new Progress(new PrintStream(OutputStream.nullOutputStream()), false);
  }

  @Test
  void bothInterfacesStreamTheWholeFeedAndTheLagIsMeasuredAndStored() throws Exception {
    Target target = Target.of(server);
    Workload w = ChangeFeed.workload(5_000);
    assertEquals("changes-5000", w.name());
    List<Series> results = new ArrayList<>();
    Map<String, Long> checksums = new HashMap<>();
    List<String> notes = new ArrayList<>();
    List<ChangeLag.Result> lags = new ArrayList<>();
    ChangeFeed.run(w, target, List.of("sluice", "pgjdbc", "vertx"), Duration.ofSeconds(1), Warmup.fixed(1), 2,
        quiet(), results, checksums, notes, lags);
    assertEquals(List.of("sluice", "pgjdbc"), results.stream().map(Series::driver).toList());
    for (Series s : results) {
      assertEquals(2, s.samples().size());
      assertNotNull(s.cold());
      for (Sample x : s.samples()) {
        assertEquals(5_000, x.rows(), "every insert folded: " + s.driver());
        assertTrue(x.wallNanos() > 0 && x.cpuNanos() > 0, x.toString());
      }
    }
    assertEquals(1, checksums.size(), "Sluice and the hand decoding agree on every value: " + checksums);
    assertTrue(notes.get(0).startsWith("changes-5000, sluice: ") && notes.get(0).contains("µs per change"), notes.get(0));
    assertTrue(notes.get(1).startsWith("changes-5000, pgjdbc: "), notes.get(1));
    assertEquals(List.of("sluice", "pgjdbc"), lags.stream().map(ChangeLag.Result::consumer).toList());
    for (ChangeLag.Result r : lags) {
      assertEquals(100, r.commits(), "a second at 100 transactions a second");
      assertEquals(100 * ChangeLag.TRANSACTION_ROWS, r.changes());
      assertTrue(r.percentileMs(50) <= r.percentileMs(99), r.describe());
      assertTrue(r.lagMicros()[0] >= 0, "delivered before its commit? " + r.describe());
    }
    assertTrue(notes.get(2).contains("lag from commit to delivery on sluice: p50 "), notes.get(2));
    try (Connection c = Connection.open(target.uri())) {
      assertEquals(List.of(), FeedTables.slots(c), "no slot of the case is left: it would keep WAL");
      assertTrue(c.query("select 1 from pg_tables where schemaname = 'lab' and tablename = 'changes'").isEmpty());
    }
    try (ResultsStore store = new ResultsStore(target.uri())) {
      Connection c = store.connection();
      long runId = c.query("insert into lab.run (started, profile, warmups, runs, server, client, machine, cpus,"
          + " interfaces) values (now(), 'test', 1, 2, '', '', '', 2, '{}') returning id").get(0).getLong(0);
      ChangeFeed.storeLag(c, runId, lags);
      var rows = c.query("select interface, commits, changes, target_rate, p50_ms <= p99_ms and p99_ms <= max_ms"
          + " from lab.change_lag where run_id = $1 order by interface", runId);
      assertEquals(2, rows.size());
      assertEquals("pgjdbc", rows.get(0).getString(0));
      assertEquals(100, rows.get(1).getLong(1));
      assertEquals(10_000, rows.get(1).getInt(3));
      assertTrue(rows.get(0).getBoolean(4) && rows.get(1).getBoolean(4));
    }
  }

  @Test
  void theFeedIsHalfInsertsAndHalfUpdatesOfEarlierRows() {
    try (Connection c = Connection.open(Target.of(PostgresServer.shared()).uri())) {
      FeedTables.reset(c);
      try {
        FeedTables.produce(c, 5_000);
        // five transactions of 500 inserts and 500 updates: the first and second update rows 1-500 (the
        // first its own), each later one the 500 rows the one before it inserted; the last 500 stay as inserted
        var r = c.query("select count(*), count(*) filter (where code like '%uu'), count(*) filter (where code like"
            + " '%u' and code not like '%uu'), count(*) filter (where code not like '%u'), max(id) from " + FeedTables.TABLE)
            .get(0);
        assertEquals(2_500, r.getLong(0));
        assertEquals(500, r.getLong(1));
        assertEquals(1_500, r.getLong(2));
        assertEquals(500, r.getLong(3));
        assertEquals(2_500, r.getLong(4));
      } finally {
        FeedTables.drop(c);
      }
    }
  }

  @Test
  void withoutLogicalDecodingTheCaseIsSkippedAndSaysWhy() throws Exception {
    List<String> notes = new ArrayList<>();
    List<Series> results = new ArrayList<>();
    ChangeFeed.run(ChangeFeed.workload(1_000), Target.of(PostgresServer.shared()), List.of("sluice", "pgjdbc"),
        Duration.ofSeconds(1), Warmup.fixed(1), 1, quiet(), results, new HashMap<>(), notes, new ArrayList<>());
    assertTrue(results.isEmpty());
    assertEquals(List.of("changes-1000 skipped: the server's wal_level is replica, logical replication needs logical"),
        notes);
  }
}
