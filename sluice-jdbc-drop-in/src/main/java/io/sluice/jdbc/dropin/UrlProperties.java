package io.sluice.jdbc.dropin;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * pgjdbc's {@code Driver.parseURL}: a {@code jdbc:postgresql:} URL as properties, for code that
 * reads a URL's parts that way. The hosts go under {@code PGHOST} and the ports under {@code
 * PGPORT} (comma-separated, in order, 5432 where a host names none, {@code localhost} where the URL
 * names no host), the database under {@code PGDBNAME} (the user's name when the URL names none,
 * as the server takes it), each URL parameter under its name, decoded; a given default fills only
 * what the URL leaves out. Null for a URL that is not one: another prefix, a path with more than
 * one slash, bad percent-encoding.
 */
public final class UrlProperties {
  private static final String PREFIX = "jdbc:postgresql:";

  private UrlProperties() {}

  public static Properties parse(String url, Properties defaults) {
    if (url == null) {
      return null;
    }
    int q = url.indexOf('?');
    String server = q < 0 ? url : url.substring(0, q);
    if (!server.startsWith(PREFIX)) {
      return null;
    }
    server = server.substring(PREFIX.length());
    Properties out = new Properties();
    if (server.startsWith("//")) {
      String rest = server.substring(2);
      int slash = rest.indexOf('/');
      if (slash < 0 && !rest.isEmpty() || slash >= 0 && rest.indexOf('/', slash + 1) >= 0) {
        return null;   // no slash after the hosts, or a second one
      }
      String hosts = slash < 0 ? "" : rest.substring(0, slash);
      String db = slash < 0 ? "" : rest.substring(slash + 1);
      if (!db.isEmpty()) {
        String d = decode(db);
        if (d == null) {
          return null;
        }
        out.setProperty("PGDBNAME", d);
      }
      if (!hosts.isEmpty()) {
        addresses(hosts, out);
      }
    } else if (server.startsWith("/")) {
      return null;
    } else if (!server.isEmpty()) {
      String d = decode(server);
      if (d == null) {
        return null;
      }
      out.setProperty("PGDBNAME", d);
    }
    if (q >= 0 && !parameters(url.substring(q + 1), out)) {
      return null;
    }
    String service = out.getProperty("service");
    if (service != null && !service.isEmpty() && !fromService(service, out)) {
      return null;
    }
    // libpq's names in the query say where too, and win over the URL's parts, as pgjdbc 42.7 reads them
    for (String[] name : new String[][] {{"host", "PGHOST"}, {"port", "PGPORT"}, {"dbname", "PGDBNAME"}}) {
      String v = out.getProperty(name[0]);
      if (v != null && !v.isEmpty()) {
        out.setProperty(name[1], v);
      }
    }
    if (defaults != null) {
      for (String name : defaults.stringPropertyNames()) {
        out.putIfAbsent(name, defaults.getProperty(name));
      }
    }
    out.putIfAbsent("PGHOST", "localhost");
    out.putIfAbsent("PGPORT", "5432");
    String user = out.getProperty("user");
    if (user != null) {
      out.putIfAbsent("PGDBNAME", user);
    }
    return out;
  }

  /**
   * A service's parameters where the URL leaves them out, as pgjdbc 42.7 reads them: its hosts and
   * ports only when the URL names no host (each host needs a port, or none has one: 5432), its
   * database when the URL names none, its other parameters under their names. The file is pgjdbc's
   * {@code org.postgresql.pgservicefile}, else libpq's places ({@link io.sluice.ConnectionServices}).
   * False when the service is defined nowhere or its hosts and ports do not pair.
   */
  private static boolean fromService(String service, Properties out) {
    Map<String, String> p;
    try {
      p = io.sluice.ConnectionServices.definition(service,
          Optional.ofNullable(System.getProperty("org.postgresql.pgservicefile")));
    } catch (io.sluice.ConfigException e) {
      return false;
    }
    if (!out.containsKey("PGHOST") && p.containsKey("host")) {
      String[] hosts = p.get("host").split(",", -1);
      String[] ports = p.containsKey("port") ? p.get("port").split(",", -1) : new String[0];
      if (ports.length > 1 && ports.length != hosts.length) {
        return false;
      }
      StringBuilder list = new StringBuilder();
      for (int i = 0; i < hosts.length; i++) {
        String port = ports.length == 0 ? "5432" : ports[ports.length == 1 ? 0 : i];
        list.append(i > 0 ? "," : "").append(hosts[i]).append(':').append(port);
      }
      addresses(list.toString(), out);
    }
    if (!out.containsKey("PGDBNAME") && p.containsKey("dbname")) {
      out.setProperty("PGDBNAME", p.get("dbname"));
    }
    p.forEach((k, v) -> {
      if (!k.equals("host") && !k.equals("port") && !k.equals("dbname")) {
        out.putIfAbsent(k, v);
      }
    });
    return true;
  }

  /** {@code host[:port],…} into PGHOST and PGPORT; a bracketed IPv6 address keeps its colons. */
  private static void addresses(String list, Properties out) {
    StringBuilder hosts = new StringBuilder();
    StringBuilder ports = new StringBuilder();
    for (String a : list.split(",", -1)) {
      int colon = a.lastIndexOf(':');
      boolean hasPort = colon >= 0 && colon > a.lastIndexOf(']');
      String host = hasPort ? a.substring(0, colon) : a;
      hosts.append(hosts.isEmpty() ? "" : ",").append(host.isEmpty() ? "localhost" : host);
      ports.append(ports.isEmpty() ? "" : ",").append(hasPort ? a.substring(colon + 1) : "5432");
    }
    out.setProperty("PGHOST", hosts.toString());
    out.setProperty("PGPORT", ports.toString());
  }

  private static boolean parameters(String query, Properties out) {
    for (String pair : query.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      if (eq < 0) {
        out.setProperty(pair, "");
        continue;
      }
      String value = decode(pair.substring(eq + 1));
      if (value == null) {
        return false;
      }
      out.setProperty(pair.substring(0, eq), value);
    }
    return true;
  }

  private static String decode(String s) {
    try {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
