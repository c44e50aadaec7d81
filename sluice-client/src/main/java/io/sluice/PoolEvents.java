package io.sluice;

import io.sluice.event.PoolEvent;
import io.sluice.event.PoolEvent.Kind;
import io.sluice.internal.Events;

/**
 * A pool's events ({@link PoolEvent}), delivered outside the pool's lock. Without a listener
 * every method returns at its first check, having made nothing, so that the pool's paths pay a
 * null check and no allocation.
 */
final class PoolEvents {
  private final Events events;

  PoolEvents(SluiceListener listener) {
    this.events = Events.of(listener, null);
  }

  /** Whether anyone listens: only then is there a wait to time. */
  boolean on() {
    return events != null;
  }

  /** A start time for {@link #acquired}, or 0 when nobody listens (no clock read). */
  long clock() {
    return events == null ? 0 : System.nanoTime();
  }

  /** A caller got a connection after trying since {@code since} ({@link #clock}). */
  void acquired(long since) {
    send(Kind.ACQUIRED, since, null);
  }

  /** A caller gave up, trying since {@code since}, for {@code cause}. */
  void timedOut(long since, Throwable cause) {
    send(Kind.TIMED_OUT, since, cause);
  }

  void waiting() {
    send(Kind.WAITING, 0, null);
  }

  void evicted(Throwable cause) {
    send(Kind.EVICTED, 0, cause);
  }

  /** A connection opened, taking since {@code since}. */
  void opened(long since) {
    send(Kind.OPENED, since, null);
  }

  void openFailed(Throwable cause) {
    send(Kind.OPEN_FAILED, 0, cause);
  }

  void retired() {
    send(Kind.RETIRED, 0, null);
  }

  /** Retired if it was still open, else evicted (a dead connection found idle). */
  void closed(boolean wasOpen) {
    send(wasOpen ? Kind.RETIRED : Kind.EVICTED, 0, null);
  }

  private void send(Kind kind, long since, Throwable cause) {
    if (events != null) {
      PoolEvent e = new PoolEvent(kind, since == 0 ? 0 : System.nanoTime() - since, cause);
      events.send(l -> l.pool(e));
    }
  }
}
