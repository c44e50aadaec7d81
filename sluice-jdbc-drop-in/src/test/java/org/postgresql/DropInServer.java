package org.postgresql;

import io.sluice.ConnectionConfig;
import io.sluice.testkit.PostgresServer;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;

/** The testkit's PostgreSQL as a {@code jdbc:postgresql:} URL, reached through the drop-in's driver. */
final class DropInServer {
  private DropInServer() {}

  static String url() {
    PostgresServer pg = PostgresServer.shared();
    ConnectionConfig cfg = ConnectionConfig.parse(pg.uri());
    return "jdbc:postgresql://" + pg.host() + ":" + pg.port() + "/" + pg.database() + "?sslmode="
        + cfg.sslMode().name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  static Properties properties() {
    ConnectionConfig cfg = ConnectionConfig.parse(PostgresServer.shared().uri());
    Properties props = new Properties();
    props.setProperty("user", cfg.user());
    cfg.password().ifPresent(p -> props.setProperty("password", p));
    cfg.sslRootCert().ifPresent(r -> props.setProperty("sslrootcert", r));
    return props;
  }

  /** Through the drop-in's driver class, as the tools that name it do. */
  static Connection connect() throws SQLException {
    return new Driver().connect(url(), properties());
  }
}
