package io.sluice.event;

/**
 * Something a pool did. Events that concern one caller ({@link Kind#ACQUIRED}, {@link Kind#WAITING},
 * {@link Kind#TIMED_OUT}) run on the caller's thread; the others on whichever thread did the work
 * (often the pool's keeper).
 *
 * @param kind what happened
 * @param nanos for {@link Kind#ACQUIRED} and {@link Kind#TIMED_OUT}: how long the caller waited; for
 *     {@link Kind#OPENED}: how long opening took; else 0
 * @param cause for {@link Kind#EVICTED}, {@link Kind#OPEN_FAILED} and {@link Kind#TIMED_OUT}: why, when known; else null
 */
public record PoolEvent(Kind kind, long nanos, Throwable cause) {
  /** What a pool did. */
  public enum Kind {
    /** A caller got a connection (shared for one statement, or borrowed). */
    ACQUIRED,
    /** A caller found every connection taken and began to wait (once per acquisition). */
    WAITING,
    /** A caller gave up waiting: the acquire timeout passed or too many callers waited already. */
    TIMED_OUT,
    /** A connection that failed (or failed its check) was closed and forgotten. */
    EVICTED,
    /** A connection was opened: for a caller, to grow, or to refill up to the minimum size. */
    OPENED,
    /** Opening a connection failed. */
    OPEN_FAILED,
    /** A healthy connection was closed: past its lifetime, idle too long, or the pool closed. */
    RETIRED
  }
}
