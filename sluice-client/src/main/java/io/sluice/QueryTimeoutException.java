package io.sluice;

/**
 * A statement ran past its deadline ({@code query_timeout}) and was cancelled on the server: it
 * did not complete, and its effects were rolled back. The connection is still usable.
 */
public final class QueryTimeoutException extends SluiceException {
  public QueryTimeoutException(String message, Throwable cause) {
    super(message, Outcome.SERVER_ERROR, cause);
  }
}
