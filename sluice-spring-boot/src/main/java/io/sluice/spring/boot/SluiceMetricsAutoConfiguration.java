package io.sluice.spring.boot;

import io.micrometer.core.instrument.MeterRegistry;
import io.sluice.Pool;
import io.sluice.event.EventListener;
import io.sluice.micrometer.MetricsListener;
import io.sluice.micrometer.PoolMetrics;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Micrometer metrics through sluice-micrometer, when it and a {@link MeterRegistry} bean are there:
 * a {@link MetricsListener} (statement, batch, COPY, connect and pool-wait timers of the JDBC
 * connections and of the {@code Pool} bean; {@link SluiceAutoConfiguration} gives every
 * {@link EventListener} bean to both) and the {@code Pool} bean's gauges ({@link PoolMetrics},
 * tagged {@code pool=sluice}, bound by Spring Boot's metrics auto-configuration as every
 * {@code MeterBinder} bean is). HikariCP's own pool meters are Spring Boot's.
 */
@AutoConfiguration(after = SluiceAutoConfiguration.class, afterName = {
    "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
    "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration"})
@ConditionalOnClass({MeterRegistry.class, MetricsListener.class})
@ConditionalOnBean(MeterRegistry.class)
public class SluiceMetricsAutoConfiguration {
  /** The pool tag of the {@code Pool} bean's gauges. */
  static final String POOL_NAME = "sluice";

  @Bean
  @ConditionalOnMissingBean(name = "sluiceMetricsListener")
  EventListener sluiceMetricsListener(MeterRegistry registry) {
    return MetricsListener.create(registry);
  }

  /**
   * The {@code Pool} bean's gauges, a {@code MeterBinder} bean: Spring Boot's metrics
   * auto-configuration binds it to the registry (once; binding it here too would register every
   * gauge twice).
   */
  @Bean
  @ConditionalOnBean(Pool.class)
  PoolMetrics sluicePoolMetrics(Pool pool) {
    return new PoolMetrics(pool, POOL_NAME);
  }
}
