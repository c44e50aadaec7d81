package io.sluice.internal.oauth;

import io.sluice.HostPort;
import io.sluice.OAuthTokenSupplier;
import io.sluice.protocol.auth.OAuthBearer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How to sign in when the server asks for an OAuth bearer token, resolved from the configuration,
 * with what servers said in discovery rounds (per endpoint, shared by the connections of one
 * supplier: libpq keeps the same per connection object).
 *
 * @param issuer {@code oauth_issuer}: an issuer identifier or a {@code .well-known} discovery URI; or null
 * @param scope {@code oauth_scope}, or null
 * @param clientId {@code oauth_client_id}, or null
 * @param clientSecret {@code oauth_client_secret}, or null; never shown
 * @param supplier the application's token supplier, or null: then Sluice cannot sign in with OAuth
 * @param discovered the servers' answers to discovery, by endpoint; written by {@link OAuthSignIn}
 */
public record OAuthSettings(
    String issuer, String scope, String clientId, String clientSecret, OAuthTokenSupplier supplier,
    Map<HostPort, OAuthBearer.ServerError> discovered) {

  public OAuthSettings {
    discovered = discovered == null ? new ConcurrentHashMap<>() : discovered;
  }

  /** Nothing configured: a server asking for OAuth is refused, naming what to configure. */
  public static OAuthSettings none() {
    return new OAuthSettings(null, null, null, null, null, null);
  }

  /**
   * The issuer identifier {@code oauth_issuer} stands for (itself, or the issuer of its {@code
   * .well-known} URI), or null when it is not set. A discovery URI that is not a well-formed HTTPS
   * {@code .well-known} URI stands for itself, and will then match no server's.
   */
  String issuerId() {
    if (issuer == null || !issuer.contains("/.well-known/")) {
      return issuer;
    }
    String id = OAuthBearer.issuerOf(issuer);
    return id != null ? id : issuer;
  }

  @Override
  public String toString() {
    return "OAuthSettings[issuer=" + issuer + ", scope=" + scope + ", clientId=" + clientId
        + (clientSecret == null ? "" : ", clientSecret=***") + ", supplier=" + (supplier != null) + "]";
  }
}
