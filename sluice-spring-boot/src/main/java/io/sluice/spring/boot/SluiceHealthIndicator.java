package io.sluice.spring.boot;

import io.sluice.Pool;
import io.sluice.PoolStats;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Health of the {@link Pool} bean: UP when a statement makes the round trip (details: the server's
 * version and the pool's connections and waiters), DOWN with the error when it does not. Spring
 * Boot's own "db" indicator checks the DataSource.
 */
public class SluiceHealthIndicator extends AbstractHealthIndicator {
  private final Pool pool;

  public SluiceHealthIndicator(Pool pool) {
    super("Sluice pool health check failed");
    this.pool = pool;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    String version = pool.query("select current_setting('server_version')").get(0).getString(0);
    PoolStats stats = pool.stats();
    builder.up()
        .withDetail("database", "PostgreSQL")
        .withDetail("version", version)
        .withDetail("open", stats.open())
        .withDetail("idle", stats.idle())
        .withDetail("borrowed", stats.borrowed())
        .withDetail("waiting", stats.waiting());
  }
}
