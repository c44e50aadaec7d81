package io.sluice.jdbc.internal;

import java.util.Map;
import java.util.Set;

/**
 * PostgreSQL 18's OAuth parameters under JDBC-style names (pgjdbc has none yet), turned into
 * libpq's keywords, which are accepted as they are too: {@code oauthIssuer} ({@code oauth_issuer}),
 * {@code oauthClientId} ({@code oauth_client_id}), {@code oauthClientSecret} ({@code
 * oauth_client_secret}, a secret) and {@code oauthScope} ({@code oauth_scope}). The token itself
 * comes from code, not a property: {@code SluiceDataSource#setOAuthTokenSupplier}.
 */
final class OAuthParameters {
  static final Map<String, String> KEYWORDS = Map.of(
      "oauthIssuer", "oauth_issuer",
      "oauthClientId", "oauth_client_id",
      "oauthClientSecret", "oauth_client_secret",
      "oauthScope", "oauth_scope");

  static final Set<String> NAMES = KEYWORDS.keySet();

  private OAuthParameters() {}

  /** Applies parameter {@code name} (one of {@link #NAMES}) to the libpq keywords. */
  static void apply(String name, String value, Map<String, String> keywords) {
    keywords.put(KEYWORDS.get(name), value);
  }
}
