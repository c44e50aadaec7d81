package io.sluice;

/**
 * Where passwords come from when they change: short-lived tokens (cloud IAM database
 * authentication, a secrets manager's rotating password). Set with {@link
 * ConnectionConfig#withPasswordSupplier} or {@link ConnectionConfigBuilder#passwordSupplier}; it
 * is called on every physical connection the server asks a password of, so each pooled connection
 * the pool opens, however late, gets a fresh one. It takes the place of {@code password}, {@code
 * PGPASSWORD} and the password file.
 *
 * <p>What it returns is never kept beyond the authentication exchange, and appears in no message,
 * {@code toString} or trace. It runs on the connecting thread, before the connect timeout's end:
 * keep it bounded (a token fetch has its own timeout).
 */
@FunctionalInterface
public interface PasswordSupplier {
  /**
   * The password (or token) for {@code user} at {@code host}.
   *
   * @throws Exception when none can be had; the connection attempt then fails with a {@link
   *     ConnectionException} (outcome {@code NOT_SENT}) with this as its cause
   */
  String password(HostPort host, String user) throws Exception;
}
