package io.sluice.deadlines;

import io.sluice.ConnectionConfig;
import io.sluice.Pool;
import io.sluice.PoolOptions;

/**
 * The child JVM of {@link OneCarrierOpenTest}: opens a routing pool over the conninfo given,
 * waits for a standby read, writes once, closes, and prints what it did.
 */
final class OneCarrierOpen {
  private OneCarrierOpen() {}

  public static void main(String[] args) {
    long start = System.nanoTime();
    try (Pool pool = Pool.open(ConnectionConfig.parse(args[0]), PoolOptions.DEFAULT.minSize(2).maxSize(4))) {
      boolean standby = pool.readOnly().query("SELECT pg_is_in_recovery()").get(0).getBoolean(0);
      long wrote = pool.execute("INSERT INTO opened VALUES (1)");
      System.out.printf("opened, read on a standby %s, wrote %d row, %d ms%n", standby, wrote,
          (System.nanoTime() - start) / 1_000_000);
    }
  }
}
