package io.sluice.spring.boot.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.sluice.ConnectionConfig;
import io.sluice.Pool;
import io.sluice.jdbc.SluicePoolDataSource;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.util.ClassUtils;

/**
 * An application whose only database dependency is this starter, configured with nothing but
 * pgjdbc's URL: it starts, and its JdbcTemplate and Pool reach the server through Sluice. The class
 * path has neither pgjdbc nor HikariCP, so Sluice's own pool serves the DataSource.
 */
@SpringBootTest(classes = StarterTest.Application.class)
@ServerTest
class StarterTest {
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class Application {}

  @DynamicPropertySource
  static void server(DynamicPropertyRegistry registry) {
    PostgresServer pg = PostgresServer.shared();
    registry.add("spring.datasource.url", () -> "jdbc:postgresql://" + pg.host() + ":" + pg.port() + "/" + pg.database());
    registry.add("spring.datasource.username", pg::superuser);
    registry.add("spring.datasource.password", () -> ConnectionConfig.parse(pg.uri()).password().orElse(""));
  }

  @Autowired DataSource dataSource;
  @Autowired JdbcTemplate jdbc;
  @Autowired Pool pool;

  @Test
  void theUrlAloneGivesASluiceDataSourceAndPool() {
    assertFalse(ClassUtils.isPresent("org.postgresql.Driver", null), "pgjdbc must not be on this class path");
    assertFalse(ClassUtils.isPresent("com.zaxxer.hikari.HikariDataSource", null), "nor HikariCP");
    assertInstanceOf(SluicePoolDataSource.class, dataSource);
    assertEquals(42, jdbc.queryForObject("select ? + 1", Integer.class, 41));
    assertEquals(42, pool.query("select $1::int * 2", 21).get(0).getInt(0));
  }
}
