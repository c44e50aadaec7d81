package io.sluice.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.sluice.Pool;
import io.sluice.jdbc.SluicePoolDataSource;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The auto-configuration with Spring Boot's own JDBC auto-configurations beside it, as in an
 * application, against the testkit's server; pgjdbc is not on this module's class path.
 */
@ServerTest
class SluiceAutoConfigurationTest {
  static final AutoConfigurations BOOT_JDBC = AutoConfigurations.of(SluiceAutoConfiguration.class,
      DataSourceAutoConfiguration.class, JdbcTemplateAutoConfiguration.class,
      DataSourceTransactionManagerAutoConfiguration.class);

  private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(BOOT_JDBC);

  static String url(String form) {
    return form.equals("sluice") ? TestDatabase.sluiceUrl() : TestDatabase.postgresqlUrl();
  }

  @ParameterizedTest
  @ValueSource(strings = {"postgresql", "sluice"})
  void aUrlAloneGivesHikariOverSluiceAndAPoolBean(String form) {
    runner.withPropertyValues(TestDatabase.properties(url(form))).run(context -> {
      assertThat(context).hasNotFailed();
      DataSource ds = context.getBean(DataSource.class);
      assertThat(ds).isInstanceOf(HikariDataSource.class);
      try (Connection c = ds.getConnection()) {
        assertThat(c.isWrapperFor(io.sluice.Connection.class)).isTrue();
      }
      assertThat(context.getBean(JdbcTemplate.class).queryForObject("select 41 + 1", Integer.class)).isEqualTo(42);
      Pool pool = context.getBean(Pool.class);
      assertThat(pool.query("select current_database()").get(0).getString(0)).isEqualTo(TestDatabase.NAME);
    });
  }

  @Test
  void withoutHikariSluicesOwnPoolServesTheDataSourceAndIsThePoolBean() {
    runner.withClassLoader(new FilteredClassLoader(HikariDataSource.class))
        .withPropertyValues(TestDatabase.properties(TestDatabase.postgresqlUrl()))
        .run(context -> {
          assertThat(context).hasNotFailed();
          DataSource ds = context.getBean(DataSource.class);
          assertThat(ds).isInstanceOf(SluicePoolDataSource.class);
          Pool pool = context.getBean(Pool.class);
          assertThat(pool).isSameAs(((SluicePoolDataSource) ds).pool());
          try (Connection c = ds.getConnection()) {
            assertThat(pool.stats().borrowed()).isEqualTo(1);   // the JDBC connection is the pool's
            assertThat(c.isWrapperFor(io.sluice.Connection.class)).isTrue();
          }
          assertThat(pool.stats().borrowed()).isZero();
          assertThat(context.getBean(JdbcTemplate.class).queryForObject("select 2 * 21", Integer.class)).isEqualTo(42);
        });
  }

  @Test
  void jdbcPoolPropertyChoosesSluicesPoolOverHikari() {
    runner.withPropertyValues(TestDatabase.properties(TestDatabase.sluiceUrl()))
        .withPropertyValues("spring.sluice.jdbc-pool=sluice")
        .run(context -> assertThat(context.getBean(DataSource.class)).isInstanceOf(SluicePoolDataSource.class));
  }

  @Test
  void aJdbcPoolThatDoesNotExistIsABindingErrorNamingIt() {
    runner.withPropertyValues(TestDatabase.properties(TestDatabase.sluiceUrl()))
        .withPropertyValues("spring.sluice.jdbc-pool=dbcp")
        .run(context -> assertThat(context).getFailure().hasStackTraceContaining("Failed to bind properties under 'spring.sluice.jdbc-pool'"));
  }

  @Test
  void hikariPropertiesStillApply() {
    runner.withPropertyValues(TestDatabase.properties(TestDatabase.postgresqlUrl()))
        .withPropertyValues("spring.datasource.hikari.maximum-pool-size=3", "spring.datasource.name=orders")
        .run(context -> {
          HikariDataSource ds = context.getBean(HikariDataSource.class);
          assertThat(ds.getMaximumPoolSize()).isEqualTo(3);
          assertThat(ds.getPoolName()).isEqualTo("orders");
        });
  }

