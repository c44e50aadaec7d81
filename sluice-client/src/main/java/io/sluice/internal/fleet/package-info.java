/**
 * What a pool knows of a fleet of servers: each host's role (primary, standby, read-only primary),
 * WAL positions ({@code Lsn}), replay lag measured against the primary's own clock
 * ({@code LagClock}), kept fresh by {@code FleetMonitor}'s probes.
 *
 * <p>Not API: nothing under {@code io.sluice.internal} is exported by the module, and any of it may
 * change in any release. The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.fleet;

