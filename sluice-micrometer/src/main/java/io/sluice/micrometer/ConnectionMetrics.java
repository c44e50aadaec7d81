package io.sluice.micrometer;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.sluice.Connection;

/** The statement-cache and pipeline meters of one {@link Connection} ({@link Connection#stats()}). */
public final class ConnectionMetrics implements MeterBinder {
  private final Connection connection;
  private final Tags tags;

  public ConnectionMetrics(Connection connection, Iterable<Tag> tags) {
    if (connection == null) {
      throw new IllegalArgumentException("ConnectionMetrics: connection is null");
    }
    this.connection = connection;
    this.tags = Tags.of(tags);
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    ConnectionStatsMeters.bind(registry, connection, Connection::stats, tags);
  }
}
