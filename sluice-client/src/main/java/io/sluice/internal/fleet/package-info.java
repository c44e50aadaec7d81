/**
 * What a pool knows of a fleet of servers: each host's role (primary, standby, read-only primary),
 * WAL positions ({@code Lsn}), replay lag measured against the primary's own clock
 * ({@code LagClock}), kept fresh by {@code FleetMonitor}'s probes.
 *
 * <p>Not API: this package is not exported by the module (under {@code io.sluice.internal} only
 * {@code calls} is, to {@code io.sluice.jdbc} alone), and any of it may change in any release.
 * The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.fleet;

