package io.sluice.queries;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.Internals;
import io.sluice.PreparedQuery;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A streamed result whose consumer stops early: the server stops producing rows (the statement is
 * cancelled when that touches nothing else), and the connection is clean afterwards. How many rows
 * the server produced is counted by the server itself: each row takes a number from a sequence,
 * which a cancel does not roll back.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class StopEarlyTest {
  static final int ROWS = 2_000_000;
  static final String SQL = "select nextval('stop_early_seq') from generate_series(1, " + ROWS + ")";
  Connection c;

  @AfterEach
  void close() {
    c.close();
  }

  @BeforeEach
  void open() {
    c = Connection.open(PostgresServer.shared().uri());
    c.execute("drop sequence if exists stop_early_seq");
    c.execute("create sequence stop_early_seq");
  }

  /** Numbers the server handed out: the rows it produced. */
  long produced() {
    return c.query("select last_value from stop_early_seq").get(0).getLong(0);
  }

  @Test
  void aFalseFromTheCallbackStopsTheServer() {
    AtomicInteger seen = new AtomicInteger();
    c.forEachWhile(SQL, row -> seen.incrementAndGet() < 1);
    assertEquals(1, seen.get(), "no row is passed after the callback said stop");
    long produced = produced();
    assertTrue(produced < ROWS / 2, "the server stopped early, after " + produced + " of " + ROWS + " rows");
    assertEquals(7, c.query("select 7").get(0).getInt(0), "the connection is clean");
    assertEquals(io.sluice.protocol.TransactionStatus.IDLE, Internals.core(c).transactionStatus());
  }

  @Test
  void aCallbackThatThrowsStopsTheServerToo() {
    RuntimeException boom = new IllegalStateException("boom");
    RuntimeException thrown = assertThrows(IllegalStateException.class, () -> c.forEach(SQL, row -> {
      throw boom;
    }));
    assertSame(boom, thrown);
    assertTrue(produced() < ROWS / 2, "the server stopped early");
    assertEquals(7, c.query("select 7").get(0).getInt(0));
  }

  @Test
  void aPreparedStatementStopsToo() {
    PreparedQuery p = c.prepare("select nextval('stop_early_seq') from generate_series(1, $1::int)");
    AtomicInteger seen = new AtomicInteger();
    p.forEachWhile(row -> seen.incrementAndGet() < 3, ROWS);
    assertEquals(3, seen.get());
    assertTrue(produced() < ROWS / 2, "the server stopped early");
  }

  @Test
  void insideATransactionAPortalStopsTheServerAndTheTransactionLives() {
    c.transaction(tx -> {
      tx.execute("create temp table stop_early_t (x int)");
      AtomicInteger seen = new AtomicInteger();
      tx.forEachWhile(SQL, row -> seen.incrementAndGet() < 2);
      assertEquals(2, seen.get());
      tx.execute("insert into stop_early_t values (1)");   // not aborted: no cancel inside a transaction
      return null;
    });
    assertEquals(1L, c.query("select count(*) from stop_early_t").get(0).getLong(0));
    long produced = produced();
    assertTrue(produced < ROWS / 2, "the server stopped early, after " + produced + " of " + ROWS + " rows");
  }

  @Test
  void insideATransactionEveryRowStillComes() {
    long[] sum = {0};
    c.transaction(tx -> {
      tx.forEachWhile("select g from generate_series(1, 10000) g", row -> {
        sum[0] += row.getLong(0);
        return true;
      });
      return null;
    });
    assertEquals(10_000L * 10_001 / 2, sum[0]);
  }

  @Test
  void aResultShorterThanTheStopEndsNormally() {
    AtomicInteger seen = new AtomicInteger();
    c.forEachWhile("select 1 union all select 2", row -> seen.incrementAndGet() < 2);
    assertEquals(2, seen.get());
    assertEquals(7, c.query("select 7").get(0).getInt(0));
  }
}
