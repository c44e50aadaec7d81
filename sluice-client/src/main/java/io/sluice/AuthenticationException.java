package io.sluice;

/**
 * Sluice refused to authenticate, or could not: the server asked for a method the configuration
 * forbids ({@code require_auth}, {@code channel_binding=require}), a method Sluice does not
 * implement, no password was given, or the server failed SCRAM's mutual authentication. A wrong
 * password is reported by the server and arrives as a {@link ServerException} (SQLSTATE 28P01).
 * Messages never contain the password.
 */
public final class AuthenticationException extends ConnectionException {
  public AuthenticationException(String message) {
    super(message, Outcome.NOT_SENT);
  }

  public AuthenticationException(String message, Throwable cause) {
    super(message, Outcome.NOT_SENT, cause);
  }
}
