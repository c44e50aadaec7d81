package io.sluice.testkit;

import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * The parts of a {@code postgresql://user:password@host:port/database?params} URI that the
 * testkit needs, and the reverse. Percent-encoding as libpq reads it: {@code +} is a plus sign,
 * not a space.
 */
record ConnectionUri(String host, int port, String user, String password, String database, String rawQuery) {

  static ConnectionUri parse(String uri) {
    URI u;
    try {
      u = URI.create(uri);
    } catch (IllegalArgumentException e) {
      throw new TestkitException("not a valid URI: " + redact(uri));
    }
    if (!"postgresql".equals(u.getScheme()) && !"postgres".equals(u.getScheme()) || u.getHost() == null) {
      throw new TestkitException("not a postgresql://user:password@host:port/db URI: " + redact(uri));
    }
    String user = "postgres";
    String password = null;
    if (u.getRawUserInfo() != null) {
      String[] parts = u.getRawUserInfo().split(":", 2);
      user = decode(parts[0]);
      password = parts.length > 1 ? decode(parts[1]) : null;
    }
    String path = u.getRawPath() == null ? "" : u.getRawPath().replaceFirst("^/", "");
    String host = u.getHost().startsWith("[") ? u.getHost().substring(1, u.getHost().length() - 1) : u.getHost();
    return new ConnectionUri(host, u.getPort() < 0 ? 5432 : u.getPort(), user, password,
        path.isEmpty() ? user : decode(path), u.getRawQuery());
  }

  /** The URI text; {@code password} is left out when null. */
  String format() {
    StringBuilder b = new StringBuilder("postgresql://").append(encode(user));
    if (password != null) {
      b.append(':').append(encode(password));
    }
    b.append('@').append(host.contains(":") ? "[" + host + "]" : host).append(':').append(port)
        .append('/').append(encode(database));
    if (rawQuery != null && !rawQuery.isEmpty()) {
      b.append('?').append(rawQuery);
    }
    return b.toString();
  }

  static boolean looksLikeUri(String s) {
    return s.startsWith("postgresql://") || s.startsWith("postgres://");
  }

  /** {@code uri} with any password replaced by {@code ***}, for messages. */
  static String redact(String uri) {
    return uri.replaceFirst("(://[^:/@]*):[^@/]*@", "$1:***@");
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static String decode(String s) {
    return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
  }
}
