package io.sluice.testkit;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/** Builds the libpq {@code key=value} strings of {@link PostgresServer#conninfo(String)}. */
final class Conninfo {
  private Conninfo() {}

  static String superuser(String host, int port, String user, String password, String database, String uriQuery,
      String extra) {
    StringBuilder b = new StringBuilder();
    pair(b, "host", host);
    pair(b, "port", Integer.toString(port));
    pair(b, "user", user);
    pair(b, "dbname", database);
    if (password != null) {
      pair(b, "password", password);
    }
    if (uriQuery != null && !uriQuery.isEmpty()) {
      for (String p : uriQuery.split("&")) {
        String[] kv = p.split("=", 2);
        if (!kv[0].isEmpty()) {
          pair(b, decode(kv[0]), kv.length > 1 ? decode(kv[1]) : "");
        }
      }
    }
    if (extra != null && !extra.isBlank()) {
      b.append(' ').append(extra.strip());
    }
    return b.toString();
  }

  /** {@code key=value}, the value quoted as libpq reads it when it is empty or has spaces, quotes or backslashes. */
  private static void pair(StringBuilder b, String key, String value) {
    if (!b.isEmpty()) {
      b.append(' ');
    }
    b.append(key).append('=');
    if (value.isEmpty() || value.matches(".*[\\s'\\\\].*")) {
      b.append('\'').append(value.replace("\\", "\\\\").replace("'", "\\'")).append('\'');
    } else {
      b.append(value);
    }
  }

  private static String decode(String s) {
    return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
  }
}
