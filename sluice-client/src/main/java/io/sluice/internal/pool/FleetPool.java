package io.sluice.internal.pool;

import io.sluice.ConfigException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ConnectionStats;
import io.sluice.HostPort;
import io.sluice.HostStats;
import io.sluice.Pool;
import io.sluice.PoolExhaustedException;
import io.sluice.PoolOptions;
import io.sluice.PoolStats;
import io.sluice.ReadRouting;
import io.sluice.ServerException;
import io.sluice.SluiceException.Outcome;
import io.sluice.Transaction;
import io.sluice.TxOptions;
import io.sluice.internal.calls.ConnectionCore;
import io.sluice.internal.calls.Runner;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.engine.Trailer;
import io.sluice.internal.fleet.FleetMonitor;
import io.sluice.internal.fleet.FleetSnapshot;
import io.sluice.internal.fleet.Fitness;
import io.sluice.replication.Lsn;
import io.sluice.internal.fleet.MonitorSettings;
import io.sluice.internal.fleet.Route;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

/**
 * A pool that routes (issue 23, {@code read_routing} {@code prefer-standby} or {@code standby}):
 * a {@link FleetMonitor} over the configured hosts and one {@link HostGroup} per host, each a
 * {@link PoolSlots} with the pool's options whose connections open to that host alone. Writes go
 * to the group of the host the monitor reports writable; read-only work to a fit standby
 * ({@link Fitness}: up, lag at most {@code max_standby_lag}), the one with the fewest calls in
 * flight, ties taken in turn. None fit: a bounded wait (the call's deadline, at most {@link
 * #STANDBY_WAIT}) while one is expected to catch up within it ({@link Fitness#worthWaiting}; a
 * stalled standby never is), then {@code prefer-standby} uses the primary and {@code standby}
 * fails naming each host's state.
 *
 * <p>Read-your-writes and monotonic reads: {@link WalTracking} learns the WAL position behind
 * each write and each read, and a standby takes a read only once it has replayed past {@link
 * #readFloor()}.
 */
public final class FleetPool implements PoolCore {
  /** The longest a read waits for a fit standby before {@code read_routing} decides. */
  static final Duration STANDBY_WAIT = Duration.ofSeconds(1);
  /** A slice of the writer's wait for a writable primary, between monitor refreshes. */
  private static final long WRITER_SLICE_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
  /** A slice of a read's wait for a standby, after which it judges again whether waiting is worth it. */
  private static final long WAIT_SLICE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

  private final Pool pool;
  private final ConnectionConfig config;
  private final PoolOptions options;
  private final PoolEvents events;
  private final FleetMonitor monitor;
  private final WalTracking tracking;
  private final Map<HostPort, HostGroup> groups = new LinkedHashMap<>();
  private final KnownParameters known = new KnownParameters();
  private final AtomicInteger turn = new AtomicInteger();
  private final java.util.concurrent.atomic.LongAdder standbyWaits = new java.util.concurrent.atomic.LongAdder();
  /**
   * The last choice of fit standbys, reused for {@link #FIT_REUSE_NANOS}: building a snapshot takes
   * the monitor's lock and reads the lag clock per standby, which would otherwise be paid per read.
   */
  private volatile FitStandbys lastFit;

  /** How long a choice of fit standbys is reused: short beside the probe interval (200 ms), so lag stays as exact. */
  private static final long FIT_REUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
  private volatile boolean closed;
  /** The pool's calls on the write route, and on the read route ({@code pool.readOnly()}). */
  private final Runner writes;
  private final Runner reads;

