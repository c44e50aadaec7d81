package io.sluice.event;

import io.sluice.HostPort;
import io.sluice.ServerRole;

/**
 * A server of a routing pool's fleet changed, as the pool's monitor found it (on the monitor's
 * thread: keep the handler quick).
 *
 * @param pool the pool's name
 * @param host the server
 * @param kind what changed
 * @param from its role before ({@link ServerRole#UNKNOWN} before the first probe)
 * @param to its role now (for {@link Kind#DOWN}, the role it had)
 * @param error why a probe failed ({@link Kind#DOWN}), why a standby cannot catch up ({@link Kind#STALLED}), else null
 */
public record HostEvent(String pool, HostPort host, Kind kind, ServerRole from, ServerRole to, String error) {
  /** What changed. */
  public enum Kind {
    /** Reached after it was down or never reached. */
    UP,
    /** A probe failed after it was up. */
    DOWN,
    /** It answered with another role (a standby promoted, a primary back as a standby). */
    ROLE_CHANGED,
    /**
     * A standby that is up cannot catch up now (replay paused, no WAL receiver streaming, replay
     * not moving while the primary writes on): it takes no reads until it moves again.
     */
    STALLED,
    /** A standby that was {@link #STALLED} replays again (or has caught up). */
    RESUMED
  }
}
