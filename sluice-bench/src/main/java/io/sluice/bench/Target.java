package io.sluice.bench;

import io.sluice.testkit.PostgresServer;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * The server every driver connects to: TCP, and always without TLS ({@code sslmode=disable}),
 * because pgjdbc and Sluice would otherwise negotiate TLS with the test server (their default is
 * {@code prefer}) and vert.x would not.
 *
 * @param password null for the local test server (trust authentication)
 */
public record Target(String host, int port, String database, String user, String password, String serverVersion) {

  public static Target of(PostgresServer server) {
    String password = null;
    String userInfo = URI.create(server.uri()).getRawUserInfo();
    if (userInfo != null && userInfo.contains(":")) {
      password = URLDecoder.decode(userInfo.substring(userInfo.indexOf(':') + 1), StandardCharsets.UTF_8);
    }
    return new Target(server.host(), server.port(), server.database(), server.superuser(), password,
        server.version());
  }

  /** pgjdbc's URL; {@code extra} is appended as more parameters ({@code a=1&b=2}), or empty. */
  public String jdbcUrl(String extra) {
    return jdbcUrl("jdbc:postgresql:", extra);
  }

  /** The same for a driver's own URL prefix ({@code jdbc:sluice:postgresql:} for sluice-jdbc). */
  public String jdbcUrl(String prefix, String extra) {
    StringBuilder url = new StringBuilder(prefix).append("//").append(host).append(':').append(port).append('/')
        .append(encode(database)).append("?sslmode=disable&user=").append(encode(user));
    if (password != null) {
      url.append("&password=").append(encode(password));
    }
    if (!extra.isEmpty()) {
      url.append('&').append(extra);
    }
    return url.toString();
  }

  /** A libpq-style URI for Sluice. */
  public String uri() {
    String auth = encode(user) + (password == null ? "" : ":" + encode(password));
    // a Unix-socket directory goes percent-encoded in the host part
    String h = host.startsWith("/") ? encode(host) : host;
    return "postgresql://" + auth + "@" + h + ":" + port + "/" + encode(database) + "?sslmode=disable";
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** The same server through its Unix socket in {@code directory}. */
  public Target viaUnixSocket(String directory) {
    return new Target(directory, port, database, user, password, serverVersion);
  }

  @Override
  public String toString() {
    return "PostgreSQL " + serverVersion + " at " + host + ":" + port + "/" + database;
  }
}
