package io.sluice.lab.changes;

import io.sluice.Connection;
import io.sluice.bench.BenchFailure;
import io.sluice.bench.Fold;
import io.sluice.bench.Target;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The lag test of the {@code changes} case: a producer commits transactions of {@value
 * #TRANSACTION_ROWS} changes (the feed's mix: half inserts, half updates) on a fixed schedule,
 * {@value #RATE} changes per second, while one interface streams them from a slot of its own made just before; at each Commit it hands out, the consumer records
 * the time from the transaction's commit (the Commit message's commit time, PostgreSQL's clock,
 * the same machine's) to its delivery to the application. Each interface is measured alone. The
 * producer's commits wait for the WAL flush ({@code synchronous_commit = on} for its session).
 */
public final class ChangeLag {
  /** Changes per second the producer writes. */
  static final int RATE = 10_000;
  /** Rows per producer transaction: a transaction every 10 ms. */
  static final int TRANSACTION_ROWS = 100;
  /** Where the lag test's ids start: above any feed's. */
  private static final long FIRST_ID = 1_000_000_000L;

  /**
   * One interface's lag figures.
   *
   * @param achievedRate changes per second the producer managed (below {@link #RATE} when the machine fell behind)
   * @param lagMicros per commit, delivery time minus commit time, sorted
   */
  public record Result(String workload, String consumer, double seconds, long commits, long changes,
      double achievedRate, long[] lagMicros) {
    double percentileMs(double p) {
      int i = (int) Math.ceil(p / 100 * lagMicros.length) - 1;
      return lagMicros[Math.max(0, Math.min(lagMicros.length - 1, i))] / 1e3;
    }

    String describe() {
      return String.format("%s, lag from commit to delivery on %s: p50 %.2f ms, p99 %.2f ms, max %.2f ms over %,d"
              + " commits of %d changes (%,.0f changes/s written, %,d asked, for %.1f s)", workload, consumer,
          percentileMs(50), percentileMs(99), lagMicros[lagMicros.length - 1] / 1e3, commits, TRANSACTION_ROWS,
          achievedRate, RATE, seconds);
    }
  }

  private ChangeLag() {}

  /** Streams {@code duration} of the producer's changes through {@code consumer}, from a fresh slot. */
  static Result measure(String workload, ChangeConsumer consumer, Target target, Duration duration, int round)
      throws Exception {
    int transactions = (int) (duration.toMillis() * RATE / 1000 / TRANSACTION_ROWS);
    long expected = (long) transactions * TRANSACTION_ROWS;
    long[] lag = new long[transactions];
    String slot = ChangeFeed.SLOT + "_lag_" + consumer.name().replace('-', '_');
    try (Connection c = Connection.open(target.uri())) {
      // the testkit's servers run with synchronous_commit off, whose commits reach the WAL (and so a
      // walsender, which sends only flushed WAL) at the WAL writer's next round, up to wal_writer_delay
      // (200 ms) later: the producer commits as an application that waits for durability does
      c.execute("set synchronous_commit = on");
      FeedTables.createSlot(c, slot);
      try {
        int[] seen = {0};
        // on a platform thread of its own, as the throughput runs are on the lab's main thread; a daemon, so
        // that a consumer left waiting by a failed producer does not keep the lab's JVM alive
        CompletableFuture<Void> streaming = CompletableFuture.runAsync(() -> {
          try {
            consumer.consume(slot, new Fold(), (changes, commitTime) -> {
              Instant now = Instant.now();
              if (seen[0] < lag.length) {
                lag[seen[0]] = Duration.between(commitTime, now).toNanos() / 1_000;
              }
              seen[0]++;
              return changes >= expected;
            });
          } catch (Exception e) {
            throw new java.util.concurrent.CompletionException(e);
          }
        }, task -> Thread.ofPlatform().daemon(true).name("lab-changes-lag-" + consumer.name()).start(task));
        awaitActive(c, slot, streaming);
        long base = FIRST_ID + (long) round * 100_000_000L;
        long first = base;
        long period = 1_000_000_000L * TRANSACTION_ROWS / RATE;
        long start = System.nanoTime();
        for (int i = 0; i < transactions; i++) {
          long wait = start + i * period - System.nanoTime();
          if (wait > 0) {
            TimeUnit.NANOSECONDS.sleep(wait);
          }
          first = FeedTables.commit(c, base, first, TRANSACTION_ROWS);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        try {
          streaming.get(ChangeConsumer.LIMIT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException e) {
          throw new BenchFailure(workload + ": " + consumer.name() + "'s stream failed in the lag test: "
              + e.getCause());
        } catch (TimeoutException e) {
          throw new BenchFailure(workload + ": " + consumer.name() + " had not streamed the lag test's " + expected
              + " changes after " + ChangeConsumer.LIMIT);
        }
        if (seen[0] != transactions) {
          throw new BenchFailure(workload + ": " + consumer.name() + " saw " + seen[0] + " commits in the lag test,"
              + " not " + transactions);
        }
        Arrays.sort(lag);
        return new Result(workload, consumer.name(), seconds, transactions, expected, expected / seconds, lag);
      } finally {
        FeedTables.dropSlot(c, slot);
      }
    }
  }

  /** Waits (bounded) until the consumer's session holds {@code slot}: streaming, before anything is produced. */
  private static void awaitActive(Connection c, String slot, CompletableFuture<Void> streaming) throws Exception {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (c.query("select 1 from pg_replication_slots where slot_name = $1 and active", slot).isEmpty()) {
      if (streaming.isDone()) {
        streaming.get();   // its failure
        throw new BenchFailure("the lag test's consumer ended before it streamed");
      }
      if (System.nanoTime() > deadline) {
        throw new BenchFailure("the lag test's consumer did not start streaming " + slot + " within 30 s");
      }
      Thread.sleep(10);
    }
  }

  /** Stores the results in {@code lab.change_lag}. */
  static void store(Connection c, long runId, List<Result> results) {
    for (Result r : results) {
      c.execute("insert into lab.change_lag (run_id, workload, interface, target_rate, transaction_rows, seconds,"
              + " commits, changes, written_rate, p50_ms, p99_ms, max_ms) values ($1, $2, $3, $4, $5, $6, $7, $8, $9,"
              + " $10, $11, $12)", runId, r.workload(), r.consumer(), RATE, TRANSACTION_ROWS, r.seconds(), r.commits(),
          r.changes(), r.achievedRate(), r.percentileMs(50), r.percentileMs(99),
          r.lagMicros()[r.lagMicros().length - 1] / 1e3);
    }
  }
}
