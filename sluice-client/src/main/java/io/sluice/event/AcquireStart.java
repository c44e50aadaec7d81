package io.sluice.event;

/**
 * A caller asks a pool for a connection, on the caller's thread, before it looks for one: every
 * acquisition, whether it then waits or not. Ended by exactly one {@link AcquireEnd}.
 *
 * @param pool the pool's name ({@code io.sluice.Pool#name()})
 * @param borrow true when the caller takes a connection for itself (a transaction, a stream, a
 *     lease); false for one statement pipelined with other callers' on a shared connection
 */
public record AcquireStart(String pool, boolean borrow) {}
