package io.sluice.spring.boot;

import io.opentelemetry.api.OpenTelemetry;
import io.sluice.event.EventListener;
import io.sluice.opentelemetry.TracingListener;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * OpenTelemetry spans through sluice-opentelemetry, when it and an {@link OpenTelemetry} bean
 * (Spring Boot's SDK, or the application's) are there: a {@link TracingListener}, which
 * {@link SluiceAutoConfiguration} gives to the JDBC connections and to the {@code Pool} bean.
 */
@AutoConfiguration(afterName = "org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration")
@ConditionalOnClass({OpenTelemetry.class, TracingListener.class})
@ConditionalOnBean(OpenTelemetry.class)
public class SluiceTracingAutoConfiguration {
  @Bean
  @ConditionalOnMissingBean(name = "sluiceTracingListener")
  EventListener sluiceTracingListener(OpenTelemetry openTelemetry) {
    return TracingListener.create(openTelemetry);
  }
}
