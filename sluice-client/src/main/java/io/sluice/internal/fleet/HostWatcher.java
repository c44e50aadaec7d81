package io.sluice.internal.fleet;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.HostPort;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Probes one host for a {@link FleetMonitor}, on its own virtual thread: keeps one probe
 * connection open, probes, pauses (the interval when up, a growing back-off when down), and starts
 * over on a new connection when a probe fails. {@link #wake()} cuts a pause short.
 */
final class HostWatcher implements Runnable {
  final HostPort host;
  private final ConnectionConfig config;
  private final FleetMonitor monitor;
  private final Semaphore wake = new Semaphore(0);
  private volatile Connection connection;
  /** Guarded by the monitor's lock. */
  HostState state;
  /** Probes begun and ended; guarded by the monitor's lock. */
  long started;
  long finished;
  /** The stall its last probe found, if any; guarded by the monitor's lock. */
  Stall stall;

  HostWatcher(HostPort host, ConnectionConfig config, FleetMonitor monitor) {
    this.host = host;
    this.config = config;
    this.monitor = monitor;
    this.state = HostState.initial(host);
  }

  @Override
  public void run() {
    try {
      while (!monitor.closed()) {
        HostState before = monitor.probeStarting(this);
        HostState after = probeOnce(before);
        monitor.probeFinished(this, before, after);
        pause(after);
      }
    } finally {
      closeConnection();
    }
  }

  /** Ends the current or next pause now. */
  void wake() {
    if (wake.availablePermits() == 0) {
      wake.release();
    }
  }

  /** Closes the probe connection (a probe in progress fails at once). */
  void closeConnection() {
    Connection c = connection;
    connection = null;
    if (c != null) {
      try {
        c.close();
      } catch (RuntimeException ignored) {
        // it is being thrown away
      }
    }
  }

  private HostState probeOnce(HostState before) {
    try {
      Connection c = connection;
      if (c == null || !c.isOpen()) {
        c = Connection.open(config);
        connection = c;
        monitor.opened(c.parameters());
        if (monitor.closed()) {
          closeConnection();
          return before.failed("the monitor was closed", System.nanoTime());
        }
      }
      HostProbe.Reading reading = HostProbe.probe(c);
      return before.probed(reading, System.nanoTime());
    } catch (RuntimeException e) {
      closeConnection();
      String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return before.failed(why, System.nanoTime());
    }
  }

  private void pause(HostState after) {
    long nanos = after.up() ? monitor.pauseWhileUp(after).toNanos()
        : monitor.settings().backoff(after.failures()).toNanos();
    try {
      if (wake.tryAcquire(nanos, TimeUnit.NANOSECONDS)) {
        wake.drainPermits();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("probe thread of " + host + " interrupted", e);
    }
  }

  @Override
  public String toString() {
    return "HostWatcher[" + host + "]";
  }
}
