package io.sluice.internal.config;

import io.sluice.ConfigException;
import io.sluice.HostPort;
import io.sluice.SslMode;
import io.sluice.SslNegotiation;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns explicit parameters and the environment into {@link Settings}, validating every
 * value before anything touches the network. Precedence, per parameter, as libpq's {@code
 * conninfo_add_defaults}: an explicit non-empty value, else the non-empty environment variable,
 * else the built-in default. (An explicit empty value counts as not given.)
 */
public final class Resolver {
  private Resolver() {}

  /**
   * The part of {@code env} that {@link #resolve} reads (the PG* variables of the parameters, and
   * HOME and APPDATA for the password file), so that a configuration keeps no other variables.
   */
  public static Map<String, String> relevantEnv(Map<String, String> env) {
    Map<String, String> out = new java.util.TreeMap<>();
    for (String name : Keys.envVars()) {
      copy(env, name, out);
    }
    copy(env, "HOME", out);
    copy(env, "APPDATA", out);
    copy(env, "PGSYSCONFDIR", out);   // the system-wide service file's directory
    return Collections.unmodifiableMap(out);
  }

  private static void copy(Map<String, String> from, String name, Map<String, String> to) {
    String v = from.get(name);
    if (v != null) {
      to.put(name, v);
    }
  }

  /** The explicit parameters that count as given (non-empty), each name checked. */
  public static Map<String, String> given(Map<String, String> explicit) {
    Map<String, String> given = new LinkedHashMap<>();
    explicit.forEach((k, v) -> {
      Keys.require(java.util.Objects.requireNonNull(k, "parameter name"));
      if (v != null && !v.isEmpty()) {
        given.put(k, v);
      }
    });
    return Collections.unmodifiableMap(given);
  }

  /**
   * @param explicit libpq keywords to values (unknown keys are rejected; empty values ignored)
   * @param env the process environment, or a stand-in
   * @param d facts about the local machine
   */
  public static Settings resolve(Map<String, String> explicit, Map<String, String> env, LocalDefaults d) {
    Map<String, Setting> m = merge(explicit, env, d);
    Object[] v = new Object[Keys.count()];
    // each parameter by its own parser, in the table's order, else its default
    for (Param<?> k : Keys.params()) {
      Setting s = m.get(k.name());
      v[k.index()] = s == null ? k.fallback() : k.parser() == null ? null : k.parser().parse(s);
    }
    // what depends on other parameters or on the machine
    Setting hostS = m.get("host");
    Setting hostaddrS = m.get("hostaddr");
    List<HostPort> hosts = Hosts.resolve(hostS, hostaddrS, m.get("port"), d);
    v[Keys.HOST.index()] = hosts;
    String user = text(m, "user").orElse(d.osUser());
    if (user.isEmpty()) {
      throw new ConfigException(
          "no user name: set the connection parameter \"user\" or PGUSER"
              + " (the operating-system user name is unknown)");
    }
    v[Keys.USER.index()] = user;
    v[Keys.DBNAME.index()] = text(m, "dbname").orElse(user);
    v[Keys.APPLICATION_NAME.index()] =
        text(m, "application_name").or(() -> text(m, "fallback_application_name")).orElse(null);

    boolean systemRoots = text(m, "sslrootcert").filter("system"::equals).isPresent();
    if (!m.containsKey("sslmode") && systemRoots) {
      v[Keys.SSLMODE.index()] = SslMode.VERIFY_FULL; // libpq conninfo_add_defaults
    }
    SslMode sslMode = (SslMode) v[Keys.SSLMODE.index()];
    if (v[Keys.SSLNEGOTIATION.index()] == SslNegotiation.DIRECT && !sslMode.requiresTls()) {
      throw new ConfigException(
          "weak sslmode \"" + sslMode.keyword() + "\" may not be used with sslnegotiation=direct"
              + " (use \"require\", \"verify-ca\", or \"verify-full\")");
    }
    if (systemRoots && sslMode != SslMode.VERIFY_FULL) {
      throw new ConfigException(
          "weak sslmode \"" + sslMode.keyword() + "\" may not be used with sslrootcert=system"
              + " (use \"verify-full\")");
    }
    int minProto = (Integer) v[Keys.MIN_PROTOCOL_VERSION.index()];
    int maxProto = (Integer) v[Keys.MAX_PROTOCOL_VERSION.index()];
    if (minProto > maxProto) {
      throw new ConfigException(
          "min_protocol_version " + Values.versionText(minProto)
              + " is greater than max_protocol_version " + Values.versionText(maxProto));
    }
    v[Keys.PASSFILE.index()] = passfile(m, env, d).orElse(null);
    Routing routing = Routing.resolve(m);
    routing.store(v);

    // the string forms: as given, else the value written back, where the parameter has a written form
    Map<String, String> eff = new LinkedHashMap<>();
    for (Param<?> k : Keys.params()) {
      Setting s = m.get(k.name());
      String shown = s != null ? s.value() : written(k, v[k.index()]);
      if (shown != null) {
        eff.put(k.name(), shown);
      }
    }
    if (hostS == null && hostaddrS == null) {
      eff.put("host", hosts.get(0) instanceof HostPort.UnixSocket u ? u.directory().toString() : "localhost");
    }
    routing.putDefaults(eff);
    Map<String, String> ordered = new LinkedHashMap<>();
    for (Keys.Key k : Keys.all()) {
      if (eff.containsKey(k.name())) {
        ordered.put(k.name(), eff.get(k.name()));
      }
    }
    return new Settings(v, Collections.unmodifiableMap(ordered),
        Collections.unmodifiableSet(new java.util.LinkedHashSet<>(m.keySet())));
  }

