package io.sluice.event;

/**
 * Something a pool did with one of its connections, on whichever thread did the work (a caller's,
 * or the pool's keeper). A caller's wait for a connection is a pair of its own ({@link
 * AcquireStart}, {@link AcquireEnd}).
 *
 * @param pool the pool's name ({@code io.sluice.Pool#name()})
 * @param kind what happened
 * @param reason why
 * @param connection the session concerned; null for {@link Kind#OPEN_FAILED}, which made none
 * @param nanos for {@link Kind#OPENED}: how long opening took; for {@link Kind#RELEASED}: how long
 *     the caller held the connection; else 0
 * @param cause for {@link Kind#EVICTED} and {@link Kind#OPEN_FAILED}: the failure, when known; else null
 */
public record PoolEvent(String pool, Kind kind, Reason reason, ConnectionInfo connection, long nanos,
    Throwable cause) {
  /** What a pool did. */
  public enum Kind {
    /** A connection that failed (or failed its check, or could not be reset) was closed and forgotten. */
    EVICTED,
    /** A connection was opened: for a caller, to grow, or to refill up to the minimum size. */
    OPENED,
    /** Opening a connection failed. */
    OPEN_FAILED,
    /** A healthy connection was closed: past its lifetime, idle too long, or the pool closed. */
    RETIRED,
    /**
     * A caller was done with a connection it acquired (on the caller's thread): a shared
     * statement ended, or a borrowed connection came back.
     */
    RELEASED
  }

  /** Why the pool did it. */
  public enum Reason {
    /** {@link Kind#OPENED}, {@link Kind#OPEN_FAILED}: a caller found no connection free and the pool could grow. */
    FOR_CALLER,
    /** {@link Kind#OPENED}, {@link Kind#OPEN_FAILED}: every connection was busy, so one more opened in the background. */
    TO_GROW,
    /** {@link Kind#OPENED}, {@link Kind#OPEN_FAILED}: the pool had fewer than its minimum size. */
    TO_REFILL,
    /** {@link Kind#RETIRED}: the connection passed its maximum lifetime. */
    LIFETIME,
    /** {@link Kind#RETIRED}: the connection was idle past the idle timeout. */
    IDLE,
    /** {@link Kind#RETIRED}: the pool closed. */
    POOL_CLOSED,
    /** {@link Kind#EVICTED}: the connection was found closed or broken (by the server, the network, a statement). */
    BROKEN,
    /** {@link Kind#EVICTED}: the connection failed the check made before handing it out. */
    FAILED_CHECK,
    /** {@link Kind#EVICTED}: rolling back or resetting a returned connection failed. */
    RESET_FAILED,
    /** {@link Kind#RELEASED}: a statement on a shared connection ended. */
    STATEMENT_DONE,
    /** {@link Kind#RELEASED}: a borrowed connection (a transaction's, a stream's, a lease) was given back. */
    RETURNED
  }
}
