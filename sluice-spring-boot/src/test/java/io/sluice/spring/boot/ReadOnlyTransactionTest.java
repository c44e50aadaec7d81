package io.sluice.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.testkit.ServerTest;
import java.sql.SQLException;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.annotation.Transactional;

/**
 * A whole Spring Boot application (every auto-configuration on the class path) whose
 * {@code @Transactional(readOnly = true)} reaches sluice-jdbc's {@code setReadOnly}: the server
 * refuses a write in it (25006), with either pool behind the DataSource.
 */
@ServerTest
class ReadOnlyTransactionTest {

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(Accounts.class)
  static class Application {}

  @Service
  static class Accounts {
    private final JdbcTemplate jdbc;

    Accounts(JdbcTemplate jdbc) {
      this.jdbc = jdbc;
    }

    @Transactional
    public void open(long id, String owner) {
      jdbc.update("insert into accounts values (?, ?)", id, owner);
    }

    @Transactional(readOnly = true)
    public void openInReadOnly(long id, String owner) {
      jdbc.update("insert into accounts values (?, ?)", id, owner);
    }

    public int count(long id) {
      return jdbc.queryForObject("select count(*)::int4 from accounts where id = ?", Integer.class, id);
    }

    @Transactional(readOnly = true)
    public String owner(long id) {
      return jdbc.queryForObject("select owner from accounts where id = ?", String.class, id);
    }
  }

  abstract static class Cases {
    @Autowired Accounts accounts;

    @DynamicPropertySource
    static void server(DynamicPropertyRegistry registry) {
      for (String p : TestDatabase.properties(TestDatabase.postgresqlUrl())) {
        int eq = p.indexOf('=');
        registry.add(p.substring(0, eq), () -> p.substring(eq + 1));
      }
    }

    abstract long id();

    @Test
    void aReadOnlyTransactionRefusesAWrite() {
      assertThatThrownBy(() -> accounts.openInReadOnly(id(), "eve"))
          .isInstanceOf(DataAccessException.class)
          .satisfies(e -> assertThat(((SQLException) e.getCause()).getSQLState()).isEqualTo("25006"));
      assertThat(accounts.count(id())).isZero();
    }

    @Test
    void aReadWriteTransactionCommitsAndAReadOnlyOneReads() {
      accounts.open(id() + 1, "ada");
      assertThat(accounts.owner(id() + 1)).isEqualTo("ada");
    }
  }

  @Nested
  @SpringBootTest(classes = Application.class)
  class OnHikari extends Cases {
    @Override
    long id() {
      return 100;
    }
  }

  @Nested
  @SpringBootTest(classes = Application.class, properties = "spring.sluice.jdbc-pool=sluice")
  class OnSluicePool extends Cases {
    @Override
    long id() {
      return 200;
    }
  }
}
