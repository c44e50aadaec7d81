package io.sluice.spring.boot;

import io.sluice.Pool;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * The "sluice" health indicator ({@link SluiceHealthIndicator}) when Spring Boot's health support
 * (actuator) is there and a {@link Pool} bean is; {@code management.health.sluice.enabled=false}
 * turns it off.
 */
@AutoConfiguration(after = SluiceAutoConfiguration.class)
@ConditionalOnClass({HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class})
@ConditionalOnBean(Pool.class)
@ConditionalOnEnabledHealthIndicator("sluice")
public class SluiceHealthAutoConfiguration {
  @Bean
  @ConditionalOnMissingBean(name = "sluiceHealthIndicator")
  SluiceHealthIndicator sluiceHealthIndicator(Pool pool) {
    return new SluiceHealthIndicator(pool);
  }
}
