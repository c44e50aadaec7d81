package io.sluice.internal.config;

import io.sluice.ChannelBindingMode;
import io.sluice.ConfigException;
import io.sluice.GssEncMode;
import io.sluice.HostPort;
import io.sluice.LoadBalanceHosts;
import io.sluice.ReadRouting;
import io.sluice.SslMode;
import io.sluice.SslNegotiation;
import io.sluice.TargetSessionAttrs;
import io.sluice.protocol.auth.AuthMethod;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The table of connection parameters Sluice accepts: libpq's keywords (PostgreSQL docs 32.1.2,
 * the {@code PQconninfoOptions} table in libpq's {@code fe-connect.c}) with the environment
 * variable that supplies each one's default (docs 32.15), plus Sluice's own settings. Each row
 * is typed: how its value is parsed, its default (written here and nowhere else) and how a value
 * is written back.
 */
public final class Keys {
  private Keys() {}

  /** What code listing the parameters sees of one; each is a {@link Param} with its type. */
  public interface Key {
    /** The keyword, as in libpq. */
    String name();

    /** The environment variable read when the parameter is not given, or null. */
    String envVar();

    /** Whether the value must never be shown (toString, messages, logs). */
    boolean secret();

    /** Whether this is a Sluice setting rather than a libpq one. */
    boolean sluice();
  }

  private static final Map<String, Param<?>> KEYS = new LinkedHashMap<>();

  private static <T> Param<T> add(String name, String envVar, boolean secret, boolean sluice, Param.Parser<T> parse,
      T fallback, Function<T, String> format) {
    Param<T> k = new Param<>(name, envVar, secret, sluice, KEYS.size(), parse, fallback, format);
    KEYS.put(name, k);
    return k;
  }

  /** A libpq parameter. */
  private static <T> Param<T> libpq(String name, String envVar, Param.Parser<T> parse, T fallback,
      Function<T, String> format) {
    return add(name, envVar, false, false, parse, fallback, format);
  }

  /** A libpq parameter taken as given, with no default. */
  private static Param<String> text(String name, String envVar) {
    return add(name, envVar, false, false, Setting::value, null, null);
  }

  /** A secret libpq parameter: never shown, and never written back by {@code toMap}'s defaults. */
  private static Param<String> secret(String name, String envVar) {
    return add(name, envVar, true, false, Setting::value, null, null);
  }

  /** One of Sluice's own parameters. */
  private static <T> Param<T> sluice(String name, String envVar, Param.Parser<T> parse, T fallback,
      Function<T, String> format) {
    return add(name, envVar, false, true, parse, fallback, format);
  }

  private static <E extends Enum<E>> Param.Parser<E> oneOf(E[] values, Function<E, String> keyword) {
    return s -> Values.oneOf(s, values, keyword);
  }

  private static String flag(boolean b) {
    return b ? "1" : "0";
  }

  // A null parser: the Resolver derives the value from this and other parameters (commented there).

