package io.sluice.event;

import java.util.Set;

/**
 * A {@link io.sluice.Notifications} (LISTEN/NOTIFY) lost its connection and made a new one, listening
 * again on every channel; notifications sent meanwhile were missed. Runs on the listener's thread.
 *
 * @param channels the channels listened to again
 * @param reconnects how many times this listener has reconnected, this time included
 * @param downNanos from the loss of the connection to the new one listening
 * @param cause why the connection was lost, when known, else null
 */
public record NotificationsReconnect(Set<String> channels, long reconnects, long downNanos, Throwable cause) {
  public NotificationsReconnect {
    channels = Set.copyOf(channels);
  }
}
