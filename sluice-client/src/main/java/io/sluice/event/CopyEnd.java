package io.sluice.event;

/**
 * A COPY ended.
 *
 * @param start the start event of this very COPY
 * @param rows rows copied, from the server's command tag ({@code COPY n}); 0 when the server did not complete it
 * @param bytes COPY data bytes sent (IN) or received (OUT), without the protocol's framing
 * @param durationNanos from just before the start callback to the end
 * @param result how it ended
 * @param sqlState the server's SQLSTATE when it sent an error, else null
 * @param error what the caller got thrown, or null
 */
public record CopyEnd(CopyStart start, long rows, long bytes, long durationNanos, Result result, String sqlState,
    Throwable error) {}
