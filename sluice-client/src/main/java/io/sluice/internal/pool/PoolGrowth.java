package io.sluice.internal.pool;

import io.sluice.ConnectionException;
import io.sluice.PoolExhaustedException;
import io.sluice.ServerException;
import io.sluice.SqlStateClass;
import java.util.concurrent.TimeUnit;

/**
 * When a {@link Pool} may next open a connection. After a failed attempt it waits before the next,
 * the wait doubling up to a cap. When the server refused the connection for want of resources
 * (SQLSTATE class 53, chiefly {@code 53300 too_many_connections}: {@code max_connections}
 * reached, or a role's or database's {@code CONNECTION LIMIT}), callers too stop trying to grow
 * until then and wait for the connections the pool has: each attempt would only be refused again
 * and cost the server a backend start. Guarded by the pool's lock.
 */
final class PoolGrowth {
  private static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
  private static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(5);

  private long backoffNanos;
  private long nextAttemptAt = System.nanoTime();
  /** The server's last refusal, until a connection opens again. */
  private ConnectionException refusal;
  private String lastError;

  /** An attempt to open a connection failed with {@code e} (as thrown to a caller). */
  void failed(ConnectionException e, long now) {
    lastError = e.getMessage();
    backoffNanos = backoffNanos == 0 ? FIRST_BACKOFF_NANOS : Math.min(MAX_BACKOFF_NANOS, backoffNanos * 2);
    nextAttemptAt = now + backoffNanos;
    refusal = isRefusal(e) ? e : null;
  }

  /** A connection opened: the server takes connections again. */
  void opened() {
    backoffNanos = 0;
    refusal = null;
  }

  /** Whether the keeper may try again to refill the pool to its minimum. */
  boolean mayRefill(long now) {
    return now - nextAttemptAt >= 0;
  }

  /** Whether callers stop trying to grow the pool: the server refused a connection a moment ago. */
  boolean paused(long now) {
    return refusal != null && now - nextAttemptAt < 0;
  }

  /** Nanoseconds until growth resumes; 0 when it is not paused. */
  long pausedFor(long now) {
    return paused(now) ? nextAttemptAt - now : 0;
  }

  /** The server's last refusal, or null once a connection opened after it. */
  ConnectionException refusal() {
    return refusal;
  }

  String lastError() {
    return lastError;
  }

  /** Whether a failure to connect is the server refusing for want of resources (SQLSTATE class 53). */
  static boolean isRefusal(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ServerException se && se.stateClass() == SqlStateClass.INSUFFICIENT_RESOURCES) {
        return true;
      }
    }
    return false;
  }

  /**
   * Why a caller got no connection in time ({@code budgetMillis}: the acquire timeout or its call's
   * own shorter one), naming the server's refusal while growth is held back for it.
   */
  PoolExhaustedException exhausted(long budgetMillis, int open, int max) {
    String waited = "timed out after " + budgetMillis + " ms waiting for a connection: ";
    ConnectionException refused = refusal();
    if (refused != null) {
      return new PoolExhaustedException(waited + "all " + open + " open connections are in use and the "
          + "server refuses more (" + refused.getMessage() + ")", refused);
    }
    String last = lastError();
    return new PoolExhaustedException(waited + "all " + max + " are in use"
        + (last == null ? "" : "; last error: " + last), null);
  }
}
