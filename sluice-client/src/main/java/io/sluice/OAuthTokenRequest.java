package io.sluice;

/**
 * What an {@link OAuthTokenSupplier} is asked for: a bearer token that the server at {@code host}
 * accepts for {@code user}.
 *
 * @param host the server being signed in to
 * @param user the role asked for
 * @param issuer the authorization server's issuer identifier: {@code oauth_issuer} (without its
 *     {@code /.well-known/…} part if it is a discovery URI), else the issuer of the server's
 *     discovery URI, else null
 * @param discoveryUri the discovery document's URI (an OpenID or RFC 8414 {@code .well-known}
 *     URI): the server's answer to discovery, else {@code oauth_issuer} when it is such a URI,
 *     else null
 * @param scope {@code oauth_scope}, else the scopes the server asked for, else null
 * @param clientId {@code oauth_client_id}, or null
 * @param clientSecret {@code oauth_client_secret}, or null; left out of {@link #toString()}
 * @param fromServer whether the server's discovery answer is part of this request (false on the
 *     first call, before the server was asked)
 */
public record OAuthTokenRequest(
    HostPort host, String user, String issuer, String discoveryUri, String scope, String clientId,
    String clientSecret, boolean fromServer) {

  @Override
  public String toString() {
    return "OAuthTokenRequest[host=" + host + ", user=" + user + ", issuer=" + issuer + ", discoveryUri="
        + discoveryUri + ", scope=" + scope + ", clientId=" + clientId
        + (clientSecret == null ? "" : ", clientSecret=***") + ", fromServer=" + fromServer + "]";
  }
}
