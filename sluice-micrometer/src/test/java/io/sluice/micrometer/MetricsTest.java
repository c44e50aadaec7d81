package io.sluice.micrometer;

import static org.junit.jupiter.api.Assertions.*;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Notifications;
import io.sluice.Pool;
import io.sluice.PoolExhaustedException;
import io.sluice.PoolOptions;
import io.sluice.ServerException;
import io.sluice.event.EventListener;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Every meter, with its tags and values, after known work against the real server, in a SimpleMeterRegistry. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class MetricsTest {
  static ConnectionConfig config(EventListener listener) {
    PostgresServer pg = PostgresServer.shared();
    return ConnectionConfig.parse(pg.conninfo("")).withListener(listener);
  }

  static double counter(MeterRegistry r, String name, String... tags) {
    return r.get(name).tags(tags).functionCounter().count();
  }

  static double gauge(MeterRegistry r, String name, String... tags) {
    return r.get(name).tags(tags).gauge().value();
  }

  static long timed(MeterRegistry r, String name, String... tags) {
    return r.get(name).tags(tags).timer().count();
  }

  @Test
  void aPoolsMetersAfterKnownWork() {
    MeterRegistry r = new SimpleMeterRegistry();
    MetricsListener metrics = MetricsListener.create(r, MetricsOptions.DEFAULT.withTags(Tags.of("pool", "orders")));
    PoolOptions one = PoolOptions.DEFAULT.minSize(1).maxSize(1).acquireTimeout(Duration.ofMillis(200));
    try (Pool pool = Pool.open(config(metrics), one)) {
      new PoolMetrics(pool, "orders").bindTo(r);
      for (int i = 0; i < 5; i++) {
        assertEquals(i, pool.query("select $1::int", i).get(0).getInt(0));
      }
      assertThrows(ServerException.class, () -> pool.query("select 1 / $1::int", 0));

      assertEquals(5, timed(r, MetricsListener.STATEMENT, "result", "succeeded", "pool", "orders"));
      assertEquals(1, timed(r, MetricsListener.STATEMENT, "result", "server_error"));
      assertTrue(r.find(MetricsListener.STATEMENT).tagKeys("query").timers().isEmpty(), "no query tag unless asked");
      assertEquals(6, r.get(MetricsListener.PIPELINE_DEPTH).summary().count());
      assertEquals(1, timed(r, MetricsListener.CONNECT, "result", "succeeded"), "one connection, opened once");
      assertTrue(timed(r, MetricsListener.POOL_WAIT, "result", "acquired") >= 6, "every statement acquired");

      assertEquals(4, counter(r, ConnectionStatsMeters.CACHE_HITS, "pool", "orders"), "one connection: 4 hits");
      assertEquals(2, counter(r, ConnectionStatsMeters.CACHE_MISSES), "two statements prepared");
      assertEquals(0, counter(r, ConnectionStatsMeters.CACHE_EVICTIONS));
      assertEquals(2, gauge(r, ConnectionStatsMeters.CACHE_SIZE));
      assertEquals(0, gauge(r, ConnectionStatsMeters.IN_FLIGHT));
      assertEquals(1, gauge(r, ConnectionStatsMeters.PEAK_IN_FLIGHT));

      assertEquals(1, gauge(r, PoolMetrics.CONNECTIONS, "state", "open"));
      assertEquals(1, gauge(r, PoolMetrics.CONNECTIONS, "state", "idle"));
      assertEquals(0, gauge(r, PoolMetrics.CONNECTIONS, "state", "borrowed"));
      assertEquals(0, gauge(r, PoolMetrics.CONNECTIONS, "state", "opening"));
      assertEquals(1, gauge(r, PoolMetrics.MAX));
      assertEquals(1, gauge(r, PoolMetrics.MIN));
      assertEquals(0, gauge(r, PoolMetrics.WAITING));
      assertEquals(0, gauge(r, PoolMetrics.IN_FLIGHT));
      assertEquals(1, counter(r, PoolMetrics.OPENED));
      assertEquals(0, counter(r, PoolMetrics.CLOSED));
      assertEquals(0, counter(r, PoolMetrics.EVICTED));
      assertEquals(0, counter(r, PoolMetrics.CONNECT_FAILURES));
      assertTrue(counter(r, PoolMetrics.ACQUIRED) >= 6);

      try (Pool.Lease held = pool.acquire()) {
        assertEquals(1, gauge(r, PoolMetrics.CONNECTIONS, "state", "borrowed"));
        assertEquals(0, gauge(r, PoolMetrics.CONNECTIONS, "state", "idle"));
        assertThrows(PoolExhaustedException.class, () -> pool.query("select 2"));
        Connection c = held.connection();
        c.execute("create temporary table metered (n int)");
        c.batch().add("insert into metered values (1)").add("insert into metered values (2)").runAtomic();
        byte[] data = "3\n4\n5\n".getBytes(StandardCharsets.UTF_8);
        c.copy().from("copy metered from stdin", new ByteArrayInputStream(data));
        c.transaction(tx -> tx.execute("delete from metered where n = $1", 3));
        assertEquals(data.length, r.get(MetricsListener.COPY_BYTES).tags("direction", "in").counter().count());
      }
      assertEquals(1, timed(r, MetricsListener.POOL_WAIT, "result", "timed_out"));
      assertEquals(1, counter(r, PoolMetrics.TIMEOUTS));
      assertEquals(1, timed(r, MetricsListener.BATCH, "result", "succeeded"));
      assertEquals(1, timed(r, MetricsListener.COPY, "result", "succeeded", "direction", "in"));
      assertEquals(1, timed(r, MetricsListener.TRANSACTION, "ending", "committed"));
      Timer statements = r.get(MetricsListener.STATEMENT).tags("result", "succeeded").timer();
      assertTrue(statements.totalTime(TimeUnit.NANOSECONDS) > 0, "durations recorded");
    }
  }

  @Test
  void theQueryTagIsBoundedWhenAsked() {
    MeterRegistry r = new SimpleMeterRegistry();
    MetricsListener metrics = MetricsListener.create(r, MetricsOptions.DEFAULT.withQueryTag(QueryTag.SUMMARY, 2));
    try (Connection c = Connection.open(config(metrics))) {
      c.query("select 1");
      c.query("select relname from pg_class limit 1");
      c.query("select typname from pg_type limit 1");
      c.query("select 2");
    }
    Set<String> values = r.find(MetricsListener.STATEMENT).timers().stream().map(t -> t.getId().getTag("query"))
        .collect(Collectors.toSet());
    assertEquals(Set.of("select", "select pg_class", QueryTagGuard.OTHER), values);
    assertEquals(2, timed(r, MetricsListener.STATEMENT, "query", "select"), "a value seen before stays itself");
    assertEquals(1, timed(r, MetricsListener.STATEMENT, "query", "other"));
  }

  @Test
  void theQueryTagCanBeTheTextWithItsPlaceholders() {
    MeterRegistry r = new SimpleMeterRegistry();
    MetricsListener metrics = MetricsListener.create(r, MetricsOptions.DEFAULT.withQueryTag(QueryTag.TEXT, 10));
    try (Connection c = Connection.open(config(metrics))) {
      new ConnectionMetrics(c, Tags.of("db", "main")).bindTo(r);
      c.query("select $1::text", "a secret value");
      c.query("select $1::text", "another");
      assertEquals(2, timed(r, MetricsListener.STATEMENT, "query", "select $1::text"));
      assertEquals(1, counter(r, ConnectionStatsMeters.CACHE_HITS, "db", "main"));
      assertEquals(1, counter(r, ConnectionStatsMeters.CACHE_MISSES, "db", "main"));
    }
    assertTrue(r.getMeters().stream().flatMap(m -> m.getId().getTags().stream())
        .noneMatch(t -> t.getValue().contains("secret")), "no parameter value in any tag");
  }

  @Test
  void aListenersReconnectionIsCounted() throws Exception {
    MeterRegistry r = new SimpleMeterRegistry();
    PostgresServer pg = PostgresServer.shared();
    String url = pg.conninfo("");
    ConnectionConfig cfg = ConnectionConfig.parse(url + " application_name=metered-listener")
        .withListener(MetricsListener.create(r));
    try (Connection admin = Connection.open(url); Notifications l = Notifications.open(cfg, n -> { }, null)) {
      l.listen("metered");
      admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'metered-listener'");
      for (int i = 0; i < 1000 && r.find(MetricsListener.LISTENER_RECONNECTS).counter() == null; i++) {
        Thread.sleep(10);
      }
      assertEquals(1, r.get(MetricsListener.LISTENER_RECONNECTS).counter().count());
    }
  }

  @Test
  void badOptionsAreRefusedWithTheReason() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> MetricsOptions.DEFAULT.withQueryTag(QueryTag.TEXT, 0));
    assertTrue(e.getMessage().contains("maxQueryTags must be at least 1, was 0"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new PoolMetrics(null, "x"));
    assertTrue(e.getMessage().contains("pool is null"), e.getMessage());
  }

  /** As HikariCP's tracker does: a closed pool's meters go, and a new pool bound under its name reads its own. */
  @Test
  void aClosedPoolsMetersAreRemovedAndANewPoolOfTheSameNameRegisters() {
    MeterRegistry r = new SimpleMeterRegistry();
    PoolOptions two = PoolOptions.DEFAULT.minSize(0).maxSize(2);
    try (Pool first = Pool.open("orders", config(null), two)) {
      new PoolMetrics(first).bindTo(r);
      assertEquals(2, gauge(r, PoolMetrics.MAX, "pool", "orders"));
    }
    assertTrue(r.find(PoolMetrics.MAX).gauges().isEmpty(), "removed on close");
    assertTrue(r.find(ConnectionStatsMeters.CACHE_HITS).functionCounters().isEmpty(), "the connection meters too");
    try (Pool second = Pool.open("orders", config(null), two.maxSize(5))) {
      new PoolMetrics(second).bindTo(r);
      assertEquals(5, gauge(r, PoolMetrics.MAX, "pool", "orders"), "the new pool's gauge, not the closed one's");
    }
  }

  @Test
  void anInterruptedWaiterIsTimed() throws Exception {
    MeterRegistry r = new SimpleMeterRegistry();
    PoolOptions one = PoolOptions.DEFAULT.minSize(0).maxSize(1).acquireTimeout(Duration.ofMinutes(1));
    try (Pool pool = Pool.open(config(MetricsListener.create(r)), one); Pool.Lease held = pool.acquire()) {
      Thread waiter = Thread.ofVirtual().start(() -> assertThrows(RuntimeException.class, () -> pool.query("select 1")));
      while (pool.stats().waiting() == 0) {
        Thread.onSpinWait();
      }
      waiter.interrupt();
      waiter.join();
      assertEquals(1, timed(r, MetricsListener.POOL_WAIT, "result", "interrupted"));
    }
  }

  /** Issue 26: sslmode=prefer against a server without TLS counted every connection as not_sent. */
  @Test
  void aTlsFallbackIsASuccessfulConnect() {
    MeterRegistry r = new SimpleMeterRegistry();
    try (PostgresServer plain = PostgresServer.start(PostgresServer.Options.defaults().withTls(false))) {
      String url = "host=localhost port=" + plain.port() + " user=" + plain.superuser() + " dbname=" + plain.database()
          + " sslmode=prefer";
      try (Connection c = Connection.open(ConnectionConfig.parse(url).withListener(MetricsListener.create(r)))) {
        c.query("select 1");
      }
    }
    assertEquals(1, timed(r, MetricsListener.CONNECT, "result", "succeeded"));
    assertTrue(r.find(MetricsListener.CONNECT).tags("result", "not_sent").timers().isEmpty());
  }
}
