package io.sluice.jdbc.internal;

import io.sluice.ConnectionException;
import io.sluice.SluiceException;

/**
 * Whether a read-only auto-commit statement of a routing connection provably ran nothing and may go
 * again on another session: it failed as {@code NOT_SENT} (the server ended the session before it
 * started it, FATAL {@code 57P01} of a fast shutdown, or before it was written), its session is
 * dead, and that session was on a hot standby ({@code in_hot_standby}, reported by PostgreSQL 14
 * and later), where no earlier statement of the same work (a batch's entries) can have written.
 * A Patroni {@code restart} of a replica stops it so under running reads.
 */
final class StandbyNotRun {
  private StandbyNotRun() {}

  static boolean provably(Throwable failure, io.sluice.Connection session) {
    if (session.isOpen() || !"on".equals(session.parameter("in_hot_standby"))) {
      return false;
    }
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ConnectionException ce) {
        return ce.outcome() == SluiceException.Outcome.NOT_SENT;
      }
    }
    return false;
  }
}
