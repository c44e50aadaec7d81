package io.sluice.jdbc;

import io.sluice.Pool;
import io.sluice.PoolOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The routing pools of one {@link SluiceDataSource} whose {@code readRouting} routes: one per
 * server settings it was asked for (normally one; {@code getConnection(user, password)} with other
 * credentials gets its own), opened at the first {@code getConnection} and kept until {@link
 * #close()}. Read-your-writes covers every connection of one pool.
 */
final class RoutingPools {
  private final Map<List<Object>, Pool> pools = new LinkedHashMap<>();
  private boolean closed;

  /** The pool for {@code settings}, read from {@code url} and {@code properties}; opened with {@code options} if new. */
  synchronized Pool poolFor(String url, Properties properties, DriverSettings settings, PoolOptions options) {
    if (closed) {
      throw new IllegalStateException("the data source was closed");
    }
    return pools.computeIfAbsent(List.of(url, properties), k -> Pool.open(settings.config(), options));
  }

  /** Closes every pool: each waits for its borrowed sessions as {@link Pool#close()} does. */
  void close() {
    List<Pool> open;
    synchronized (this) {
      closed = true;
      open = List.copyOf(pools.values());
      pools.clear();
    }
    open.forEach(Pool::close);
  }
}
