/**
 * Test infrastructure for Sluice: throwaway PostgreSQL servers ({@link io.sluice.testkit.PostgresServer}),
 * a fault-injecting TCP proxy ({@link io.sluice.testkit.FaultProxy}) and listeners that never
 * answer ({@link io.sluice.testkit.SilentListener}).
 *
 * <p>Contract: everything here binds or connects to loopback addresses only, every blocking
 * operation has a time limit, and every server, thread and process started here stops by
 * itself when it is closed or when the JVM exits (even by {@code SIGKILL}, for servers).
 */
package io.sluice.testkit;
