package io.sluice;

/**
 * Where OAuth bearer tokens come from when a PostgreSQL 18 server signs users in with {@code
 * oauth} ({@code pg_hba.conf}; SASL {@code OAUTHBEARER}). Set with {@link
 * ConnectionConfig#withOAuthTokenSupplier} or {@link ConnectionConfigBuilder#oauthTokenSupplier}.
 * Sluice has no built-in browser or device flow: the application gets tokens its own way (a
 * client-credentials grant, a workload identity, a cache, a device flow it runs itself) and hands
 * them over here.
 *
 * <p>It is called on every physical connection the server asks a token of, so each connection a
 * pool opens, however late, gets a current token. The {@link OAuthTokenRequest} says what is known
 * of the server's wishes: the issuer and scope from {@code oauth_issuer} and {@code oauth_scope},
 * and, once the server was asked, the discovery document and scope it named. Return null when
 * nothing is known yet to choose a token by: Sluice then asks the server (PostgreSQL's discovery
 * round, which ends that connection), connects once more, and calls again with the server's
 * answer; the answer is remembered for the configuration's later connections to that host.
 *
 * <p>What it returns is never kept beyond the authentication exchange, and appears in no message,
 * {@code toString} or trace. It runs on the connecting thread, within the connect timeout: keep it
 * bounded (a token fetch has its own timeout) and cache tokens until they are close to expiry.
 */
@FunctionalInterface
public interface OAuthTokenSupplier {
  /**
   * A bearer token for {@code request}, or null to have Sluice ask the server for its issuer and
   * scope first.
   *
   * @throws Exception when none can be had; the connection attempt then fails with a {@link
   *     ConnectionException} (outcome {@code NOT_SENT}) with this as its cause
   */
  String token(OAuthTokenRequest request) throws Exception;
}
