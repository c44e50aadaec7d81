package io.sluice.event;

/**
 * A statement ended, successfully or not. Handed to the listener with the token its {@link
 * StatementStart} returned; runs on the caller's thread once the call has its answer.
 *
 * @param start the start event of this very statement
 * @param rows rows returned (a query, {@code forEach}) or affected (INSERT, UPDATE, DELETE, …): the
 *     command tag's count when it has one, else the rows seen; 0 when it failed before any
 * @param durationNanos from just before the start callback to the end, on {@link System#nanoTime()}'s clock
 * @param pipelineDepth requests in flight on the connection when this one was written, itself
 *     included: 1 means it had the connection to itself; 0 when it was never written
 * @param result how it ended
 * @param sqlState the server's SQLSTATE when it sent an error, else null
 * @param error what the caller got thrown, or null
 */
public record StatementEnd(StatementStart start, long rows, long durationNanos, int pipelineDepth, Result result,
    String sqlState, Throwable error) {
  /** Whether other requests were in flight on the connection when this one was written. */
  public boolean pipelined() {
    return pipelineDepth > 1;
  }
}