  public FleetPool(Pool pool, ConnectionConfig config, PoolOptions options, PoolEvents events) {
    this.pool = pool;
    this.config = config;
    this.options = options;
    this.events = events;
    List<HostPort> hosts = config.hosts();
    if (hosts.stream().distinct().count() != hosts.size()) {
      throw new ConfigException("read_routing=" + config.readRouting().keyword() + " needs each host listed once: "
          + hosts);
    }
    for (HostPort h : hosts) {
      ConnectionConfig only = FleetMonitor.narrowTo(config, h);
      groups.put(h, new HostGroup(h, new PoolSlots(options,
          () -> known.seen(tracked(ConnectionCore.open(only, null))), events)));
    }
    this.monitor = FleetMonitor.create(hosts, config, MonitorSettings.defaults(), events.fleet());
    this.tracking = new WalTracking(monitor, config.readYourWrites());
    this.writes = new PoolRunner(new RoutePlacement(this, Route.WRITE), -1);
    this.reads = new PoolRunner(new RoutePlacement(this, Route.READ), -1);
    startThreads(config, hosts);
  }

  /**
   * Threads last, after this thread has built (and so initialised the classes of) everything they
   * use, and what a first connect needs: a virtual thread waiting for a class another thread
   * initialises keeps its carrier, so with one carrier the probes and keepers could wait on this
   * thread while it waits on them (docs/reliability.md, small containers).
   */
  private void startThreads(ConnectionConfig config, List<HostPort> hosts) {
    ConnectionCore.initialiseForOpen(FleetMonitor.narrowTo(config, hosts.getFirst()));
    monitor.startProbes();
    groups.values().forEach(g -> g.slots().startKeeper());
  }

  /** A group's connection lets the WAL position trail its calls ({@link WalTracking}). */
  private static ConnectionCore tracked(ConnectionCore c) {
    c.statements().engine().acceptTrailers();
    return c;
  }

  Pool pool() {
    return pool;
  }

  public FleetMonitor monitor() {
    return monitor;
  }

  /**
   * The position a standby must have replayed to take a read: the newest position a read of this
   * pool saw, and with {@code read_your_writes} its newest acknowledged write's.
   */
  public Lsn readFloor() {
    return tracking.floor();
  }

  public WalTracking tracking() {
    return tracking;
  }

  /** A connection of a group of {@code route}, with the group it belongs to. */
  record Held(HostGroup group, PoolSlot slot) {}

  /**
   * Picks a group for {@code route} and takes a connection there, shared or borrowed. A read
   * whose host cannot give one (the host refused the connection: it stopped before the monitor
   * saw it) tries another fit host, then falls back as {@code read_routing} says. A write whose
   * primary refuses has the monitor probe again and waits, within the call's bound, for a
   * writable host (the old one back, or a standby promoted).
   */
  Held take(Route route, boolean shared, Deadline call, Set<HostPort> avoid) {
    AcquireBound bound = AcquireBound.of(options, call);
    ConnectionException refused = null;
    for (int attempt = 0; route == Route.WRITE || attempt <= groups.size(); attempt++) {
      HostGroup g;
      try {
        long left = bound.deadline() - System.nanoTime();
        g = pick(route, call.isNone() && refused != null ? Deadline.in(Math.max(1, left)) : call, avoid);
      } catch (RuntimeException e) {
        if (refused != null) {
          e.addSuppressed(refused);   // why the host it had chosen first was left
        }
        throw e;
      }
      try {
        PoolSlot s = shared ? g.slots().shared(bound.deadline(), bound.budgetMillis())
            : g.slots().borrow(bound.deadline(), bound.budgetMillis());
        return new Held(g, s);
      } catch (ConnectionException e) {
        boolean refusedUnsent = !closed && e.outcome() == Outcome.NOT_SENT && !(e instanceof PoolExhaustedException);
        boolean another;
        if (!refusedUnsent) {
          another = false;
        } else if (route == Route.READ) {
          another = avoid.add(g.host());
        } else {
          another = !bound.passed();
          if (another) {
            monitor.refresh(Duration.ofNanos(WRITER_SLICE_NANOS));   // so the next pick knows it is down
          }
        }
        if (!another) {
          if (refused != null) {
            e.addSuppressed(refused);
          }
          throw e;
        }
        refused = e;
      }
    }
    throw refused;
  }

