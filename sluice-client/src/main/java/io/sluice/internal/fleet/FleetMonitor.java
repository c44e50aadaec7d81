package io.sluice.internal.fleet;

import io.sluice.replication.Lsn;
import io.sluice.ConnectionConfig;
import io.sluice.HostPort;
import io.sluice.ServerRole;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Watches every host of a fleet: one small probe connection per host, each on its own virtual
 * thread ({@link HostWatcher}), probing with {@link HostProbe} every {@link
 * MonitorSettings#interval()} and on demand ({@link #refresh}). A failed probe marks the host
 * down; it is retried with back-off on a new connection. Role changes (a standby promoted, an old
 * primary back as a standby) show in the next probe and in {@link FleetEvents}. Each primary probe
 * feeds the {@link LagClock} that gives every standby its lag.
 *
 * <p>{@link #snapshot()} is an immutable picture; {@link #awaitReplay} waits, bounded, until a
 * standby has replayed a position — probing standbys every {@link MonitorSettings#eagerInterval()}
 * while anyone waits. {@link #close()} stops the threads and closes the connections.
 */
public final class FleetMonitor implements AutoCloseable {
  private final MonitorSettings settings;
  private final FleetEvents events;
  private final LagClock lagClock;
  private final List<HostWatcher> watchers;
  private final List<Thread> threads = new ArrayList<>();
  private final ReentrantLock lock = new ReentrantLock();
  /** Signalled after every probe. */
  private final Condition progress = lock.newCondition();
  /** Callers in {@link #awaitReplay}; guarded by {@link #lock}. */
  private int awaiting;
  /** The watcher whose host fed the lag clock last; guarded by {@link #lock}. */
  private HostWatcher primarySource;
  private volatile boolean closed;
  /** What the newest probe session reported at its start ({@code ParameterStatus}). */
  private volatile Map<String, String> parameters = Map.of();

  private FleetMonitor(List<HostPort> hosts, ConnectionConfig config, MonitorSettings settings, FleetEvents events) {
    this.settings = settings;
    this.events = events;
    this.lagClock = new LagClock(settings.lagSamples());
    List<HostWatcher> ws = new ArrayList<>();
    for (HostPort h : hosts) {
      ws.add(new HostWatcher(h, probeConfig(config, h, settings), this));
    }
    this.watchers = List.copyOf(ws);
  }

  /**
   * Starts watching {@code hosts} (each at most once), connecting with {@code config}'s user,
   * database, TLS and authentication settings; returns at once (the first probes run in the background).
   */
  public static FleetMonitor start(List<HostPort> hosts, ConnectionConfig config, MonitorSettings settings,
      FleetEvents events) {
    FleetMonitor m = create(hosts, config, settings, events);
    m.startProbes();
    return m;
  }

  /** As {@link #start(List, ConnectionConfig, MonitorSettings, FleetEvents)}, without starting the probes yet ({@link #startProbes()}). */
  public static FleetMonitor create(List<HostPort> hosts, ConnectionConfig config, MonitorSettings settings,
      FleetEvents events) {
    if (hosts.isEmpty()) {
      throw new IllegalArgumentException("a fleet monitor needs at least one host");
    }
    if (hosts.stream().distinct().count() != hosts.size()) {
      throw new IllegalArgumentException("a host is listed twice: " + hosts);
    }
    return new FleetMonitor(hosts, config, settings, events == null ? FleetEvents.NONE : events);
  }

  /** Starts one probe thread (virtual) per host; once. */
  public synchronized void startProbes() {
    if (!threads.isEmpty()) {
      throw new IllegalStateException("the probes have started");
    }
    for (HostWatcher w : watchers) {
      threads.add(Thread.ofVirtual().name("sluice-fleet-probe " + w.host).start(w));
    }
  }

  /** {@link #start(List, ConnectionConfig, MonitorSettings, FleetEvents)} over {@code config.hosts()}, default settings, no events. */
  public static FleetMonitor start(ConnectionConfig config) {
    return start(config.hosts(), config, MonitorSettings.defaults(), FleetEvents.NONE);
  }

  /**
   * The configuration a probe connection to {@code host} uses: {@code config} narrowed to that one
   * host ({@link #narrowTo}), the probe's own connect and query bounds, and no event listener.
   */
  static ConnectionConfig probeConfig(ConnectionConfig config, HostPort host, MonitorSettings settings) {
    Map<String, String> p = new HashMap<>();
    p.put("connect_timeout", Long.toString(Math.max(1, (settings.connectTimeout().toMillis() + 999) / 1000)));
    p.put("query_timeout", Double.toString(settings.probeTimeout().toMillis() / 1000.0));
    // the application's listener hears its own work, not a probe per host every interval
    return narrowTo(config, host).with(p).withListener(null);
  }

  /**
   * {@code config} for a connection to {@code host} alone: any session type (the monitor, not the
   * connector, judges roles), no shuffling, and no routing parameters (a connection does not route).
   */
  public static ConnectionConfig narrowTo(ConnectionConfig config, HostPort host) {
    Map<String, String> p = new HashMap<>();
    switch (host) {
      case HostPort.Tcp t -> {
        p.put("host", t.name().orElse(null));
        p.put("hostaddr", t.hostaddr().orElse(null));
      }
      case HostPort.UnixSocket u -> {
        p.put("host", u.directory().toString());
        p.put("hostaddr", null);
      }
    }
    p.put("port", Integer.toString(host.port()));
    p.put("target_session_attrs", "any");
    p.put("load_balance_hosts", "disable");
    for (String k : io.sluice.internal.config.Routing.KEYS) {
      p.put(k, null);
    }
    return config.with(p);
  }

  public MonitorSettings settings() {
    return settings;
  }

  public List<HostPort> hosts() {
    return watchers.stream().map(w -> w.host).toList();
  }

  /** The lag clock fed by the primary's probes. */
  public LagClock lagClock() {
    return lagClock;
  }

  /** Every host's last probe and, for standbys, its lag now. */
  public FleetSnapshot snapshot() {
    List<HostState> states = new ArrayList<>();
    lock.lock();
    try {
      watchers.forEach(w -> states.add(w.state));
    } finally {
      lock.unlock();
    }
    long now = System.nanoTime();
    long primaryMoved = lagClock.newestAtNanos();
    List<FleetSnapshot.Host> hosts = new ArrayList<>();
    for (HostState s : states) {
      Optional<Duration> lag = s.role() == ServerRole.STANDBY ? lagClock.lag(s.position(), now) : Optional.empty();
      hosts.add(new FleetSnapshot.Host(s, lag, Stall.of(s, lag, primaryMoved)));
    }
    return new FleetSnapshot(hosts, now, lagClock.newest());
  }

  /**
   * Probes every host now and returns once each has finished a probe begun after this call (true),
   * or when {@code timeout} passes first (false). A down host counts once its attempt has failed.
   */
  public boolean refresh(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    long[] targets = new long[watchers.size()];
    lock.lock();
    try {
      for (int i = 0; i < targets.length; i++) {
        targets[i] = watchers.get(i).started + 1;
      }
    } finally {
      lock.unlock();
    }
    watchers.forEach(HostWatcher::wake);
    lock.lock();
    try {
      while (true) {
        boolean done = true;
        for (int i = 0; i < targets.length; i++) {
          done &= watchers.get(i).finished >= targets[i];
        }
        if (done) {
          return true;
        }
        long left = deadline - System.nanoTime();
        if (left <= 0 || closed) {
          return false;
        }
        progress.awaitNanos(left);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Waits until some standby that is up has replayed up to {@code target} and returns it (the
   * first such host in list order), or empty when {@code timeout} passes first or the monitor
   * closes. Standbys are probed every {@link MonitorSettings#eagerInterval()} meanwhile.
   */
  public Optional<HostPort> awaitReplay(Lsn target, Duration timeout) {
    return awaitFirst(target, timeout, null);
  }

  /** As {@link #awaitReplay(Lsn, Duration)} for one host: true once {@code host} is an up standby that has replayed {@code target}. */
  public boolean awaitReplay(HostPort host, Lsn target, Duration timeout) {
    if (!hosts().contains(host)) {
      throw new IllegalArgumentException("not a host of this monitor: " + host);
    }
    return awaitFirst(target, timeout, host).isPresent();
  }

  private Optional<HostPort> awaitFirst(Lsn target, Duration timeout, HostPort only) {
    long deadline = System.nanoTime() + timeout.toNanos();
    boolean first;
    lock.lock();
    try {
      Optional<HostPort> found = replayedPast(target, only);
      if (found.isPresent() || timeout.isZero() || timeout.isNegative()) {
        return found;
      }
      first = awaiting++ == 0;
    } finally {
      lock.unlock();
    }
    if (first || only != null) {
      // the first waiter cuts the watchers' pauses short; from then on they probe every eager
      // interval while anyone waits. Waking them again for each further waiter would probe back to
      // back, one round trip after another, for nothing: the next probe comes soon anyway
      watchers.forEach(w -> {
        if (only == null || w.host.equals(only)) {
          w.wake();
        }
      });
    }
    lock.lock();
    try {
      while (true) {
        Optional<HostPort> found = replayedPast(target, only);
        long left = deadline - System.nanoTime();
        if (found.isPresent() || left <= 0 || closed) {
          return found;
        }
        progress.awaitNanos(left);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    } finally {
      awaiting--;
      lock.unlock();
    }
  }

  /** Under {@link #lock}. */
  private Optional<HostPort> replayedPast(Lsn target, HostPort only) {
    for (HostWatcher w : watchers) {
      if ((only == null || w.host.equals(only)) && w.state.isUpStandby() && w.state.position().atLeast(target)) {
        return Optional.of(w.host);
      }
    }
    return Optional.empty();
  }

  boolean closed() {
    return closed;
  }

  /** The server parameters the newest probe session reported at its start; empty before the first opened. */
  public Map<String, String> serverParameters() {
    return parameters;
  }

  /** A watcher opened a probe session that reported {@code p}. */
  void opened(Map<String, String> p) {
    if (!p.isEmpty()) {
      parameters = Map.copyOf(p);
    }
  }

  /** Called by a watcher as a probe begins; returns the host's state before it. */
  HostState probeStarting(HostWatcher w) {
    lock.lock();
    try {
      w.started++;
      return w.state;
    } finally {
      lock.unlock();
    }
  }

  /**
   * A routing pool's read on {@code host} learned, behind the read, that the host has replayed
   * {@code replayed} (a standby's {@code pg_last_wal_replay_lsn()}): fresher than the last probe,
   * so the position is raised now and waiters ({@link #awaitReplay}) look again.
   */
  public void heard(HostPort host, Lsn replayed) {
    lock.lock();
    try {
      for (HostWatcher w : watchers) {
        if (w.host.equals(host) && w.state.isUpStandby()) {
          HostState raised = w.state.replayed(replayed, System.nanoTime());
          if (raised != w.state) {
            w.state = raised;
            progress.signalAll();
          }
        }
      }
    } finally {
      lock.unlock();
    }
  }

  /** Called by a watcher as a probe ends: publishes the state, feeds the lag clock, wakes waiters, tells events. */
  void probeFinished(HostWatcher w, HostState before, HostState after) {
    Stall wasStalled;
    Stall stalled;
    lock.lock();
    try {
      // a read-only primary's position is the primary's own WAL too
      if (writesWal(after)) {
        recordPrimary(w, after);
      }
      if (after.isUpStandby() && after.position().atLeast(lagClock.newest())) {
        // caught up: "not moving" counts only from when there was WAL to replay (Stall.NOT_ADVANCING)
        after = after.keepingUp(after.probedAtNanos());
      }
      w.state = after;
      w.finished++;
      wasStalled = w.stall;
      if (after.up()) {
        w.stall = Stall.of(after, lagClock.lag(after.position(), after.probedAtNanos()), lagClock.newestAtNanos())
            .orElse(null);
      } else {
        w.stall = null;   // down says more; back up, it is judged afresh
        wasStalled = null;
      }
      stalled = w.stall;
      progress.signalAll();
    } finally {
      lock.unlock();
    }
    try {
      if (after.up() && !before.up()) {
        events.hostUp(w.host, after);
      } else if (!after.up() && before.up()) {
        events.hostDown(w.host, after);
      }
      if (after.up() && before.role() != ServerRole.UNKNOWN && before.role() != after.role()) {
        events.roleChanged(w.host, before.role(), after.role());
      }
      if (stalled != null && wasStalled == null) {
        events.stalled(w.host, after, stalled, stalled.describe(after.position(), lagClock.newest()));
      } else if (stalled == null && wasStalled != null) {
        events.resumed(w.host, after);
      }
    } catch (RuntimeException ignored) {
      // a listener's failure must not stop the probes
    }
  }

  /**
   * Under {@link #lock}: feeds the lag clock from {@code w}'s host, a primary. When the primary
   * recorded last was another host and that one is no longer an up primary (a promotion), the
   * clock starts over ({@link LagClock#reset()}): the new primary's WAL is its own timeline, and
   * only its positions measure the standbys now — including learning, at once, that a standby
   * left behind by the old one is behind the new one.
   */
  private void recordPrimary(HostWatcher w, HostState after) {
    HostWatcher last = primarySource;
    if (last != null && last != w && !writesWal(last.state)) {
      lagClock.reset();
    }
    primarySource = w;
    lagClock.record(after.probedAtNanos(), after.position());
  }

  /** Up and a primary, writable or not: its position is the primary's WAL. */
  private static boolean writesWal(HostState s) {
    return s.up() && (s.role() == ServerRole.PRIMARY || s.role() == ServerRole.READ_ONLY_PRIMARY);
  }

  /** The pause after a successful probe: short for standbys while someone awaits a replay. */
  Duration pauseWhileUp(HostState after) {
    lock.lock();
    try {
      return awaiting > 0 && after.role() == ServerRole.STANDBY ? settings.eagerInterval() : settings.interval();
    } finally {
      lock.unlock();
    }
  }

  /** Stops every probe thread (bounded wait) and closes the probe connections. Idempotent. */
  @Override
  public void close() {
    closed = true;
    lock.lock();
    try {
      progress.signalAll();
    } finally {
      lock.unlock();
    }
    for (HostWatcher w : watchers) {
      w.wake();
      w.closeConnection();
    }
    long bound = settings.connectTimeout().plus(settings.probeTimeout()).plusSeconds(1).toMillis();
    for (Thread t : threads) {
      try {
        if (!t.join(Duration.ofMillis(bound))) {
          t.interrupt();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  @Override
  public String toString() {
    return "FleetMonitor" + hosts();
  }
}
