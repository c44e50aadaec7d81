package io.sluice.internal.pool;

import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.internal.calls.ConnectionCore;
import io.sluice.internal.calls.Connections;
import io.sluice.protocol.TransactionStatus;
import java.time.Duration;

/**
 * One pooled connection and what its {@link PoolSlots} knows of it. Fields other than {@code c}
 * and {@code retireAt} are guarded by the pool's lock.
 */
final class PoolSlot {
  private static final System.Logger LOG = System.getLogger("io.sluice.pool");

  /** The connection handed to callers, and beneath it what the pool itself uses. */
  final Connection c;
  final ConnectionCore core;
  /** When it is retired ({@link System#nanoTime()}), or 0 for never. */
  final long retireAt;
  long lastUsed;
  /** Shared statements running on it. */
  int inFlight;
  boolean borrowed;
  long borrowedAt;
  /** Where it was borrowed, for a leak report; null when leak detection is off. */
  Throwable borrower;
  boolean leakReported;
  /** Being checked before it is handed out: no statement goes there meanwhile. */
  boolean checking;
  /** Kept for a waiting borrower: no shared statement goes there, so that it soon goes idle. */
  boolean reserved;

  PoolSlot(ConnectionCore core, long retireAt) {
    this.core = core;
    this.c = Connections.of(core);
    this.retireAt = retireAt;
    this.lastUsed = System.nanoTime();
  }

  void markBorrowed(boolean traceBorrower) {
    borrowed = true;
    reserved = false;
    borrowedAt = System.nanoTime();
    leakReported = false;
    borrower = traceBorrower ? new Throwable("borrowed here") : null;
  }

  /** Running nothing and borrowed by nobody. */
  boolean isIdle() {
    return !borrowed && inFlight == 0;
  }

  boolean idleLongerThan(long nanos, long now) {
    return now - lastUsed >= nanos;
  }

  boolean expired(long now) {
    return retireAt != 0 && now - retireAt >= 0;
  }

  /** Whether {@code failure} (null for none) means this connection can no longer be used. */
  boolean failedWith(Throwable failure) {
    if (failure == null) {
      return false;
    }
    return !c.isOpen() || (failure instanceof ServerException se && se.isConnectionFatal());
  }

  /**
   * Whether {@code e} says a statement never reached the server because this connection had died
   * (a backend terminated while idle, a server restart): it may run again on another.
   */
  boolean diedUnsent(Throwable e) {
    return e instanceof ConnectionException ce && ce.outcome() == SluiceException.Outcome.NOT_SENT && !c.isOpen();
  }

  /**
   * Checks the connection, idle until now and claimed by the caller: what the server sent while it
   * was idle is read first (the FATAL {@code 57P01} left by {@code pg_terminate_backend}, a
   * shutdown; one {@code available()} call when nothing came), then with {@code roundTrip} an
   * empty query must come back. Network I/O: never called with the pool's lock held.
   */
  boolean passesCheck(boolean roundTrip) {
    try {
      if (!core.checkIdle()) {
        return false;
      }
      if (roundTrip) {
        c.simpleQuery("");
      }
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  /**
   * Warns once (with where it was borrowed, when {@code leak_threshold} tracing is on) about a
   * connection borrowed longer than {@code threshold}; zero turns the report off.
   */
  void reportLeak(Duration threshold, long now) {
    long limit = threshold.toNanos();
    if (borrowed && limit > 0 && !leakReported && now - borrowedAt >= limit && borrower != null) {
      leakReported = true;
      LOG.log(System.Logger.Level.WARNING, "a pooled connection has been borrowed for more than " + threshold.toMillis()
          + " ms and not returned: a leak? It was borrowed here:", borrower);
    }
  }

  /**
   * Readies a returned connection for the next borrower: an open or failed transaction rolled
   * back, and with {@code resetSql} the session's state discarded — the pool's own statements, which
   * no statement event reports. The failure when that failed (the connection is then closed), else null.
   */
  SluiceException reset(String resetSql) {
    try {
      if (core.transactionStatus() != TransactionStatus.IDLE) {
        core.runInternally("ROLLBACK");
      }
      if (resetSql != null) {
        core.runInternally(resetSql);
      }
      return null;
    } catch (SluiceException e) {
      LOG.log(System.Logger.Level.DEBUG, "a returned connection could not be reset and was closed: {0}", e.getMessage());
      return e;
    }
  }
}
