/**
 * The query surface's shared pieces: the {@code Runner} the public {@code Queryable} calls, one per
 * connection ({@code ConnectionRunner} over a {@code ConnectionCore}, what a {@code Connection} is
 * underneath), prepared statements ({@code PreparedHandle}), streaming into a reused row view
 * ({@code Streamer}), retrying a transaction that failed transiently ({@code Retries}). {@code
 * Connections} is the one bridge between a public connection and its core.
 *
 * <p>Not API: nothing under {@code io.sluice.internal} is exported by the module (this package only
 * to {@code io.sluice.jdbc}, for {@code Notices} and
 * {@code SessionNotifications}), and any of it may change in any release. The
 * parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.calls;