  /** A value not given, as its parameter's written form; null if it has none or no value. */
  @SuppressWarnings("unchecked") // value came from k's parser, fallback or the derivations above, all of type T
  private static <T> String written(Param<T> k, Object value) {
    return value == null || k.written() == null ? null : k.format((T) value);
  }

  /**
   * Checks every key and value (NUL characters, unknown keys) and applies precedence. A NUL would
   * end a value early in the startup packet and let the rest pose as further parameters.
   */
  private static Map<String, Setting> merge(Map<String, String> explicit, Map<String, String> env, LocalDefaults d) {
    for (Map.Entry<String, String> e : explicit.entrySet()) {
      Keys.require(e.getKey());
      if (e.getValue() != null && e.getValue().indexOf('\0') >= 0) {
        throw new ConfigException("connection parameter \"" + e.getKey() + "\" contains a NUL character");
      }
    }
    Map<String, String> given = given(explicit);
    Map<String, Setting> m = new LinkedHashMap<>();
    // a service's parameters come below the explicit ones and above the environment (libpq's
    // conninfo_add_defaults: parseServiceInfo before the PG* variables)
    String service = given.getOrDefault("service", env.getOrDefault("PGSERVICE", ""));
    ServiceFile.Found fromService = service.isEmpty() ? null : ServiceFile.lookUp(service,
        Optional.ofNullable(given.get("servicefile")).or(() -> Optional.ofNullable(env.get("PGSERVICEFILE"))
            .filter(f -> !f.isEmpty())), env, d);
    for (Keys.Key k : Keys.all()) {
      String v = given.get(k.name());
      if (v != null) {
        m.put(k.name(), new Setting(k.name(), v, null));
        continue;
      }
      String sv = fromService == null ? null : fromService.parameters().get(k.name());
      if (sv != null && !sv.isEmpty()) {
        if (sv.indexOf('\0') >= 0) {
          throw new ConfigException(fromService.origin() + " has a NUL character in " + k.name());
        }
        m.put(k.name(), new Setting(k.name(), sv, fromService.origin()));
        continue;
      }
      String ev = k.envVar() == null ? null : env.get(k.envVar());
      if (ev != null && !ev.isEmpty()) {
        if (ev.indexOf('\0') >= 0) {
          throw new ConfigException("environment variable " + k.envVar() + " contains a NUL character");
        }
        m.put(k.name(), new Setting(k.name(), ev, k.envVar()));
      }
    }
    return m;
  }

  private static Optional<String> text(Map<String, Setting> m, String key) {
    return Optional.ofNullable(m.get(key)).map(Setting::value);
  }

  /**
   * The password file: {@code passfile}, else {@code PGPASSFILE}, else {@code ~/.pgpass} with
   * {@code ~} from {@code HOME} or the OS ({@code %APPDATA%\postgresql\pgpass.conf} on Windows).
   */
  private static Optional<Path> passfile(Map<String, Setting> m, Map<String, String> env, LocalDefaults d) {
    Setting s = m.get("passfile");
    try {
      if (s != null) {
        return Optional.of(Path.of(s.value()));
      }
      if (d.windows()) {
        String appdata = env.get("APPDATA");
        return appdata == null || appdata.isEmpty()
            ? Optional.empty()
            : Optional.of(Path.of(appdata, "postgresql", "pgpass.conf"));
      }
      String home = env.get("HOME");
      Path dir = home != null && !home.isEmpty() ? Path.of(home) : d.userHome();
      return dir == null ? Optional.empty() : Optional.of(dir.resolve(".pgpass"));
    } catch (InvalidPathException e) {
      throw new ConfigException(
          s != null ? "invalid path in " + s.where() + ": " + Excerpt.quoted(s.value()) : "invalid home directory in HOME",
          e);
    }
  }
}
