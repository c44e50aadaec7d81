package io.sluice.deadlines;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.ConfigException;
import io.sluice.Connection;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.QueryTimeoutException;
import io.sluice.Queryable;
import io.sluice.ServerException;
import io.sluice.Transaction;
import io.sluice.TxOptions;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A timeout for one call ({@link Queryable#withTimeout}) or one transaction ({@link
 * TxOptions#timeout}), in place of {@code query_timeout}: on a connection, inside a transaction,
 * on a pool. Each case runs a statement that would outlive the timeout and checks it was
 * cancelled on the server (SQLSTATE 57014), and that the same call without the view is not.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class CallTimeoutTest {
  static final Duration SHORT = Duration.ofMillis(200);

  @BeforeAll
  static void server() {
    TimeoutTest.server();
  }

  static void assertCancelled(Runnable call) {
    QueryTimeoutException e = assertThrows(QueryTimeoutException.class, call::run);
    assertEquals("57014", ((ServerException) e.getCause()).sqlState());
  }

  @Test
  void everyCallOfTheViewOnAConnectionIsBounded() {
    try (Connection c = Connection.open(TimeoutTest.pg.conninfo(""))) {
      Queryable q = c.withTimeout(SHORT);
      assertCancelled(() -> q.query("select pg_sleep(5)"));
      assertCancelled(() -> q.execute("select pg_sleep(5)"));
      assertCancelled(() -> q.forEach("select pg_sleep(5)", r -> {}));
      assertCancelled(() -> q.reduce("select pg_sleep(5)", 0, (a, r) -> a));
      assertCancelled(() -> q.simpleQuery("select pg_sleep(5)"));
      // the view left the connection as it was: no timeout, and a quick call through it runs
      assertEquals(1, c.query("select 1 from pg_sleep(0.4)").get(0).getInt(0));
      assertEquals(2, q.query("select 2").get(0).getInt(0));
    }
  }

  @Test
  void theViewOverridesQueryTimeoutBothWays() {
    try (Connection c = Connection.open(TimeoutTest.pg.conninfo("query_timeout=0.2"))) {
      assertCancelled(() -> c.query("select pg_sleep(1)"));
      assertEquals(1, c.withTimeout(Duration.ofSeconds(10)).query("select 1 from pg_sleep(0.4)").get(0).getInt(0));
    }
  }

  @Test
  void aTransactionTimeoutBoundsTheWholeTransaction() {
    try (Connection c = Connection.open(TimeoutTest.pg.conninfo(""))) {
      c.execute("create temp table t_tx_timeout (n int)");
      TxOptions opts = TxOptions.DEFAULT.timeout(Duration.ofMillis(600));
      // each statement is quick, but together they pass the transaction's deadline
      assertCancelled(() -> c.transaction(opts, tx -> {
        for (int i = 0; i < 20; i++) {
          tx.execute("insert into t_tx_timeout select $1 from pg_sleep(0.1)", i);
        }
        return null;
      }));
      assertEquals(0L, c.query("select count(*) from t_tx_timeout").get(0).getLong(0), "rolled back");
      assertTrue(c.isOpen());
      // within its timeout it commits
      c.transaction(opts, tx -> tx.execute("insert into t_tx_timeout values (1)"));
      assertEquals(1L, c.query("select count(*) from t_tx_timeout").get(0).getLong(0));
    }
  }

  @Test
  void aViewInsideATransactionBoundsOneStatement() {
    try (Connection c = Connection.open(TimeoutTest.pg.conninfo(""))) {
      try (Transaction tx = c.begin()) {
        assertCancelled(() -> tx.withTimeout(SHORT).query("select pg_sleep(5)"));
        assertTrue(tx.isAborted());
      }
      assertEquals(1, c.query("select 1").get(0).getInt(0));
    }
  }

  @Test
  void aPoolViewBoundsSharedAndBorrowedCalls() {
    try (Pool pool = Pool.open(TimeoutTest.pg.conninfo(""), PoolOptions.DEFAULT.maxSize(2))) {
      Queryable q = pool.withTimeout(SHORT);
      assertCancelled(() -> q.query("select pg_sleep(5)"));
      assertCancelled(() -> q.forEach("select pg_sleep(5)", r -> {}));
      assertEquals(3, q.query("select 3").get(0).getInt(0));
      assertEquals(0, pool.stats().borrowed());
    }
  }

  @Test
  void aTimeoutThatIsNotPositiveIsRefused() {
    try (Connection c = Connection.open(TimeoutTest.pg.conninfo(""))) {
      assertThrows(ConfigException.class, () -> c.withTimeout(Duration.ZERO));
      assertThrows(ConfigException.class, () -> c.withTimeout(Duration.ofSeconds(-1)));
      assertThrows(ConfigException.class, () -> c.withTimeout(null));
      assertThrows(ConfigException.class, () -> TxOptions.DEFAULT.timeout(Duration.ZERO));
    }
  }
}
