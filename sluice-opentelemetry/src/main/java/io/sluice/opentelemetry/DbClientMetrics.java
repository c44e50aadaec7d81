package io.sluice.opentelemetry;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.metrics.ObservableLongUpDownCounter;
import io.sluice.Pool;
import io.sluice.PoolStats;
import io.sluice.event.EventListener;
import io.sluice.event.AcquireEnd;
import io.sluice.event.BatchEnd;
import io.sluice.event.ConnectionInfo;
import io.sluice.event.CopyEnd;
import io.sluice.event.PoolEvent;
import io.sluice.event.QuerySummary;
import io.sluice.event.Result;
import io.sluice.event.StatementEnd;
import java.util.List;
import java.util.function.Function;

/**
 * OpenTelemetry's database client metrics (docs/db/database-metrics.md of the semantic
 * conventions), as Npgsql emits them: {@code db.client.operation.duration} (stable) for every
 * statement, batch and COPY, and the connection pool's {@code db.client.connection.create_time},
 * {@code .wait_time}, {@code .use_time} and {@code .timeouts} from a pool's events; {@link #observe} adds a pool's
 * {@code db.client.connection.count} (by {@code db.client.connection.state}: {@code idle},
 * {@code used}), {@code .max}, {@code .idle.min} and {@code .pending_requests}. Durations are in
 * seconds, with the conventions' bucket boundaries.
 *
 * <p>A listener: give it to the configuration (with {@link EventListener#all} beside {@link
 * TracingListener} for both).
 */
public final class DbClientMetrics implements EventListener {
  static final String OPERATION_DURATION = "db.client.operation.duration";
  static final String CONNECTION_COUNT = "db.client.connection.count";
  static final String CREATE_TIME = "db.client.connection.create_time";
  static final String WAIT_TIME = "db.client.connection.wait_time";
  static final String USE_TIME = "db.client.connection.use_time";
  static final String TIMEOUTS = "db.client.connection.timeouts";
  static final String MAX = "db.client.connection.max";
  static final String IDLE_MIN = "db.client.connection.idle.min";
  static final String PENDING = "db.client.connection.pending_requests";
  static final AttributeKey<String> POOL_NAME = PoolWaitSpans.POOL_NAME;
  static final AttributeKey<String> STATE = AttributeKey.stringKey("db.client.connection.state");

  /** The conventions' advice for db.client.operation.duration (and the pool's times), in seconds. */
  private static final List<Double> BUCKETS = List.of(0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 10.0);
  private static final double NANOS_PER_SECOND = 1e9;

  private final Meter meter;
  private final DoubleHistogram operations;
  private final DoubleHistogram createTime;
  private final DoubleHistogram waitTime;
  private final DoubleHistogram useTime;
  private final LongCounter timeouts;
  private final Function<String, String> summaries = QuerySummary.memo(1024);

  private DbClientMetrics(Meter meter) {
    this.meter = meter;
    this.operations = seconds(OPERATION_DURATION, "Duration of database client operations.");
    this.createTime = seconds(CREATE_TIME, "The time it took to create a new connection.");
    this.waitTime = seconds(WAIT_TIME, "The time it took to obtain an open connection from the pool.");
    this.useTime = seconds(USE_TIME, "The time between borrowing a connection and returning it to the pool.");
    this.timeouts = meter.counterBuilder(TIMEOUTS).setUnit("{timeout}")
        .setDescription("The number of connection timeouts that have occurred trying to obtain a connection from the pool.")
        .build();
  }

  /** Metrics recorded with {@code openTelemetry}'s meter provider. */
  public static DbClientMetrics create(OpenTelemetry openTelemetry) {
    if (openTelemetry == null) {
      throw new IllegalArgumentException("DbClientMetrics.create: openTelemetry is null (use OpenTelemetry.noop() for none)");
    }
    return new DbClientMetrics(openTelemetry.getMeter(TracingListener.SCOPE));
  }

  private DoubleHistogram seconds(String name, String description) {
    return meter.histogramBuilder(name).setUnit("s").setDescription(description).setExplicitBucketBoundariesAdvice(BUCKETS)
        .build();
  }

