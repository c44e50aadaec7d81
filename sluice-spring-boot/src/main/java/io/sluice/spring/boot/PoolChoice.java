package io.sluice.spring.boot;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;

/**
 * Which pool serves the DataSource: {@code spring.sluice.jdbc-pool} when set, else HikariCP when it
 * is on the class path (measured the faster for JdbcTemplate work, docs/spring-boot.md), else
 * Sluice's own.
 */
abstract class PoolChoice extends SpringBootCondition {
  private static final String HIKARI = "com.zaxxer.hikari.HikariDataSource";

  private final SluiceProperties.JdbcPool wanted;

  PoolChoice(SluiceProperties.JdbcPool wanted) {
    this.wanted = wanted;
  }

  @Override
  public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
    // bound as SluiceProperties binds it: relaxed names, and a bad value is a binding error naming the property
    SluiceProperties.JdbcPool set = Binder.get(context.getEnvironment())
        .bind("spring.sluice.jdbc-pool", SluiceProperties.JdbcPool.class).orElse(null);
    SluiceProperties.JdbcPool chosen;
    String why;
    if (set != null) {
      chosen = set;
      why = "spring.sluice.jdbc-pool is " + set;
    } else if (ClassUtils.isPresent(HIKARI, context.getClassLoader())) {
      chosen = SluiceProperties.JdbcPool.HIKARI;
      why = "HikariCP is on the class path";
    } else {
      chosen = SluiceProperties.JdbcPool.SLUICE;
      why = "HikariCP is not on the class path";
    }
    return chosen == wanted ? ConditionOutcome.match(why) : ConditionOutcome.noMatch(why);
  }

  static final class Hikari extends PoolChoice {
    Hikari() {
      super(SluiceProperties.JdbcPool.HIKARI);
    }
  }

  static final class Sluice extends PoolChoice {
    Sluice() {
      super(SluiceProperties.JdbcPool.SLUICE);
    }
  }
}
