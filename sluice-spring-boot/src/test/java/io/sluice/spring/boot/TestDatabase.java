package io.sluice.spring.boot;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.testkit.PostgresServer;

/**
 * The database the tests point Spring Boot at: created afresh on the testkit's server, with a
 * table to write to; reached through the properties an application would set.
 */
final class TestDatabase {
  static final String NAME = "sluice_spring_boot";
  private static volatile boolean created;

  private TestDatabase() {}

  /** Drops and creates the database once per test run. */
  static synchronized PostgresServer server() {
    PostgresServer pg = PostgresServer.shared();
    if (!created) {
      try (Connection admin = Connection.open(pg.uri())) {
        admin.execute("drop database if exists " + NAME + " with (force)");
        admin.execute("create database " + NAME);
      }
      try (Connection c = Connection.open(ConnectionConfig.parse(pg.uri()).with("dbname", NAME))) {
        c.execute("create table accounts (id bigint primary key, owner text not null)");
      }
      created = true;
    }
    return pg;
  }

  /** pgjdbc's URL form, as an application written for pgjdbc has it. */
  static String postgresqlUrl() {
    PostgresServer pg = PostgresServer.shared();
    return "jdbc:postgresql://" + pg.host() + ":" + pg.port() + "/" + NAME;
  }

  /** The URL that names Sluice. */
  static String sluiceUrl() {
    return "jdbc:sluice:" + postgresqlUrl().substring("jdbc:".length());
  }

  /** {@code spring.datasource.*} for {@code url}, as {@code key=value} pairs. */
  static String[] properties(String url) {
    PostgresServer pg = server();
    String password = ConnectionConfig.parse(pg.uri()).password().orElse("");
    return new String[] {"spring.datasource.url=" + url, "spring.datasource.username=" + pg.superuser(),
        "spring.datasource.password=" + password};
  }
}
