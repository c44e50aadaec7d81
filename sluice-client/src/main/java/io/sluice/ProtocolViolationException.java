package io.sluice;

/**
 * The server sent something the protocol does not allow here. The connection is closed, since its
 * position in the byte stream can no longer be trusted.
 */
public final class ProtocolViolationException extends ConnectionException {
  public ProtocolViolationException(String message, Outcome outcome, Throwable cause) {
    super(message, outcome, cause);
  }
}
