package io.sluice.internal.config;

import io.sluice.ConfigException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * libpq connection URIs (PostgreSQL docs 32.1.1.2; {@code conninfo_uri_parse_options} in {@code
 * fe-connect.c}):
 *
 * <pre>postgresql://[user[:password]@][host][:port][,host[:port]...][/dbname][?key=value&amp;...]</pre>
 *
 * <p>{@code postgres://} is accepted too. Every part may be percent-encoded ({@link Percent}); a
 * host that decodes to an absolute path (e.g. {@code %2Fvar%2Frun%2Fpostgresql}) is a Unix-socket
 * directory; IPv6 addresses go in brackets; an empty part means "not given". Query keys are libpq
 * keywords, and a later {@code ?host=} overrides the host part. As in libpq, {@code ssl=true} is
 * taken as {@code sslmode=require} for JDBC compatibility.
 *
 * <p>One deliberate difference: the user-info part ends at the <em>last</em> {@code @} before the
 * first {@code /} or {@code ?} (libpq stops at the first {@code @} before a {@code /}), so an
 * unencoded {@code @} in a password works and an {@code @} in a query value is never mistaken for
 * one. Messages never show the password or any part of it.
 */
final class UriParser {
  private UriParser() {}

  static final String[] PREFIXES = {"postgresql://", "postgres://"};

  static boolean isUri(String s) {
    for (String p : PREFIXES) {
      if (s.startsWith(p)) {
        return true;
      }
    }
    return false;
  }

  static Map<String, String> parse(String uri) {
    String rest = uri.substring(uri.indexOf("://") + 3);
    Map<String, String> out = new LinkedHashMap<>();
    int authEnd = indexOfAny(rest, "/?", 0);
    String authority = rest.substring(0, authEnd);
    int at = authority.lastIndexOf('@');
    if (at >= 0) {
      String userinfo = authority.substring(0, at);
      int colon = userinfo.indexOf(':');
      String user = Percent.decode(colon < 0 ? userinfo : userinfo.substring(0, colon), "URI user name", false);
      putIfNotEmpty(out, "user", user);
      if (colon >= 0) {
        putIfNotEmpty(out, "password", Percent.decode(userinfo.substring(colon + 1), "URI password", true));
      }
      authority = authority.substring(at + 1);
    }
    HostList hl = hostList(authority, "URI host");
    if (!hl.hosts().isEmpty()) {
      putIfNotEmpty(out, "host", String.join(",", hl.hosts()));
      putIfNotEmpty(out, "port", String.join(",", hl.ports()));
    }
    int i = authEnd;
    if (i < rest.length() && rest.charAt(i) == '/') {
      int q = rest.indexOf('?', i);
      int end = q < 0 ? rest.length() : q;
      // libpq: an empty dbname is "not given", so PGDATABASE still applies
      putIfNotEmpty(out, "dbname", Percent.decode(rest.substring(i + 1, end), "URI database name", false));
      i = end;
    }
    if (i < rest.length()) {
      queryParams(rest.substring(i + 1), out);
    }
    return out;
  }

  /** Hosts and ports of a host part, decoded; both empty when the part is empty. */
  record HostList(List<String> hosts, List<String> ports) {}

  /**
   * Splits {@code host[:port][,host[:port]...]}, with {@code [ipv6]} in brackets. The result has
   * one port string per host ("" when none was given). {@code what} names the part in messages.
   */
  static HostList hostList(String spec, String what) {
    List<String> hosts = new ArrayList<>();
    List<String> ports = new ArrayList<>();
    if (spec.isEmpty()) {
      return new HostList(hosts, ports);
    }
    int i = 0;
    while (true) {
      String host;
      if (i < spec.length() && spec.charAt(i) == '[') {
        int close = spec.indexOf(']', i);
        if (close < 0) {
          throw new ConfigException("missing \"]\" after the IPv6 address in the " + what);
        }
        host = Percent.decode(spec.substring(i + 1, close), what, false);
        if (host.isEmpty()) {
          throw new ConfigException("empty IPv6 address \"[]\" in the " + what);
        }
        if (!IpLiterals.isIpv6(host)) {
          throw new ConfigException(
              "invalid IPv6 address " + Excerpt.quoted(host) + " in brackets in the " + what
                  + " (brackets are only for IPv6 addresses)");
        }
        i = close + 1;
        if (i < spec.length() && spec.charAt(i) != ':' && spec.charAt(i) != ',') {
          throw new ConfigException(
              "unexpected character \"" + spec.charAt(i) + "\" after \"]\" in the " + what
                  + " (expected \":\" and a port, \",\" and another host, or the end)");
        }
      } else {
        int end = indexOfAny(spec, ":,", i);
        String raw = spec.substring(i, end);
        if (raw.indexOf('[') >= 0 || raw.indexOf(']') >= 0) {
          throw new ConfigException(
              "unexpected \"[\" or \"]\" in the " + what + " " + Excerpt.quoted(raw)
                  + " (an IPv6 address must be wholly in brackets: [::1]:5432)");
        }
        host = Percent.decode(raw, what, false);
        if (host.indexOf(',') >= 0) {
          throw new ConfigException("a host name cannot contain a comma (in the " + what + ")");
        }
        i = end;
      }
      String port = "";
      if (i < spec.length() && spec.charAt(i) == ':') {
        int end = spec.indexOf(',', i);
        end = end < 0 ? spec.length() : end;
        port = Percent.decode(spec.substring(i + 1, end), what, false);
        i = end;
      }
      hosts.add(host);
      ports.add(port);
      if (i >= spec.length()) {
        return new HostList(hosts, ports);
      }
      i++; // the comma
    }
  }

  /** {@code key=value&...}; empty pairs (from {@code &&} or a trailing {@code &}) are skipped. */
  private static void queryParams(String query, Map<String, String> out) {
    int n = 0;
    for (String pair : query.split("&", -1)) {
      n++;
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      if (eq < 0) {
        throw new ConfigException(
            "missing \"=\" in URI query parameter "
                + (Keys.find(pair).isPresent() ? "\"" + pair + "\"" : "number " + n)
                + " (expected key=value)");
      }
      String key = Percent.decode(pair.substring(0, eq), "URI query parameter name", false);
      if (pair.indexOf('=', eq + 1) >= 0) {
        throw new ConfigException(
            "extra \"=\" in URI query parameter " + Excerpt.quoted(key) + " (write = in a value as %3D)");
      }
      String value =
          Percent.decode(pair.substring(eq + 1), "URI query parameter " + Excerpt.quoted(key), Keys.isSecret(key));
      if (key.equals("ssl")) {
        if (!value.equals("true")) {
          throw new ConfigException(
              "URI query parameter \"ssl\" accepts only \"true\" (meaning sslmode=require); use sslmode");
        }
        key = "sslmode";
        value = "require";
      }
      out.put(key, value);
    }
  }

  private static void putIfNotEmpty(Map<String, String> out, String key, String value) {
    if (!value.isEmpty()) {
      out.put(key, value);
    }
  }

  static int indexOfAny(String s, String chars, int from) {
    for (int i = from; i < s.length(); i++) {
      if (chars.indexOf(s.charAt(i)) >= 0) {
        return i;
      }
    }
    return s.length();
  }
}
