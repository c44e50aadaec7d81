package io.sluice.jdbc.tools;

import io.sluice.testkit.PostgresServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import javax.sql.DataSource;

/**
 * A database of its own for one tool's tests, created afresh on the testkit's server, reached
 * through sluice-jdbc only: by its DataSource, by its {@code jdbc:sluice:postgresql:} URL, or by
 * the plain {@code jdbc:postgresql:} URL a configuration written for pgjdbc carries.
 */
final class ToolsDatabase {
  static {
    // the tools log their progress at INFO through java.util.logging; warnings are what matters here
    java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
  }

  private final PostgresServer pg;
  private final String name;

  private ToolsDatabase(PostgresServer pg, String name) {
    this.pg = pg;
    this.name = name;
  }

  /** Drops and creates database {@code name} (a plain identifier). */
  static ToolsDatabase create(String name) throws SQLException {
    if (!name.matches("[a-z_][a-z0-9_]*")) {
      throw new IllegalArgumentException("not a plain database name: " + name);
    }
    PostgresServer pg = PostgresServer.shared();
    ToolsDatabase admin = new ToolsDatabase(pg, pg.database());
    try (Connection c = admin.connect(); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
      s.execute("CREATE DATABASE " + name);
    }
    return new ToolsDatabase(pg, name);
  }

  String name() {
    return name;
  }

  String user() {
    return pg.superuser();
  }

  /** The URL that picks Sluice even when pgjdbc is also on the class path. */
  String sluiceUrl() {
    return "jdbc:sluice:postgresql://" + pg.host() + ":" + pg.port() + "/" + name;
  }

  /** pgjdbc's URL form, as existing configurations carry it. */
  String postgresqlUrl() {
    return "jdbc:postgresql://" + pg.host() + ":" + pg.port() + "/" + name;
  }

  Connection connect() throws SQLException {
    Properties props = new Properties();
    props.setProperty("user", user());
    return DriverManager.getConnection(sluiceUrl(), props);
  }

  /** Sluice's DataSource for this database. */
  DataSource dataSource() {
    io.sluice.jdbc.SluiceDataSource ds = new io.sluice.jdbc.SluiceDataSource();
    ds.setUrl(sluiceUrl());
    ds.setUser(user());
    return ds;
  }
}
