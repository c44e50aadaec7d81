package io.sluice;

/**
 * The root of every exception Sluice throws. Each says whether the request that failed may have
 * run on the server, so that callers (and pools) can decide whether a retry is safe.
 */
public class SluiceException extends RuntimeException {
  private final Outcome outcome;

  public SluiceException(String message, Outcome outcome) {
    this(message, outcome, null);
  }

  public SluiceException(String message, Outcome outcome, Throwable cause) {
    super(message, cause);
    this.outcome = outcome;
  }

  /** Whether the request that failed may have run on the server. */
  public Outcome outcome() {
    return outcome;
  }

  /** What the caller can know about a failed request. */
  public enum Outcome {
    /** Nothing reached the server: safe to retry. */
    NOT_SENT,
    /** The request was written but its result is unknown (connection lost): it may have run. */
    UNKNOWN,
    /** The server answered with an error: the request ran and failed (its effects rolled back). */
    SERVER_ERROR
  }
}
