package io.sluice.spring.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sluice.testkit.ServerTest;
import javax.sql.DataSource;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.test.autoconfigure.AutoConfigureTestDatabase;
import org.springframework.boot.jdbc.test.autoconfigure.JdbcTest;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * How Spring PetClinic's own tests use Spring Boot, with the starter in place of pgjdbc: a test
 * slice ({@code @JdbcTest}, {@code @DataJpaTest}) imports a fixed list of auto-configurations, which
 * the starter joins, and an application that excludes {@link DataSourceAutoConfiguration} gets no
 * DataSource from the starter either.
 */
@ServerTest
class TestSlicesAndExclusionsTest {

  static void server(DynamicPropertyRegistry registry) {
    for (String p : TestDatabase.properties(TestDatabase.postgresqlUrl())) {
      int eq = p.indexOf('=');
      registry.add(p.substring(0, eq), () -> p.substring(eq + 1));
    }
  }

  @Nested
  @JdbcTest
  @AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.NONE)
  class AJdbcTestSlice {
    @SpringBootConfiguration
    static class Application {}

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
      server(registry);
    }

    @Autowired
    DataSource dataSource;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void getsSluicesDataSourceFromAJdbcPostgresqlUrl() throws Exception {
      // without the starter in the slice's list, Boot's own DataSource fails: no org.postgresql.Driver
      assertEquals("io.sluice.jdbc.internal.SluiceConnection",
          dataSource.getConnection().unwrap(java.sql.Connection.class).getClass().getName());
      assertEquals(42, jdbc.queryForObject("select 42", Integer.class));
    }
  }

  @Nested
  @SpringBootTest(classes = WithoutDataSource.Application.class)
  class AnApplicationThatExcludesDataSourceAutoConfiguration {
    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
      server(registry);
    }

    @Autowired
    ApplicationContext context;

    @Test
    void getsNoDataSource() {
      assertEquals(0, context.getBeanNamesForType(DataSource.class).length);
    }
  }

  static class WithoutDataSource {
    @SpringBootConfiguration
    @EnableAutoConfiguration(exclude = DataSourceAutoConfiguration.class)
    static class Application {}
  }
}
