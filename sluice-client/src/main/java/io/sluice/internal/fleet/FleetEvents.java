package io.sluice.internal.fleet;

import io.sluice.HostPort;
import io.sluice.ServerRole;

/**
 * What a {@link FleetMonitor} tells as it happens, on its probe threads (keep it quick; an
 * exception thrown here is ignored). Every method does nothing by default.
 */
public interface FleetEvents {
  FleetEvents NONE = new FleetEvents() {};

  /** A probe of {@code host} succeeded after it was down or never reached. */
  default void hostUp(HostPort host, HostState state) {}

  /** A probe of {@code host} failed after it was up. */
  default void hostDown(HostPort host, HostState state) {}

  /** {@code host} answered with another role than at its last successful probe (e.g. a standby promoted). */
  default void roleChanged(HostPort host, ServerRole from, ServerRole to) {}

  /** Standby {@code host}, up, cannot catch up now ({@code why}: {@link Stall#describe}). */
  default void stalled(HostPort host, HostState state, Stall stall, String why) {}

  /** Standby {@code host}, stalled before, replays again or has caught up. */
  default void resumed(HostPort host, HostState state) {}
}
