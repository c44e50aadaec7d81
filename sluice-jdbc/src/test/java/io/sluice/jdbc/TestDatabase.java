package io.sluice.jdbc;

import io.sluice.ConnectionConfig;
import io.sluice.testkit.PostgresServer;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** The testkit's PostgreSQL, reached through the JDBC driver. */
public final class TestDatabase {
  private TestDatabase() {}

  public static PostgresServer server() {
    return PostgresServer.shared();
  }

  /** A {@code jdbc:<form>//host:port/db?user=…} URL for the test server; {@code form} is "postgresql:" or "sluice:postgresql:". */
  public static String url(String form) {
    PostgresServer pg = server();
    ConnectionConfig c = ConnectionConfig.parse(pg.uri());
    StringBuilder sb = new StringBuilder("jdbc:").append(form).append("//").append(pg.host()).append(':')
        .append(pg.port()).append('/').append(pg.database()).append("?user=").append(enc(c.user()));
    c.password().ifPresent(p -> sb.append("&password=").append(enc(p)));
    sb.append("&sslmode=").append(c.sslMode().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
    c.sslRootCert().ifPresent(p -> sb.append("&sslrootcert=").append(enc(p)));
    return sb.toString();
  }

  public static String url() {
    return url("postgresql:");
  }

  public static Connection connect() throws SQLException {
    return DriverManager.getConnection(url());
  }

  public static Connection connect(String extra) throws SQLException {
    return DriverManager.getConnection(url() + extra);
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
