package io.sluice.queries;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Batch;
import io.sluice.Connection;
import io.sluice.ConnectionStats;
import io.sluice.ServerException;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Many callers of every kind sharing one connection (issue 24: 500 callers ran 16× slower than
 * the release before, every answer right): counted, never timed — the wake-ups each request
 * costs, the requests a write carries, and how long any caller can be passed over.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class MixedLoadTest {
  static final int CALLERS = 300;
  static final int DEPTH = 16;
  static PostgresServer pg;

  @BeforeAll
  static void server() {
    pg = PostgresServer.shared();
    try (Connection c = Connection.open(pg.conninfo(""))) {
      c.simpleQuery("""
          drop table if exists mixed_load_unique;
          create table mixed_load_unique (id int primary key);
          insert into mixed_load_unique values (1);
          create or replace function mixed_load_raise() returns int language plpgsql as $$
          begin raise exception 'raised' using errcode = 'P0001'; end $$;
          """);
    }
  }

  interface Op {
    void run(Connection c, int id);
  }

  /** The eleven kinds of operation, each checking its own answer. */
  static final List<Op> KINDS = List.of(
      (c, id) -> assertEquals(id + 1, c.query("select $1::int + 1", id).get(0).getInt(0)),
      (c, id) -> assertEquals(5, c.query("select g from generate_series(1, 5) g").size()),
      (c, id) -> assertSqlState("22012", () -> c.query("select 1 / 0")),
      (c, id) -> assertSqlState("P0001", () -> c.query("select mixed_load_raise()")),
      (c, id) -> assertSqlState("23505", () -> c.execute("insert into mixed_load_unique values (1)")),
      (c, id) -> assertSqlState("22P02", () -> c.query("select 'x'::int")),
      (c, id) -> c.query("select pg_sleep(0.001)"),
      (c, id) -> {
        int[] seen = {0};
        IllegalStateException thrown = assertThrows(IllegalStateException.class,
            () -> c.forEach("select g from generate_series(1, 10) g", r -> {
              if (++seen[0] == 3) {
                throw new IllegalStateException("the third row");
              }
            }));
        assertEquals("the third row", thrown.getMessage());
        assertEquals(3, seen[0]);
      },
      (c, id) -> assertEquals(2 * id, c.prepare("select $1::int * 2").query(id).get(0).getInt(0)),
      (c, id) -> {
        List<Batch.Item> items = c.batch().add("select 1").add("select $1::int", id).add("select 3").run();
        assertEquals(id, items.get(1).rows().get(0).getInt(0));
      },
      (c, id) -> assertEquals(-id, c.query("select -$1::int", id).get(0).getInt(0)));

  static void assertSqlState(String state, Runnable r) {
    ServerException e = assertThrows(ServerException.class, r::run);
    assertEquals(state, e.sqlState());
  }

  @Test
  void everyCallerGetsItsOwnAnswersAndWakeUpsStayFewPerRequest() throws Exception {
    try (Connection c = Connection.open(pg.conninfo("pipeline_depth=" + DEPTH))) {
      ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
      AtomicLong mostPassedOver = new AtomicLong();
      try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int i = 0; i < CALLERS; i++) {
          int id = i;
          threads.submit(() -> {
            try {
              for (int round = 0; round < 2; round++) {
                for (Op op : KINDS) {
                  long before = c.stats().requestsSent();
                  op.run(c, id);
                  // requests sent while this operation ran: slots go first come first served, a
                  // batch's three in one turn, so it waits behind at most every other caller's turn
                  // (three requests at most) and a full pipeline; the statement cache's and output
                  // buffer's locks, not fair, may let a few more by. A starved caller would be
                  // passed over by most of the run's 7,000 requests
                  mostPassedOver.accumulateAndGet(c.stats().requestsSent() - before, Math::max);
                }
              }
            } catch (Throwable t) {
              failures.add(t);
            }
          });
        }
      }
      assertTrue(failures.isEmpty(), () -> failures.size() + " callers failed, the first: " + failures.peek());
      ConnectionStats s = c.stats();
      System.out.printf("mixed load, %d callers, depth %d: %.2f wake-ups and %.2f requests per write per request, %s%n",
          CALLERS, DEPTH, s.wakeUpsPerRequest(), s.requestsPerWrite(), s);
      // at least twelve each round: the prepared statement is described once per connection
      assertTrue(s.requestsSent() >= CALLERS * 2 * 12L, "each caller's requests were sent: " + s);
      assertTrue(s.requestsPerWrite() > 1, "concurrent requests shared writes: " + s);
      assertEquals(DEPTH, s.peakInFlight(), "callers waited for slots: the pipeline was full");
      // a completed request wakes its owner; the next reader and a waiting caller's slot cost a
      // wake each at most. Waking every waiter for each reply cost hundreds per request
      assertTrue(s.wakeUpsPerRequest() < 4, "wake-ups per request: " + s.wakeUpsPerRequest() + " " + s);
      assertTrue(mostPassedOver.get() <= 4L * (CALLERS + DEPTH),
          "a caller was passed over by " + mostPassedOver.get() + " requests");
    }
  }

  @Test
  void aBatchLeavesInOneWrite() {
    try (Connection c = Connection.open(pg.conninfo(""))) {
      c.query("select $1::int", 0);   // prepared: the batch sends only its own fifty
      ConnectionStats before = c.stats();
      Batch b = c.batch();
      for (int i = 0; i < 50; i++) {
        b.add("select $1::int", i);
      }
      assertEquals(50, b.run().size());
      ConnectionStats after = c.stats();
      assertEquals(50, after.requestsSent() - before.requestsSent());
      assertEquals(1, after.socketWrites() - before.socketWrites());
      assertEquals(0, after.wakeUps() - before.wakeUps(), "a lone caller reads its own replies");
    }
  }
}
