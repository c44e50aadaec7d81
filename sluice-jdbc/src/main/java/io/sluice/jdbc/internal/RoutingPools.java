package io.sluice.jdbc.internal;

import io.sluice.Pool;
import io.sluice.PoolOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Arrays;

/**
 * The routing pools of one {@code SluiceDataSource} whose {@code readRouting} routes: one per
 * user and password it was asked for (normally one; {@code getConnection(user, password)} with
 * other credentials gets its own), opened with the data source's settings of that moment at the
 * first {@code getConnection} and kept until {@link #close()}. Settings changed later (HikariCP
 * sets the login timeout when it starts) do not open another. Read-your-writes covers every
 * connection of one pool.
 */
public final class RoutingPools {
  private final Map<List<Object>, Pool> pools = new LinkedHashMap<>();
  private boolean closed;

  /** The pool of {@code user} and {@code password}; opened on {@code settings} with {@code options} if new. */
  public synchronized Pool poolFor(String user, String password, DriverSettings settings, PoolOptions options) {
    if (closed) {
      throw new IllegalStateException("the data source was closed");
    }
    return pools.computeIfAbsent(Arrays.asList(user, password), k -> Pool.open(settings.config(), options));
  }

  /** Closes every pool: each waits for its borrowed sessions as {@link Pool#close()} does. */
  public void close() {
    List<Pool> open;
    synchronized (this) {
      closed = true;
      open = List.copyOf(pools.values());
      pools.clear();
    }
    open.forEach(Pool::close);
  }
}
