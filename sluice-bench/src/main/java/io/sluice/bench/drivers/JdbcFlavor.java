package io.sluice.bench.drivers;

import io.sluice.bench.Versions;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The JDBC drivers the lab runs through the same JDBC code ({@link JdbcDriver}): pgjdbc, the
 * reference, and sluice-jdbc. Each is reached through its own {@link java.sql.Driver} instance and
 * URL prefix, never through {@code DriverManager}'s choice: both understand {@code
 * jdbc:postgresql:}, and a figure must never be measured on the other driver by accident.
 */
enum JdbcFlavor {
  PGJDBC("jdbc:postgresql:") {
    @Override
    java.sql.Driver driver() {
      return new org.postgresql.Driver();
    }

    @Override
    String describe() {
      return "pgjdbc " + org.postgresql.util.DriverInfo.DRIVER_VERSION;
    }

    @Override
    void prepareFromFirstExecution(PreparedStatement ps) throws SQLException {
      ps.unwrap(org.postgresql.PGStatement.class).setPrepareThreshold(1);
    }
  },
  SLUICE_JDBC("jdbc:sluice:postgresql:") {
    @Override
    java.sql.Driver driver() {
      return new io.sluice.jdbc.SluiceDriver();
    }

    @Override
    String describe() {
      return "sluice-jdbc (this build)";
    }

    @Override
    void prepareFromFirstExecution(PreparedStatement ps) {
      // every statement is prepared on the server from its first execution
    }
  };

  /** The URL prefix this driver answers (pgjdbc's syntax after it). */
  final String urlPrefix;

  JdbcFlavor(String urlPrefix) {
    this.urlPrefix = urlPrefix;
  }

  abstract java.sql.Driver driver();

  /** The driver and its version, for the report. */
  abstract String describe();

  /** JDBC's explicit preparation: server-prepared from the first execution on (seed 002's variant). */
  abstract void prepareFromFirstExecution(PreparedStatement ps) throws SQLException;

  /** COPY through the driver's own API: pgjdbc's CopyManager (sluice-jdbc's COPY is the client's). */
  boolean copies() {
    return this == PGJDBC;
  }

  /**
   * Whether threads share one connection for concurrent point queries: sluice-jdbc pipelines the
   * statements of threads sharing a connection in auto-commit mode; pgjdbc serialises them, so it
   * gets a HikariCP pool as an application would give it.
   */
  boolean pipelines() {
    return this == SLUICE_JDBC;
  }

  static String hikari() {
    return "HikariCP " + Versions.maven("com.zaxxer", "HikariCP");
  }
}
