package io.sluice;

import java.time.Duration;

/**
 * The sizes and timings of a {@link Pool}. Immutable; start from {@link #DEFAULT} and change what
 * you need, e.g. {@code PoolOptions.DEFAULT.maxSize(16).acquireTimeout(Duration.ofSeconds(2))}.
 *
 * @param minSize connections kept open even when idle (refilled in the background)
 * @param maxSize connections at most
 * @param acquireTimeout how long a caller waits for a connection when all are taken
 * @param maxWaiters callers that may wait at once; one more fails at once (a bounded queue)
 * @param maxLifetime a connection is retired after this long (less a random part of up to a tenth,
 *     so that connections opened together do not all close together); zero for never
 * @param idleTimeout a connection idle this long is closed, down to {@code minSize}; zero for never
 * @param validateAfterIdle a connection idle longer than this is checked with an empty query before
 *     it is handed out; zero checks every idle connection
 * @param leakThreshold a connection borrowed longer than this is reported, with the stack of the
 *     code that borrowed it, through {@code System.Logger} "io.sluice.pool"; zero turns it off
 * @param closeTimeout how long {@link Pool#close()} lets running work finish
 */
public record PoolOptions(int minSize, int maxSize, Duration acquireTimeout, int maxWaiters, Duration maxLifetime,
    Duration idleTimeout, Duration validateAfterIdle, Duration leakThreshold, Duration closeTimeout) {

  public static final PoolOptions DEFAULT = new PoolOptions(1, 10, Duration.ofSeconds(30), 10_000,
      Duration.ofMinutes(30), Duration.ofMinutes(10), Duration.ofSeconds(5), Duration.ZERO, Duration.ofSeconds(30));

  public PoolOptions {
    if (minSize < 0 || maxSize < 1 || minSize > maxSize) {
      throw new ConfigException("pool sizes need 0 <= minSize <= maxSize and maxSize >= 1; got minSize "
          + minSize + ", maxSize " + maxSize);
    }
    if (maxWaiters < 0) {
      throw new ConfigException("maxWaiters must be 0 or more, got " + maxWaiters);
    }
    for (Duration d : new Duration[] {acquireTimeout, maxLifetime, idleTimeout, validateAfterIdle, leakThreshold,
        closeTimeout}) {
      if (d == null || d.isNegative()) {
        throw new ConfigException("pool durations must be zero or positive, got " + d);
      }
    }
  }

  public PoolOptions minSize(int n) {
    return new PoolOptions(n, Math.max(n, maxSize), acquireTimeout, maxWaiters, maxLifetime, idleTimeout,
        validateAfterIdle, leakThreshold, closeTimeout);
  }

  public PoolOptions maxSize(int n) {
    return new PoolOptions(Math.min(minSize, n), n, acquireTimeout, maxWaiters, maxLifetime, idleTimeout,
        validateAfterIdle, leakThreshold, closeTimeout);
  }

  public PoolOptions acquireTimeout(Duration d) {
    return new PoolOptions(minSize, maxSize, d, maxWaiters, maxLifetime, idleTimeout, validateAfterIdle,
        leakThreshold, closeTimeout);
  }

  public PoolOptions maxWaiters(int n) {
    return new PoolOptions(minSize, maxSize, acquireTimeout, n, maxLifetime, idleTimeout, validateAfterIdle,
        leakThreshold, closeTimeout);
  }

  public PoolOptions maxLifetime(Duration d) {
    return new PoolOptions(minSize, maxSize, acquireTimeout, maxWaiters, d, idleTimeout, validateAfterIdle,
        leakThreshold, closeTimeout);
  }

  public PoolOptions idleTimeout(Duration d) {
    return new PoolOptions(minSize, maxSize, acquireTimeout, maxWaiters, maxLifetime, d, validateAfterIdle,
        leakThreshold, closeTimeout);
  }

  public PoolOptions validateAfterIdle(Duration d) {
    return new PoolOptions(minSize, maxSize, acquireTimeout, maxWaiters, maxLifetime, idleTimeout, d,
        leakThreshold, closeTimeout);
  }

  public PoolOptions leakThreshold(Duration d) {
    return new PoolOptions(minSize, maxSize, acquireTimeout, maxWaiters, maxLifetime, idleTimeout,
        validateAfterIdle, d, closeTimeout);
  }

  public PoolOptions closeTimeout(Duration d) {
    return new PoolOptions(minSize, maxSize, acquireTimeout, maxWaiters, maxLifetime, idleTimeout,
        validateAfterIdle, leakThreshold, d);
  }
}
