package io.sluice.jdbc.internal;

/**
 * pgjdbc's {@code readOnlyMode}: what {@code Connection.setReadOnly(true)} does.
 */
public enum ReadOnlyMode {
  /** Nothing is sent: {@code isReadOnly} says true, statements and transactions run as before. */
  IGNORE,
  /** Transactions begin {@code READ ONLY}; auto-commit statements run as before (pgjdbc's default). */
  TRANSACTION,
  /**
   * Auto-commit statements too: the session's default becomes read-only ({@code SET SESSION
   * CHARACTERISTICS AS TRANSACTION READ ONLY}, or {@code default_transaction_read_only} at start-up).
   */
  ALWAYS;

  /** pgjdbc's value ({@code ignore}, {@code transaction}, {@code always}); null for another. */
  static ReadOnlyMode of(String value) {
    return switch (value) {
      case "ignore" -> IGNORE;
      case "transaction" -> TRANSACTION;
      case "always" -> ALWAYS;
      default -> null;
    };
  }
}
