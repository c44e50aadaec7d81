/**
 * The request engine: pipeline slots and turns ({@code Pin}), writing whole requests
 * ({@code Outbox}), reading replies leader/follower style and handing each to its request
 * ({@code ReplyDispatcher}), deadlines and cancels ({@code Expiry}). One engine per connection;
 * nothing here is shared between connections, so connections scale with cores.
 *
 * <p>Not API: this package is not exported by the module (under {@code io.sluice.internal} only
 * {@code calls} is, to {@code io.sluice.jdbc} alone), and any of it may change in any release.
 * The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.engine;
