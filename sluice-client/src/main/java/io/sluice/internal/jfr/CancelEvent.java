package io.sluice.internal.jfr;

import io.sluice.event.ConnectionInfo;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** A CancelRequest sent for a session, from connecting to the server's acknowledgement. */
@Name("io.sluice.Cancel")
@Label("Sluice Cancel")
@Description("A CancelRequest sent on a new connection (a timeout, or the caller's cancel)")
public final class CancelEvent extends SluiceEvent {
  @Label("Acknowledged")
  @Description("Whether the server closed the cancel connection in time (the signal was delivered)")
  boolean acknowledged;

  /** A begun cancel event, or null when no recording takes it (nothing is made). */
  public static CancelEvent begun() {
    if (!JfrGate.on()) {
      return null;
    }
    CancelEvent e = new CancelEvent();
    if (!e.isEnabled()) {
      return null;
    }
    e.begin();
    return e;
  }

  /** Ends and commits it for {@code connection}. */
  public void ended(ConnectionInfo connection, boolean acknowledged) {
    end();
    if (shouldCommit()) {
      on(connection);
      this.acknowledged = acknowledged;
      commit();
    }
  }
}
