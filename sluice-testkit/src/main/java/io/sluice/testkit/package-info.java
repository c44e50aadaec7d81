/**
 * Test infrastructure for Sluice: throwaway PostgreSQL servers ({@link io.sluice.testkit.PostgresServer}),
 * a fault-injecting TCP proxy ({@link io.sluice.testkit.FaultProxy}), listeners that never
 * answer ({@link io.sluice.testkit.SilentListener}), and a scripted fake server
 * ({@link io.sluice.testkit.ScriptedServer}) that speaks the protocol from the real message records,
 * answering requests from a {@link io.sluice.testkit.FakeDatabase} or as a hostile server would.
 *
 * <p>Contract: everything here binds or connects to loopback addresses only, every blocking
 * operation has a time limit, and every server, thread and process started here stops by
 * itself when it is closed or when the JVM exits (even by {@code SIGKILL}, for servers).
 */
package io.sluice.testkit;
