package io.sluice.micrometer;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.sluice.ConnectionStats;
import java.util.function.Function;

/**
 * The meters read from {@link ConnectionStats} snapshots: the statement cache's hits, misses and
 * evictions (counters) and size, and the pipeline's depth now and at its deepest (gauges). Shared
 * by {@link PoolMetrics} (the sum over a pool's connections) and {@link ConnectionMetrics}.
 */
final class ConnectionStatsMeters {
  static final String CACHE_HITS = "sluice.statement.cache.hits";
  static final String CACHE_MISSES = "sluice.statement.cache.misses";
  static final String CACHE_EVICTIONS = "sluice.statement.cache.evictions";
  static final String CACHE_SIZE = "sluice.statement.cache.size";
  static final String IN_FLIGHT = "sluice.pipeline.in.flight";
  static final String PEAK_IN_FLIGHT = "sluice.pipeline.in.flight.peak";

  private ConnectionStatsMeters() {}

  /** Binds the meters of {@code owner}'s snapshots, read by {@code stats}. */
  static <T> void bind(MeterRegistry registry, T owner, Function<T, ConnectionStats> stats, Tags tags) {
    bind(new OwnedMeters<>(registry, owner, tags), stats);
  }

  /** Binds them through {@code m}, which keeps them for removal. */
  static <T> void bind(OwnedMeters<T> m, Function<T, ConnectionStats> stats) {
    m.counter(CACHE_HITS, "Statements found prepared in the statement cache", o -> stats.apply(o).cacheHits());
    m.counter(CACHE_MISSES, "Statements prepared because the cache lacked them", o -> stats.apply(o).cacheMisses());
    m.counter(CACHE_EVICTIONS, "Prepared statements pushed out of the cache", o -> stats.apply(o).cacheEvictions());
    m.gauge(CACHE_SIZE, "Statements in the statement cache now", o -> stats.apply(o).cachedStatements());
    m.gauge(IN_FLIGHT, "Requests written and not yet answered now", o -> stats.apply(o).inFlight());
    m.gauge(PEAK_IN_FLIGHT, "The deepest the pipeline has been", o -> stats.apply(o).peakInFlight());
  }
}
