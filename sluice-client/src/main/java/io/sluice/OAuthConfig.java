package io.sluice;

import io.sluice.internal.oauth.OAuthSettings;

/** The OAuth part of a configuration, as the connector acts on it. */
final class OAuthConfig {
  private OAuthConfig() {}

  static OAuthSettings from(ConnectionConfig c) {
    return new OAuthSettings(
        c.get("oauth_issuer").orElse(null),
        c.get("oauth_scope").orElse(null),
        c.get("oauth_client_id").orElse(null),
        c.get("oauth_client_secret").orElse(null),
        c.oauthTokenSupplier().orElse(null),
        null);
  }
}
