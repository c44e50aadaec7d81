package io.sluice.internal.session;

import io.sluice.HostPort;
import io.sluice.internal.net.TlsSettings;
import io.sluice.protocol.MessageTracer;
import io.sluice.protocol.auth.AuthMethod;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Everything the connector needs, resolved from the public configuration: where to go, who to
 * be, how to protect it. Kept apart from {@code ConnectionConfig} so that the connection logic
 * does not depend on how settings are spelled.
 *
 * @param endpoints the hosts to try, in order
 * @param password the password for an endpoint (explicit, or from the password file), or null
 * @param startup startup parameters beyond user and database (application_name, options, …)
 * @param tlsMode how to negotiate TLS
 * @param tls what the handshake checks and presents
 * @param gssEncMode libpq's {@code gssencmode}: whether to ask for GSS encryption first
 * @param channelBinding SCRAM channel binding policy
 * @param allowedAuth the authentication methods the server may use ({@code require_auth});
 *     {@link AuthMethod#NONE} allows a server that asks for no authentication at all
 * @param connectTimeoutNanos the budget for one endpoint, from TCP connect to ReadyForQuery; 0 none
 * @param maxProtocolVersion the protocol version to ask for
 * @param maxScramIterations the highest SCRAM iteration count accepted from a server
 * @param gss how to sign in when the server asks for GSSAPI (Kerberos)
 * @param oauth how to sign in when the server asks for an OAuth bearer token (OAUTHBEARER)
 */
public record ConnectParams(
    List<HostPort> endpoints,
    String user,
    String database,
    Function<HostPort, String> password,
    Map<String, String> startup,
    TlsMode tlsMode,
    TlsSettings tls,
    GssEncMode gssEncMode,
    ChannelBindingPolicy channelBinding,
    Set<AuthMethod> allowedAuth,
    long connectTimeoutNanos,
    int maxProtocolVersion,
    int maxMessageSize,
    int maxScramIterations,
    MessageTracer.Sink trace,
    io.sluice.TargetSessionAttrs targetSessionAttrs,
    io.sluice.internal.gss.GssSettings gss,
    io.sluice.internal.oauth.OAuthSettings oauth) {

  /**
   * The same parameters with other start-up parameters and another choice of server: a replication
   * session adds {@code replication=database} and goes to a primary unless told otherwise.
   */
  public ConnectParams withStartup(Map<String, String> startup, io.sluice.TargetSessionAttrs target) {
    return new ConnectParams(endpoints, user, database, password, startup, tlsMode, tls, gssEncMode,
        channelBinding, allowedAuth, connectTimeoutNanos, maxProtocolVersion, maxMessageSize, maxScramIterations, trace,
        target, gss, oauth);
  }

  /** The same parameters with another highest protocol version to ask for. */
  public ConnectParams withMaxProtocolVersion(int version) {
    return new ConnectParams(endpoints, user, database, password, startup, tlsMode, tls, gssEncMode, channelBinding,
        allowedAuth, connectTimeoutNanos, version, maxMessageSize, maxScramIterations, trace, targetSessionAttrs, gss, oauth);
  }

  /** libpq's sslmode, as the connector acts on it. */
  public enum TlsMode { DISABLE, ALLOW, PREFER, REQUIRE, DIRECT_REQUIRE }

  /** libpq's gssencmode. */
  public enum GssEncMode { DISABLE, PREFER, REQUIRE }

  public enum ChannelBindingPolicy { DISABLE, PREFER, REQUIRE }
}