  @ParameterizedTest
  @ValueSource(strings = {"hikari", "sluice"})
  void sluiceSettingsReachTheJdbcConnectionsAndThePool(String jdbcPool) {
    runner.withPropertyValues(TestDatabase.properties(TestDatabase.postgresqlUrl()))
        .withPropertyValues("spring.sluice.jdbc-pool=" + jdbcPool, "spring.sluice.pipeline-depth=1",
            "spring.sluice.statement-cache-size=0", "spring.sluice.query-timeout=300ms",
            "spring.sluice.parameters.application_name=orders", "spring.sluice.pool.max-size=3")
        .run(context -> {
          assertThat(context).hasNotFailed();
          try (Connection c = context.getBean(DataSource.class).getConnection()) {
            io.sluice.ConnectionConfig config = c.unwrap(io.sluice.Connection.class).config();
            assertThat(config.get("pipeline_depth")).hasValue("1");
            assertThat(config.get("statement_cache_size")).hasValue("0");
            assertThat(config.get("query_timeout")).hasValue("0.3");
          }
          JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
          assertThat(jdbc.queryForObject("select current_setting('application_name')", String.class)).isEqualTo("orders");
          assertThatThrownBy(() -> jdbc.queryForObject("select pg_sleep(30)", String.class))
              .isInstanceOf(QueryTimeoutException.class)
              .satisfies(e -> assertThat(((SQLException) e.getCause()).getSQLState()).isEqualTo("57014"));
          Pool pool = context.getBean(Pool.class);
          assertThat(pool.options().maxSize()).isEqualTo(3);
          assertThat(pool.query("select current_setting('application_name')").get(0).getString(0)).isEqualTo("orders");
        });
  }

  /** What Docker Compose and Testcontainers register for a PostgreSQL service: details, and no URL property. */
  static JdbcConnectionDetails serviceConnection(String url) {
    String[] server = TestDatabase.properties(url);
    return new JdbcConnectionDetails() {
      @Override
      public String getJdbcUrl() {
        return url;
      }

      @Override
      public String getUsername() {
        return server[1].substring(server[1].indexOf('=') + 1);
      }

      @Override
      public String getPassword() {
        return server[2].substring(server[2].indexOf('=') + 1);
      }
    };
  }

  @Test
  void aServiceConnectionWithoutAnyUrlPropertyIsServedToo() {
    runner.withBean(JdbcConnectionDetails.class, () -> serviceConnection(TestDatabase.postgresqlUrl()))
        .run(context -> {
          assertThat(context).hasNotFailed();
          assertThat(context.getBean(SluiceServer.class).url()).isEqualTo(TestDatabase.postgresqlUrl());
          assertThat(context.getBean(JdbcTemplate.class).queryForObject("select current_database()", String.class))
              .isEqualTo(TestDatabase.NAME);
          assertThat(context.getBean(Pool.class).query("select 1").size()).isEqualTo(1);
        });
  }

  @Test
  void aServiceConnectionToAnotherDatabaseIsRefusedByName() {
    runner.withBean(JdbcConnectionDetails.class, () -> serviceConnection("jdbc:mysql://localhost/app"))
        .run(context -> assertThat(context).getFailure()
            .hasStackTraceContaining("the service connection's JDBC URL is not PostgreSQL's"));
  }

  @Test
  void poolBeanCanBeTurnedOff() {
    runner.withPropertyValues(TestDatabase.properties(TestDatabase.postgresqlUrl()))
        .withPropertyValues("spring.sluice.pool.enabled=false")
        .run(context -> {
          assertThat(context).hasSingleBean(DataSource.class);
          assertThat(context).doesNotHaveBean(Pool.class);
        });
  }

  @Test
  void anotherDriverNamedLeavesTheDataSourceToSpringBoot() {
    runner.withPropertyValues(TestDatabase.properties(TestDatabase.postgresqlUrl()))
        .withPropertyValues("spring.datasource.driver-class-name=org.example.OtherDriver")
        .run(context -> assertThat(context).getFailure().rootCause().hasMessageContaining("org.example.OtherDriver"));
  }

  @Test
  void anotherDatabaseIsLeftToSpringBoot() {
    runner.withPropertyValues("spring.datasource.url=jdbc:h2:mem:test")
        .run(context -> assertThat(context).getFailure().rootCause().hasMessageContaining("org.h2.Driver"));
  }

  @Test
  void theServerSettingsHideThePassword() {
    runner.withPropertyValues(TestDatabase.properties(TestDatabase.postgresqlUrl()))
        .withPropertyValues("spring.datasource.password=hunter2", "spring.sluice.pool.enabled=false",
            "spring.datasource.hikari.initialization-fail-timeout=-1")
        .run(context -> assertThat(context.getBean(SluiceServer.class).toString()).doesNotContain("hunter2")
            .contains(TestDatabase.NAME));
  }
}
