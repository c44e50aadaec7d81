package io.sluice.opentelemetry;

import static org.junit.jupiter.api.Assertions.*;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.sluice.Pool;
import io.sluice.PoolExhaustedException;
import io.sluice.PoolOptions;
import io.sluice.ServerException;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** OpenTelemetry's database client metrics after known work against the real server, read from the SDK. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class DbClientMetricsTest {
  @Test
  void operationsAndThePoolAreMeasuredAfterTheConventions() {
    InMemoryMetricReader reader = InMemoryMetricReader.create();
    try (OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
        .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(reader).build()).build()) {
      DbClientMetrics metrics = DbClientMetrics.create(sdk);
      try (Pool pool = Pool.open("orders", Tracing.config(metrics),
          PoolOptions.DEFAULT.minSize(0).maxSize(1).acquireTimeout(Duration.ofMillis(100)))) {
        metrics.observe(pool);
        pool.query("select relname from pg_class where relname = $1", "pg_type");
        assertThrows(ServerException.class, () -> pool.query("select 1 / $1::int", 0));
        try (Pool.Lease held = pool.acquire()) {
          assertThrows(PoolExhaustedException.class, () -> pool.query("select 1"));
          Collection<MetricData> during = reader.collectAllMetrics();
          assertEquals(List.of(1L), longs(during, DbClientMetrics.CONNECTION_COUNT, "used"));
          assertEquals(List.of(0L), longs(during, DbClientMetrics.CONNECTION_COUNT, "idle"));
          assertEquals(List.of(1L), longs(during, DbClientMetrics.MAX, null));
        }
      }
      Collection<MetricData> all = reader.collectAllMetrics();
      List<HistogramPointData> ops = histogram(all, DbClientMetrics.OPERATION_DURATION);
      HistogramPointData ok = ops.stream()
          .filter(p -> "select pg_class".equals(p.getAttributes().get(DbAttributes.DB_QUERY_SUMMARY))).findFirst()
          .orElseThrow();
      assertEquals(1, ok.getCount());
      assertEquals("postgresql", ok.getAttributes().get(DbAttributes.DB_SYSTEM_NAME));
      assertEquals(PostgresServer.shared().database(), ok.getAttributes().get(DbAttributes.DB_NAMESPACE));
      assertNull(ok.getAttributes().get(DbAttributes.ERROR_TYPE));
      assertNull(ok.getAttributes().get(DbAttributes.DB_QUERY_TEXT), "never the text: a metric's attributes are series");
      assertEquals(1, ops.stream().filter(p -> "22012".equals(p.getAttributes().get(DbAttributes.ERROR_TYPE)))
          .mapToLong(HistogramPointData::getCount).sum());
      assertEquals(1, histogram(all, DbClientMetrics.CREATE_TIME).get(0).getCount());
      HistogramPointData waits = histogram(all, DbClientMetrics.WAIT_TIME).get(0);
      assertEquals("orders", waits.getAttributes().get(DbClientMetrics.POOL_NAME));
      assertEquals(4, waits.getCount(), "every acquisition: two statements, the lease, the one that timed out");
      assertEquals(List.of(1L), longs(all, DbClientMetrics.TIMEOUTS, null));
      assertEquals(3, histogram(all, DbClientMetrics.USE_TIME).get(0).getCount(),
          "the two statements' and the lease's: the timed-out caller never held one");
      assertTrue(all.stream().noneMatch(m -> m.getName().equals(DbClientMetrics.CONNECTION_COUNT)),
          "a closed pool is no longer observed");
    }
  }

  private static List<HistogramPointData> histogram(Collection<MetricData> all, String name) {
    return all.stream().filter(m -> m.getName().equals(name))
        .flatMap(m -> m.getHistogramData().getPoints().stream()).toList();
  }

  private static List<Long> longs(Collection<MetricData> all, String name, String state) {
    return all.stream().filter(m -> m.getName().equals(name))
        .flatMap(m -> m.getType() == io.opentelemetry.sdk.metrics.data.MetricDataType.LONG_SUM
            ? m.getLongSumData().getPoints().stream() : m.getLongGaugeData().getPoints().stream())
        .filter(p -> state == null || state.equals(p.getAttributes().get(DbClientMetrics.STATE)))
        .map(LongPointData::getValue).toList();
  }
}
