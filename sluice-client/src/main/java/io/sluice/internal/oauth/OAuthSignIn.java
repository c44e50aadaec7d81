package io.sluice.internal.oauth;

import io.sluice.AuthenticationException;
import io.sluice.ConnectionException;
import io.sluice.HostPort;
import io.sluice.OAuthTokenRequest;
import io.sluice.ServerException;
import io.sluice.SluiceException.Outcome;
import io.sluice.protocol.auth.AuthExchangeException;
import io.sluice.protocol.auth.OAuthBearer;
import io.sluice.protocol.auth.OAuthBearer.ServerError;

/**
 * One OAUTHBEARER exchange (PostgreSQL 18), from the first response to AuthenticationOk or the
 * server's ErrorResponse. It sends one of three things first:
 *
 * <ul>
 *   <li>the supplier's token, when it gives one: one round trip;
 *   <li>a discovery request, when the supplier returns null: the server names its discovery URI
 *       and scope and ends the connection; {@link #failed} then answers {@link Discovered}, and
 *       the connector connects once more, when the supplier is asked again with that answer;
 *   <li>a discovery request when no supplier is configured, only so that the refusal can name
 *       the issuer and scope the server wants.
 * </ul>
 *
 * The token is held only in the message handed to the caller, never in a field past {@link
 * #initialResponse()}, and never in a message.
 */
public final class OAuthSignIn {
  private enum Sent { TOKEN, DISCOVERY, DISCOVERY_FOR_REFUSAL }

  private final OAuthSettings settings;
  private final HostPort endpoint;
  private final String user;
  private final Sent sent;
  private byte[] first;
  private ServerError error;

  private OAuthSignIn(OAuthSettings settings, HostPort endpoint, String user, Sent sent, byte[] first) {
    this.settings = settings;
    this.endpoint = endpoint;
    this.user = user;
    this.sent = sent;
    this.first = first;
  }

  /**
   * Starts the exchange: asks the supplier for a token with what is known (the configuration, and
   * the server's earlier discovery answer for this endpoint).
   */
  public static OAuthSignIn start(OAuthSettings settings, HostPort endpoint, String user) {
    if (settings.supplier() == null) {
      return new OAuthSignIn(settings, endpoint, user, Sent.DISCOVERY_FOR_REFUSAL, OAuthBearer.discoveryResponse());
    }
    ServerError known = settings.discovered().get(endpoint);
    OAuthTokenRequest request = request(settings, endpoint, user, known);
    String token;
    try {
      token = settings.supplier().token(request);
    } catch (Exception e) {
      // the cause is the supplier's own; the message is built from no token
      throw new ConnectionException("the OAuth token supplier failed for " + user + " at " + endpoint + ": " + e,
          Outcome.NOT_SENT, e);
    }
    if (token == null) {
      if (known != null) {
        throw new AuthenticationException("the OAuth token supplier returned no token for " + user + " at " + endpoint
            + ", even with the server's discovery answer (" + describe(request) + ")");
      }
      return new OAuthSignIn(settings, endpoint, user, Sent.DISCOVERY, OAuthBearer.discoveryResponse());
    }
    try {
      return new OAuthSignIn(settings, endpoint, user, Sent.TOKEN, OAuthBearer.initialResponse(token));
    } catch (AuthExchangeException e) {
      throw new AuthenticationException("the OAuth token supplier's answer for " + user + " at " + endpoint
          + " cannot be sent: " + e.getMessage());
    }
  }

  private static OAuthTokenRequest request(OAuthSettings s, HostPort endpoint, String user, ServerError known) {
    String configuredId = s.issuerId();
    String discoveryUri = known != null && known.openidConfiguration() != null ? known.openidConfiguration()
        : s.issuer() != null && s.issuer().contains("/.well-known/") ? s.issuer() : null;
    String issuer = configuredId != null ? configuredId : known != null ? known.issuer() : null;
    // as libpq: the server may not override a scope the user set
    String scope = s.scope() != null ? s.scope() : known != null ? known.scope() : null;
    return new OAuthTokenRequest(endpoint, user, issuer, discoveryUri, scope, s.clientId(), s.clientSecret(),
        known != null);
  }