  /**
   * Observes {@code pool}'s connections when metrics are collected, tagged with its name
   * ({@link Pool#name()}); stops when the pool closes.
   */
  public void observe(Pool pool) {
    Attributes named = Attributes.of(POOL_NAME, pool.name());
    Attributes idle = named.toBuilder().put(STATE, "idle").build();
    Attributes used = named.toBuilder().put(STATE, "used").build();
    List<AutoCloseable> observers = List.of(
        meter.upDownCounterBuilder(CONNECTION_COUNT).setUnit("{connection}")
            .setDescription("The number of connections that are currently in state described by the state attribute.")
            .buildWithCallback(m -> {
              PoolStats s = pool.stats();
              m.record(s.idle(), idle);
              m.record(s.open() - s.idle(), used);
            }),
        gauge(MAX, "{connection}", "The maximum number of open connections allowed.", named,
            () -> pool.options().maxSize()),
        gauge(IDLE_MIN, "{connection}", "The minimum number of idle open connections allowed.", named,
            () -> pool.options().minSize()),
        gauge(PENDING, "{request}", "The number of current pending requests for an open connection.", named,
            () -> pool.stats().waiting()));
    pool.whenClosed(() -> observers.forEach(DbClientMetrics::closeQuietly));
  }

  private ObservableLongUpDownCounter gauge(String name, String unit, String description, Attributes attributes,
      java.util.function.IntSupplier read) {
    return meter.upDownCounterBuilder(name).setUnit(unit).setDescription(description)
        .buildWithCallback(m -> m.record(read.getAsInt(), attributes));
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      // an observer that cannot unregister is the SDK's concern, not the pool's closing
    }
  }

  @Override
  public void statementEnd(Object token, StatementEnd end) {
    operation(end.start().connection(), summaries.apply(end.start().sql()), end.durationNanos(), end.result(),
        end.sqlState(), end.error());
  }

  @Override
  public void batchEnd(Object token, BatchEnd end) {
    BatchShape shape = BatchShape.of(end.start().sqls(), summaries);
    operation(end.start().connection(), shape.summary(), end.durationNanos(), end.result(), end.sqlState(), end.error());
  }

  @Override
  public void copyEnd(Object token, CopyEnd end) {
    operation(end.start().connection(), summaries.apply(end.start().sql()), end.durationNanos(), end.result(),
        end.sqlState(), end.error());
  }

  /** db.client.operation.duration, with the attributes the conventions require or recommend (never the text). */
  private void operation(ConnectionInfo connection, String summary, long nanos, Result result, String sqlState,
      Throwable error) {
    AttributesBuilder a = Attributes.builder().put(DbAttributes.DB_SYSTEM_NAME, DbAttributes.POSTGRESQL)
        .put(DbAttributes.DB_NAMESPACE, connection.database())
        .put(DbAttributes.SERVER_ADDRESS, connection.address())
        .put(DbAttributes.SERVER_PORT, (long) connection.port());
    if (!summary.isEmpty()) {
      a.put(DbAttributes.DB_QUERY_SUMMARY, summary);
    }
    if (sqlState != null) {
      a.put(DbAttributes.DB_RESPONSE_STATUS_CODE, sqlState);
    }
    if (result != Result.SUCCEEDED) {
      a.put(DbAttributes.ERROR_TYPE, DbAttributes.errorType(sqlState, error));
    }
    operations.record(nanos / NANOS_PER_SECOND, a.build());
  }

  /** Every acquisition's time to get a connection (or to give up); a timeout is counted too. */
  @Override
  public void acquireEnd(Object token, AcquireEnd end) {
    Attributes named = Attributes.of(POOL_NAME, end.start().pool());
    waitTime.record(end.durationNanos() / NANOS_PER_SECOND, named);
    if (end.ending() == AcquireEnd.Ending.TIMED_OUT) {
      timeouts.add(1, named);
    }
  }

  @Override
  public void pool(PoolEvent event) {
    switch (event.kind()) {
      case OPENED -> createTime.record(event.nanos() / NANOS_PER_SECOND, Attributes.of(POOL_NAME, event.pool()));
      case RELEASED -> useTime.record(event.nanos() / NANOS_PER_SECOND, Attributes.of(POOL_NAME, event.pool()));
      case OPEN_FAILED, EVICTED, RETIRED -> { }
    }
  }
}
