package io.sluice.micrometer;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.sluice.HostPort;
import io.sluice.HostStats;
import io.sluice.Pool;
import io.sluice.PoolStats;
import io.sluice.ServerRole;
import java.util.Optional;

/**
 * The meters of a {@link Pool}, read from its snapshots when the registry is scraped: gauges of
 * its connections ({@code sluice.pool.connections} tagged {@code state}: open, idle, borrowed,
 * opening), its waiting callers and running statements and its size limits; counters from {@link
 * PoolStats}; and the statement-cache and pipeline meters summed over its connections ({@link
 * Pool#connectionStats()}). Every meter carries {@code pool} (the name given) and the tags given.
 * When the pool closes, its meters are removed from the registry.
 */
public final class PoolMetrics implements MeterBinder {
  public static final String CONNECTIONS = "sluice.pool.connections";
  public static final String WAITING = "sluice.pool.waiting";
  public static final String IN_FLIGHT = "sluice.pool.in.flight";
  public static final String MAX = "sluice.pool.max";
  public static final String MIN = "sluice.pool.min";
  public static final String ACQUIRED = "sluice.pool.acquired";
  public static final String TIMEOUTS = "sluice.pool.timeouts";
  public static final String OPENED = "sluice.pool.connections.opened";
  public static final String CLOSED = "sluice.pool.connections.closed";
  public static final String EVICTED = "sluice.pool.connections.evicted";
  public static final String CONNECT_FAILURES = "sluice.pool.connect.failures";
  /** A routing pool's servers, tagged {@code host}: a standby's lag in seconds (NaN when unknown or not a standby). */
  public static final String HOST_LAG = "sluice.pool.host.lag";
  /** 1 while the host answers its probes, else 0. */
  public static final String HOST_UP = "sluice.pool.host.up";
  /** 1 while the host is the writable primary, else 0. */
  public static final String HOST_PRIMARY = "sluice.pool.host.primary";
  /** Calls routed to the host, tagged {@code route}: {@code read} or {@code write}. */
  public static final String HOST_CALLS = "sluice.pool.host.calls";

  private final Pool pool;
  private final Tags tags;

  /** The meters of {@code pool}, tagged {@code pool=name} and {@code tags}. */
  public PoolMetrics(Pool pool, String name, Iterable<Tag> tags) {
    if (pool == null) {
      throw new IllegalArgumentException("PoolMetrics: pool is null");
    }
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("PoolMetrics: the pool's name is empty; name it for its tag (pool=…)");
    }
    this.pool = pool;
    this.tags = Tags.of(tags).and("pool", name);
  }

  /** The meters of {@code pool}, tagged {@code pool=name}. */
  public PoolMetrics(Pool pool, String name) {
    this(pool, name, Tags.empty());
  }

  /** The meters of {@code pool}, tagged {@code pool=}{@link Pool#name()}. */
  public PoolMetrics(Pool pool) {
    this(pool, pool == null ? null : pool.name(), Tags.empty());
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    OwnedMeters<Pool> m = new OwnedMeters<>(registry, pool, tags);
    String byState = "The pool's connections, by state";
    m.gauge(CONNECTIONS, byState, Tags.of("state", "open"), p -> p.stats().open());
    m.gauge(CONNECTIONS, byState, Tags.of("state", "idle"), p -> p.stats().idle());
    m.gauge(CONNECTIONS, byState, Tags.of("state", "borrowed"), p -> p.stats().borrowed());
    m.gauge(CONNECTIONS, byState, Tags.of("state", "opening"), p -> p.stats().opening());
    m.gauge(WAITING, "Callers waiting for a connection now", p -> p.stats().waiting());
    m.gauge(IN_FLIGHT, "Statements running on shared connections now", p -> p.stats().inFlight());
    m.gauge(MAX, "The most connections the pool opens", p -> p.options().maxSize());
    m.gauge(MIN, "The fewest connections the pool keeps", p -> p.options().minSize());
    m.counter(ACQUIRED, "Connections handed out, shared statements included", p -> p.stats().acquired());
    m.counter(TIMEOUTS, "Callers who gave up waiting for a connection", p -> p.stats().timeouts());
    m.counter(OPENED, "Connections opened", p -> p.stats().opened());
    m.counter(CLOSED, "Connections closed", p -> p.stats().closed());
    m.counter(EVICTED, "Connections closed because they failed", p -> p.stats().evicted());
    m.counter(CONNECT_FAILURES, "Attempts to open a connection that failed", p -> p.stats().connectFailures());
    ConnectionStatsMeters.bind(m, Pool::connectionStats);
    bindHosts(m);
    // as HikariCP's tracker does: a closed pool's meters go, so that a new pool may bind under its name
    pool.whenClosed(m::removeAll);
  }

  /**
   * A routing pool's servers, one set of meters per host listed (the list is fixed when the pool
   * opens, roles are not: a role is a gauge's value, not a tag, so a promotion changes no meter's name).
   */
  private static void bindHosts(OwnedMeters<Pool> m) {
    for (HostStats h : m.owner().hosts()) {
      HostPort host = h.host();
      Tags t = Tags.of("host", host.toString());
      m.gauge(HOST_LAG, "How far a standby's replay is behind the primary, in seconds", t,
          p -> host(p, host).flatMap(HostStats::lag).map(d -> d.toNanos() / 1e9).orElse(Double.NaN));
      m.gauge(HOST_UP, "Whether the server answers the pool's probes", t,
          p -> host(p, host).map(s -> s.up() ? 1.0 : 0.0).orElse(Double.NaN));
      m.gauge(HOST_PRIMARY, "Whether the server is the writable primary", t,
          p -> host(p, host).map(s -> s.up() && s.role() == ServerRole.PRIMARY ? 1.0 : 0.0).orElse(Double.NaN));
      m.counter(HOST_CALLS, "Calls the pool routed to the server", t.and("route", "read"),
          p -> host(p, host).map(s -> (double) s.reads()).orElse(Double.NaN));
      m.counter(HOST_CALLS, "Calls the pool routed to the server", t.and("route", "write"),
          p -> host(p, host).map(s -> (double) s.writes()).orElse(Double.NaN));
    }
  }

  private static Optional<HostStats> host(Pool p, HostPort host) {
    for (HostStats s : p.hosts()) {
      if (s.host().equals(host)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }
}
