/**
 * Pools: the connections of one server ({@code SlotPool} over {@code PoolSlots}: sizing, checks,
 * retirement, leaks, growth held back after refusals), or of a primary and its standbys with read
 * routing ({@code FleetPool}: a {@code HostGroup} of slots per host, the route each call takes,
 * read-your-writes by WAL position in {@code WalTracking}). The public {@code Pool} forwards to a
 * {@code PoolCore}; {@code PoolRunner} is its query surface, over a {@code Placement}: the slot pool itself, or one route of the fleet.
 *
 * <p>Not API: this package is not exported by the module (under {@code io.sluice.internal} only
 * {@code calls} is, to {@code io.sluice.jdbc} alone), and any of it may change in any release.
 * The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.pool;
