package io.sluice;

import io.sluice.internal.calls.ConnectionCore;
import io.sluice.internal.calls.Runner;
import io.sluice.internal.pool.FleetPool;
import io.sluice.internal.pool.PoolCore;

/**
 * The white-box tests' one way behind the API's façades: a {@link Pool}'s and a
 * {@link Connection}'s cores are package-private (nothing internal in the API's signatures), and
 * the tests that check a transaction status or a fleet's monitor live in packages of their own.
 */
public final class Internals {
  private Internals() {}

  public static PoolCore core(Pool pool) {
    return pool.core;
  }

  public static Runner runner(Pool pool) {
    return pool.runner;
  }

  /** The pool's core as the routing pool it is when {@code read_routing} is not {@code primary}. */
  public static FleetPool fleet(Pool pool) {
    return (FleetPool) pool.core;
  }

  /** The {@code BEGIN} a transaction with {@code options} sends. */
  public static String beginSql(TxOptions options) {
    return options.beginSql();
  }

  public static ConnectionCore core(Connection connection) {
    return connection.core;
  }
}
