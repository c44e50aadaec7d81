package io.sluice.internal.engine;

import io.sluice.ConnectionException;
import io.sluice.SluiceException;
import io.sluice.SluiceException.Outcome;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Whether a connection can still be used and, once it cannot, why: the one place that says so.
 * What {@link InFlight} is for a request, this is for the connection under it. Each change is
 * one of the named transitions below; the first failure is the cause every later question gets,
 * so that a socket closed because a deadline passed does not answer with the "could not read"
 * its closing caused.
 *
 * <pre>
 *   OPEN ──writeFailed──▶ WRITE_FAILED ──broke──▶ BROKEN ──close──▶ CLOSED
 *     └────────────────────broke───────────────────┘  ▲               ▲
 *     └──────────────────────────────close────────────┴───────────────┘
 * </pre>
 */
public final class ConnectionState {

  /** Where a connection stands. */
  public enum Phase {
    /** Usable: requests are admitted and written. */
    OPEN,
    /**
     * A write failed. Nothing more is written and no request is admitted, but the readers still
     * read for a moment: the server usually ended the session first, and its FATAL, read before
     * any reply of a request, proves that the request never started ({@link InFlightQueue#writeFailed}).
     */
    WRITE_FAILED,
    /** Failed: the socket is closed and every request that was in flight got the cause. */
    BROKEN,
    /** Closed by its owner (with Terminate, when nothing was in flight and it was open). */
    CLOSED;

    /** Whether replies may still be read: open, or a write failed and the server's last words may be waiting. */
    public boolean readable() {
      return this == OPEN || this == WRITE_FAILED;
    }
  }

  private record Now(Phase phase, SluiceException cause) {}

  private static final Now OPEN = new Now(Phase.OPEN, null);

  private final AtomicReference<Now> now = new AtomicReference<>(OPEN);

  public Phase phase() {
    return now.get().phase();
  }

  /** Whether requests can be admitted and written. */
  public boolean isOpen() {
    return now.get().phase() == Phase.OPEN;
  }

  /** Why the connection is not open; null while it is. */
  public SluiceException cause() {
    return now.get().cause();
  }

  /** OPEN → WRITE_FAILED; whether this call made the transition (false when it had already left OPEN). */
  boolean writeFailed(ConnectionException e) {
    return now.compareAndSet(OPEN, new Now(Phase.WRITE_FAILED, e));
  }

  /**
   * OPEN or WRITE_FAILED → BROKEN with {@code cause}; returns the cause the connection holds now:
   * this one, or an earlier failure's. A write's failure gives way to the failure the readers
   * found meanwhile (the server's FATAL says more than the broken pipe it caused).
   */
  SluiceException broke(SluiceException cause) {
    while (true) {
      Now n = now.get();
      if (!n.phase().readable()) {
        return n.cause();
      }
      if (now.compareAndSet(n, new Now(Phase.BROKEN, cause))) {
        return cause;
      }
    }
  }

  /**
   * Any phase → CLOSED; whether the connection was open until this call (then its owner may say
   * Terminate). An earlier failure stays the cause, so later calls learn why it failed.
   */
  boolean close() {
    while (true) {
      Now n = now.get();
      if (n.phase() == Phase.CLOSED) {
        return false;
      }
      SluiceException cause = n.cause() != null ? n.cause()
          : new ConnectionException("the connection was closed", Outcome.UNKNOWN);
      if (now.compareAndSet(n, new Now(Phase.CLOSED, cause))) {
        return n.phase() == Phase.OPEN;
      }
    }
  }

  @Override
  public String toString() {
    Now n = now.get();
    return n.cause() == null ? n.phase().name() : n.phase() + " (" + n.cause().getMessage() + ")";
  }
}
