package io.sluice.spring.boot;

import org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;

/**
 * Whether {@code spring.datasource.url} is Sluice's to serve: a {@code jdbc:sluice:postgresql:} URL,
 * or a {@code jdbc:postgresql:} one while pgjdbc is absent; without that property, a service
 * connection's {@link JdbcConnectionDetails} while pgjdbc is absent (with pgjdbc present that URL stays
 * pgjdbc's, as in sluice-jdbc's own rule), unless {@code spring.datasource.driver-class-name} or
 * {@code spring.datasource.type} names another choice, or the application excluded Spring Boot's
 * {@link DataSourceAutoConfiguration} (it wants no DataSource made for it: Spring PetClinic's
 * {@code CrashControllerIntegrationTests} runs without a database that way). Without it, Spring Boot derives
 * {@code org.postgresql.Driver} from a {@code jdbc:postgresql:} URL, which is not there, and does
 * not know {@code jdbc:sluice:} at all.
 */
class OnSluiceUrlCondition extends SpringBootCondition {
  static final String SLUICE_DRIVER = "io.sluice.jdbc.SluiceDriver";
  private static final String PGJDBC_DRIVER = "org.postgresql.Driver";

  @Override
  public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
    Environment env = context.getEnvironment();
    String url = env.getProperty("spring.datasource.url", "");
    String driver = env.getProperty("spring.datasource.driver-class-name", "");
    String type = env.getProperty("spring.datasource.type", "");
    if (!driver.isEmpty() && !driver.equals(SLUICE_DRIVER)) {
      return ConditionOutcome.noMatch("spring.datasource.driver-class-name names " + driver);
    }
    if (!type.isEmpty()) {
      return ConditionOutcome.noMatch("spring.datasource.type names " + type);
    }
    if (context.getBeanFactory() != null && ConditionEvaluationReport.get(context.getBeanFactory()).getExclusions()
        .contains(DataSourceAutoConfiguration.class.getName())) {
      return ConditionOutcome.noMatch("the application excluded DataSourceAutoConfiguration");
    }
    if (url.isEmpty()) {
      return serviceConnection(context);
    }
    if (url.startsWith("jdbc:sluice:postgresql:")) {
      return ConditionOutcome.match("spring.datasource.url is a jdbc:sluice:postgresql: URL");
    }
    if (!url.startsWith("jdbc:postgresql:")) {
      return ConditionOutcome.noMatch("spring.datasource.url is not a PostgreSQL URL");
    }
    if (driver.equals(SLUICE_DRIVER)) {
      return ConditionOutcome.match("spring.datasource.driver-class-name names Sluice's driver");
    }
    if (ClassUtils.isPresent(PGJDBC_DRIVER, context.getClassLoader())) {
      return ConditionOutcome.noMatch("a jdbc:postgresql: URL with pgjdbc on the class path stays pgjdbc's");
    }
    return ConditionOutcome.match("a jdbc:postgresql: URL and no pgjdbc on the class path");
  }

  /**
   * Without {@code spring.datasource.url}: a {@link JdbcConnectionDetails} bean (a service
   * connection of Docker Compose or Testcontainers) while pgjdbc is absent. Its URL is known only
   * once the bean exists; {@link SluiceServer#of} refuses one that is not PostgreSQL's.
   */
  private static ConditionOutcome serviceConnection(ConditionContext context) {
    if (context.getBeanFactory() == null
        || context.getBeanFactory().getBeanNamesForType(JdbcConnectionDetails.class, true, false).length == 0) {
      return ConditionOutcome.noMatch("no spring.datasource.url and no JdbcConnectionDetails bean");
    }
    if (ClassUtils.isPresent(PGJDBC_DRIVER, context.getClassLoader())) {
      return ConditionOutcome.noMatch("a service connection with pgjdbc on the class path stays pgjdbc's");
    }
    return ConditionOutcome.match("a JdbcConnectionDetails bean and no pgjdbc on the class path");
  }
}
