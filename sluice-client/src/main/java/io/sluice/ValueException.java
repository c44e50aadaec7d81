package io.sluice;

/**
 * A value could not be converted: a parameter that cannot be encoded for its column's type (the
 * request was not sent), or a column read with a getter that does not fit (NULL into a primitive,
 * text into an int, a numeric NaN into a BigDecimal). The connection is unaffected.
 */
public final class ValueException extends SluiceException {
  public ValueException(String message) {
    super(message, Outcome.NOT_SENT);
  }

  public ValueException(String message, Throwable cause) {
    super(message, Outcome.NOT_SENT, cause);
  }
}