  /** The SASLInitialResponse data; handed out once. */
  public byte[] initialResponse() {
    byte[] b = first;
    first = null;
    return b;
  }

  /**
   * The server's AuthenticationSASLContinue: its error object. Returns the one answer allowed,
   * {@code 0x01}; the server then ends with an ErrorResponse, given to {@link #failed}.
   */
  public byte[] answer(byte[] data) {
    if (error != null) {
      throw new AuthenticationException("the server sent a second OAUTHBEARER challenge");
    }
    try {
      error = OAuthBearer.parseError(data);
    } catch (AuthExchangeException e) {
      throw new AuthenticationException(e.getMessage());
    }
    String configured = settings.issuerId();
    String theirs = error.issuer();
    if (configured != null && error.openidConfiguration() != null && !configured.equals(theirs)) {
      // RFC 9207's mix-up defence, as libpq: a server may not send the client to another issuer
      throw new AuthenticationException("the server's OAuth discovery document " + quote(error.openidConfiguration())
          + " (issuer " + quote(String.valueOf(theirs)) + ") does not belong to oauth_issuer " + quote(configured));
    }
    if (sent != Sent.DISCOVERY_FOR_REFUSAL && error.openidConfiguration() != null) {
      // the server's current wishes, for the next connection (after a refused token too: its issuer may have changed)
      settings.discovered().put(endpoint, error);
    }
    return OAuthBearer.failureAck();
  }

  /** AuthenticationOk arrived: only a token may earn it. */
  public void succeeded() {
    if (sent != Sent.TOKEN || error != null) {
      throw new AuthenticationException("the server accepted an OAUTHBEARER exchange in which no token was accepted");
    }
  }

  /**
   * The server's ErrorResponse ended the exchange: what to throw. After a discovery round that
   * named the server's wishes it is {@link Discovered}, for the connector to connect once more.
   */
  public ConnectionException failed(ServerException ex) {
    return switch (sent) {
      case DISCOVERY -> error != null
          ? new Discovered(endpoint)
          : new AuthenticationException("the server ended OAuth discovery without naming its issuer: " + ex.getMessage(),
              ex);
      case DISCOVERY_FOR_REFUSAL -> new AuthenticationException("the server asks for an OAuth bearer token"
          + (error == null ? "" : " (" + describe(error) + ")")
          + ", but no OAuth token supplier is configured: Sluice has no built-in OAuth flow; give one with"
          + " ConnectionConfig.withOAuthTokenSupplier (see docs/oauth.md)", ex);
      case TOKEN -> new AuthenticationException("the server refused the OAuth bearer token for " + user
          + (error == null ? "" : " (" + error.status() + "; it wants a token " + describe(error) + ")")
          + ": " + ex.getMessage(), ex);
    };
  }

  private static String describe(ServerError e) {
    return "from issuer " + quote(String.valueOf(e.issuer())) + ", discovery document "
        + quote(String.valueOf(e.openidConfiguration())) + ", scope " + quote(String.valueOf(e.scope()));
  }

  private static String describe(OAuthTokenRequest r) {
    return "issuer " + quote(String.valueOf(r.issuer())) + ", scope " + quote(String.valueOf(r.scope()));
  }

  /** A server-chosen value for a message: at most 200 printable ASCII characters. */
  private static String quote(String v) {
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < Math.min(v.length(), 200); i++) {
      char c = v.charAt(i);
      sb.append(c >= 0x20 && c < 0x7F ? c : '?');
    }
    return sb.append(v.length() > 200 ? "...\"" : "\"").toString();
  }

  /**
   * The server answered the discovery request (and ended the connection): connect to the same
   * endpoint once more, when the supplier is asked again with the answer. Not seen by users unless
   * the connector does not retry.
   */
  public static final class Discovered extends ConnectionException {
    Discovered(HostPort endpoint) {
      super("the server at " + endpoint + " answered OAuth discovery; a new connection presents a token", Outcome.NOT_SENT);
    }
  }
}
