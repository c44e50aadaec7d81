package io.sluice.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sluice.ConnectionConfig;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.testkit.Fleet;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A routing pool's per-host meters against a real primary and standby. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class FleetMetricsTest {
  @Test
  void eachServerHasItsRoleLagAndCallsAsMeters() throws Exception {
    try (Fleet fleet = Fleet.start(Fleet.Options.defaults().withStandbys(1))) {
      fleet.primary().psql("CREATE TABLE t (v int)");
      SimpleMeterRegistry registry = new SimpleMeterRegistry();
      try (Pool pool = Pool.open("fleet", ConnectionConfig.parse(fleet.conninfo("read_routing=standby")),
          PoolOptions.DEFAULT.maxSize(2))) {
        new PoolMetrics(pool).bindTo(registry);
        pool.execute("INSERT INTO t VALUES (1)");
        pool.execute("INSERT INTO t VALUES (2)");
        assertEquals(2L, pool.readOnly().query("SELECT count(*) FROM t").get(0).getLong(0));
        String primary = fleet.primary().host() + ":" + fleet.primary().port();
        String standby = fleet.standby(0).host() + ":" + fleet.standby(0).port();
        assertEquals(1.0, registry.get(PoolMetrics.HOST_PRIMARY).tag("host", primary).gauge().value());
        assertEquals(0.0, registry.get(PoolMetrics.HOST_PRIMARY).tag("host", standby).gauge().value());
        assertEquals(1.0, registry.get(PoolMetrics.HOST_UP).tag("host", standby).gauge().value());
        assertEquals(2.0, registry.get(PoolMetrics.HOST_CALLS).tag("host", primary).tag("route", "write")
            .functionCounter().count());
        assertEquals(1.0, registry.get(PoolMetrics.HOST_CALLS).tag("host", standby).tag("route", "read")
            .functionCounter().count());
        double lag = registry.get(PoolMetrics.HOST_LAG).tag("host", standby).gauge().value();
        assertTrue(lag >= 0 && lag < Duration.ofSeconds(5).toSeconds(), "the standby's lag in seconds: " + lag);
        assertTrue(Double.isNaN(registry.get(PoolMetrics.HOST_LAG).tag("host", primary).gauge().value()),
            "a primary has no lag");
      }
      assertTrue(registry.find(PoolMetrics.HOST_LAG).meters().isEmpty(), "a closed pool's host meters are gone");
    }
  }
}
