package io.sluice.opentelemetry;

import static io.sluice.opentelemetry.DbAttributes.*;
import static org.junit.jupiter.api.Assertions.*;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.sluice.Connection;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Statement, batch and COPY spans against the real server, read back from the SDK's in-memory exporter. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class StatementSpansTest {
  static final PostgresServer pg = PostgresServer.shared();

  @Test
  void aQueryIsAClientSpanUnderTheCallersSpanWithTheConventionsAttributes() {
    try (Tracing t = new Tracing();
         Connection c = Connection.open(Tracing.config(TracingListener.create(t.sdk,
             TracingOptions.DEFAULT.withReturnedRows(true))))) {
      c.execute("create temporary table span_items (k int, v text)");
      c.execute("insert into span_items select g, 'v' || g from generate_series(1, 5) g");
      t.exporter.reset();
      Span parent = t.app().spanBuilder("handle request").startSpan();
      try (Scope ignored = parent.makeCurrent()) {
        assertEquals(3, c.query("select v from span_items where k > $1", 2).size());
      } finally {
        parent.end();
      }
      SpanData s = t.named("select span_items").get(0);
      assertEquals(SpanKind.CLIENT, s.getKind());
      assertEquals(parent.getSpanContext().getSpanId(), s.getParentSpanId(), "child of the caller's span");
      assertEquals(parent.getSpanContext().getTraceId(), s.getTraceId());
      assertEquals("postgresql", s.getAttributes().get(DB_SYSTEM_NAME));
      assertEquals(pg.database(), s.getAttributes().get(DB_NAMESPACE));
      assertEquals(pg.host(), s.getAttributes().get(SERVER_ADDRESS));
      assertEquals(pg.port(), s.getAttributes().get(SERVER_PORT).intValue());
      assertEquals("select v from span_items where k > $1", s.getAttributes().get(DB_QUERY_TEXT));
      assertEquals("select span_items", s.getAttributes().get(DB_QUERY_SUMMARY));
      assertEquals(3L, s.getAttributes().get(DB_RESPONSE_RETURNED_ROWS));
      assertEquals(1L, s.getAttributes().get(SLUICE_PIPELINE_DEPTH));
      assertEquals("prepared", s.getAttributes().get(SLUICE_PREPARATION));
      assertEquals(StatusCode.UNSET, s.getStatus().getStatusCode());
      assertNull(s.getAttributes().get(ERROR_TYPE));
      assertNull(s.getAttributes().get(DB_RESPONSE_STATUS_CODE));
      assertFalse(s.getAttributes().asMap().values().contains(2), "no parameter value");
    }
  }

  @Test
  void optionsTurnQueryTextOffAndNameSpansBySystem() {
    try (Tracing t = new Tracing();
         Connection c = Connection.open(Tracing.config(TracingListener.create(t.sdk,
             TracingOptions.DEFAULT.withQueryText(false).withNaming(SpanNaming.SYSTEM))))) {
      t.exporter.reset();
      c.query("select 'a literal' as x");
      SpanData s = t.named("postgresql").get(0);
      assertNull(s.getAttributes().get(DB_QUERY_TEXT));
      assertNull(s.getAttributes().get(DB_RESPONSE_RETURNED_ROWS), "opt-in, and not asked for");
      assertEquals("select", s.getAttributes().get(DB_QUERY_SUMMARY));
    }
  }

  @Test
  void aServerErrorSetsStatusSqlStateAndErrorType() {
    try (Tracing t = new Tracing(); Connection c = Connection.open(Tracing.config(TracingListener.create(t.sdk)))) {
      t.exporter.reset();
      ServerException e = assertThrows(ServerException.class, () -> c.query("select 1 / $1::int", 0));
      SpanData s = t.named("select").get(0);
      assertEquals(StatusCode.ERROR, s.getStatus().getStatusCode());
      assertEquals(e.getMessage(), s.getStatus().getDescription());
      assertEquals("22012", s.getAttributes().get(DB_RESPONSE_STATUS_CODE));
      assertEquals("22012", s.getAttributes().get(ERROR_TYPE));
    }
  }

  @Test
  void aCallbackThatThrowsIsAnErrorOfTheCallersOwnType() {
    try (Tracing t = new Tracing(); Connection c = Connection.open(Tracing.config(TracingListener.create(t.sdk)))) {
      t.exporter.reset();
      IllegalStateException mine = assertThrows(IllegalStateException.class,
          () -> c.forEach("select g from generate_series(1, 3) g", r -> {
            throw new IllegalStateException("the caller's own failure");
          }));
      SpanData s = t.named("select").get(0);
      assertEquals(StatusCode.ERROR, s.getStatus().getStatusCode());
      assertEquals(IllegalStateException.class.getName(), s.getAttributes().get(ERROR_TYPE));
      assertEquals(mine.getMessage(), s.getStatus().getDescription());
      assertNull(s.getAttributes().get(DB_RESPONSE_STATUS_CODE));
      assertEquals(1, c.query("select 1").size(), "the connection still works");
    }
  }

  @Test
  void sixteenThreadsPipeliningOnOneConnectionEachGetTheirStatementsUnderTheirOwnSpan() throws Exception {
    int threads = 16;
    int each = 10;
    try (Tracing t = new Tracing(); Connection c = Connection.open(Tracing.config(TracingListener.create(t.sdk)))) {
      t.exporter.reset();
      Map<Integer, Throwable> failures = new ConcurrentHashMap<>();
      List<Thread> workers = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        int n = i;
        workers.add(Thread.ofVirtual().start(() -> {
          Span parent = t.app().spanBuilder("worker " + n).startSpan();
          try (Scope ignored = parent.makeCurrent()) {
            for (int k = 0; k < each; k++) {
              // the SQL names its thread, so the test can tell whose statement each span is
              assertEquals(k, c.query("select $1::int as worker_" + n + ", pg_sleep(0.001)", k).get(0).getInt(0));
            }
          } catch (Throwable e) {
            failures.put(n, e);
          } finally {
            parent.end();
          }
        }));
      }
      for (Thread w : workers) {
        assertTrue(w.join(java.time.Duration.ofSeconds(60)), "a worker did not finish");
      }
      assertEquals(Map.of(), failures);
      Map<String, SpanData> byId = t.spans().stream()
          .collect(Collectors.toMap(SpanData::getSpanId, Function.identity()));
      List<SpanData> statements = t.named("select");
      assertEquals(threads * each, statements.size());
      int pipelined = 0;
      for (SpanData s : statements) {
        String sql = s.getAttributes().get(DB_QUERY_TEXT);
        String worker = sql.substring(sql.indexOf("worker_") + "worker_".length(), sql.indexOf(','));
        SpanData parent = byId.get(s.getParentSpanId());
        assertNotNull(parent, "the statement's parent was exported");
        assertEquals("worker " + worker, parent.getName(), sql + " belongs to its own thread's span");
        pipelined += s.getAttributes().get(SLUICE_PIPELINE_DEPTH) > 1 ? 1 : 0;
      }
      assertTrue(pipelined > 0, "some statements were pipelined behind others");
    }
  }

  @Test
  void aCutConnectionEndsEveryStatementSpanInError() throws Exception {
    try (Tracing t = new Tracing(); FaultProxy proxy = FaultProxy.start(pg.host(), pg.port());
         Connection c = Connection.open(io.sluice.ConnectionConfig.parse(Tracing.tcpUrl("127.0.0.1", proxy.port()))
             .withListener(TracingListener.create(t.sdk)))) {
      t.exporter.reset();
      Map<Integer, Throwable> thrown = new ConcurrentHashMap<>();
      List<Thread> workers = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        int n = i;
        workers.add(Thread.ofVirtual().start(() -> {
          try {
            c.query("select pg_sleep(0.5), $1::int", n);
          } catch (Throwable e) {
            thrown.put(n, e);
          }
        }));
      }
      for (int i = 0; i < 200 && c.stats().inFlight() < 4; i++) {
        Thread.sleep(10);
      }
      assertTrue(c.stats().inFlight() >= 1, "statements in flight before the cut");
      proxy.resetAll();
      for (Thread w : workers) {
        assertTrue(w.join(java.time.Duration.ofSeconds(30)), "a caller did not return after the cut");
      }
      assertEquals(4, thrown.size(), "every caller got an exception");
      List<SpanData> spans = t.named("select");
      assertEquals(4, spans.size());
      for (SpanData s : spans) {
        assertEquals(StatusCode.ERROR, s.getStatus().getStatusCode());
        String type = s.getAttributes().get(ERROR_TYPE);
        assertTrue(thrown.values().stream().anyMatch(e -> e.getClass().getName().equals(type)),
            "error.type names the exception a caller got: " + type);
        assertNull(s.getAttributes().get(DB_RESPONSE_STATUS_CODE), "no SQLSTATE: the server never answered");
      }
      assertTrue(thrown.values().stream().allMatch(e -> e instanceof SluiceException), thrown.toString());
    }
  }

  @Test
  void batchesAndCopiesHaveTheirOwnSpans() {
    try (Tracing t = new Tracing(); Connection c = Connection.open(Tracing.config(TracingListener.create(t.sdk,
        TracingOptions.DEFAULT.withReturnedRows(true))))) {
      c.execute("create temporary table span_batch (n int)");
      t.exporter.reset();
      c.batch().add("insert into span_batch values ($1)", 1).add("insert into span_batch values ($1)", 2).runAtomic();
      SpanData same = t.named("BATCH insert span_batch").get(0);
      assertEquals(2L, same.getAttributes().get(DB_OPERATION_BATCH_SIZE));
      assertEquals("insert into span_batch values ($1)", same.getAttributes().get(DB_QUERY_TEXT));
      assertEquals(2L, same.getAttributes().get(DB_RESPONSE_RETURNED_ROWS));

      c.batch().add("insert into span_batch values (3)").add("delete from span_batch where n = 1").run();
      SpanData mixed = t.named("BATCH").get(0);
      assertEquals("insert into span_batch values (3); delete from span_batch where n = 1",
          mixed.getAttributes().get(DB_QUERY_TEXT));

      c.batch().add("update span_batch set n = n + 1").runAtomic();
      SpanData one = t.named("update span_batch").get(0);
      assertNull(one.getAttributes().get(DB_OPERATION_BATCH_SIZE), "a batch of one is one operation");

      byte[] data = "7\n8\n".getBytes(StandardCharsets.UTF_8);
      assertEquals(2, c.copy().from("copy span_batch from stdin", new ByteArrayInputStream(data)));
      SpanData copy = t.named("copy span_batch").get(0);
      assertEquals(SpanKind.CLIENT, copy.getKind());
      assertEquals("COPY", copy.getAttributes().get(DB_OPERATION_NAME));
      assertEquals((long) data.length, copy.getAttributes().get(SLUICE_COPY_BYTES));
      assertEquals(2L, copy.getAttributes().get(DB_RESPONSE_RETURNED_ROWS));

      assertThrows(ServerException.class, () -> c.copy().from("copy span_batch from stdin",
          new ByteArrayInputStream("x\n".getBytes(StandardCharsets.UTF_8))));
      SpanData bad = t.named("copy span_batch").get(1);
      assertEquals(StatusCode.ERROR, bad.getStatus().getStatusCode());
      assertEquals("22P02", bad.getAttributes().get(ERROR_TYPE));
    }
  }
}
