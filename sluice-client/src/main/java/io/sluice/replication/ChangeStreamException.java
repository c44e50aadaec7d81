package io.sluice.replication;

import io.sluice.ConnectionException;

/**
 * A change stream ended because its session failed: the server went away, the walsender was
 * terminated, the server sent something malformed, or it was silent past the receive timeout. It
 * carries the last position the application acknowledged: start again from it
 * ({@link StreamOptions#startAt}) and nothing acknowledged is delivered again, nothing after it
 * is lost.
 */
public final class ChangeStreamException extends ConnectionException {
  private final Lsn lastAcknowledged;

  public ChangeStreamException(String message, Lsn lastAcknowledged, Throwable cause) {
    super(message + " (last acknowledged position " + lastAcknowledged + ")", Outcome.UNKNOWN, cause);
    this.lastAcknowledged = lastAcknowledged;
  }

  /** Where to resume: the last position passed to {@link ChangeStream#ack} (or acknowledged on commit). */
  public Lsn lastAcknowledged() {
    return lastAcknowledged;
  }
}
