package io.sluice;

import io.sluice.event.EventListener;
import io.sluice.internal.config.ConnectionStrings;
import io.sluice.internal.config.Keys;
import io.sluice.internal.config.LocalDefaults;
import io.sluice.internal.config.Param;
import io.sluice.types.Codec;
import io.sluice.types.NamedCodecs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds a {@link ConnectionConfig} from libpq keywords. Setters only record values; {@link
 * #build()} validates everything at once, exactly as {@link ConnectionConfig#parse} does. A null
 * or empty value removes a setting. Not thread-safe.
 */
public final class ConnectionConfigBuilder {
  private final Map<String, String> params = new LinkedHashMap<>();
  private Map<String, String> env;
  private LocalDefaults local;
  private EventListener listener;
  private NoticeHandler noticeHandler;
  private PasswordSupplier passwordSupplier;
  private OAuthTokenSupplier oauthTokenSupplier;
  private NamedCodecs codecs = NamedCodecs.NONE;

  ConnectionConfigBuilder() {}

  ConnectionConfigBuilder(Map<String, String> params, Map<String, String> env, LocalDefaults local,
      ConnectionConfig.Hooks hooks) {
    this.params.putAll(params);
    this.env = env;
    this.local = local;
    this.listener = hooks.listener();
    this.noticeHandler = hooks.noticeHandler();
    this.passwordSupplier = hooks.passwordSupplier();
    this.oauthTokenSupplier = hooks.oauthTokenSupplier();
    this.codecs = hooks.codecs();
  }

  /** Where the connections' (and a pool's) events go; null for none. See {@link EventListener}. */
  public ConnectionConfigBuilder listener(EventListener listener) {
    this.listener = listener;
    return this;
  }

  /** Where the server's notices go; null for the default (logged at DEBUG). See {@link NoticeHandler}. */
  public ConnectionConfigBuilder noticeHandler(NoticeHandler handler) {
    this.noticeHandler = handler;
    return this;
  }

  /** Sets a libpq keyword (or a Sluice one); an unknown keyword is a ConfigException at once. */
  public ConnectionConfigBuilder set(String key, String value) {
    Keys.require(key);
    if (value == null || value.isEmpty()) {
      params.remove(key);
    } else {
      params.put(key, value);
    }
    return this;
  }

  /** Sets several keywords, as {@link #set}. */
  public ConnectionConfigBuilder setAll(Map<String, String> parameters) {
    parameters.forEach(this::set);
    return this;
  }

  /** Sets every parameter of a URI, jdbc: URL or keyword/value string (see ConnectionConfig). */
  public ConnectionConfigBuilder connectionString(String s) {
    return setAll(ConnectionStrings.parse(s));
  }

  /** The environment to read instead of {@link System#getenv()}; pass {@code Map.of()} for none. */
  public ConnectionConfigBuilder environment(Map<String, String> environment) {
    this.env = Map.copyOf(environment);
    return this;
  }

  ConnectionConfigBuilder localDefaults(LocalDefaults d) {
    this.local = d;
    return this;
  }

  /** {@code host}: a name, IP address or socket directory, or a comma-separated list of them. */
  public ConnectionConfigBuilder host(String host) {
    return set("host", host);
  }

  /** {@code hostaddr}: numeric IP address(es), skipping DNS. */
  public ConnectionConfigBuilder hostaddr(String hostaddr) {
    return set("hostaddr", hostaddr);
  }

  public ConnectionConfigBuilder port(int port) {
    return set(Keys.PORT, port);
  }

  public ConnectionConfigBuilder user(String user) {
    return set("user", user);
  }

  public ConnectionConfigBuilder password(String password) {
    return set("password", password);
  }

  /**
   * Asks {@code supplier} for the password on every physical connection, in place of {@code
   * password} and the password file (see {@link PasswordSupplier}); null removes it.
   */
  public ConnectionConfigBuilder passwordSupplier(PasswordSupplier supplier) {
    this.passwordSupplier = supplier;
    return this;
  }

  /**
   * Asks {@code supplier} for a bearer token on every physical connection whose server asks for
   * OAuth (see {@link OAuthTokenSupplier}); null removes it.
   */
  public ConnectionConfigBuilder oauthTokenSupplier(OAuthTokenSupplier supplier) {
    this.oauthTokenSupplier = supplier;
    return this;
  }

  public ConnectionConfigBuilder database(String dbname) {
    return set("dbname", dbname);
  }

  public ConnectionConfigBuilder passfile(Path file) {
    return set(Keys.PASSFILE, file);
  }

  public ConnectionConfigBuilder applicationName(String name) {
    return set("application_name", name);
  }

  public ConnectionConfigBuilder options(String options) {
    return set("options", options);
  }

  public ConnectionConfigBuilder sslMode(SslMode mode) {
    return set(Keys.SSLMODE, mode);
  }

  public ConnectionConfigBuilder sslNegotiation(SslNegotiation negotiation) {
    return set(Keys.SSLNEGOTIATION, negotiation);
  }

  /** {@code sslrootcert}: a CA file, or {@code system}. */
  public ConnectionConfigBuilder sslRootCert(String rootCert) {
    return set("sslrootcert", rootCert);
  }

  public ConnectionConfigBuilder channelBinding(ChannelBindingMode mode) {
    return set(Keys.CHANNEL_BINDING, mode);
  }

  /** {@code require_auth}, e.g. {@code scram-sha-256} or {@code !password,!md5}. */
  public ConnectionConfigBuilder requireAuth(String methods) {
    return set("require_auth", methods);
  }

  public ConnectionConfigBuilder targetSessionAttrs(TargetSessionAttrs attrs) {
    return set(Keys.TARGET_SESSION_ATTRS, attrs);
  }

  public ConnectionConfigBuilder loadBalanceHosts(LoadBalanceHosts mode) {
    return set(Keys.LOAD_BALANCE_HOSTS, mode);
  }

  /**
   * {@code connect_timeout}, rounded up to whole seconds as libpq takes it; {@link Duration#ZERO}
   * means wait forever.
   */
  public ConnectionConfigBuilder connectTimeout(Duration timeout) {
    return set(Keys.CONNECT_TIMEOUT, nonNegative(Keys.CONNECT_TIMEOUT, timeout));
  }

  /** Sluice's {@code query_timeout}; {@link Duration#ZERO} means none. */
  public ConnectionConfigBuilder queryTimeout(Duration timeout) {
    return set(Keys.QUERY_TIMEOUT, nonNegative(Keys.QUERY_TIMEOUT, timeout));
  }

  /** Sluice's {@code cancel_timeout}; {@link Duration#ZERO} means none. */
  public ConnectionConfigBuilder cancelTimeout(Duration timeout) {
    return set(Keys.CANCEL_TIMEOUT, nonNegative(Keys.CANCEL_TIMEOUT, timeout));
  }

  public ConnectionConfigBuilder statementCacheSize(int size) {
    return set(Keys.STATEMENT_CACHE_SIZE, size);
  }

  public ConnectionConfigBuilder pipelineDepth(int depth) {
    return set(Keys.PIPELINE_DEPTH, depth);
  }

  public ConnectionConfigBuilder maxMessageSize(int bytes) {
    return set(Keys.MAX_MESSAGE_SIZE, bytes);
  }

  /**
   * Reads and writes the type named {@code typeName} with {@code codec} on every connection (see
   * {@link ConnectionConfig#withCodec}).
   */
  public ConnectionConfigBuilder codec(String typeName, Codec<?> codec) {
    codecs = codecs.with(typeName, codec);
    return this;
  }

  /** Validates and builds; throws {@link ConfigException} naming the first bad parameter. */
  public ConnectionConfig build() {
    return new ConnectionConfig(params, env != null ? env : System.getenv(),
        local != null ? local : LocalDefaults.system(),
        new ConnectionConfig.Hooks(listener, noticeHandler, passwordSupplier, codecs, oauthTokenSupplier));
  }

  /** Sets a key from its typed value, written as the key table writes it; null removes it. */
  <T> ConnectionConfigBuilder set(Param<T> key, T value) {
    return set(key.name(), value == null ? null : key.format(value));
  }

  private static Duration nonNegative(Param<Duration> key, Duration d) {
    if (d != null && d.isNegative()) {
      throw new ConfigException("invalid value for connection parameter \"" + key.name() + "\": " + d
          + " is negative");
    }
    return d;
  }
}
