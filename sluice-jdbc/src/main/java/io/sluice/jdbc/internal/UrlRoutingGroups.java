package io.sluice.jdbc.internal;

import io.sluice.Pool;
import io.sluice.PoolOptions;
import java.lang.ref.Cleaner;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The routing groups of the driver's own connections ({@code DriverManager.getConnection}, a JDBC
 * pool's {@code jdbcUrl}) whose {@code readRouting} routes (issue 36): the connections opened with
 * the same URL and properties share one routing {@link Pool} — its fleet monitor, host groups and
 * read-your-writes floors — opened with the first of them and closed {@link #LINGER} after the last
 * is closed (unless another joins meanwhile), so that read-your-writes holds across the connections
 * of a JDBC pool built on the URL.
 *
 * <p>Counted per connection: {@code close()} leaves the group; a connection never closed leaves it
 * when it becomes unreachable (a {@link Cleaner} watches each one), so a leak does not keep the
 * group's monitor and sessions for the life of the JVM. Scope: this class's static registry, so one
 * per copy of sluice-jdbc loaded (per class loader that loaded it). The key is a SHA-256 digest of
 * the URL and every property (user, password and other secrets included), so that nothing here
 * keeps a password readable beside the pool's own configuration.
 */
public final class UrlRoutingGroups {
  private static final UrlRoutingGroups SHARED = new UrlRoutingGroups();
  /** Leaves the group for connections nobody closed: its daemon thread runs once such a connection is collected. */
  private static final Cleaner LEAKS = Cleaner.create(r -> Thread.ofPlatform().daemon().name("sluice-jdbc-leaks")
      .unstarted(r));
  private static final AtomicLong NAMES = new AtomicLong();

  /**
   * How long a group outlives its last connection: a JDBC pool that discards a connection and makes
   * another (HikariCP after a failed validation) finds the group as it was — the monitor's view of
   * the fleet, the read-your-writes floor — and so does code that opens and closes a connection per
   * unit of work; a fresh monitor knows no standby's lag until it has seen the primary.
   */
  static final Duration LINGER = Duration.ofSeconds(10);

  /** One routing pool, how many open connections use it, and its close once none has for {@link #LINGER}. */
  private static final class Group {
    final Pool pool;
    int members;
    ScheduledFuture<?> closing;

    Group(Pool pool) {
      this.pool = pool;
    }
  }

  /** The group's key: the digest of a URL and its properties, hex. */
  record Key(String digest) {}

  private final Map<Key, Group> groups = new HashMap<>();

  private UrlRoutingGroups() {}

  /**
   * A routing connection of the group of {@code url} and {@code info} (opened now if none is open),
   * on {@code settings} (parsed from them). It leaves the group once: at {@code close()}, or when
   * it is collected unclosed.
   */
  public static SluiceConnection connect(String url, Properties info, DriverSettings settings) {
    Key key = key(url, info);
    Pool pool = SHARED.join(key, settings);
    SluiceConnection c;
    try {
      c = SluiceConnection.of(pool, settings, () -> SHARED.leave(key, pool));
    } catch (RuntimeException | Error e) {
      SHARED.leave(key, pool);
      throw e;
    }
    LEAKS.register(c, c.sessions::close);   // the action holds the sessions, never the connection
    return c;
  }

  private synchronized Pool join(Key key, DriverSettings settings) {
    Group g = groups.get(key);
    if (g == null || g.pool.isClosed()) {
      // none yet, or its pool was closed through unwrap(Pool.class): its members fail, new ones get a new pool
      // opening starts the monitor's probes in the background: nothing here waits for a server
      g = new Group(Pool.open("jdbc-url-" + NAMES.incrementAndGet(), settings.config(), PoolOptions.DEFAULT));
      groups.put(key, g);
    }
    if (g.closing != null) {
      Timeouts.disarm(g.closing);   // if it runs all the same, it finds a member and closes nothing
      g.closing = null;
    }
    g.members++;
    return g.pool;
  }

  /** One connection of {@code pool}'s group left; after the last, the group closes {@link #LINGER} later unless one joins. */
  private synchronized void leave(Key key, Pool pool) {
    Group g = groups.get(key);
    if (g == null || g.pool != pool || --g.members > 0) {
      return;
    }
    g.closing = Timeouts.after(LINGER.toMillis(), () -> closeIfUnused(key, g));
  }

  private void closeIfUnused(Key key, Group g) {
    synchronized (this) {
      if (g.members > 0 || groups.get(key) != g) {
        return;
      }
      groups.remove(key);
    }
    // not on the timer's thread: the close waits for the pool's sessions, and statement timeouts share it
    Thread.ofVirtual().name("sluice-jdbc-url-group-close").start(g.pool::close);
  }

  /** SHA-256 over the URL and each property's name and value, in name order, each after a NUL. */
  static Key key(String url, Properties info) {
    MessageDigest d;
    try {
      d = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
    d.update(url.getBytes(StandardCharsets.UTF_8));
    if (info != null) {
      for (String name : new TreeSet<>(info.stringPropertyNames())) {
        d.update((byte) 0);
        d.update(name.getBytes(StandardCharsets.UTF_8));
        d.update((byte) 0);
        d.update(info.getProperty(name).getBytes(StandardCharsets.UTF_8));
      }
    }
    return new Key(HexFormat.of().formatHex(d.digest()));
  }
}
