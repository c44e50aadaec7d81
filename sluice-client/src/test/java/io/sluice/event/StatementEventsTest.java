package io.sluice.event;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Batch;
import io.sluice.BatchException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.PreparedQuery;
import io.sluice.RowStream;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.ValueException;
import io.sluice.event.EventRecorder.Ended;
import io.sluice.event.EventRecorder.Token;
import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Statement, batch and COPY events against the real server: each end pairs with its own start
 * (same token, same SQL, its own rows), under pipelining from many threads and when the
 * connection is cut mid-pipeline (the end says what the caller's exception says).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class StatementEventsTest {
  static PostgresServer pg;

  @BeforeAll
  static void server() {
    pg = PostgresServer.shared();
  }

  /** The shared server over its Unix socket, as the superuser (for the other event tests too). */
  static String url() {
    return PostgresServer.shared().conninfo("");
  }

  static ConnectionConfig config(EventRecorder events) {
    return ConnectionConfig.parse(url()).withListener(events);
  }

  /** The one statement end recorded, checked against its start: same token, same thread. */
  static StatementEnd onlyEnd(EventRecorder events) {
    List<Ended> ends = events.endsOf(StatementEnd.class);
    assertEquals(1, ends.size(), ends.toString());
    Ended e = ends.get(0);
    StatementEnd end = (StatementEnd) e.end();
    Token token = (Token) e.token();
    assertSame(end.start(), token.start(), "the end carries its own start and gets its token");
    assertSame(Thread.currentThread(), token.thread(), "start on the caller's thread");
    assertSame(Thread.currentThread(), e.thread(), "end on the caller's thread");
    events.clear();
    return end;
  }

  @Test
  void everyKindOfStatementReportsItsStartAndEnd() {
    EventRecorder events = new EventRecorder();
    try (Connection c = Connection.open(config(events))) {
      events.clear();   // none so far: connecting reports connect events only
      c.query("select g from generate_series(1, $1::int) g", 3);
      StatementEnd end = onlyEnd(events);
      StatementStart start = end.start();
      assertEquals("select g from generate_series(1, $1::int) g", start.sql());
      assertEquals(1, start.parameterCount());
      assertEquals(Preparation.PREPARED, start.preparation());
      assertEquals(3, end.rows());
      assertEquals(Result.SUCCEEDED, end.result());
      assertNull(end.error());
      assertNull(end.sqlState());
      assertEquals(1, end.pipelineDepth(), "alone on the connection");
      assertFalse(end.pipelined());
      assertTrue(end.durationNanos() > 0);
      assertEquals(c.processId(), start.connection().processId());
      assertEquals(pg.port(), start.connection().port());
      assertEquals(pg.database(), start.connection().database());
      assertEquals(pg.superuser(), start.connection().user());

      c.query("select g from generate_series(1, $1::int) g", 5);
      end = onlyEnd(events);
      assertEquals(Preparation.CACHED, end.start().preparation(), "the second run is a cache hit");
      assertEquals(5, end.rows());

      c.execute("create temporary table ev (n int)");
      onlyEnd(events);
      assertEquals(4, c.execute("insert into ev select generate_series(1, 4)"));
      assertEquals(4, onlyEnd(events).rows(), "affected rows from the command tag");

      long[] seen = {0};
      c.forEach("select n from ev", r -> seen[0]++);
      assertEquals(4, onlyEnd(events).rows());

      PreparedQuery p = c.prepare("select n from ev where n > $1");
      assertTrue(events.ends.isEmpty(), "preparing is not running");
      assertEquals(2, p.query(2).size());
      end = onlyEnd(events);
      assertEquals("select n from ev where n > $1", end.start().sql());
      assertEquals(2, end.rows());

      c.simpleQuery("select 1; select 2 union all select 3");
      end = onlyEnd(events);
      assertEquals(Preparation.SIMPLE, end.start().preparation());
      assertEquals(0, end.start().parameterCount());
      assertEquals(3, end.rows());

      try (RowStream s = c.stream("select n from ev", 2)) {
        s.forEach(r -> {});
      }
      end = onlyEnd(events);
      assertEquals("select n from ev", end.start().sql());
      assertEquals(4, end.rows());
      assertEquals(Result.SUCCEEDED, end.result());
    }
  }

  @Test
  void aFailedStatementReportsTheCallersExceptionAndItsSqlState() {
    EventRecorder events = new EventRecorder();
    try (Connection c = Connection.open(config(events))) {
      events.clear();
      ServerException e = assertThrows(ServerException.class, () -> c.query("select 1 / $1::int", 0));
      StatementEnd end = onlyEnd(events);
      assertSame(e, end.error());
      assertEquals(Result.SERVER_ERROR, end.result());
      assertEquals("22012", end.sqlState());

      ValueException refused = assertThrows(ValueException.class, () -> c.query("select $1::int, $2::int", 1));
      end = onlyEnd(events);
      assertSame(refused, end.error());
      assertEquals(Result.NOT_SENT, end.result());
      assertEquals(0, end.pipelineDepth(), "never written");

      IllegalStateException mine = new IllegalStateException("the callback's own failure");
      assertSame(mine, assertThrows(IllegalStateException.class,
          () -> c.forEach("select 1", r -> { throw mine; })));
      end = onlyEnd(events);
      assertSame(mine, end.error());
      assertEquals(Result.CALLER_ERROR, end.result());
    }
  }

  @Test
  void sixteenThreadsPipeliningOnOneConnectionEachGetTheirOwnEnd() throws Exception {
    EventRecorder events = new EventRecorder();
    int threads = 16;
    int rounds = 20;
    try (Connection c = Connection.open(config(events))) {
      events.clear();
      CountDownLatch go = new CountDownLatch(1);
      List<Thread> workers = new ArrayList<>();
      Map<Thread, Integer> index = new ConcurrentHashMap<>();
      List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
      for (int t = 0; t < threads; t++) {
        int id = t;
        Thread w = Thread.ofVirtual().unstarted(() -> {
          try {
            go.await();
            for (int i = 0; i < rounds; i++) {
              // the thread's own SQL text and row count, so that a crossed end shows
              int rows = 1 + (id + i) % 7;
              assertEquals(rows, c.query("select g, pg_sleep(0.001) from generate_series(1, $1::int) g /* t" + id
                  + " */", rows).size());
            }
          } catch (Throwable e) {
            failures.add(e);
          }
        });
        index.put(w, id);
        workers.add(w);
        w.start();
      }
      go.countDown();
      for (Thread w : workers) {
        w.join(TimeUnit.SECONDS.toMillis(60));
      }
      assertEquals(List.of(), failures);
      List<Ended> ends = events.endsOf(StatementEnd.class);
      assertEquals(threads * rounds, ends.size());
      assertEquals(threads * rounds, events.starts(StatementStart.class).size());
      Map<Thread, Integer> perThread = new ConcurrentHashMap<>();
      int deepest = 0;
      for (Ended e : ends) {
        StatementEnd end = (StatementEnd) e.end();
        Token token = (Token) e.token();
        assertSame(end.start(), token.start(), "the end got its own start's token");
        assertSame(token.thread(), e.thread(), "start and end on the same caller thread");
        int id = index.get(e.thread());
        assertTrue(end.start().sql().endsWith("/* t" + id + " */"), end.start().sql());
        int round = perThread.merge(e.thread(), 1, Integer::sum) - 1;
        assertEquals(1 + (id + round) % 7, end.rows(), "rows of this thread's round " + round);
        assertEquals(Result.SUCCEEDED, end.result());
        assertTrue(end.pipelineDepth() >= 1 && end.pipelineDepth() <= threads, "depth " + end.pipelineDepth());
        deepest = Math.max(deepest, end.pipelineDepth());
      }
      assertTrue(deepest > 1, "sixteen threads pipelined at least once");
      assertTrue(c.stats().peakInFlight() >= deepest);
    }
  }

  @Test
  void aConnectionCutMidPipelineEndsEachStatementAsItsCallerWasTold() throws Exception {
    EventRecorder events = new EventRecorder();
    try (FaultProxy proxy = FaultProxy.start(pg.host(), pg.port())) {
      ConnectionConfig cfg = ConnectionConfig.parse("host=127.0.0.1 port=" + proxy.port() + " user=" + pg.superuser()
          + " dbname=" + pg.database() + " sslmode=disable").withListener(events);
      try (Connection c = Connection.open(cfg)) {
        events.clear();
        int threads = 16;
        Map<Thread, Throwable> thrown = new ConcurrentHashMap<>();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          Thread w = Thread.ofVirtual().start(() -> {
            try {
              c.query("select pg_sleep(0.3), $1::int", 1);
              thrown.put(Thread.currentThread(), new AssertionError("the cut connection answered"));
            } catch (Throwable e) {
              thrown.put(Thread.currentThread(), e);
            }
          });
          workers.add(w);
        }
        for (int i = 0; i < 200 && c.stats().inFlight() < 4; i++) {
          Thread.sleep(10);
        }
        assertTrue(c.stats().inFlight() >= 4, "statements in flight before the cut");
        proxy.resetAll();
        for (Thread w : workers) {
          w.join(TimeUnit.SECONDS.toMillis(30));
        }
        assertEquals(threads, thrown.size());
        List<Ended> ends = events.endsOf(StatementEnd.class);
        assertEquals(threads, ends.size());
        int unknown = 0;
        for (Ended e : ends) {
          StatementEnd end = (StatementEnd) e.end();
          Throwable caught = thrown.get(e.thread());
          assertInstanceOf(SluiceException.class, caught, String.valueOf(caught));
          assertSame(caught, end.error(), "the end reports what its own caller got");
          assertEquals(Result.of(caught), end.result());
          assertNotEquals(Result.SUCCEEDED, end.result());
          unknown += end.result() == Result.UNKNOWN ? 1 : 0;
        }
        assertTrue(unknown >= 1, "statements written before the cut end UNKNOWN");
      }
    }
  }

  @Test
  void batchesReportStatementsRowsAndFailures() {
    EventRecorder events = new EventRecorder();
    try (Connection c = Connection.open(config(events))) {
      c.execute("create temporary table bt (n int primary key)");
      events.clear();
      List<Batch.Item> items = c.batch().add("insert into bt values (1), (2)").add("insert into bt values (1)")
          .add("select n from bt").run();
      assertFalse(items.get(1).ok());
      List<Ended> ends = events.endsOf(BatchEnd.class);
      assertEquals(1, ends.size());
      BatchEnd end = (BatchEnd) ends.get(0).end();
      assertSame(end.start(), ((Token) ends.get(0).token()).start());
      assertFalse(end.start().atomic());
      assertEquals(3, end.start().statements());
      assertEquals("select n from bt", end.start().sqls().get(2));
      assertEquals(4, end.rows(), "2 inserted, 2 selected");
      assertEquals(1, end.failed());
      assertEquals("23505", end.sqlState());
      assertSame(items.get(1).error(), end.error());
      assertTrue(events.ends(StatementEnd.class).isEmpty(), "a batch is one event, not one per statement");
      events.clear();

      BatchException atomic = assertThrows(BatchException.class,
          () -> c.batch().add("insert into bt values (3)").add("insert into bt values (3)").runAtomic());
      BatchEnd failed = events.ends(BatchEnd.class).get(0);
      assertTrue(failed.start().atomic());
      assertSame(atomic, failed.error());
      assertEquals(Result.SERVER_ERROR, failed.result());
      assertEquals("23505", failed.sqlState());
      events.clear();

      c.batch().add("insert into bt values (5)").add("update bt set n = n + 10").runAtomic();
      BatchEnd ok = events.ends(BatchEnd.class).get(0);
      assertEquals(Result.SUCCEEDED, ok.result());
      assertEquals(4, ok.rows(), "1 inserted, 3 updated");
    }
  }

  @Test
  void copyReportsRowsBytesAndDirection() {
    EventRecorder events = new EventRecorder();
    try (Connection c = Connection.open(config(events))) {
      c.execute("create temporary table ct (n int, s text)");
      events.clear();
      byte[] data = "1\tone\n2\ttwo\n3\tthree\n".getBytes(StandardCharsets.UTF_8);
      assertEquals(3, c.copy().from("copy ct from stdin", new ByteArrayInputStream(data)));
      CopyEnd in = events.ends(CopyEnd.class).get(0);
      assertEquals(CopyStart.Direction.IN, in.start().direction());
      assertEquals("copy ct from stdin", in.start().sql());
      assertEquals(3, in.rows());
      assertEquals(data.length, in.bytes());
      assertEquals(Result.SUCCEEDED, in.result());
      events.clear();

      ByteArrayOutputStream out = new ByteArrayOutputStream();
      assertEquals(3, c.copy().to("copy ct to stdout", out));
      CopyEnd outEnd = events.ends(CopyEnd.class).get(0);
      assertEquals(CopyStart.Direction.OUT, outEnd.start().direction());
      assertEquals(3, outEnd.rows());
      assertEquals(out.size(), outEnd.bytes());
      events.clear();

      ServerException bad = assertThrows(ServerException.class, () -> c.copy().from("copy ct from stdin",
          new ByteArrayInputStream("x\ty\n".getBytes(StandardCharsets.UTF_8))));
      CopyEnd failed = events.ends(CopyEnd.class).get(0);
      assertSame(bad, failed.error());
      assertEquals(Result.SERVER_ERROR, failed.result());
      assertEquals("22P02", failed.sqlState());
      assertEquals(1, events.starts(CopyStart.class).size());
      events.clear();

      IllegalStateException mine = new IllegalStateException("the row callback's own failure");
      assertSame(mine, assertThrows(IllegalStateException.class, () -> c.copy().toRows("select n from ct", r -> {
        throw mine;
      })));
      CopyEnd callback = events.ends(CopyEnd.class).get(0);
      assertSame(mine, callback.error());
      assertEquals(Result.CALLER_ERROR, callback.result());
    }
  }
}
