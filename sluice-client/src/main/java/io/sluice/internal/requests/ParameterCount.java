package io.sluice.internal.requests;

import io.sluice.ValueException;

/**
 * Whether a number of values can be bound to a statement: exactly one per parameter, and no more
 * than the protocol can count. PostgreSQL itself accepts Parse declaring more types than the SQL
 * uses and would then silently ignore the extra values, so Sluice refuses them before sending.
 */
public final class ParameterCount {
  /** Parse and Bind count parameters in an Int16 (protocol, "Bind" and "Parse" messages). */
  static final int MAX = io.sluice.protocol.BindWriter.MAX_COUNT;

  private ParameterCount() {}

  /** Why {@code given} values cannot be bound to a statement that takes {@code expected}; null when they can. */
  public static ValueException refusal(int expected, int given) {
    if (given > MAX) {
      return new ValueException(given + " parameter values were given; a statement takes at most " + MAX
          + " (the protocol counts them in an Int16)");
    }
    if (given != expected) {
      return new ValueException("the statement has " + expected + " parameter" + (expected == 1 ? "" : "s")
          + " but " + given + (given == 1 ? " was" : " were") + " given");
    }
    return null;
  }
}
