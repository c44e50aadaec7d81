package io.sluice.event;

/**
 * An acquisition ended, on the caller's thread: it got a connection, timed out, was interrupted,
 * or failed (the pool closed; opening a connection for it failed).
 *
 * @param start the start event of this very acquisition
 * @param ending how it ended
 * @param connection the session acquired, or null when it ended without one
 * @param durationNanos from just before the start callback to the end
 * @param waitedNanos how long of that the caller waited because every connection was taken (0: it
 *     did not wait)
 * @param error why it ended without a connection, or null
 */
public record AcquireEnd(AcquireStart start, Ending ending, ConnectionInfo connection, long durationNanos,
    long waitedNanos, Throwable error) {
  /** Whether the caller had to wait for a connection. */
  public boolean waited() {
    return waitedNanos > 0;
  }

  /** How an acquisition ended. */
  public enum Ending {
    /** The caller got a connection. */
    ACQUIRED,
    /** The acquire timeout (or the call's own, shorter timeout) passed, or too many callers waited already. */
    TIMED_OUT,
    /** The caller's thread was interrupted while it waited. */
    INTERRUPTED,
    /** The pool closed, or opening a connection for the caller failed. */
    FAILED
  }
}