  /** The hosts to try, from {@code host}, {@code hostaddr} and {@code port} ({@link Hosts}). */
  public static final Param<List<HostPort>> HOST = libpq("host", "PGHOST", null, null, null);
  public static final Param<String> HOSTADDR = text("hostaddr", "PGHOSTADDR");
  /**
   * libpq's {@code DEF_PGPORT}: the port of a host that has none. The given value is a list,
   * resolved into {@link #HOST}.
   */
  public static final Param<Integer> PORT = libpq("port", "PGPORT", null, 5432, String::valueOf);
  /** Defaults to the user. */
  public static final Param<String> DBNAME = libpq("dbname", "PGDATABASE", Setting::value, null, s -> s);
  /** Defaults to the operating-system user. */
  public static final Param<String> USER = libpq("user", "PGUSER", Setting::value, null, s -> s);
  public static final Param<String> PASSWORD = secret("password", "PGPASSWORD");
  /** Defaults to {@code ~/.pgpass} or {@code %APPDATA%\postgresql\pgpass.conf}. */
  public static final Param<Path> PASSFILE = libpq("passfile", "PGPASSFILE", null, null, Path::toString);
  /** A section of the connection service file whose parameters are defaults ({@link ServiceFile}). */
  public static final Param<String> SERVICE = text("service", "PGSERVICE");
  /** The per-user service file (PostgreSQL 18's libpq keyword), else {@code PGSERVICEFILE}, else {@code ~/.pg_service.conf}. */
  public static final Param<String> SERVICEFILE = text("servicefile", "PGSERVICEFILE");
  /**
   * Sluice's default is 30 s (libpq waits forever); zero or negative waits forever (libpq's {@code
   * pqConnectDBComplete}), resolved as null. Written as whole seconds, rounded up as libpq takes it.
   */
  public static final Param<Duration> CONNECT_TIMEOUT = libpq("connect_timeout", "PGCONNECT_TIMEOUT", s -> {
    int t = Values.integer(s, Integer.MIN_VALUE, Integer.MAX_VALUE);
    return t <= 0 ? null : Duration.ofSeconds(t);
  }, Duration.ofSeconds(30), d -> Long.toString(d.getSeconds() + (d.getNano() > 0 ? 1 : 0)));
  public static final Param<String> CLIENT_ENCODING =
      libpq("client_encoding", "PGCLIENTENCODING", Values::utf8Only, "UTF8", s -> s);
  public static final Param<String> OPTIONS = text("options", "PGOPTIONS");
  /** Resolved as {@code application_name}, else {@code fallback_application_name}. */
  public static final Param<String> APPLICATION_NAME = text("application_name", "PGAPPNAME");
  public static final Param<String> FALLBACK_APPLICATION_NAME = text("fallback_application_name", null);
  public static final Param<Boolean> KEEPALIVES = libpq("keepalives", null,
      s -> Values.integer(s, Integer.MIN_VALUE, Integer.MAX_VALUE) != 0, true, Keys::flag);
  /** Defaults to {@code verify-full} with {@code sslrootcert=system} (libpq's {@code conninfo_add_defaults}). */
  public static final Param<SslMode> SSLMODE =
      libpq("sslmode", "PGSSLMODE", oneOf(SslMode.values(), SslMode::keyword), SslMode.PREFER, SslMode::keyword);
  public static final Param<SslNegotiation> SSLNEGOTIATION = libpq("sslnegotiation", "PGSSLNEGOTIATION",
      oneOf(SslNegotiation.values(), SslNegotiation::keyword), SslNegotiation.POSTGRES, SslNegotiation::keyword);
  public static final Param<String> SSLCERT = text("sslcert", "PGSSLCERT");
  public static final Param<String> SSLKEY = text("sslkey", "PGSSLKEY");
  public static final Param<String> SSLPASSWORD = secret("sslpassword", null);
  public static final Param<String> SSLROOTCERT = text("sslrootcert", "PGSSLROOTCERT");
  public static final Param<String> SSLCRL = text("sslcrl", "PGSSLCRL");
  public static final Param<Boolean> SSLSNI = libpq("sslsni", "PGSSLSNI", Values::flag, true, Keys::flag);
  public static final Param<ChannelBindingMode> CHANNEL_BINDING = libpq("channel_binding", "PGCHANNELBINDING",
      oneOf(ChannelBindingMode.values(), ChannelBindingMode::keyword), ChannelBindingMode.PREFER,
      ChannelBindingMode::keyword);
  /** Not shown by {@code toMap} when not given (libpq's {@code PQconninfo} shows it; Sluice never did). */
  public static final Param<GssEncMode> GSSENCMODE = libpq("gssencmode", "PGGSSENCMODE",
      oneOf(GssEncMode.values(), GssEncMode::keyword), GssEncMode.PREFER, null);
  /** Every method when not given ({@link AuthMethods}). */
  public static final Param<Set<AuthMethod>> REQUIRE_AUTH = libpq("require_auth", "PGREQUIREAUTH",
      AuthMethods::allowed, AuthMethods.ALL, null);
  public static final Param<TargetSessionAttrs> TARGET_SESSION_ATTRS = libpq("target_session_attrs",
      "PGTARGETSESSIONATTRS", oneOf(TargetSessionAttrs.values(), TargetSessionAttrs::keyword),
      TargetSessionAttrs.ANY, TargetSessionAttrs::keyword);
  public static final Param<LoadBalanceHosts> LOAD_BALANCE_HOSTS = libpq("load_balance_hosts",
      "PGLOADBALANCEHOSTS", oneOf(LoadBalanceHosts.values(), LoadBalanceHosts::keyword), LoadBalanceHosts.DISABLE,
      LoadBalanceHosts::keyword);
  /** As the wire code {@code major << 16 | minor}. */
  public static final Param<Integer> MIN_PROTOCOL_VERSION = libpq("min_protocol_version", "PGMINPROTOCOLVERSION",
      Values::protocolVersion, Values.PROTOCOL_3_0, Values::versionText);
  /**
   * Sluice asks for 3.2 by default (libpq 18: 3.0, since some poolers and proxies fail outright on a
   * 3.2 StartupMessage instead of answering NegotiateProtocolVersion; Sluice retries those once).
   */
  public static final Param<Integer> MAX_PROTOCOL_VERSION = libpq("max_protocol_version", "PGMAXPROTOCOLVERSION",
      Values::protocolVersion, Values.PROTOCOL_3_2, Values::versionText);
  /** libpq's default is {@code PG_KRB_SRVNAM}; not shown by {@code toMap} when not given. */
  public static final Param<String> KRBSRVNAME =
      libpq("krbsrvname", "PGKRBSRVNAME", GssValues::service, "postgres", null);
  public static final Param<String> GSSLIB = libpq("gsslib", "PGGSSLIB", GssValues::library, null, null);
  // PostgreSQL 18's OAuth (libpq has no environment variables for these)
  public static final Param<String> OAUTH_ISSUER = text("oauth_issuer", null);
  public static final Param<String> OAUTH_CLIENT_ID = text("oauth_client_id", null);
  public static final Param<String> OAUTH_CLIENT_SECRET = secret("oauth_client_secret", null);
  public static final Param<String> OAUTH_SCOPE = text("oauth_scope", null);

