package io.sluice;

/**
 * The connection failed or could not be made: I/O error, end of stream, timeout, TLS failure. The
 * {@link #outcome()} says whether the request in progress may have run. The connection is closed.
 */
public class ConnectionException extends SluiceException {
  public ConnectionException(String message, Outcome outcome) {
    super(message, outcome);
  }

  public ConnectionException(String message, Outcome outcome, Throwable cause) {
    super(message, outcome, cause);
  }
}
