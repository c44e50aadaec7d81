package io.sluice.pool;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.testkit.ServerTest;
import org.junit.jupiter.api.Test;

/**
 * How a lease gives its connection back: {@link Pool.Lease#close()} resets the session,
 * {@link Pool.Lease#closeKeepingSession()} keeps it; both roll back an open transaction.
 */
@ServerTest
class PoolLeaseTest {
  private static Pool onePool() {
    return Pool.open(PoolTest.url(), PoolOptions.DEFAULT.minSize(0).maxSize(1));
  }

  private static String show(Pool pool) {
    try (Pool.Lease lease = pool.acquire()) {
      return lease.connection().query("show statement_timeout").get(0).getString(0);
    }
  }

  @Test
  void closeResetsTheSession() {
    PoolTest.server();
    try (Pool pool = onePool()) {
      try (Pool.Lease lease = pool.acquire()) {
        lease.connection().execute("set statement_timeout = '7s'");
      }
      assertEquals("0", show(pool));
    }
  }

  @Test
  void closeKeepingSessionKeepsItButRollsBackAnOpenTransaction() {
    PoolTest.server();
    try (Pool pool = onePool()) {
      pool.execute("create table if not exists lease_rows (n int)");
      pool.execute("truncate lease_rows");
      Pool.Lease lease = pool.acquire();
      lease.connection().execute("set statement_timeout = '7s'");
      lease.connection().execute("begin");
      lease.connection().execute("insert into lease_rows values (1)");
      lease.closeKeepingSession();
      lease.closeKeepingSession();   // once: a second call does nothing
      assertThrows(IllegalStateException.class, lease::connection);
      assertEquals(0, pool.stats().borrowed());
      assertEquals("7s", show(pool));
      assertEquals(0L, pool.query("select count(*) from lease_rows").get(0).getLong(0));
      pool.execute("drop table lease_rows");
    }
  }
}
