package io.sluice.internal.session;

import io.sluice.ChannelBindingMode;
import io.sluice.ConfigException;
import io.sluice.ConnectionConfig;
import io.sluice.GssEncMode;
import io.sluice.HostPort;
import io.sluice.LoadBalanceHosts;
import io.sluice.SslMode;
import io.sluice.SslNegotiation;
import io.sluice.TargetSessionAttrs;
import io.sluice.internal.gss.GssConfig;
import io.sluice.internal.gss.GssSettings;
import io.sluice.internal.net.TlsSettings;
import io.sluice.internal.oauth.OAuthConfig;
import io.sluice.internal.oauth.OAuthSettings;
import io.sluice.protocol.MessageTracer;
import io.sluice.protocol.auth.AuthMethod;
import io.sluice.protocol.auth.ScramSha256;
import java.nio.file.Files;
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
 * What the connector acts on, made once from the public configuration ({@link #of}): where to go,
 * who to be, how to protect it. The connector, canceller and authenticator read the public
 * {@link SslMode}, {@link SslNegotiation}, {@link GssEncMode} and {@link ChannelBindingMode}
 * themselves; what is derived here is what libpq derives at connect time (the hosts' order, the
 * startup parameters, the TLS files).
 *
 * @param endpoints the hosts to try, in order ({@code load_balance_hosts=random}: shuffled)
 * @param password the password for an endpoint (supplied, explicit, or from the password file), or null
 * @param startup startup parameters beyond user and database (application_name, options, …)
 * @param tls what the handshake checks and presents; null with {@code sslmode=disable}
 * @param allowedAuth the authentication methods the server may use ({@code require_auth});
 *     {@link AuthMethod#NONE} allows a server that asks for no authentication at all
 * @param connectTimeoutNanos the budget for one endpoint, from TCP connect to ReadyForQuery; 0 none
 * @param minProtocolVersion the oldest protocol version accepted ({@code min_protocol_version})
 * @param maxProtocolVersion the protocol version to ask for
 * @param maxScramIterations the highest SCRAM iteration count accepted from a server
 * @param gss how to sign in when the server asks for GSSAPI (Kerberos)
 * @param oauth how to sign in when the server asks for an OAuth bearer token (OAUTHBEARER)
 */
public record ConnectPlan(
    List<HostPort> endpoints,
    String user,
    String database,
    Function<HostPort, String> password,
    Map<String, String> startup,
    SslMode sslMode,
    SslNegotiation sslNegotiation,
    TlsSettings tls,
    GssEncMode gssEncMode,
    ChannelBindingMode channelBinding,
    Set<AuthMethod> allowedAuth,
    long connectTimeoutNanos,
    int minProtocolVersion,
    int maxProtocolVersion,
    int maxMessageSize,
    int maxScramIterations,
    MessageTracer.Sink trace,
    TargetSessionAttrs targetSessionAttrs,
    GssSettings gss,
    OAuthSettings oauth) {

  /** The plan for connections made with {@code c}; {@code trace} sees every message (null: none). */
  public static ConnectPlan of(ConnectionConfig c, MessageTracer.Sink trace) {
    Map<String, String> startup = new LinkedHashMap<>();
    c.applicationName().ifPresent(v -> startup.put("application_name", v));
    c.options().ifPresent(v -> startup.put("options", v));
    startup.put("client_encoding", "UTF8");
    startup.put("DateStyle", "ISO");
    // shortest text that reads back as the same float (PostgreSQL 12+); exact digits before that
    startup.put("extra_float_digits", "3");
    // after the fixed ones: a TimeZone in options (-c TimeZone=…) is overridden by this, as the
    // server applies the startup packet's parameters after options (postinit.c, process_startup_options)
    c.timeZone().ifPresent(v -> startup.put("TimeZone", v));
    List<HostPort> hosts = new ArrayList<>(c.hosts());
    if (c.loadBalanceHosts() == LoadBalanceHosts.RANDOM) {
      Collections.shuffle(hosts);
    }
    return new ConnectPlan(List.copyOf(hosts), c.user(), c.database(), h -> c.passwordFor(h).orElse(null),
        startup, c.sslMode(), c.sslNegotiation(), tls(c), c.gssEncMode(), c.channelBinding(),
        c.allowedAuthMethods(), c.connectTimeout().map(Duration::toNanos).orElse(0L), c.minProtocolVersion(),
        c.maxProtocolVersion(),
        c.maxMessageSize(), ScramSha256.DEFAULT_MAX_ITERATIONS, trace, c.targetSessionAttrs(), GssConfig.from(c),
        OAuthConfig.from(c));
  }

  /**
   * The same plan with other start-up parameters and another choice of server: a replication
   * session adds {@code replication=database} and goes to a primary unless told otherwise.
   */
  public ConnectPlan withStartup(Map<String, String> startup, TargetSessionAttrs target) {
    return new ConnectPlan(endpoints, user, database, password, startup, sslMode, sslNegotiation, tls, gssEncMode,
        channelBinding, allowedAuth, connectTimeoutNanos, minProtocolVersion, maxProtocolVersion, maxMessageSize,
        maxScramIterations, trace, target, gss, oauth);
  }

  /** The same plan with another highest protocol version to ask for. */
  public ConnectPlan withMaxProtocolVersion(int version) {
    return new ConnectPlan(endpoints, user, database, password, startup, sslMode, sslNegotiation, tls, gssEncMode,
        channelBinding, allowedAuth, connectTimeoutNanos, minProtocolVersion, version, maxMessageSize,
        maxScramIterations, trace, targetSessionAttrs, gss, oauth);
  }

  /** {@code sslnegotiation=direct}: the TLS handshake starts at once, with no SSLRequest. */
  boolean directTls() {
    return sslNegotiation == SslNegotiation.DIRECT;
  }

  /**
   * libpq's rules: {@code sslrootcert} defaults to {@code ~/.postgresql/root.crt}; when that file
   * exists, every mode checks the chain (for {@code require} "for backwards compatibility");
   * verify-ca and verify-full without a root file are an error, never a silent downgrade. The
   * client certificate and key default to {@code ~/.postgresql/postgresql.crt} and {@code .key}.
   */
  private static TlsSettings tls(ConnectionConfig c) {
    if (c.sslMode() == SslMode.DISABLE) {
      return null;
    }
    Path pgDir = Path.of(System.getProperty("user.home"), ".postgresql");
    Optional<String> rootSetting = c.sslRootCert();
    boolean system = rootSetting.map("system"::equals).orElse(false);
    Path root = system ? null : rootSetting.map(Path::of).orElse(pgDir.resolve("root.crt"));
    boolean rootExists = root != null && Files.isReadable(root);
    boolean verifyChain = system || c.sslMode().verifiesCertificate() || rootExists;
    if (verifyChain && !system && !rootExists) {
      throw new ConfigException("sslmode=" + c.sslMode().keyword() + " needs a root certificate to check the server "
          + "against, but " + root + " does not exist or cannot be read: set sslrootcert to a CA file, "
          + "or sslrootcert=system for the JDK's trusted roots");
    }
    boolean verifyHostname = system || c.sslMode() == SslMode.VERIFY_FULL;
    Path cert = c.sslCert().map(Path::of).orElse(pgDir.resolve("postgresql.crt"));
    Path key = c.sslKey().map(Path::of).orElse(pgDir.resolve("postgresql.key"));
    return new TlsSettings(verifyChain, verifyHostname, root, system,
        Files.isReadable(cert) ? cert : null, key,
        c.sslPassword().map(String::toCharArray).orElse(null),
        c.sslNegotiation() == SslNegotiation.DIRECT);
  }
}