  /**
   * Runs one statement as {@link SlotPool#run} does, on a group {@code route} picks. A statement that
   * found its connection dead before reaching the server runs again, a read on another host.
   */
  <T> T run(Route route, Hold hold, Deadline call, BiFunction<HostGroup, PoolSlot, T> statement) {
    long end = System.nanoTime() + options.acquireTimeout().toNanos();
    Set<HostPort> avoid = new HashSet<>(4);
    Throwable metDead = null;
    for (int attempt = 1; ; attempt++) {
      Held h;
      try {
        h = take(route, hold == Hold.SHARED, call, avoid);
      } catch (RuntimeException e) {
        if (metDead != null) {
          e.addSuppressed(metDead);
        }
        throw e;
      }
      HostGroup g = h.group();
      PoolSlot s = h.slot();
      g.inFlight().incrementAndGet();
      (route == Route.READ ? g.reads() : g.writes()).increment();
      long since = g.slots().clock();
      Throwable failure = null;
      // a lent stream's position is asked when it closes: it is still reading when this returns
      Trailer trailer = hold == Hold.LENT ? null : tracking.arm(route, Trailer.Follows.EVERY_REQUEST);
      try {
        return statement.apply(g, s);
      } catch (RuntimeException | Error e) {
        failure = e;
        boolean again = attempt <= options.maxSize() + groups.size() && System.nanoTime() - end < 0
            && (call.isNone() || !call.passed()) && (s.diedUnsent(e) || refusedAsStandby(route, attempt, g, e));
        if (!again) {
          throw e;
        }
        if (route == Route.READ) {
          avoid.add(g.host());
        }
        metDead = e;
      } finally {
        tracking.learn(trailer, route, g, s.core, call);
        g.inFlight().decrementAndGet();
        if (hold == Hold.SHARED) {
          g.slots().doneShared(s, failure, since);
        } else if (hold == Hold.BORROWED || failure != null) {
          g.slots().giveBack(s, null);
        }
      }
    }
  }

  /**
   * A write the host refused as read-only ({@code 25006}: it is a standby now, or read-only by
   * default) ran nothing, so it may go to the writable host once more — the first time, after the
   * monitor has probed again and names another host (or none yet: {@link #writer} waits for one).
   */
  private boolean refusedAsStandby(Route route, int attempt, HostGroup g, Throwable e) {
    if (route != Route.WRITE || attempt > 1 || !(e instanceof ServerException se) || !"25006".equals(se.sqlState())) {
      return false;
    }
    monitor.refresh(Duration.ofNanos(WRITER_SLICE_NANOS));
    Optional<FleetSnapshot.Host> p = monitor.snapshot().primary();
    return p.isEmpty() || !p.get().host().equals(g.host());
  }

  /** The group for {@code route} now; may wait, bounded, for the monitor. */
  HostGroup pick(Route route, Deadline call, Set<HostPort> avoid) {
    if (closed) {
      throw new ConnectionException("the pool is closed", Outcome.NOT_SENT);
    }
    return route == Route.WRITE ? writer(call) : reader(call, avoid);
  }

  /** The writable primary's group, waiting (acquire timeout or the call's deadline) for the monitor to name one. */
  private HostGroup writer(Deadline call) {
    long bound = options.acquireTimeout().toNanos();
    if (!call.isNone()) {
      bound = Math.min(bound, call.remainingNanos());
    }
    long end = System.nanoTime() + bound;
    while (true) {
      FleetSnapshot snap = monitor.snapshot();
      Optional<FleetSnapshot.Host> p = snap.primary();
      if (p.isPresent()) {
        return groups.get(p.get().host());
      }
      long left = end - System.nanoTime();
      if (left <= 0 || closed) {
        throw new ConnectionException("no writable primary among the hosts after waiting "
            + TimeUnit.NANOSECONDS.toMillis(bound) + " ms: " + roles(snap), Outcome.NOT_SENT);
      }
      monitor.refresh(Duration.ofNanos(Math.min(left, WRITER_SLICE_NANOS)));
    }
  }

