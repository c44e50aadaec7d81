package io.sluice.event;

import io.sluice.TxOptions;

/**
 * A transaction begins ({@code begin()}, {@code transaction(…)}), on the caller's thread.
 * Savepoints (nested transactions) are not reported.
 *
 * @param connection the session it runs on
 * @param options its isolation level, access mode and retries
 * @param attempt 1 for the first run of a {@code transaction(…)} body, 2 and on for retries
 */
public record TransactionStart(ConnectionInfo connection, TxOptions options, int attempt) {}
