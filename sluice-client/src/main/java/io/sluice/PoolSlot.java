package io.sluice;

/**
 * One pooled connection and what its {@link PoolSlots} knows of it. Fields other than {@code c}
 * and {@code retireAt} are guarded by the pool's lock.
 */
final class PoolSlot {
  final Connection c;
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

  PoolSlot(Connection c, long retireAt) {
    this.c = c;
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
   * Checks the connection, idle until now and claimed by the caller: what the server sent while it
   * was idle is read first (the FATAL {@code 57P01} left by {@code pg_terminate_backend}, a
   * shutdown; one {@code available()} call when nothing came), then with {@code roundTrip} an
   * empty query must come back. Network I/O: never called with the pool's lock held.
   */
  boolean passesCheck(boolean roundTrip) {
    try {
      if (!c.checkIdle()) {
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
}
