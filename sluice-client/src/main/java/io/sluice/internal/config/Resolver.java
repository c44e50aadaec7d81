package io.sluice.internal.config;

import io.sluice.ChannelBindingMode;
import io.sluice.ConfigException;
import io.sluice.HostPort;
import io.sluice.LoadBalanceHosts;
import io.sluice.SslMode;
import io.sluice.SslNegotiation;
import io.sluice.TargetSessionAttrs;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns explicit parameters and the environment into a {@link ResolvedConfig}, validating every
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
    return Collections.unmodifiableMap(out);
  }

  private static void copy(Map<String, String> from, String name, Map<String, String> to) {
    String v = from.get(name);
    if (v != null) {
      to.put(name, v);
    }
  }

  /**
   * @param explicit libpq keywords to values (unknown keys are rejected; empty values ignored)
   * @param env the process environment, or a stand-in
   * @param d facts about the local machine
   */
  public static ResolvedConfig resolve(
      Map<String, String> explicit, Map<String, String> env, LocalDefaults d) {
    Map<String, Setting> m = merge(explicit, env);
    GssValues.check(m);
    Setting hostS = m.get("host");
    Setting hostaddrS = m.get("hostaddr");
    List<HostPort> hosts = Hosts.resolve(hostS, hostaddrS, m.get("port"), d);
    String user = text(m, "user").orElse(d.osUser());
    if (user.isEmpty()) {
      throw new ConfigException(
          "no user name: set the connection parameter \"user\" or PGUSER"
              + " (the operating-system user name is unknown)");
    }
    String dbname = text(m, "dbname").orElse(user);

    Optional<Duration> connectTimeout = Optional.of(Duration.ofSeconds(ResolvedConfig.DEFAULT_CONNECT_TIMEOUT_SECONDS));
    if (m.containsKey("connect_timeout")) {
      // libpq (pqConnectDBComplete): zero or negative waits forever
      int t = Values.integer(m.get("connect_timeout"), Integer.MIN_VALUE, Integer.MAX_VALUE);
      connectTimeout = t <= 0 ? Optional.empty() : Optional.of(Duration.ofSeconds(t));
    }
    if (m.containsKey("client_encoding")) {
      Values.utf8Only(m.get("client_encoding"));
    }
    boolean keepalives = !m.containsKey("keepalives")
        || Values.integer(m.get("keepalives"), Integer.MIN_VALUE, Integer.MAX_VALUE) != 0;

    Optional<String> sslRootCert = text(m, "sslrootcert");
    boolean systemRoots = sslRootCert.filter("system"::equals).isPresent();
    SslMode sslMode = m.containsKey("sslmode")
        ? Values.oneOf(m.get("sslmode"), SslMode.values(), SslMode::keyword)
        : systemRoots ? SslMode.VERIFY_FULL : SslMode.PREFER; // libpq conninfo_add_defaults
    SslNegotiation negotiation = m.containsKey("sslnegotiation")
        ? Values.oneOf(m.get("sslnegotiation"), SslNegotiation.values(), SslNegotiation::keyword)
        : SslNegotiation.POSTGRES;
    if (negotiation == SslNegotiation.DIRECT && !sslMode.requiresTls()) {
      throw new ConfigException(
          "weak sslmode \"" + sslMode.keyword() + "\" may not be used with sslnegotiation=direct"
              + " (use \"require\", \"verify-ca\", or \"verify-full\")");
    }
    if (systemRoots && sslMode != SslMode.VERIFY_FULL) {
      throw new ConfigException(
          "weak sslmode \"" + sslMode.keyword() + "\" may not be used with sslrootcert=system"
              + " (use \"verify-full\")");
    }
    boolean sslSni = !m.containsKey("sslsni") || Values.flag(m.get("sslsni"));
    if (m.containsKey("gssencmode")) {
      gssEncMode(m.get("gssencmode"));
    }
    ChannelBindingMode channelBinding = m.containsKey("channel_binding")
        ? Values.oneOf(m.get("channel_binding"), ChannelBindingMode.values(), ChannelBindingMode::keyword)
        : ChannelBindingMode.PREFER;
    TargetSessionAttrs tsa = m.containsKey("target_session_attrs")
        ? Values.oneOf(m.get("target_session_attrs"), TargetSessionAttrs.values(), TargetSessionAttrs::keyword)
        : TargetSessionAttrs.ANY;
    LoadBalanceHosts lb = m.containsKey("load_balance_hosts")
        ? Values.oneOf(m.get("load_balance_hosts"), LoadBalanceHosts.values(), LoadBalanceHosts::keyword)
        : LoadBalanceHosts.DISABLE;
    int minProto = m.containsKey("min_protocol_version")
        ? Values.protocolVersion(m.get("min_protocol_version")) : ResolvedConfig.PROTOCOL_3_0;
    int maxProto = m.containsKey("max_protocol_version")
        ? Values.protocolVersion(m.get("max_protocol_version")) : ResolvedConfig.PROTOCOL_3_2;
    if (minProto > maxProto) {
      throw new ConfigException(
          "min_protocol_version " + versionText(minProto)
              + " is greater than max_protocol_version " + versionText(maxProto));
    }

    int cacheSize = intOr(m, "statement_cache_size", 0, ResolvedConfig.DEFAULT_STATEMENT_CACHE_SIZE);
    int depth = intOr(m, "pipeline_depth", 1, ResolvedConfig.DEFAULT_PIPELINE_DEPTH);
    int maxMessage = intOr(m, "max_message_size", ResolvedConfig.MIN_MAX_MESSAGE_SIZE, ResolvedConfig.DEFAULT_MAX_MESSAGE_SIZE);
    Optional<Duration> queryTimeout = m.containsKey("query_timeout")
        ? Values.seconds(m.get("query_timeout")) : Optional.empty();
    Optional<Duration> cancelTimeout = m.containsKey("cancel_timeout")
        ? Values.seconds(m.get("cancel_timeout"))
        : Optional.of(Duration.ofSeconds(ResolvedConfig.DEFAULT_CANCEL_TIMEOUT_SECONDS));
    Duration pinTimeout = m.containsKey("pin_timeout")
        ? Values.seconds(m.get("pin_timeout")).orElseThrow(() -> m.get("pin_timeout").invalid(
            "expected more than 0 seconds: a statement never waits without bound for another thread"))
        : Duration.ofSeconds(ResolvedConfig.DEFAULT_PIN_TIMEOUT_SECONDS);

    Optional<Path> passfile = passfile(m, env, d);
    Routing routing = Routing.resolve(m);

    Map<String, String> eff = new LinkedHashMap<>();
    for (Keys.Key k : Keys.all()) {
      Setting s = m.get(k.name());
      if (s != null) {
        eff.put(k.name(), s.value());
      }
    }
    if (hostS == null && hostaddrS == null) {
      eff.put("host", hosts.get(0) instanceof HostPort.UnixSocket u ? u.directory().toString() : "localhost");
    }
    eff.putIfAbsent("port", Integer.toString(LocalDefaults.DEFAULT_PORT));
    eff.putIfAbsent("dbname", dbname);
    eff.putIfAbsent("user", user);
    passfile.ifPresent(p -> eff.putIfAbsent("passfile", p.toString()));
    eff.putIfAbsent("connect_timeout", Integer.toString(ResolvedConfig.DEFAULT_CONNECT_TIMEOUT_SECONDS));
    eff.putIfAbsent("client_encoding", "UTF8");
    eff.putIfAbsent("keepalives", "1");
    eff.putIfAbsent("sslmode", sslMode.keyword());
    eff.putIfAbsent("sslnegotiation", negotiation.keyword());
    eff.putIfAbsent("sslsni", "1");
    eff.putIfAbsent("channel_binding", channelBinding.keyword());
    eff.putIfAbsent("target_session_attrs", tsa.keyword());
    eff.putIfAbsent("load_balance_hosts", lb.keyword());
    eff.putIfAbsent("min_protocol_version", versionText(minProto));
    eff.putIfAbsent("max_protocol_version", versionText(maxProto));
    eff.putIfAbsent("statement_cache_size", Integer.toString(cacheSize));
    eff.putIfAbsent("pipeline_depth", Integer.toString(depth));
    eff.putIfAbsent("max_message_size", Integer.toString(maxMessage));
    eff.putIfAbsent("cancel_timeout", Integer.toString(ResolvedConfig.DEFAULT_CANCEL_TIMEOUT_SECONDS));
    eff.putIfAbsent("pin_timeout", Integer.toString(ResolvedConfig.DEFAULT_PIN_TIMEOUT_SECONDS));
    routing.putDefaults(eff);
    Map<String, String> ordered = new LinkedHashMap<>();
    for (Keys.Key k : Keys.all()) {
      if (eff.containsKey(k.name())) {
        ordered.put(k.name(), eff.get(k.name()));
      }
    }

    return new ResolvedConfig(
        hosts, user, dbname, text(m, "password"), passfile, connectTimeout, text(m, "options"),
        text(m, "application_name").or(() -> text(m, "fallback_application_name")),
        keepalives, sslMode, negotiation, text(m, "sslcert"), text(m, "sslkey"),
        text(m, "sslpassword"), sslRootCert, text(m, "sslcrl"), sslSni, channelBinding,
        AuthMethods.allowed(m.get("require_auth")), tsa, lb, minProto, maxProto, cacheSize, depth,
        maxMessage, queryTimeout, cancelTimeout, pinTimeout, Collections.unmodifiableMap(ordered),
        Collections.unmodifiableSet(new java.util.LinkedHashSet<>(m.keySet())), routing);
  }

  /**
   * Checks every key and value (NUL characters, unknown keys) and applies precedence. A NUL would
   * end a value early in the startup packet and let the rest pose as further parameters.
   */
  private static Map<String, Setting> merge(Map<String, String> explicit, Map<String, String> env) {
    for (Map.Entry<String, String> e : explicit.entrySet()) {
      Keys.require(e.getKey());
      if (e.getValue() != null && e.getValue().indexOf('\0') >= 0) {
        throw new ConfigException("connection parameter \"" + e.getKey() + "\" contains a NUL character");
      }
    }
    Map<String, Setting> m = new LinkedHashMap<>();
    for (Keys.Key k : Keys.all()) {
      String v = explicit.get(k.name());
      if (v != null && !v.isEmpty()) {
        m.put(k.name(), new Setting(k.name(), v, null));
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

  private static int intOr(Map<String, Setting> m, String key, int min, int dflt) {
    return m.containsKey(key) ? Values.integer(m.get(key), min, Integer.MAX_VALUE) : dflt;
  }

  private static String versionText(int v) {
    return (v >>> 16) + "." + (v & 0xFFFF);
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
          s != null ? "invalid path in " + s.where() + ": \"" + s.value() + "\"" : "invalid home directory in HOME",
          e);
    }
  }

  /** libpq's {@code gssencmode}: {@code disable}, {@code prefer} (the default) or {@code require}. */
  private static void gssEncMode(Setting s) {
    switch (s.value()) {
      case "disable", "prefer", "require" -> { }
      default -> throw s.invalid("expected one of disable, prefer, require");
    }
  }
}
