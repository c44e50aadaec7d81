package io.sluice.event;

/**
 * A transaction ended, on the caller's thread.
 *
 * @param start the start event of this very transaction
 * @param ending how it ended
 * @param durationNanos from just before the start callback to the end
 * @param cause the failure that rolled it back (a statement's, the body's, or the commit's), or null
 */
public record TransactionEnd(TransactionStart start, Ending ending, long durationNanos, Throwable cause) {
  /** How a transaction ended. */
  public enum Ending {
    /** COMMIT succeeded (or the transaction ran no statement and never reached the server). */
    COMMITTED,
    /** It was rolled back: by the caller, or because its body or a statement failed. */
    ROLLED_BACK,
    /**
     * It was rolled back after a serialization failure or deadlock ({@code 40001}, {@code 40P01})
     * and its body runs again: a new start event with the next attempt number follows.
     */
    RETRYING,
    /** Its connection was lost: the server rolled it back. */
    LOST
  }
}