  /** A fit standby's group (fewest in flight), else after a bounded wait per {@code read_routing}. */
  private HostGroup reader(Deadline call, Set<HostPort> avoid) {
    Duration maxLag = config.maxStandbyLag();
    Lsn floor = readFloor();
    FitStandbys reuse = lastFit;
    long now = System.nanoTime();
    if (avoid.isEmpty() && reuse != null && now - reuse.atNanos() < FIT_REUSE_NANOS) {
      List<HostPort> past = reuse.past(floor);
      if (!past.isEmpty()) {
        return leastBusy(past);
      }
    }
    FleetSnapshot snap = firstSnapshot(call);
    if (avoid.isEmpty()) {
      List<HostPort> any = Fitness.fitStandbys(snap, maxLag, Lsn.ZERO, monitor.lagClock().oldest(), avoid);
      FleetSnapshot first = snap;
      lastFit = new FitStandbys(now, any, any.stream().map(h -> first.host(h).state().position()).toList());
    }
    List<HostPort> fit = Fitness.fitStandbys(snap, maxLag, floor, monitor.lagClock().oldest(), avoid);
    long bound = STANDBY_WAIT.toNanos();
    if (!call.isNone()) {
      bound = Math.max(0, Math.min(bound, call.remainingNanos()));
    }
    long start = System.nanoTime();
    long end = start + bound;
    boolean waited = false;
    // wait only while some standby is expected to become fit within what is left of the bound
    // (Fitness.worthWaiting): one that cannot catch up, or lags more than the bound, would make it vain
    while (fit.isEmpty() && !closed) {
      long left = end - System.nanoTime();
      Lsn knownFrom = monitor.lagClock().oldest();
      if (left <= 0 || Fitness.worthWaiting(snap, maxLag, floor, knownFrom, avoid, monitor.lagClock(), left).isEmpty()) {
        break;
      }
      if (!waited) {
        waited = true;
        standbyWaits.increment();
      }
      // in slices, so that a standby found stalled meanwhile ends the wait
      monitor.awaitReplay(Lsn.max(floor, knownFrom), Duration.ofNanos(Math.min(left, WAIT_SLICE_NANOS)));
      snap = monitor.snapshot();
      fit = Fitness.fitStandbys(snap, maxLag, floor, monitor.lagClock().oldest(), avoid);
    }
    if (!fit.isEmpty()) {
      return leastBusy(fit);
    }
    if (config.readRouting() == ReadRouting.PREFER_STANDBY) {
      HostGroup primary = writer(call);
      FleetSnapshot last = snap;
      Set<HostPort> left = avoid;
      events.readOnPrimary(primary.host(), () -> Fitness.unfit(last, maxLag, floor, monitor.lagClock().oldest(), left));
      return primary;
    }
    throw new ConnectionException("no standby fit for a read (read_routing=standby, max_standby_lag="
        + maxLag.toMillis() + " ms)" + (waited ? " after waiting " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime()
        - start) + " ms" : ", none expected to catch up within " + TimeUnit.NANOSECONDS.toMillis(bound) + " ms") + ": "
        + Fitness.unfit(snap, maxLag, floor, monitor.lagClock().oldest(), avoid), Outcome.NOT_SENT);
  }

  /** Reads that waited for a standby to catch up ({@link #STANDBY_WAIT}), for tests and stats. */
  public long standbyWaits() {
    return standbyWaits.sum();
  }

  /** The snapshot, after waiting (bounded) for the first probe of every host when the pool has just opened. */
  private FleetSnapshot firstSnapshot(Deadline call) {
    FleetSnapshot snap = monitor.snapshot();
    boolean unprobed = snap.hosts().stream().anyMatch(h -> h.state().probedAtNanos() == 0);
    if (unprobed) {
      long bound = options.acquireTimeout().toNanos();
      if (!call.isNone()) {
        bound = Math.min(bound, call.remainingNanos());
      }
      monitor.refresh(Duration.ofNanos(Math.max(0, bound)));
      snap = monitor.snapshot();
    }
    return snap;
  }

  /** Of {@code fit}, the group with the fewest calls in flight; ties taken in turn, so reads spread. */
  private HostGroup leastBusy(List<HostPort> fit) {
    int start = Math.floorMod(turn.getAndIncrement(), fit.size());
    HostGroup best = null;
    for (int i = 0; i < fit.size(); i++) {
      HostGroup g = groups.get(fit.get((start + i) % fit.size()));
      if (best == null || g.inFlight().get() < best.inFlight().get()) {
        best = g;
      }
    }
    return best;
  }

  private static String roles(FleetSnapshot snap) {
    StringBuilder b = new StringBuilder();
    for (FleetSnapshot.Host h : snap.hosts()) {
      var st = h.state();
      b.append(b.isEmpty() ? "" : "; ").append(h.host()).append(' ')
          .append(st.up() ? st.role().toString().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
              : st.probedAtNanos() == 0 ? "not probed yet" : "down (" + st.lastError() + ")");
    }
    return b.toString();
  }

  @Override
  public Runner runner() {
    return writes;
  }

  @Override
  public Runner readRunner() {
    return reads;
  }

  /** A transaction on a connection of its route's group: read-only ones on the read route. */
  @Override
  public <T, X extends Exception> T transaction(TxOptions o, Transaction.Body<T, X> body) throws X {
    Route route = o.readOnly() ? Route.READ : Route.WRITE;
    Held h = take(route, false, Deadline.NONE, new HashSet<>(4));
    (route == Route.READ ? h.group().reads() : h.group().writes()).increment();
    // the position that counts is the COMMIT's: its statements before it commit nothing
    Trailer trailer = tracking.arm(route, Trailer.Follows.COMMIT);
    try {
      return h.slot().c.transaction(o, body);
    } finally {
      tracking.learn(trailer, route, h.group(), h.slot().core, Deadline.NONE);
      h.group().slots().giveBack(h.slot(), null);
    }
  }

  /** A session borrows on the write route: its state may write. */
  @Override
  public <T, X extends Exception> T session(Connection.SessionBody<T, X> body) throws X {
    Held h = take(Route.WRITE, false, Deadline.NONE, new HashSet<>(4));
    h.group().writes().increment();
    Trailer trailer = tracking.arm(Route.WRITE, Trailer.Follows.EVERY_REQUEST);
    try {
      return h.slot().c.session(body);
    } finally {
      tracking.learn(trailer, Route.WRITE, h.group(), h.slot().core, Deadline.NONE);
      h.group().slots().giveBack(h.slot(), RESET_SESSION);
    }
  }

  /**
   * A leased connection is used from any thread, where no trailer can follow: its writes count
   * once the lease is returned, when the position is asked (a round trip at the return).
   */
  @Override
  public Pool.Lease acquire(boolean readOnly) {
    return acquire(readOnly ? Route.READ : Route.WRITE);
  }

  /** As {@link #acquire()}, on {@code route}: a read-only lease from a fit standby's group (sluice-jdbc's routing connections). */
  Pool.Lease acquire(Route route) {
    Held h = take(route, false, Deadline.NONE, new HashSet<>(4));
    (route == Route.READ ? h.group().reads() : h.group().writes()).increment();
    LeaseTracking t = tracking.tracks(route) ? new LeaseTracking(tracking, route, h.group(), h.slot().core) : null;
    return new PoolLease(h.group().slots(), h.slot(), t);
  }

  @Override
  public PoolStats stats() {
    return GroupStats.sum(groups.values());
  }

  @Override
  public List<HostStats> hosts() {
    return GroupStats.hosts(monitor.snapshot(), groups);
  }

  /** The newest pool session's parameters, else the monitor's probe sessions' (same user, database and options). */
  @Override
  public Map<String, String> serverParameters() {
    Map<String, String> p = known.get();
    return p.isEmpty() ? monitor.serverParameters() : p;
  }

  @Override
  public ConnectionStats connectionStats() {
    return GroupStats.connectionStats(groups.values());
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  /** Closes every group (each waits for its running work, as a plain pool does), then the monitor. */
  @Override
  public void close() {
    closed = true;
    List<HostGroup> all = new ArrayList<>(groups.values());
    for (HostGroup g : all) {
      g.slots().close();
    }
    monitor.close();
  }
}
