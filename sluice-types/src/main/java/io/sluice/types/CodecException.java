package io.sluice.types;

/**
 * A value cannot cross between Java and PostgreSQL: malformed bytes or text from the server, a
 * Java value outside the PostgreSQL type's range (a date past 5874897 AD, a numeric scale over
 * 16383), NaN where only finite numbers fit, a ragged array. It concerns one value only: the
 * connection and the protocol stream stay usable. The client reports it to callers as its own
 * {@code io.sluice.ValueException}, naming the column or parameter.
 */
public final class CodecException extends RuntimeException {
  public CodecException(String message) {
    super(message);
  }

  public CodecException(String message, Throwable cause) {
    super(message, cause);
  }
}
