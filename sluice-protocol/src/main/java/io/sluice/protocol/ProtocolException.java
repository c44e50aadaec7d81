package io.sluice.protocol;

/**
 * The bytes on the wire break the PostgreSQL protocol: a length out of range, a count past the end
 * of a message, an unknown message type, invalid UTF-8. A connection that sees one must be closed,
 * because its position in the byte stream can no longer be trusted.
 */
public final class ProtocolException extends RuntimeException {
  public ProtocolException(String message) {
    super(message);
  }

  public ProtocolException(String message, Throwable cause) {
    super(message, cause);
  }
}