  /** Prepared statements kept per connection; 0 disables the cache. */
  public static final Param<Integer> STATEMENT_CACHE_SIZE = sluice("statement_cache_size", null,
      s -> Values.integer(s, 0, Integer.MAX_VALUE), 256, String::valueOf);
  /** The pool mode of a pooler in front of the server (PgBouncer's {@code pool_mode}); none by default. */
  public static final Param<io.sluice.PoolerMode> POOLER_MODE = sluice("pooler_mode", null,
      oneOf(io.sluice.PoolerMode.values(), io.sluice.PoolerMode::keyword), io.sluice.PoolerMode.NONE,
      io.sluice.PoolerMode::keyword);
  /** Requests in flight per connection; 1 disables pipelining. */
  public static final Param<Integer> PIPELINE_DEPTH = sluice("pipeline_depth", null,
      s -> Values.integer(s, 1, Integer.MAX_VALUE), 256, String::valueOf);
  /** The largest backend message accepted, in bytes; at least room for any startup-phase message. */
  public static final Param<Integer> MAX_MESSAGE_SIZE = sluice("max_message_size", null,
      s -> Values.integer(s, 1024, Integer.MAX_VALUE), 1 << 30, String::valueOf);
  /** None by default; 0 (resolved as null) means none. */
  public static final Param<Duration> QUERY_TIMEOUT = sluice("query_timeout", null,
      s -> Values.seconds(s).orElse(null), null, Values::secondsText);
  /** How long to wait for a cancel request; 0 (resolved as null) means no limit. */
  public static final Param<Duration> CANCEL_TIMEOUT = sluice("cancel_timeout", null,
      s -> Values.seconds(s).orElse(null), Duration.ofSeconds(10), Values::secondsText);
  /**
   * How long a statement waits for another thread's transaction, pinned session or exclusive
   * request (COPY, an open RowStream) on the same connection to end when it has no query_timeout.
   */
  public static final Param<Duration> PIN_TIMEOUT = sluice("pin_timeout", null,
      s -> Values.seconds(s).orElseThrow(() -> s.invalid(
          "expected more than 0 seconds: a statement never waits without bound for another thread")),
      Duration.ofSeconds(30), Values::secondsText);
  /**
   * The session's {@code TimeZone}, sent in the startup message as libpq sends {@code PGTZ}
   * ({@code build_startup_packet}'s environment options); the JDBC driver sets the JVM's zone.
   */
  public static final Param<String> TIMEZONE = sluice("timezone", "PGTZ", Setting::value, null, null);
  // a pool over a primary and its standbys, resolved together by Routing
  public static final Param<ReadRouting> READ_ROUTING =
      sluice("read_routing", null, null, ReadRouting.PRIMARY, ReadRouting::keyword);
  /** Shown by {@code toMap} only when reads are routed ({@link Routing}). */
  public static final Param<Duration> MAX_STANDBY_LAG =
      sluice("max_standby_lag", null, null, Duration.ofSeconds(5), null);
  /** On when reads are routed, off (and not to be given) when not. */
  public static final Param<Boolean> READ_YOUR_WRITES = sluice("read_your_writes", null, null, true, null);
  // Kerberos sign-in beyond libpq's keywords: where the JDK finds the credentials (GssSettings)
  public static final Param<String> GSS_TICKET_CACHE =
      sluice("gss_ticket_cache", "KRB5CCNAME", Setting::value, null, null);
  public static final Param<String> GSS_KEYTAB = sluice("gss_keytab", null, Setting::value, null, null);
  public static final Param<String> GSS_PRINCIPAL = sluice("gss_principal", null, Setting::value, null, null);
  public static final Param<String> JAAS_APPLICATION_NAME =
      sluice("jaas_application_name", null, Setting::value, null, null);

