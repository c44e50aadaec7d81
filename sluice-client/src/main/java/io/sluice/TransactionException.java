package io.sluice;

/**
 * A transaction was used wrongly or cannot go on: it has ended, it is used from a thread other
 * than the one that began it, or an earlier statement failed and it must be rolled back. Nothing
 * was sent for the call that throws this unless its {@link #outcome()} says otherwise.
 */
public class TransactionException extends SluiceException {
  public TransactionException(String message, Outcome outcome) {
    super(message, outcome);
  }

  public TransactionException(String message, Outcome outcome, Throwable cause) {
    super(message, outcome, cause);
  }
}
