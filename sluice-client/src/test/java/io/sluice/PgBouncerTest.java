package io.sluice;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.PgBouncer;
import io.sluice.testkit.PostgresServer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Through PgBouncer in transaction mode: the unnamed-statement mode ({@code statement_cache_size=0}). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PgBouncerTest {
  static PostgresServer pg;
  static PgBouncer bouncer;

  @BeforeAll
  static void start() {
    if (PgBouncer.available().isEmpty()) {
      System.err.println("PgBouncerTest SKIPPED: pgbouncer is not installed (Debian package pgbouncer;"
          + " bin/sluice test installs it when run as root)");
    }
    Assumptions.assumeTrue(PgBouncer.available().isPresent(), "pgbouncer is not installed");
    pg = PostgresServer.shared();
    Assumptions.assumeTrue(pg.prepared(), "needs a local test server");
    bouncer = PgBouncer.start(pg, "transaction", 2);
  }

  @AfterAll
  static void stop() {
    if (bouncer != null) {
      bouncer.close();
    }
  }

  static String url(String extra) {
    return "host=" + bouncer.host() + " port=" + bouncer.port() + " user=" + pg.superuser() + " dbname="
        + pg.database() + " sslmode=disable " + extra;
  }

  @Test
  void unnamedStatementsWorkAcrossServerConnections() throws Exception {
    try (Pool pool = Pool.open(url("statement_cache_size=0"),
            PoolOptions.DEFAULT.maxSize(8));
        var exec = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<Integer>> results = new ArrayList<>();
      for (int i = 0; i < 400; i++) {
        int n = i;
        results.add(exec.submit(() -> pool.query("select $1::int4 + 1", n).get(0).getInt(0)));
      }
      for (int i = 0; i < results.size(); i++) {
        assertEquals(i + 1, results.get(i).get());
      }
      long v = pool.transaction(tx -> {
        tx.execute("create temp table if not exists b (v int) on commit drop");
        tx.execute("insert into b values ($1)", 5);
        return tx.query("select sum(v) from b").get(0).getLong(0);
      });
      assertEquals(5, v);
      // many client connections, two server connections: the backends seen are PgBouncer's
      java.util.Set<Integer> pids = java.util.concurrent.ConcurrentHashMap.newKeySet();
      for (int i = 0; i < 50; i++) {
        pids.add(pool.query("select pg_backend_pid()").get(0).getInt(0));
      }
      assertTrue(pids.size() <= 2, pids.toString());
    }
  }
}
