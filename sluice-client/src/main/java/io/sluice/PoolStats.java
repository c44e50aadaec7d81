package io.sluice;

/**
 * A snapshot of a {@link Pool}: sizes now, and counters since it opened.
 *
 * @param open connections open now
 * @param idle open connections running nothing and not borrowed
 * @param borrowed connections borrowed exclusively (transactions, sessions, {@link Pool#acquire()})
 * @param inFlight statements running on shared connections now
 * @param opening connections being opened now
 * @param waiting callers waiting for a connection now
 * @param acquired connections handed out, shared statements included
 * @param timeouts callers who gave up waiting (acquire timeout or full wait queue)
 * @param opened connections opened
 * @param closed connections closed (retired, idle, evicted)
 * @param evicted connections closed because they failed
 * @param connectFailures attempts to open a connection that failed
 * @param lastError the last connection failure, or {@code null}
 */
public record PoolStats(int open, int idle, int borrowed, int inFlight, int opening, int waiting, long acquired,
    long timeouts, long opened, long closed, long evicted, long connectFailures, String lastError) {}
