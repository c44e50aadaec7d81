package io.sluice.micrometer;

import io.micrometer.common.KeyValues;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.sluice.event.EventListener;
import io.sluice.event.BatchEnd;
import io.sluice.event.BatchStart;
import io.sluice.event.ConnectEnd;
import io.sluice.event.ConnectStart;
import io.sluice.event.ConnectionInfo;
import io.sluice.event.CopyEnd;
import io.sluice.event.CopyStart;
import io.sluice.event.QuerySummary;
import io.sluice.event.Result;
import io.sluice.event.StatementEnd;
import io.sluice.event.StatementStart;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Sluice's work as Micrometer Observations, the API Spring Boot 3 and later instruments with: one
 * observation per statement, batch and COPY ({@value #OPERATION}) and per connection attempt
 * ({@value #CONNECT}), each started on the caller's thread, so that its parent is the observation
 * current there (a Spring MVC request's, say). The registry's handlers decide what they become:
 * timers with {@code DefaultMeterObservationHandler}, spans with Micrometer Tracing.
 *
 * <p>Low-cardinality keys (metric tags too): {@code db.system.name}, {@code db.namespace}, {@code
 * server.address}, {@code server.port}, {@code sluice.operation} ({@code statement}, {@code batch},
 * {@code copy}) and {@code result}; high-cardinality (spans only): {@code db.query.summary}, which
 * is also the contextual name, and {@code db.response.status_code}. Never the SQL text or values.
 * Use this or {@link MetricsListener} for a registry's metrics, not both: their timers differ.
 */
public final class ObservationListener implements EventListener {
  /** The observation of a statement, batch or COPY. */
  public static final String OPERATION = "sluice.operation";
  /** The observation of one connection attempt. */
  public static final String CONNECT = "sluice.connection.attempt";

  private final ObservationRegistry registry;
  private final Function<String, String> summaries = QuerySummary.memo(1024);

  private ObservationListener(ObservationRegistry registry) {
    this.registry = registry;
  }

  /** Observations made in {@code registry} (without handlers it does nothing, cheaply). */
  public static ObservationListener create(ObservationRegistry registry) {
    if (registry == null) {
      throw new IllegalArgumentException("ObservationListener.create: registry is null (use ObservationRegistry.NOOP)");
    }
    return new ObservationListener(registry);
  }

  @Override
  public Object statementStart(StatementStart start) {
    return operation("statement", start.connection(), summaries.apply(start.sql()));
  }

  @Override
  public void statementEnd(Object token, StatementEnd end) {
    stop(token, end.result(), end.sqlState(), end.error());
  }

  @Override
  public Object batchStart(BatchStart start) {
    List<String> distinct = start.sqls().stream().distinct().map(summaries).distinct().toList();
    return operation("batch", start.connection(), distinct.size() == 1 ? distinct.get(0) : "");
  }

  @Override
  public void batchEnd(Object token, BatchEnd end) {
    stop(token, end.result(), end.sqlState(), end.error());
  }

  @Override
  public Object copyStart(CopyStart start) {
    return operation("copy", start.connection(), summaries.apply(start.sql()));
  }

  @Override
  public void copyEnd(Object token, CopyEnd end) {
    stop(token, end.result(), end.sqlState(), end.error());
  }

  @Override
  public Object connectStart(ConnectStart start) {
    return Observation.createNotStarted(CONNECT, registry).contextualName("connect")
        .lowCardinalityKeyValues(where(new ConnectionInfo(start.host(), start.database(), start.user(), 0)))
        .start();
  }

  @Override
  public void connectEnd(Object token, ConnectEnd end) {
    stop(token, end.result(), end.sqlState(), end.error());
  }

  private Observation operation(String kind, ConnectionInfo connection, String summary) {
    Observation o = Observation.createNotStarted(OPERATION, registry)
        .contextualName(summary.isEmpty() ? "postgresql" : summary)
        .lowCardinalityKeyValues(where(connection))
        .lowCardinalityKeyValue("sluice.operation", kind);
    if (!summary.isEmpty()) {
      o.highCardinalityKeyValue("db.query.summary", summary);
    }
    return o.start();
  }

  private static KeyValues where(ConnectionInfo connection) {
    return KeyValues.of("db.system.name", "postgresql", "db.namespace", connection.database(),
        "server.address", connection.address(), "server.port", Integer.toString(connection.port()));
  }

  private static void stop(Object token, Result result, String sqlState, Throwable error) {
    if (token instanceof Observation o) {
      o.lowCardinalityKeyValue("result", result.name().toLowerCase(Locale.ROOT));
      if (sqlState != null) {
        o.highCardinalityKeyValue("db.response.status_code", sqlState);
      }
      if (error != null) {
        o.error(error);
      }
      o.stop();
    }
  }
}
