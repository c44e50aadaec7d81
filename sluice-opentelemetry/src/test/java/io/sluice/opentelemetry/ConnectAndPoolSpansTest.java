package io.sluice.opentelemetry;

import static io.sluice.opentelemetry.DbAttributes.*;
import static org.junit.jupiter.api.Assertions.*;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.sluice.Connection;
import io.sluice.Pool;
import io.sluice.PoolExhaustedException;
import io.sluice.SluiceException;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Connection attempts' spans and pool waits' spans against the real server. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class ConnectAndPoolSpansTest {
  static final PostgresServer pg = PostgresServer.shared();

  @Test
  void aConnectionAttemptIsASpanUnderTheCallersSpan() {
    try (Tracing t = new Tracing()) {
      Span parent = t.app().spanBuilder("startup").startSpan();
      try (Scope ignored = parent.makeCurrent();
           Connection c = Connection.open(Tracing.config(TracingListener.create(t.sdk)))) {
        c.query("select 1");
      } finally {
        parent.end();
      }
      SpanData s = t.named(TracingListener.CONNECT).get(0);
      assertEquals(SpanKind.CLIENT, s.getKind());
      assertEquals(parent.getSpanContext().getSpanId(), s.getParentSpanId());
      assertEquals(pg.database(), s.getAttributes().get(DB_NAMESPACE));
      assertEquals(pg.host(), s.getAttributes().get(SERVER_ADDRESS));
      assertEquals(pg.port(), s.getAttributes().get(SERVER_PORT).intValue());
      assertEquals(StatusCode.UNSET, s.getStatus().getStatusCode());
    }
  }

  @Test
  void aRefusedConnectionEndsItsSpanWithTheServersSqlState() {
    try (Tracing t = new Tracing()) {
      String url = Tracing.tcpUrl(pg.host(), pg.port()).replace("dbname=" + pg.database(), "dbname=no_such_db");
      assertThrows(SluiceException.class,
          () -> Connection.open(io.sluice.ConnectionConfig.parse(url).withListener(TracingListener.create(t.sdk))));
      SpanData s = t.named(TracingListener.CONNECT).get(0);
      assertEquals(StatusCode.ERROR, s.getStatus().getStatusCode());
      assertEquals("3D000", s.getAttributes().get(ERROR_TYPE), "invalid_catalog_name");
      assertEquals("3D000", s.getAttributes().get(DB_RESPONSE_STATUS_CODE));
    }
  }

  @Test
  void aCallerWaitingForAPooledConnectionGetsAWaitSpanAndATimeoutIsAnError() throws Exception {
    try (Tracing t = new Tracing(); Pool pool = t.poolOfOne(Duration.ofSeconds(20))) {
      CountDownLatch waiting = new CountDownLatch(1);
      Span parent = t.app().spanBuilder("waiter").startSpan();
      Thread waiter;
      try (Pool.Lease held = pool.acquire()) {
        waiter = Thread.ofVirtual().start(() -> {
          try (Scope ignored = parent.makeCurrent()) {
            waiting.countDown();
            pool.query("select 2");
          } finally {
            parent.end();
          }
        });
        waiting.await();
        for (int i = 0; i < 500 && pool.stats().waiting() == 0; i++) {
          Thread.sleep(10);
        }
        assertEquals(1, pool.stats().waiting(), "the waiter is waiting");
      }
      assertTrue(waiter.join(Duration.ofSeconds(30)));
      List<SpanData> waits = t.named("pool wait");
      assertEquals(1, waits.size(), "one wait: the acquisitions that found a connection free make none");
      SpanData wait = waits.get(0);
      assertEquals(SpanKind.INTERNAL, wait.getKind());
      assertEquals(parent.getSpanContext().getSpanId(), wait.getParentSpanId());
      assertEquals(StatusCode.UNSET, wait.getStatus().getStatusCode());
      SpanData statement = t.named("select").get(0);
      assertEquals(parent.getSpanContext().getSpanId(), statement.getParentSpanId());
      assertTrue(wait.getEndEpochNanos() <= statement.getStartEpochNanos() + 1, "the wait ends before the statement");
    }
    try (Tracing t = new Tracing(); Pool pool = t.poolOfOne(Duration.ofMillis(100))) {
      try (Pool.Lease held = pool.acquire()) {
        assertThrows(PoolExhaustedException.class, () -> pool.query("select 3"));
      }
      SpanData wait = t.named("pool wait").get(0);
      assertEquals(StatusCode.ERROR, wait.getStatus().getStatusCode());
      assertEquals("timeout", wait.getAttributes().get(ERROR_TYPE));
    }
  }

  /** An interrupted waiter gets its end: its span ends in error when the caller gives up, not later. */
  @Test
  void anInterruptedWaitEndsItsSpanInError() throws Exception {
    try (Tracing t = new Tracing(); Pool pool = t.poolOfOne(Duration.ofSeconds(20));
        Pool.Lease held = pool.acquire()) {
      java.util.concurrent.atomic.AtomicReference<Throwable> thrown = new java.util.concurrent.atomic.AtomicReference<>();
      Thread waiter = Thread.ofVirtual().start(() -> {
        try {
          pool.query("select 2");
        } catch (Throwable e) {
          thrown.set(e);
        }
      });
      while (pool.stats().waiting() == 0) {
        Thread.onSpinWait();
      }
      waiter.interrupt();
      waiter.join();
      assertInstanceOf(SluiceException.class, thrown.get(), "the interrupted caller got an exception");
      List<SpanData> waits = t.named("pool wait");
      assertEquals(1, waits.size());
      assertEquals(StatusCode.ERROR, waits.get(0).getStatus().getStatusCode());
      assertEquals("interrupted", waits.get(0).getAttributes().get(ERROR_TYPE));
      assertEquals(pool.name(), waits.get(0).getAttributes().get(PoolWaitSpans.POOL_NAME));
    }
  }

  /** sslmode=prefer against a server without TLS: libpq's fallback, one connect span and no error. */
  @Test
  void aPreferredTlsThatTheServerLacksIsNoError() {
    try (Tracing t = new Tracing();
        PostgresServer plain = PostgresServer.start(PostgresServer.Options.defaults().withTls(false))) {
      String url = "host=localhost port=" + plain.port() + " user=" + plain.superuser() + " dbname=" + plain.database()
          + " sslmode=prefer";
      try (Connection c = Connection.open(io.sluice.ConnectionConfig.parse(url)
          .withListener(TracingListener.create(t.sdk)))) {
        c.query("select 1");
      }
      List<SpanData> connects = t.named(TracingListener.CONNECT);
      assertEquals(1, connects.size(), connects.toString());
      assertEquals(StatusCode.UNSET, connects.get(0).getStatus().getStatusCode());
      assertNull(connects.get(0).getAttributes().get(ERROR_TYPE));
      assertEquals(Boolean.TRUE, connects.get(0).getAttributes().get(SLUICE_TLS_FALLBACK));
    }
  }
}