  /** Every parameter, libpq's first, in a stable order (each one's {@code index} is its position). */
  static List<Param<?>> params() {
    return List.copyOf(KEYS.values());
  }

  /** Every accepted parameter, libpq's first, in a stable order. */
  public static List<Key> all() {
    return List.copyOf(KEYS.values());
  }

  /** How many parameters there are: the size of a {@link Settings}. */
  static int count() {
    return KEYS.size();
  }

  /** The parameter with this exact (case-sensitive, as libpq) name, if it is accepted. */
  public static Optional<Key> find(String name) {
    return Optional.ofNullable(KEYS.get(name));
  }

  /** Whether values of this parameter must never be shown. */
  public static boolean isSecret(String name) {
    Key k = KEYS.get(name);
    return k != null && k.secret();
  }

  /** The environment variables that supply defaults, in table order. */
  public static List<String> envVars() {
    List<String> out = new ArrayList<>();
    for (Key k : KEYS.values()) {
      if (k.envVar() != null) {
        out.add(k.envVar());
      }
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * Returns the key, or throws naming the unknown parameter (at most a bounded prefix of it) and,
   * when one is within edit distance 2, the accepted parameter it was probably meant to be
   * ({@link Suggestions}, whose work is bounded). The message never shows a value.
   */
  public static Param<?> require(String name) {
    if (name.indexOf('\0') >= 0) {
      throw new ConfigException("a connection parameter name contains a NUL character");
    }
    Param<?> k = KEYS.get(name);
    if (k != null) {
      return k;
    }
    String msg = "unknown connection parameter " + Excerpt.quoted(name);
    String near = Suggestions.nearest(name, KEYS.keySet());
    if (near != null) {
      msg += " (did you mean \"" + near + "\"?)";
    }
    throw new ConfigException(msg);
  }
}
