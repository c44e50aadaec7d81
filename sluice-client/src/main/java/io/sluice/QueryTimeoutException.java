package io.sluice;

/**
 * A statement ran past its deadline ({@code query_timeout}). Usually it was cancelled on the
 * server ({@link #outcome()} {@code SERVER_ERROR}, the cause the server's {@code 57014}): it did
 * not complete, and its effects were rolled back. When the server has not answered the cancel
 * shortly after the deadline (a starved CPU, a stalled backend) the caller is not kept waiting:
 * the outcome is then {@code UNKNOWN} (the statement may have completed before the cancel reached
 * it), and the connection reads the statement's end in the background, closing itself if the
 * server does not answer within {@code cancel_timeout}. Either way the connection can be used on.
 */
public final class QueryTimeoutException extends SluiceException {
  public QueryTimeoutException(String message, Throwable cause) {
    super(message, Outcome.SERVER_ERROR, cause);
  }

  /** The deadline passed and the server had not answered the cancel in time: {@code outcome} UNKNOWN. */
  public QueryTimeoutException(String message, Outcome outcome) {
    super(message, outcome, null);
  }
}
