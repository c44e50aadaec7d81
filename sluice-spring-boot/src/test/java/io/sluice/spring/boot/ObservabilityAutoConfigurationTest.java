package io.sluice.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.sluice.Pool;
import io.sluice.testkit.ServerTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

/** Health, metrics and tracing, each switched on by what the application has. */
@ServerTest
class ObservabilityAutoConfigurationTest {
  /** Spring Boot's metrics support as an application with actuator has it: a registry, MeterBinder beans bound. */
  private static final AutoConfigurations BOOT_METRICS = AutoConfigurations.of(MetricsAutoConfiguration.class,
      CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class);

  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(SluiceAutoConfigurationTest.BOOT_JDBC)
      .withConfiguration(AutoConfigurations.of(SluiceHealthAutoConfiguration.class,
          SluiceMetricsAutoConfiguration.class, SluiceTracingAutoConfiguration.class))
      .withPropertyValues(TestDatabase.properties(TestDatabase.postgresqlUrl()));

  @Test
  void healthIsUpWithTheServerVersionAndDownOnceThePoolIsClosed() {
    runner.run(context -> {
      SluiceHealthIndicator indicator = context.getBean("sluiceHealthIndicator", SluiceHealthIndicator.class);
      Health up = indicator.health(true);
      assertThat(up.getStatus()).isEqualTo(Status.UP);
      assertThat(up.getDetails().get("version").toString()).startsWith(String.valueOf(TestDatabase.server().majorVersion()));
      context.getBean(Pool.class).close();
      assertThat(indicator.health(true).getStatus()).isEqualTo(Status.DOWN);
    });
  }

  @Test
  void healthCanBeTurnedOff() {
    runner.withPropertyValues("management.health.sluice.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(SluiceHealthIndicator.class));
  }

  @Test
  void noMeterRegistryNoOpenTelemetryNoListeners() {
    runner.run(context -> {
      assertThat(context).doesNotHaveBean("sluiceMetricsListener");
      assertThat(context).doesNotHaveBean("sluiceTracingListener");
    });
  }

  @ParameterizedTest
  @ValueSource(strings = {"hikari", "sluice"})
  void metricsTimeJdbcStatementsAndGaugeThePool(String jdbcPool) {
    runner.withConfiguration(BOOT_METRICS)
        .withPropertyValues("spring.sluice.jdbc-pool=" + jdbcPool, "spring.sluice.pool.max-size=4")
        .run(context -> {
          MeterRegistry registry = context.getBean(MeterRegistry.class);
          context.getBean(JdbcTemplate.class).queryForObject("select 1", Integer.class);
          assertThat(registry.get("sluice.statement").tags("result", "succeeded").timer().count()).isPositive();
          assertThat(registry.get("sluice.pool.max").tags("pool", SluiceMetricsAutoConfiguration.POOL_NAME)
              .gauges()).singleElement().satisfies(g -> assertThat(g.value()).isEqualTo(4.0));
        });
  }

  @Test
  void withoutSluiceMicrometerNoMetrics() {
    runner.withConfiguration(BOOT_METRICS)
        .withClassLoader(new FilteredClassLoader(io.sluice.micrometer.MetricsListener.class))
        .run(context -> assertThat(context).doesNotHaveBean("sluiceMetricsListener"));
  }

  @Test
  void tracingMakesASpanPerJdbcStatementAndPoolQuery() {
    InMemorySpanExporter spans = InMemorySpanExporter.create();
    OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
        .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
        .build();
    runner.withBean(OpenTelemetry.class, () -> sdk).run(context -> {
      context.getBean(JdbcTemplate.class).queryForObject("select count(*) from accounts", Long.class);
      context.getBean(Pool.class).query("select count(*) + 1 from accounts");
      assertThat(spans.getFinishedSpanItems()).map(SpanData::getName).contains("select accounts");
      assertThat(spans.getFinishedSpanItems()).map(s -> s.getAttributes().get(AttributeKey.stringKey("db.query.text")))
          .contains("select count(*) from accounts", "select count(*) + 1 from accounts");
    });
    sdk.close();
  }
}
