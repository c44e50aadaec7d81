package io.sluice.micrometer;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.sluice.event.EventListener;
import io.sluice.event.BatchEnd;
import io.sluice.event.ConnectEnd;
import io.sluice.event.CopyEnd;
import io.sluice.event.NotificationsReconnect;
import io.sluice.event.AcquireEnd;
import io.sluice.event.Result;
import io.sluice.event.StatementEnd;
import io.sluice.event.TransactionEnd;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * A {@link EventListener} recording Micrometer timers from Sluice's events: statements, batches,
 * COPY, connection attempts, transactions and waits for a pooled connection, each tagged by how it
 * ended ({@code result}: succeeded, server_error, unknown, not_sent, caller_error), plus the
 * pipeline depth statements met. Durations are the events' own ({@code durationNanos}), so no
 * start method is needed and nothing is allocated per statement beyond Micrometer's lookup. See
 * {@link PoolMetrics} for the gauges of a pool.
 *
 * <p>Meters: {@value #STATEMENT}, {@value #PIPELINE_DEPTH}, {@value #BATCH}, {@value #COPY},
 * {@value #COPY_BYTES}, {@value #CONNECT}, {@value #TRANSACTION}, {@value #POOL_WAIT}, {@value
 * #LISTENER_RECONNECTS}.
 */
public final class MetricsListener implements EventListener {
  public static final String STATEMENT = "sluice.statement";
  public static final String PIPELINE_DEPTH = "sluice.statement.pipeline.depth";
  public static final String BATCH = "sluice.batch";
  public static final String COPY = "sluice.copy";
  public static final String COPY_BYTES = "sluice.copy.bytes";
  public static final String CONNECT = "sluice.connect";
  public static final String TRANSACTION = "sluice.transaction";
  public static final String POOL_WAIT = "sluice.pool.wait";
  public static final String LISTENER_RECONNECTS = "sluice.notifications.reconnects";

  private final MeterRegistry registry;
  private final Tags tags;
  private final QueryTagGuard queries;

  private MetricsListener(MeterRegistry registry, MetricsOptions options) {
    this.registry = registry;
    this.tags = options.tags();
    this.queries = new QueryTagGuard(options.queryTag(), options.maxQueryTags());
  }

  /** Meters in {@code registry}, with {@link MetricsOptions#DEFAULT}. */
  public static MetricsListener create(MeterRegistry registry) {
    return create(registry, MetricsOptions.DEFAULT);
  }

  /** Meters in {@code registry}, as {@code options} say. */
  public static MetricsListener create(MeterRegistry registry, MetricsOptions options) {
    if (registry == null || options == null) {
      throw new IllegalArgumentException("MetricsListener.create: "
          + (registry == null ? "registry is null" : "options is null (use MetricsOptions.DEFAULT)"));
    }
    return new MetricsListener(registry, options);
  }

  @Override
  public void statementEnd(Object token, StatementEnd end) {
    Tags t = tags.and("result", result(end.result()));
    if (queries.enabled()) {
      t = t.and("query", queries.value(end.start().sql()));
    }
    time(STATEMENT, "Statements run, by how they ended", t, end.durationNanos());
    if (end.pipelineDepth() > 0) {
      DistributionSummary.builder(PIPELINE_DEPTH).description("Requests in flight when a statement was written, itself included")
          .tags(tags).register(registry).record(end.pipelineDepth());
    }
  }

  @Override
  public void batchEnd(Object token, BatchEnd end) {
    time(BATCH, "Batches run, by how they ended", tags.and("result", result(end.result())), end.durationNanos());
  }

  @Override
  public void copyEnd(Object token, CopyEnd end) {
    String direction = end.start().direction().name().toLowerCase(Locale.ROOT);
    time(COPY, "COPY operations, by direction and how they ended",
        tags.and("result", result(end.result()), "direction", direction), end.durationNanos());
    registry.counter(COPY_BYTES, tags.and("direction", direction)).increment(end.bytes());
  }

  @Override
  public void connectEnd(Object token, ConnectEnd end) {
    time(CONNECT, "Connection attempts, by how they ended", tags.and("result", result(end.result())),
        end.durationNanos());
  }

  @Override
  public void transactionEnd(Object token, TransactionEnd end) {
    time(TRANSACTION, "Transactions, by how they ended",
        tags.and("ending", end.ending().name().toLowerCase(Locale.ROOT)), end.durationNanos());
  }

  /**
   * How long callers took to get a pooled connection: every acquisition, tagged by how it ended
   * ({@code acquired}, {@code timed_out}, {@code interrupted}, {@code failed}).
   */
  @Override
  public void acquireEnd(Object token, AcquireEnd end) {
    time(POOL_WAIT, "Waits for a pooled connection",
        tags.and("result", end.ending().name().toLowerCase(Locale.ROOT)), end.durationNanos());
  }

  @Override
  public void notificationsReconnected(NotificationsReconnect event) {
    registry.counter(LISTENER_RECONNECTS, tags).increment();
  }

  private void time(String name, String description, Tags t, long nanos) {
    Timer.builder(name).description(description).tags(t).register(registry).record(nanos, TimeUnit.NANOSECONDS);
  }

  private static String result(Result r) {
    return r.name().toLowerCase(Locale.ROOT);
  }
}
