package io.sluice;

/**
 * No pooled connection became free within the acquire timeout, or too many callers already wait.
 * Nothing was sent: the request can be retried later.
 */
public class PoolExhaustedException extends ConnectionException {
  public PoolExhaustedException(String message) {
    super(message, Outcome.NOT_SENT);
  }

  /** With the failure that kept the pool from growing, such as the server refusing connections. */
  public PoolExhaustedException(String message, Throwable cause) {
    super(message, Outcome.NOT_SENT, cause);
  }
}
