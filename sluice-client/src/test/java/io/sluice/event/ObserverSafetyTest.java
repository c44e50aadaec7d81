package io.sluice.event;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionStats;
import io.sluice.Notice;
import io.sluice.NoticeHandler;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.ServerException;
import io.sluice.internal.calls.Notices;
import io.sluice.testkit.LogCapture;
import io.sluice.testkit.ServerTest;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Observers never break the work they observe: a listener or notice handler that throws is
 * reported once on {@code System.Logger} and ignored. Notices reach the configured handler; the
 * counters count.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class ObserverSafetyTest {
  /** Throws from every method, start and end alike. */
  static final class ThrowingListener implements EventListener {
    int calls;

    private RuntimeException boom() {
      calls++;
      return new IllegalStateException("listener failure " + calls);
    }

    @Override
    public Object statementStart(StatementStart start) {
      throw boom();
    }

    @Override
    public void statementEnd(Object token, StatementEnd end) {
      throw boom();
    }

    @Override
    public void pool(PoolEvent event) {
      throw boom();
    }

    @Override
    public Object transactionStart(io.sluice.event.TransactionStart start) {
      throw boom();
    }

    @Override
    public Object copyStart(io.sluice.event.CopyStart start) {
      throw boom();
    }

    @Override
    public Object connectStart(io.sluice.event.ConnectStart start) {
      throw new AssertionError("even an Error");
    }
  }

  @Test
  void aThrowingListenerBreaksNothingAndIsReportedOnce() {
    ThrowingListener listener = new ThrowingListener();
    ConnectionConfig cfg = ConnectionConfig.parse(StatementEventsTest.url()).withListener(listener);
    try (LogCapture log = LogCapture.of("io.sluice.events")) {
      try (Connection c = Connection.open(cfg)) {
        assertEquals(7, c.query("select $1::int + 1", 6).get(0).getInt(0));
        c.execute("create temporary table safe (n int)");
        c.transaction(tx -> tx.execute("insert into safe values (1)"));
        assertEquals(2, c.copy().from("copy safe from stdin",
            new ByteArrayInputStream("2\n3\n".getBytes(StandardCharsets.UTF_8))));
        assertEquals(3L, c.query("select count(*) from safe").get(0).getLong(0));
        assertThrows(ServerException.class, () -> c.query("select 1 / 0"));
        assertTrue(c.isOpen());
      }
      try (Pool pool = Pool.open(cfg, PoolOptions.DEFAULT.maxSize(2))) {
        assertEquals(1, pool.query("select 1").size());
      }
      assertTrue(listener.calls > 10, "the listener was called (and threw) " + listener.calls + " times");
      List<LogCapture.Entry> warnings = log.entries().stream().filter(e -> e.level().equals("WARNING")).toList();
      assertEquals(1, warnings.size(), warnings.toString());
      assertTrue(warnings.get(0).message().contains(ThrowingListener.class.getName()), warnings.get(0).message());
      assertNotNull(warnings.get(0).thrown());
    }
  }

  @Test
  void aStartThatThrowsStillGetsItsEnd() {
    List<StatementEnd> ends = new CopyOnWriteArrayList<>();
    List<Object> tokens = new CopyOnWriteArrayList<>();
    EventListener startFails = new EventListener() {
      @Override
      public Object statementStart(StatementStart start) {
        throw new IllegalStateException("start failure");
      }

      @Override
      public void statementEnd(Object token, StatementEnd end) {
        tokens.add(String.valueOf(token));
        ends.add(end);
      }
    };
    try (LogCapture log = LogCapture.of("io.sluice.events");
        Connection c = Connection.open(ConnectionConfig.parse(StatementEventsTest.url()).withListener(startFails))) {
      assertEquals(2, c.query("select generate_series(1, 2)").size());
      assertEquals(1, ends.size());
      assertEquals(2, ends.get(0).rows());
      assertEquals(List.of("null"), tokens, "the token of a start that threw is null");
      assertEquals(1, log.entries().stream().filter(e -> e.level().equals("WARNING")).count());
    }
  }

  @Test
  void noticesGoToTheConfiguredHandlerAndNoticesRouteReplacesItForOneConnection() {
    List<Notice> got = new CopyOnWriteArrayList<>();
    List<ConnectionInfo> from = new CopyOnWriteArrayList<>();
    ConnectionConfig cfg = ConnectionConfig.parse(StatementEventsTest.url()).withNoticeHandler((n, info) -> {
      got.add(n);
      from.add(info);
    });
    try (Connection c = Connection.open(cfg)) {
      c.execute("do $$ begin raise notice 'hello %', 42 using hint = 'wave back'; end $$");
      assertEquals(1, got.size());
      Notice n = got.get(0);
      assertEquals("NOTICE", n.severity());
      assertEquals("hello 42", n.message());
      assertEquals("wave back", n.hint());
      assertEquals("00000", n.sqlState());
      assertEquals("hello 42", n.fields().get('M'));
      assertEquals(c.processId(), from.get(0).processId());

      List<Map<Character, String>> routed = new CopyOnWriteArrayList<>();
      Notices.route(c, routed::add);
      c.execute("do $$ begin raise warning 'routed'; end $$");
      assertEquals(1, got.size(), "the route replaced the configured handler on this connection");
      assertEquals("routed", routed.get(0).get('M'));
    }
    try (Pool pool = Pool.open(cfg, PoolOptions.DEFAULT.maxSize(1))) {
      pool.execute("do $$ begin raise warning 'from the pool'; end $$");
      assertEquals("from the pool", got.get(1).message());
      assertEquals("WARNING", got.get(1).severity());
    }
  }

  @Test
  void aThrowingNoticeHandlerBreaksNothingAndIsReportedOnce() {
    NoticeHandler broken = (n, info) -> {
      throw new IllegalStateException("handler failure");
    };
    ConnectionConfig cfg = ConnectionConfig.parse(StatementEventsTest.url()).withNoticeHandler(broken);
    try (LogCapture log = LogCapture.of("io.sluice.events"); Connection c = Connection.open(cfg)) {
      for (int i = 0; i < 3; i++) {
        assertEquals(1, c.query("select 1 from (select 1) t where 1 = $1", 1).size());
        c.execute("do $$ begin raise notice 'ignored'; end $$");
      }
      assertTrue(c.isOpen());
      assertEquals(1, log.entries().stream().filter(e -> e.level().equals("WARNING")).count());
    }
  }

  @Test
  void countersCountCacheHitsMissesEvictionsAndDepth() {
    try (Connection c = Connection.open(StatementEventsTest.url() + " statement_cache_size=2")) {
      ConnectionStats before = c.stats();
      assertEquals(0, before.inFlight());
      assertEquals(1, before.connections());
      c.query("select 1 as a");      // miss
      c.query("select 1 as a");      // hit
      c.query("select 2 as b");      // miss
      c.query("select 3 as c");      // miss, evicts a
      c.query("select 1 as a");      // miss, evicts b
      ConnectionStats s = c.stats();
      assertEquals(1, s.cacheHits() - before.cacheHits());
      assertEquals(4, s.cacheMisses() - before.cacheMisses());
      assertEquals(2, s.cacheEvictions() - before.cacheEvictions());
      assertEquals(2, s.cachedStatements());
      assertEquals(0, s.inFlight());
      assertTrue(s.peakInFlight() >= 1);
      assertTrue(s.cacheHitRatio() > 0 && s.cacheHitRatio() < 1, "ratio " + s.cacheHitRatio());
    }
    try (Pool pool = Pool.open(StatementEventsTest.url(), PoolOptions.DEFAULT.minSize(0).maxSize(2))) {
      pool.query("select 41");
      pool.query("select 41");
      ConnectionStats sum = pool.connectionStats();
      assertEquals(pool.stats().open(), sum.connections());
      assertTrue(sum.cacheHits() >= 1, sum.toString());
      assertTrue(sum.cacheMisses() >= 1, sum.toString());
    }
  }

  @Test
  void theListenerIsCarriedAlongButIsNoSetting() {
    EventRecorder events = new EventRecorder();
    ConnectionConfig plain = ConnectionConfig.parse(StatementEventsTest.url());
    ConnectionConfig observed = plain.withListener(events).withNoticeHandler((n, i) -> {});
    assertEquals(plain, observed);
    assertEquals(plain.toString(), observed.toString());
    assertSame(events, observed.with("application_name", "copied").listener().orElseThrow());
    assertTrue(observed.noticeHandler().isPresent());
    assertTrue(observed.withListener(null).listener().isEmpty());
    assertSame(events, ConnectionConfig.builder().connectionString(StatementEventsTest.url()).listener(events).build()
        .listener().orElseThrow());
  }
}
