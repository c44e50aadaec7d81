package io.sluice.internal.config;

import io.sluice.protocol.auth.AuthMethod;
import io.sluice.ChannelBindingMode;
import io.sluice.HostPort;
import io.sluice.LoadBalanceHosts;
import io.sluice.SslMode;
import io.sluice.SslNegotiation;
import io.sluice.TargetSessionAttrs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Every connection setting, validated and with defaults applied; produced by {@link Resolver}.
 * {@code io.sluice.ConnectionConfig} documents each field. Also carries {@code effective}, the
 * raw string form of every setting that has a value (given or default), and {@code given}, the
 * keys that were set explicitly or by the environment.
 */
public record ResolvedConfig(
    List<HostPort> hosts,
    String user,
    String dbname,
    Optional<String> password,
    Optional<Path> passfile,
    Optional<Duration> connectTimeout,
    Optional<String> options,
    Optional<String> applicationName,
    boolean keepalives,
    SslMode sslMode,
    SslNegotiation sslNegotiation,
    Optional<String> sslCert,
    Optional<String> sslKey,
    Optional<String> sslPassword,
    Optional<String> sslRootCert,
    Optional<String> sslCrl,
    boolean sslSni,
    ChannelBindingMode channelBinding,
    Set<AuthMethod> allowedAuthMethods,
    TargetSessionAttrs targetSessionAttrs,
    LoadBalanceHosts loadBalanceHosts,
    int minProtocolVersion,
    int maxProtocolVersion,
    int statementCacheSize,
    int pipelineDepth,
    int maxMessageSize,
    Optional<Duration> queryTimeout,
    Optional<Duration> cancelTimeout,
    Duration pinTimeout,
    Map<String, String> effective,
    Set<String> given,
    Routing routing) {

  /** Sluice's {@code connect_timeout} when none is given (libpq would wait forever). */
  public static final int DEFAULT_CONNECT_TIMEOUT_SECONDS = 30;
  public static final int DEFAULT_STATEMENT_CACHE_SIZE = 256;
  public static final int DEFAULT_PIPELINE_DEPTH = 256;
  public static final int DEFAULT_MAX_MESSAGE_SIZE = 1 << 30;
  /** The smallest {@code max_message_size} accepted: room for any startup-phase message. */
  public static final int MIN_MAX_MESSAGE_SIZE = 1024;
  public static final int DEFAULT_CANCEL_TIMEOUT_SECONDS = 10;
  /**
   * How long a statement waits for another thread's transaction, pinned session or exclusive
   * request (COPY, an open RowStream) on the same connection to end when it has no query_timeout.
   */
  public static final int DEFAULT_PIN_TIMEOUT_SECONDS = 30;
  /**
   * Protocol 3.0: also libpq 18's default max_protocol_version, since some poolers and proxies
   * fail outright on a 3.2 StartupMessage instead of answering NegotiateProtocolVersion.
   */
  public static final int PROTOCOL_3_0 = 3 << 16;
  public static final int PROTOCOL_3_2 = 3 << 16 | 2;
}
