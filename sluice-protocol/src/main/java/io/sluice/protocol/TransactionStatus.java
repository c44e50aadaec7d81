package io.sluice.protocol;

/**
 * The transaction status every ReadyForQuery carries (protocol-message-formats.html, "ReadyForQuery":
 * 'I' idle, 'T' in a transaction block, 'E' in a failed transaction block).
 */
public enum TransactionStatus {
  /** Not in a transaction block. */
  IDLE('I'),
  /** In a transaction block. */
  IN_TRANSACTION('T'),
  /** In a failed transaction block: statements are refused until the block ends. */
  FAILED('E');

  private final byte code;

  TransactionStatus(char code) {
    this.code = (byte) code;
  }

  /** The byte on the wire. */
  public byte code() {
    return code;
  }

  /** The status a ReadyForQuery's byte names; any other byte is a {@link ProtocolException}. */
  public static TransactionStatus of(byte code) {
    return switch (code) {
      case 'I' -> IDLE;
      case 'T' -> IN_TRANSACTION;
      case 'E' -> FAILED;
      default -> throw new ProtocolException("ReadyForQuery: unknown transaction status " + (code & 0xFF));
    };
  }
}
