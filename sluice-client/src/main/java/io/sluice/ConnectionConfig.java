package io.sluice;

import io.sluice.event.EventListener;
import io.sluice.protocol.auth.AuthMethod;
import io.sluice.internal.config.ConnectionStrings;
import io.sluice.internal.config.Keys;
import io.sluice.internal.config.LocalDefaults;
import io.sluice.internal.config.Passwords;
import io.sluice.internal.config.Resolver;
import io.sluice.internal.config.Settings;
import io.sluice.types.Codec;
import io.sluice.types.NamedCodecs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * How to connect to PostgreSQL: an immutable, fully validated value using libpq's parameter names
 * and semantics (PostgreSQL docs chapter 32.1 "Database Connection Control Functions", 32.15
 * "Environment Variables", 32.16 "The Password File").
 *
 * <p><b>Sources.</b> {@link #parse(String)} accepts {@code postgresql://} and {@code postgres://}
 * URIs, {@code jdbc:postgresql:} URLs (a small, documented subset of pgjdbc's parameters), and
 * libpq keyword/value strings ({@code host=db1 port=5433 dbname='my db'}); {@link #builder()},
 * {@link #of(Map)} and {@link #with(String, String)} take libpq keywords. Each parameter is the
 * explicit value, else its environment variable ({@code PGHOST}, {@code PGSSLMODE}, ...), else its
 * default; an empty value counts as not given. Every factory takes the environment as a parameter
 * (tests need not touch the real one); the overloads without it read {@link System#getenv()}.
 *
 * <p><b>Validation.</b> Everything is checked when the value is built, before any network
 * activity: unknown keywords (with a "did you mean" suggestion), ports, enumerated values, numbers,
 * list lengths, malformed URIs, and NUL characters (they would let a value smuggle extra startup
 * parameters). A {@link ConfigException} names the parameter and, unless it is secret, the value.
 *
 * <p><b>Hosts.</b> {@code host}, {@code hostaddr} and {@code port} may be comma-separated lists, as
 * in libpq (docs 32.1.1.3); a host starting with {@code /} is a Unix-socket directory; unlike
 * libpq, an empty item ({@code host=a,,b}) is an error rather than "the default host".
 *
 * <p><b>Defaults</b> are libpq's (host: the Unix socket directory {@code /var/run/postgresql} if
 * it exists, else {@code localhost}; user: the OS user; dbname: the user; sslmode {@code prefer},
 * {@code verify-full} with {@code sslrootcert=system}) except {@code max_protocol_version}
 * <i>3.2</i> (libpq 18: 3.0; a pooler that rejects a 3.2 startup with 08P01 is retried once with
 * 3.0) and {@code connect_timeout} <i>30 s</i> (libpq: none). Sluice's own parameters ({@code
 * statement_cache_size}, {@code pipeline_depth}, {@code max_message_size}, {@code query_timeout},
 * {@code cancel_timeout}, {@code pin_timeout}, the read routing ones; not in jdbc: URLs) are on
 * their getters. Every parameter and its default is in docs/connection-parameters.md.
 *
 * <p><b>Passwords.</b> {@link #password()} is the given password ({@code password} or {@code
 * PGPASSWORD}). The password file is read lazily, per host, by {@link #passwordFor(HostPort)} at
 * connect time, as libpq does. A {@link PasswordSupplier} ({@link #withPasswordSupplier}) takes the
 * place of both and is called at each physical connect, for tokens that expire. {@link
 * #toString()}, {@link #toMap(boolean) toMap(false)} and every exception message show {@code
 * password} and {@code sslpassword} as {@code ***} or not at all. Equality compares every
 * effective setting, secrets included.
 *
 * <p><b>Hooks.</b> A {@link EventListener} ({@link #withListener}), a {@link NoticeHandler}
 * ({@link #withNoticeHandler}), a {@link PasswordSupplier} ({@link #withPasswordSupplier}) and
 * codecs by type name ({@link #withCodec}) travel with the configuration to every connection made
 * with it; they are not settings, so equality and {@link #toMap} leave them out ({@link #toString}
 * says only that passwords come from a supplier).
 */
public final class ConnectionConfig {
  private final Map<String, String> explicit; // the given strings; with env and local, the whole source
  private final Map<String, String> env;
  private final LocalDefaults local;
  private final Settings s; // every value by key (Keys), and the strings toMap, equals and get show
  private final Hooks hooks; // not settings: code carried to every connection made with it

  /** Validates everything; {@link ConnectionConfigBuilder#build()} calls this too. */
  ConnectionConfig(Map<String, String> explicit, Map<String, String> env, LocalDefaults local, Hooks hooks) {
    this.hooks = hooks;
    this.explicit = Resolver.given(explicit);
    this.env = Resolver.relevantEnv(env);
    this.local = local;
    this.s = Resolver.resolve(this.explicit, this.env, local);
  }

  /** Parses a URI, jdbc: URL or keyword/value string, beneath which the process environment applies. */
  public static ConnectionConfig parse(String connectionString) {
    return parse(connectionString, System.getenv());
  }

  /** As {@link #parse(String)}, with {@code environment} in place of the process environment. */
  public static ConnectionConfig parse(String connectionString, Map<String, String> environment) {
    return parse(connectionString, environment, LocalDefaults.system());
  }

  static ConnectionConfig parse(String s, Map<String, String> environment, LocalDefaults local) {
    return new ConnectionConfig(ConnectionStrings.parse(s), environment, local, Hooks.NONE);
  }

  /**
   * What a configuration carries that is code, not a connection setting (no keyword, not in {@link
   * #toMap}, {@link #equals} or {@link #toString}), carried along by every copy: where events and
   * notices go, where passwords come from, which codecs types given by name get.
   */
  record Hooks(EventListener listener, NoticeHandler noticeHandler, PasswordSupplier passwordSupplier,
      NamedCodecs codecs, OAuthTokenSupplier oauthTokenSupplier) {
    static final Hooks NONE = new Hooks(null, null, null, NamedCodecs.NONE, null);
  }

  /** From libpq keywords and values, beneath which the process environment applies. */
  public static ConnectionConfig of(Map<String, String> parameters) {
    return of(parameters, System.getenv());
  }

  /** From libpq keywords and values, with {@code environment} in place of the process one. */
  public static ConnectionConfig of(Map<String, String> parameters, Map<String, String> environment) {
    return new ConnectionConfig(parameters, environment, LocalDefaults.system(), Hooks.NONE);
  }

  /**
   * A builder; unless {@link ConnectionConfigBuilder#environment} is called, {@code build()} reads
   * the process environment.
   */
  public static ConnectionConfigBuilder builder() {
    return new ConnectionConfigBuilder();
  }

  /** A builder holding this configuration's explicit parameters, environment, listener and notice handler. */
  public ConnectionConfigBuilder toBuilder() {
    return new ConnectionConfigBuilder(explicit, env, local, hooks);
  }

  /** A copy with one change made by the builder's setter: each key is set in one place, the builder. */
  private ConnectionConfig with(UnaryOperator<ConnectionConfigBuilder> change) {
    return change.apply(toBuilder()).build();
  }

  /**
   * A copy whose connections (and pool) report their events to {@code listener}; null for none.
   * See {@link EventListener}.
   */
  public ConnectionConfig withListener(EventListener listener) {
    return with(b -> b.listener(listener));
  }

  /**
   * A copy whose connections hand the server's notices to {@code handler}; null for the default
   * (logged at DEBUG). See {@link NoticeHandler}.
   */
  public ConnectionConfig withNoticeHandler(NoticeHandler handler) {
    return with(b -> b.noticeHandler(handler));
  }

  /** The listener events go to, if one is set. */
  public Optional<EventListener> listener() {
    return Optional.ofNullable(hooks.listener());
  }

  /** The handler notices go to, if one is set (else they are logged at DEBUG). */
  public Optional<NoticeHandler> noticeHandler() {
    return Optional.ofNullable(hooks.noticeHandler());
  }

  /**
   * A copy whose connections read and write the type named {@code typeName} with {@code codec}:
   * each connection finds the type's OID in {@code pg_type} when it opens (so the type may be an
   * extension's, an enum, a composite or a domain, with different OIDs in different databases)
   * and uses the codec for it, for its array type, and for parameters of the codec's Java class.
   * A connection to a database without the type fails to open, naming it. Codecs are not
   * settings: {@link #equals}, {@link #toMap} and {@link #toString} leave them out.
   */
  public ConnectionConfig withCodec(String typeName, Codec<?> codec) {
    return with(b -> b.codec(typeName, codec));
  }

  /** The codecs given by type name ({@link #withCodec}); {@link NamedCodecs#NONE} by default. */
  public NamedCodecs codecs() {
    return hooks.codecs();
  }

  /**
   * A copy with one libpq keyword set (validated as everywhere else); a null or empty value
   * removes the explicit setting, so the environment or default applies again.
   */
  public ConnectionConfig with(String key, String value) {
    return with(b -> b.set(key, value));
  }

  /** A copy with several keywords set, as {@link #with(String, String)}. */
  public ConnectionConfig with(Map<String, String> parameters) {
    return with(b -> b.setAll(parameters));
  }

  public ConnectionConfig withHost(String host) {
    return with(b -> b.host(host));
  }

  public ConnectionConfig withPort(int port) {
    return with(b -> b.port(port));
  }

  public ConnectionConfig withUser(String user) {
    return with(b -> b.user(user));
  }

  public ConnectionConfig withPassword(String password) {
    return with(b -> b.password(password));
  }

  /**
   * A copy that asks {@code supplier} for the password on every physical connection (see {@link
   * PasswordSupplier}); null removes it.
   */
  public ConnectionConfig withPasswordSupplier(PasswordSupplier supplier) {
    return with(b -> b.passwordSupplier(supplier));
  }

  public ConnectionConfig withDatabase(String dbname) {
    return with(b -> b.database(dbname));
  }

  public ConnectionConfig withSslMode(SslMode mode) {
    return with(b -> b.sslMode(Objects.requireNonNull(mode, "mode")));
  }

  /**
   * The hosts to try, in the order given (shuffling for {@code load_balance_hosts=random} is the
   * connector's job). Never empty.
   */
  public List<HostPort> hosts() {
    return s.get(Keys.HOST);
  }

  /** {@code user}: the role to log in as. */
  public String user() {
    return s.get(Keys.USER);
  }

  /** {@code dbname}: the database. */
  public String database() {
    return s.get(Keys.DBNAME);
  }

  /** The password given by {@code password} or {@code PGPASSWORD}; not the password file. */
  public Optional<String> password() {
    return s.optional(Keys.PASSWORD);
  }

  /**
   * The password to use for {@code host}: the {@link #withPasswordSupplier supplier}'s (called
   * now), else the given one, else the first matching line of the
   * password file ({@code passfile}, {@code PGPASSFILE} or {@code ~/.pgpass}; read now, at each
   * call; ignored with a warning if group- or world-accessible).
   */
  public Optional<String> passwordFor(HostPort host) {
    return Passwords.forHost(s, local.windows(), hooks.passwordSupplier(), host);
  }

  /**
   * A copy that asks {@code supplier} for a bearer token on every physical connection whose
   * server asks for OAuth (see {@link OAuthTokenSupplier}); null removes it.
   */
  public ConnectionConfig withOAuthTokenSupplier(OAuthTokenSupplier supplier) {
    return with(b -> b.oauthTokenSupplier(supplier));
  }

  /** The supplier set by {@link #withOAuthTokenSupplier}, if any. */
  public Optional<OAuthTokenSupplier> oauthTokenSupplier() {
    return Optional.ofNullable(hooks.oauthTokenSupplier());
  }

  /** The supplier set by {@link #withPasswordSupplier}, if any. */
  public Optional<PasswordSupplier> passwordSupplier() {
    return Optional.ofNullable(hooks.passwordSupplier());
  }

  /** The password file that {@link #passwordFor} reads, if a home directory is known. */
  public Optional<Path> passfile() {
    return s.optional(Keys.PASSFILE);
  }

  /**
   * {@code connect_timeout}, per host: empty means wait forever (an explicit 0 or negative, as in
   * libpq); absent means Sluice's default of 30 s. It applies to each host (and address) in turn.
   */
  public Optional<Duration> connectTimeout() {
    return s.optional(Keys.CONNECT_TIMEOUT);
  }

  /** {@code options}: command-line options sent to the server, e.g. {@code -c geqo=off}. */
  public Optional<String> options() {
    return s.optional(Keys.OPTIONS);
  }

  /** {@code timezone}: the session's {@code TimeZone}, sent in the startup message; none by default. */
  public Optional<String> timeZone() {
    return s.optional(Keys.TIMEZONE);
  }

  /** {@code application_name}, else {@code fallback_application_name}. */
  public Optional<String> applicationName() {
    return s.optional(Keys.APPLICATION_NAME);
  }

  /** {@code keepalives}: whether TCP keepalives are enabled (default true). */
  public boolean keepalives() {
    return s.get(Keys.KEEPALIVES);
  }

  public SslMode sslMode() {
    return s.get(Keys.SSLMODE);
  }

  public SslNegotiation sslNegotiation() {
    return s.get(Keys.SSLNEGOTIATION);
  }

  /** {@code sslcert}: the client certificate file (libpq's default is resolved by the TLS layer). */
  public Optional<String> sslCert() {
    return s.optional(Keys.SSLCERT);
  }

  /** {@code sslkey}: the client key file. */
  public Optional<String> sslKey() {
    return s.optional(Keys.SSLKEY);
  }

  /** {@code sslpassword}: the client key's passphrase. Secret. */
  public Optional<String> sslPassword() {
    return s.optional(Keys.SSLPASSWORD);
  }

  /** {@code sslrootcert}: a CA file, or {@code system} for the JDK's trusted roots. */
  public Optional<String> sslRootCert() {
    return s.optional(Keys.SSLROOTCERT);
  }

  /** {@code sslcrl}: a certificate revocation list file. */
  public Optional<String> sslCrl() {
    return s.optional(Keys.SSLCRL);
  }

  /** {@code sslsni}: whether to send the host name in TLS SNI (default true). */
  public boolean sslSni() {
    return s.get(Keys.SSLSNI);
  }

  /** {@code gssencmode}: whether to ask for GSS encryption first (default prefer). */
  public GssEncMode gssEncMode() {
    return s.get(Keys.GSSENCMODE);
  }

  public ChannelBindingMode channelBinding() {
    return s.get(Keys.CHANNEL_BINDING);
  }

  /**
   * The authentication methods the server may use, from {@code require_auth}: every method when
   * it is not set; {@link AuthMethod#NONE} in the set means the server may skip authentication.
   */
  public Set<AuthMethod> allowedAuthMethods() {
    return s.get(Keys.REQUIRE_AUTH);
  }

  public TargetSessionAttrs targetSessionAttrs() {
    return s.get(Keys.TARGET_SESSION_ATTRS);
  }

  public LoadBalanceHosts loadBalanceHosts() {
    return s.get(Keys.LOAD_BALANCE_HOSTS);
  }

  /** {@code min_protocol_version} as the wire code {@code major << 16 | minor} (3.0 = 196608). */
  public int minProtocolVersion() {
    return s.get(Keys.MIN_PROTOCOL_VERSION);
  }

  /** {@code max_protocol_version} as the wire code; the version requested in StartupMessage. */
  public int maxProtocolVersion() {
    return s.get(Keys.MAX_PROTOCOL_VERSION);
  }

  /** Sluice's {@code statement_cache_size}: prepared statements kept per connection (default 256; 0: none). */
  public int statementCacheSize() {
    return s.get(Keys.STATEMENT_CACHE_SIZE);
  }

  /** Sluice's {@code pipeline_depth}: requests in flight per connection (default 256; 1: no pipelining). */
  public int pipelineDepth() {
    return s.get(Keys.PIPELINE_DEPTH);
  }

  /** Sluice's {@code max_message_size}: the largest backend message accepted (bytes, ≥ 1024, default 1 GiB). */
  public int maxMessageSize() {
    return s.get(Keys.MAX_MESSAGE_SIZE);
  }

  /** Sluice's {@code query_timeout} (seconds, decimals allowed); empty (the default, or 0) means none. */
  public Optional<Duration> queryTimeout() {
    return s.optional(Keys.QUERY_TIMEOUT);
  }

  /**
   * Sluice's {@code pin_timeout}: how long a statement without a {@code query_timeout} waits for
   * another thread's transaction, pinned session or exclusive request on the same connection
   * (default 30 s; more than 0).
   */
  public Duration pinTimeout() {
    return s.get(Keys.PIN_TIMEOUT);
  }

  /**
   * Sluice's {@code pooler_mode} (default {@code none}): the pool mode of a pooler in front of the
   * server; {@code transaction} and {@code statement} mean unnamed statements and no session state.
   */
  public PoolerMode poolerMode() {
    return s.get(Keys.POOLER_MODE);
  }

  /**
   * Sluice's {@code read_routing}: where a {@link Pool} sends read-only work; {@link
   * ReadRouting#PRIMARY} (the default) routes nothing.
   */
  public ReadRouting readRouting() {
    return s.get(Keys.READ_ROUTING);
  }

  /** Sluice's {@code max_standby_lag} (default 5 s): a standby lagging more gets no reads. */
  public Duration maxStandbyLag() {
    return s.get(Keys.MAX_STANDBY_LAG);
  }

  /**
   * Sluice's {@code read_your_writes}: on by default when {@link #readRouting()} routes, off (and
   * not to be given) when it does not.
   */
  public boolean readYourWrites() {
    return s.get(Keys.READ_YOUR_WRITES);
  }

  /**
   * Sluice's {@code cancel_timeout}: how long to wait for a cancel request (default 10 s); empty
   * when given as 0, which the engine takes as the default (no wait is unbounded).
   */
  public Optional<Duration> cancelTimeout() {
    return s.optional(Keys.CANCEL_TIMEOUT);
  }

  /**
   * The effective raw value of a libpq keyword (given, from the environment, or a default), as
   * in {@link #toMap}. Secrets are returned as they are. Unknown keywords are a ConfigException.
   */
  public Optional<String> get(String key) {
    Keys.require(key);
    return Optional.ofNullable(s.effective().get(key));
  }

  /**
   * Every parameter that has a value (given, from the environment, or a default) as libpq keyword
   * to string, in a stable order; without secrets, {@code password} and {@code sslpassword} read
   * {@code ***}.
   */
  public Map<String, String> toMap(boolean includeSecrets) {
    Map<String, String> out = new LinkedHashMap<>(s.effective());
    if (!includeSecrets) {
      out.replaceAll((k, v) -> Keys.isSecret(k) ? "***" : v);
    }
    return java.util.Collections.unmodifiableMap(out);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ConnectionConfig c && s.effective().equals(c.s.effective());
  }

  @Override
  public int hashCode() {
    return s.effective().hashCode();
  }

  /**
   * A keyword/value string of the hosts, user, database and every parameter that was given or came
   * from the environment; secrets read {@code ***}.
   */
  @Override
  public String toString() {
    String supplier = hooks.passwordSupplier() == null ? "" : "password=(from a supplier)";
    String given = ConnectionStrings.keywordValue(toMap(false), s.given());
    return "ConnectionConfig[" + given + (given.isEmpty() || supplier.isEmpty() ? "" : " ") + supplier + "]";
  }
}
