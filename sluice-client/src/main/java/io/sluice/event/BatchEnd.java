package io.sluice.event;

/**
 * A batch ended.
 *
 * @param start the start event of this very batch
 * @param rows rows returned or affected, summed over the statements that succeeded
 * @param failed statements that failed ({@code run()} reports each on its own; a failed
 *     {@code runAtomic()} counts the one that failed)
 * @param durationNanos from just before the start callback to the end
 * @param result {@link Result#SUCCEEDED} when every statement did; else the first failure's
 * @param sqlState the first failure's SQLSTATE, or null
 * @param error the first failure (for {@code run()}, the one in its items), or null
 */
public record BatchEnd(BatchStart start, long rows, int failed, long durationNanos, Result result, String sqlState,
    Throwable error) {}
