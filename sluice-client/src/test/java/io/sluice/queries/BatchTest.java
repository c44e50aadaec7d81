package io.sluice.queries;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Batch;
import io.sluice.BatchException;
import io.sluice.Connection;
import io.sluice.PreparedQuery;
import io.sluice.RowSet;
import io.sluice.ServerException;
import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Explicit prepared statements, and batches that are independent or atomic. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class BatchTest {
  static PostgresServer pg;
  Connection c;

  @BeforeAll
  static void server() {
    pg = PostgresServer.shared();
  }

  @BeforeEach
  void open() {
    c = Connection.open(pg.conninfo(""));
    c.simpleQuery("create temp table bt(id int primary key, v text)");
  }

  @AfterEach
  void close() {
    c.close();
  }

  @Test
  void preparedStatementUsesTheServersParameterTypes() {
    PreparedQuery ins = c.prepare("insert into bt values ($1, $2)");
    assertArrayEquals(new int[] {23, 25}, ins.parameterTypes());
    assertEquals(1, ins.execute(1, "a"));
    assertEquals(1, ins.execute(2L, "b"));      // a long for an int4 parameter: sent as text, parsed by the server
    PreparedQuery sel = c.prepare("select v from bt where id = $1");
    assertEquals("v", sel.columns().get(0).name());
    assertEquals("b", sel.query(2).get(0).getString(0));
    ServerException e = assertThrows(ServerException.class, () -> ins.execute(3L * Integer.MAX_VALUE, "x"));
    assertEquals("22003", e.sqlState());    // out of range for int4, said by the server
  }

  @Test
  void independentBatchKeepsEachOutcomeSeparate() {
    List<Batch.Item> items = c.batch()
        .add("insert into bt values ($1, $2)", 1, "one")
        .add("insert into bt values ($1, $2)", 1, "duplicate")
        .add("insert into bt values ($1, $2)", 2, "two")
        .add("select count(*)::int from bt")
        .run();
    assertTrue(items.get(0).ok());
    assertEquals("23505", ((ServerException) items.get(1).error()).sqlState());
    assertTrue(items.get(2).ok());
    assertEquals(2, items.get(3).rowsOrThrow().get(0).getInt(0));
  }

  @Test
  void atomicBatchAppliesAllOrNothing() {
    List<RowSet> ok = c.batch()
        .add("insert into bt values ($1, $2)", 1, "one")
        .add("insert into bt values ($1, $2)", 2, "two")
        .add("select count(*)::int from bt")
        .runAtomic();
    assertEquals(2, ok.get(2).get(0).getInt(0));
    BatchException e = assertThrows(BatchException.class, () -> c.batch()
        .add("insert into bt values ($1, $2)", 3, "three")
        .add("insert into bt values ($1, $2)", 1, "duplicate")
        .add("insert into bt values ($1, $2)", 4, "four")
        .runAtomic());
    assertEquals(1, e.index());
    assertEquals("23505", e.getCause().sqlState());
    assertEquals(2, c.query("select count(*)::int from bt").get(0).getInt(0), "the failed batch left rows behind");
  }

  @Test
  void aBatchOfCachedStatementsIsOneRoundTrip() throws Exception {
    try (FaultProxy proxy = FaultProxy.start(pg.host(), pg.port());
         Connection t = Connection.open("host=127.0.0.1 port=" + proxy.port() + " user=" + pg.superuser()
             + " dbname=" + pg.database() + " sslmode=disable")) {
      t.query("select $1::int", 0);
      proxy.latency(Duration.ofMillis(10));
      proxy.resetCounters();
      Batch b = t.batch();
      for (int i = 0; i < 100; i++) {
        b.add("select $1::int", i);
      }
      List<Batch.Item> items = b.run();
      assertEquals(99, items.get(99).rowsOrThrow().get(0).getInt(0));
      assertEquals(1, proxy.roundTrips());
    }
  }

  @Test
  void batchLargerThanThePipelineDepthDoesNotDeadlock() {
    try (Connection small = Connection.open(pg.conninfo("pipeline_depth=4"))) {
      Batch b = small.batch();
      for (int i = 0; i < 50; i++) {
        b.add("select $1::int", i);
      }
      List<Batch.Item> items = b.run();
      for (int i = 0; i < 50; i++) {
        assertEquals(i, items.get(i).rowsOrThrow().get(0).getInt(0));
      }
    }
  }
}
