package io.sluice.internal.pool;

import io.sluice.internal.calls.ConnectionCore;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.engine.RequestEngine;
import io.sluice.internal.engine.Trailer;
import io.sluice.internal.requests.WalPositionRequest;
import io.sluice.internal.fleet.Floors;
import io.sluice.internal.fleet.FleetMonitor;
import io.sluice.internal.fleet.FleetSnapshot;
import io.sluice.internal.fleet.RecordEnd;
import io.sluice.replication.Lsn;
import io.sluice.internal.fleet.Route;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * How a routing pool learns the WAL positions its floors need (issue 23, docs/design/fleet.md §4):
 * a {@link WalPositionRequest} trails each call's requests in the same socket write ({@link
 * Trailer}), and the call returns only once its answer is recorded — a write's commit position
 * raises the read-your-writes floor, a read's replay position the monotonic-reads floor. Where
 * no trailer could follow (a stream, COPY, a leased connection), the position is asked after the
 * call, a round trip; where even that fails (the connection died), from a fresh probe of the
 * monitor.
 */
public final class WalTracking {
  /** The longest a call waits for its trailer's answer, which normally comes with its own. */
  private static final long ANSWER_WAIT_NANOS = TimeUnit.SECONDS.toNanos(2);

  private final FleetMonitor monitor;
  private final boolean readYourWrites;
  private final Floors floors = new Floors();

  WalTracking(FleetMonitor monitor, boolean readYourWrites) {
    this.monitor = monitor;
    this.readYourWrites = readYourWrites;
  }

  /** The position a standby must have replayed to take the next read of this pool. */
  Lsn floor() {
    return floors.forRead(readYourWrites);
  }

  /** Whether calls on {@code route} are tracked: reads always (monotonic reads), writes when read_your_writes is on. */
  boolean tracks(Route route) {
    return route == Route.READ || readYourWrites;
  }

  /** Arms a trailer on this thread for a call on {@code route}; null when the route is not tracked. */
  Trailer arm(Route route, Trailer.Follows follows) {
    return tracks(route) ? Trailer.arm(follows, e -> new WalPositionRequest(false)) : null;
  }

  /**
   * After the call: disarms {@code t} and records what its last trailer answered, or asks on
   * {@code c} when a request went without one. Never throws: the call's own outcome stands.
   */
  void learn(Trailer t, Route route, HostGroup g, ConnectionCore c, Deadline call) {
    if (t == null) {
      return;
    }
    t.disarm();
    WalPositionRequest answer = null;
    boolean ask = t.wasMissed();
    try {
      answer = (WalPositionRequest) t.awaitLast(bound(call));
    } catch (RuntimeException e) {
      ask = true;   // the connection failed behind the call: ask again, or the monitor
    }
    if (answer != null && !ask) {
      record(route, g, answer);
    } else if (ask) {
      ask(route, g, c, call);
    }
  }

  /** Asks {@code c} where the WAL stands, a round trip (after a call no trailer could follow); never throws. */
  void ask(Route route, HostGroup g, ConnectionCore c, Deadline call) {
    if (c.isOpen()) {
      try {
        RequestEngine engine = c.statements().engine();
        WalPositionRequest w = new WalPositionRequest(true);
        engine.run(w, bound(call));
        record(route, g, w);
        return;
      } catch (RuntimeException e) {
        // below: the monitor's next probe of that host
      }
    }
    fromMonitor(route, g);
  }

  /**
   * The connection is gone: a probe begun after the call reads the host at or past what the call
   * wrote or saw. A primary's probe reads {@code pg_current_wal_lsn()}, which is past an
   * acknowledged commit unless it was asynchronous ({@code synchronous_commit=off}); a standby's
   * reads its replay position, which only grows.
   */
  private void fromMonitor(Route route, HostGroup g) {
    if (!monitor.refresh(Duration.ofNanos(ANSWER_WAIT_NANOS))) {
      return;
    }
    FleetSnapshot.Host h = monitor.snapshot().host(g.host());
    if (h == null || !h.state().up()) {
      return;
    }
    if (h.state().isUpStandby()) {
      floors.read(h.state().position());
    } else if (route == Route.WRITE) {
      floors.wrote(h.state().position());
    } else {
      floors.read(h.state().position());
    }
  }

  private void record(Route route, HostGroup g, WalPositionRequest w) {
    String text = w.position();
    if (text == null) {
      return;   // a standby that has replayed nothing yet: nothing to raise
    }
    Lsn p = Lsn.parse(text);
    if (w.standby()) {
      floors.read(p);
      monitor.heard(g.host(), p);
      return;
    }
    Lsn end = RecordEnd.of(p, w.walBlockSize(), w.walSegmentSize());
    if (route == Route.WRITE) {
      floors.wrote(end);
    } else {
      floors.read(end);   // a read on the primary saw all of it
    }
  }

  private static Deadline bound(Deadline call) {
    if (!call.isNone() && call.remainingNanos() < ANSWER_WAIT_NANOS) {
      return call.passed() ? Deadline.in(1) : call;
    }
    return Deadline.in(ANSWER_WAIT_NANOS);
  }

  /** The newest acknowledged write's position, for tests and stats. */
  public Lsn wrote() {
    return floors.wrote();
  }
}
