package io.sluice.internal.config;

import io.sluice.ConfigException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * pgjdbc-style URLs, for users moving from JDBC:
 *
 * <pre>jdbc:postgresql://host[:port][,host[:port]...][/database][?param=value&amp;...]
 * jdbc:postgresql:database[?...]    jdbc:postgresql:/[?...]</pre>
 *
 * <p>Hosts are split as in {@link UriParser} (IPv6 in brackets). As in pgjdbc, a URL without a
 * host means {@code localhost} (not the Unix socket), there is no user-info part, and parameter
 * values are form-decoded ({@code +} is a space). Only these pgjdbc parameters are accepted, each
 * mapped to its libpq keyword; any other is an error, so that a setting is never silently lost:
 *
 * <ul>
 *   <li>{@code user}, {@code password}, {@code options}, {@code sslmode}, {@code sslcert}, {@code
 *       sslkey}, {@code sslrootcert}, {@code sslpassword}: same meaning;
 *   <li>{@code ssl}: {@code true} (or empty) means {@code sslmode=verify-full} when no {@code
 *       sslmode} is given, as in pgjdbc 42.2.5+ (libpq's own URIs map it to {@code require});
 *       {@code false} changes nothing;
 *   <li>{@code ApplicationName} → {@code application_name}; {@code connectTimeout} (seconds, 0 =
 *       none) → {@code connect_timeout}; {@code channelBinding} → {@code channel_binding};
 *   <li>{@code targetServerType} ({@code any}, {@code primary}/{@code master}, {@code
 *       secondary}/{@code slave}/{@code standby}, {@code preferSecondary}/{@code preferSlave}/
 *       {@code preferStandby}) → {@code target_session_attrs};
 *   <li>{@code loadBalanceHosts} ({@code true}/{@code false}) → {@code load_balance_hosts};
 *   <li>Sluice's routing of a pool over standbys: {@code readRouting} → {@code read_routing},
 *       {@code maxStandbyLag} → {@code max_standby_lag}, {@code readYourWrites} → {@code
 *       read_your_writes}.
 * </ul>
 */
final class JdbcUrlParser {
  private JdbcUrlParser() {}

  static final String PREFIX = "jdbc:postgresql:";

  private static final Map<String, String> SAME_OR_RENAMED = Map.ofEntries(
      Map.entry("user", "user"),
      Map.entry("password", "password"),
      Map.entry("options", "options"),
      Map.entry("sslmode", "sslmode"),
      Map.entry("sslcert", "sslcert"),
      Map.entry("sslkey", "sslkey"),
      Map.entry("sslrootcert", "sslrootcert"),
      Map.entry("sslpassword", "sslpassword"),
      Map.entry("ApplicationName", "application_name"),
      Map.entry("connectTimeout", "connect_timeout"),
      Map.entry("channelBinding", "channel_binding"),
      Map.entry("readRouting", "read_routing"),
      Map.entry("maxStandbyLag", "max_standby_lag"),
      Map.entry("readYourWrites", "read_your_writes"));

  static boolean isJdbc(String s) {
    return s.startsWith(PREFIX);
  }

  static Map<String, String> parse(String url) {
    String rest = url.substring(PREFIX.length());
    Map<String, String> out = new LinkedHashMap<>();
    int q = rest.indexOf('?');
    String path = q < 0 ? rest : rest.substring(0, q);
    String db;
    if (path.startsWith("//")) {
      int slash = path.indexOf('/', 2);
      String authority = slash < 0 ? path.substring(2) : path.substring(2, slash);
      if (authority.indexOf('@') >= 0) {
        throw new ConfigException(
            "a jdbc:postgresql: URL takes the user name and password as parameters"
                + " (?user=...&password=...), not before the host");
      }
      UriParser.HostList hl = UriParser.hostList(authority, "jdbc:postgresql: URL host");
      boolean anyHost = hl.hosts().stream().anyMatch(h -> !h.isEmpty());
      out.put("host", anyHost ? String.join(",", hl.hosts()) : "localhost");
      String ports = String.join(",", hl.ports());
      if (!ports.replace(",", "").isEmpty()) {
        out.put("port", ports);
      }
      db = slash < 0 ? "" : path.substring(slash + 1);
    } else {
      out.put("host", "localhost");
      db = path.startsWith("/") ? path.substring(1) : path;
    }
    db = decode(db, "database name");
    if (!db.isEmpty()) {
      out.put("dbname", db);
    }
    if (q >= 0) {
      params(rest.substring(q + 1), out);
    }
    return out;
  }

  private static void params(String query, Map<String, String> out) {
    String ssl = null;
    for (String pair : query.split("&", -1)) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String name = decode(eq < 0 ? pair : pair.substring(0, eq), "parameter name");
      String value = eq < 0 ? "" : decode(pair.substring(eq + 1), "parameter " + Excerpt.quoted(name), SAME_OR_RENAMED.get(name));
      String mapped = SAME_OR_RENAMED.get(name);
      if (mapped != null) {
        out.put(mapped, value);
      } else if (name.equals("ssl")) {
        ssl = value;
      } else if (name.equals("targetServerType")) {
        out.put("target_session_attrs", targetServerType(value));
      } else if (name.equals("loadBalanceHosts")) {
        out.put("load_balance_hosts", switch (value) {
          case "true" -> "random";
          case "false" -> "disable";
          default -> throw new ConfigException(
              "invalid value " + Excerpt.quoted(value) + " for jdbc:postgresql: parameter \"loadBalanceHosts\": expected true or false");
        });
      } else {
        throw new ConfigException(
            "unsupported jdbc:postgresql: parameter " + Excerpt.quoted(name) + " (Sluice accepts user, password,"
                + " ssl, sslmode, sslcert, sslkey, sslrootcert, sslpassword, options, ApplicationName,"
                + " connectTimeout, channelBinding, targetServerType, loadBalanceHosts, readRouting,"
                + " maxStandbyLag, readYourWrites;"
                + " for anything else use a postgresql:// URI with libpq keywords)");
      }
    }
    if (ssl != null) {
      switch (ssl) {
        case "true", "" -> out.putIfAbsent("sslmode", "verify-full");
        case "false" -> { }
        default -> throw new ConfigException(
            "invalid value " + Excerpt.quoted(ssl) + " for jdbc:postgresql: parameter \"ssl\": expected true or false");
      }
    }
  }

  private static String targetServerType(String v) {
    return switch (v) {
      case "any" -> "any";
      case "primary", "master" -> "primary";
      case "secondary", "slave", "standby" -> "standby";
      case "preferSecondary", "preferSlave", "preferStandby" -> "prefer-standby";
      default -> throw new ConfigException(
          "invalid value " + Excerpt.quoted(v) + " for jdbc:postgresql: parameter \"targetServerType\":"
              + " expected any, primary, secondary or preferSecondary");
    };
  }

  private static String decode(String s, String what) {
    return decode(s, what, null);
  }

  /** Form-decoding as pgjdbc does ({@code URLDecoder}); messages never show secret values. */
  private static String decode(String s, String what, String libpqKey) {
    try {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      boolean secret = libpqKey != null && Keys.isSecret(libpqKey);
      throw new ConfigException(
          "invalid percent-encoding in the jdbc:postgresql: URL " + what
              + (secret ? "" : " " + Excerpt.quoted(s)));
    }
  }
}
