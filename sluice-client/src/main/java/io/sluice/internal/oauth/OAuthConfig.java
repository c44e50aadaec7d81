package io.sluice.internal.oauth;

import io.sluice.ConnectionConfig;
import io.sluice.HostPort;
import io.sluice.OAuthTokenSupplier;
import io.sluice.protocol.auth.OAuthBearer;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/** The OAuth part of a configuration, as the connector acts on it. */
public final class OAuthConfig {
  private OAuthConfig() {}

  /**
   * The servers' discovery answers, per token supplier and endpoint: kept as long as the supplier
   * is, so that a pool's later connections present a token at once instead of asking the server
   * again (each connection resolves its settings anew).
   */
  private static final Map<OAuthTokenSupplier, Map<HostPort, OAuthBearer.ServerError>> DISCOVERED =
      Collections.synchronizedMap(new WeakHashMap<>());

  public static OAuthSettings from(ConnectionConfig c) {
    OAuthTokenSupplier supplier = c.oauthTokenSupplier().orElse(null);
    return new OAuthSettings(
        c.get("oauth_issuer").orElse(null),
        c.get("oauth_scope").orElse(null),
        c.get("oauth_client_id").orElse(null),
        c.get("oauth_client_secret").orElse(null),
        supplier,
        supplier == null ? null : DISCOVERED.computeIfAbsent(supplier, s -> new ConcurrentHashMap<>()));
  }
}
