package io.sluice.internal.pool;

import io.sluice.HostPort;
import io.sluice.PoolExhaustedException;
import io.sluice.ServerRole;
import io.sluice.event.AcquireEnd;
import io.sluice.event.AcquireStart;
import io.sluice.event.ConnectionInfo;
import io.sluice.event.EventListener;
import io.sluice.event.HostEvent;
import io.sluice.event.PoolEvent;
import io.sluice.event.PoolEvent.Kind;
import io.sluice.event.PoolEvent.Reason;
import io.sluice.event.ReadOnPrimary;
import io.sluice.internal.calls.ConnectionCore;
import io.sluice.internal.events.Events;
import io.sluice.internal.events.Started;
import io.sluice.internal.fleet.FleetEvents;
import io.sluice.internal.fleet.HostState;

/**
 * A pool's events ({@link PoolEvent}, {@link AcquireStart}/{@link AcquireEnd}), delivered outside
 * the pool's lock. Without a listener every method returns at its first check, having made
 * nothing, so that the pool's paths pay a null check and no allocation.
 */
public final class PoolEvents {
  private final Events events;
  private final String pool;

  public PoolEvents(String pool, EventListener listener) {
    this.pool = pool;
    this.events = Events.of(listener, null);
  }

  /** The start of an acquisition, on the caller's thread; null when nobody listens. */
  Started<AcquireStart> acquiring(boolean borrow) {
    return !Events.on(events) ? null
        : Started.begin(events, new AcquireStart(pool, borrow), EventListener::acquireStart);
  }

  /** The end of acquisition {@code a} (its start: {@link #acquiring}): with {@code got}, or failed with {@code error}. */
  static void acquireEnded(PoolAcquisition a, PoolSlot got, Throwable error) {
    Started<AcquireStart> started = a.started;
    if (started == null) {
      return;
    }
    AcquireEnd.Ending ending = got != null ? AcquireEnd.Ending.ACQUIRED
        : error instanceof PoolExhaustedException ? AcquireEnd.Ending.TIMED_OUT
        : Thread.currentThread().isInterrupted() ? AcquireEnd.Ending.INTERRUPTED
        : AcquireEnd.Ending.FAILED;
    started.end(new AcquireEnd(started.start(), ending, got == null ? null : info(got.core), started.elapsedNanos(),
        a.waitedNanos(), error), EventListener::acquireEnd);
  }

  /** A start time for {@link #opened}, or 0 when nobody listens (no clock read). */
  long clock() {
    return !Events.on(events) ? 0 : System.nanoTime();
  }

  /** Connection {@code c} opened, for {@code reason}, taking since {@code since} ({@link #clock}). */
  void opened(Reason reason, ConnectionCore c, long since) {
    if (Events.on(events)) {
      send(Kind.OPENED, reason, info(c), System.nanoTime() - since, null);
    }
  }

  void openFailed(Reason reason, Throwable cause) {
    if (Events.on(events)) {
      send(Kind.OPEN_FAILED, reason, null, 0, cause);
    }
  }

  /** Connection {@code c} was closed for {@code reason}: retired if it was still open, else evicted as broken. */
  void closed(ConnectionCore c, boolean wasOpen, Reason reason) {
    if (Events.on(events)) {
      send(wasOpen ? Kind.RETIRED : Kind.EVICTED, wasOpen ? reason : Reason.BROKEN, info(c), 0, null);
    }
  }

  /** A caller is done with {@code c}, held since {@code since} ({@link #clock}; 0: nobody listened then). */
  void released(ConnectionCore c, Reason reason, long since) {
    if (since != 0 && Events.on(events)) {
      send(Kind.RELEASED, reason, info(c), System.nanoTime() - since, null);
    }
  }

  void evicted(ConnectionCore c, Reason reason, Throwable cause) {
    if (Events.on(events)) {
      send(Kind.EVICTED, reason, info(c), 0, cause);
    }
  }

  /** The pool's listener hears its fleet monitor's findings as {@link HostEvent}s. */
  FleetEvents fleet() {
    if (!Events.on(events)) {
      return FleetEvents.NONE;
    }
    return new FleetEvents() {
      @Override
      public void hostUp(HostPort host, HostState state) {
        HostEvent e = new HostEvent(pool, host, HostEvent.Kind.UP, ServerRole.UNKNOWN, state.role(), null);
        events.send(l -> l.hostChanged(e));
      }

      @Override
      public void hostDown(HostPort host, HostState state) {
        HostEvent e = new HostEvent(pool, host, HostEvent.Kind.DOWN, state.role(), state.role(), state.lastError());
        events.send(l -> l.hostChanged(e));
      }

      @Override
      public void roleChanged(HostPort host, ServerRole from, ServerRole to) {
        HostEvent e = new HostEvent(pool, host, HostEvent.Kind.ROLE_CHANGED, from, to, null);
        events.send(l -> l.hostChanged(e));
      }

      @Override
      public void stalled(HostPort host, HostState state, io.sluice.internal.fleet.Stall stall, String why) {
        HostEvent e = new HostEvent(pool, host, HostEvent.Kind.STALLED, state.role(), state.role(), why);
        events.send(l -> l.hostChanged(e));
      }

      @Override
      public void resumed(HostPort host, HostState state) {
        HostEvent e = new HostEvent(pool, host, HostEvent.Kind.RESUMED, state.role(), state.role(), null);
        events.send(l -> l.hostChanged(e));
      }
    };
  }

  /** A {@code prefer-standby} read went to {@code primary}, no standby being fit ({@code reason}). */
  void readOnPrimary(HostPort primary, java.util.function.Supplier<String> reason) {
    if (Events.on(events)) {
      ReadOnPrimary e = new ReadOnPrimary(pool, primary, reason.get());
      events.send(l -> l.readOnPrimary(e));
    }
  }

  private void send(Kind kind, Reason reason, ConnectionInfo connection, long nanos, Throwable cause) {
    PoolEvent e = new PoolEvent(pool, kind, reason, connection, nanos, cause);
    events.send(l -> l.pool(e));
  }

  /** The session of {@code c}, as its own events name it (made once per connection), else made now. */
  private static ConnectionInfo info(ConnectionCore c) {
    Events own = c.events();
    return own != null && own.connection() != null ? own.connection()
        : c.statements().server().connectionInfo();
  }
}
