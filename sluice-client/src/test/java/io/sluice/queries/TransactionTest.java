package io.sluice.queries;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.ConfigException;
import io.sluice.Connection;
import io.sluice.Internals;
import io.sluice.RowStream;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.Transaction;
import io.sluice.TransactionException;
import io.sluice.TxOptions;
import io.sluice.internal.calls.Retries;
import io.sluice.protocol.TransactionStatus;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Transactions and pinned sessions on one connection, against the real server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class TransactionTest {
  static PostgresServer pg;
  static Connection c;

  static String url() {
    return pg.conninfo("");
  }

  @BeforeAll
  static void connect() {
    pg = PostgresServer.shared();
    c = Connection.open(url());
    c.simpleQuery("drop table if exists tx_t; create table tx_t (id int primary key, v text);"
        + "drop table if exists tx_skew; create table tx_skew (kind int, n int)");
  }

  @AfterAll
  static void close() {
    c.close();
  }

  @BeforeEach
  void empty() {
    c.execute("delete from tx_t");
  }

  long count() {
    return c.query("select count(*) from tx_t").get(0).getLong(0);
  }

  /**
   * BEGIN travels with the first statement: a transaction of one cached statement costs two round
   * trips (statement, COMMIT), and one that runs nothing costs none.
   */
  @Test
  void beginCostsNoRoundTripOfItsOwn() throws Exception {
    try (io.sluice.testkit.FaultProxy proxy = io.sluice.testkit.FaultProxy.start(pg.host(), pg.port());
         Connection p = Connection.open("host=127.0.0.1 port=" + proxy.port() + " user=" + pg.superuser()
             + " dbname=" + pg.database() + " sslmode=disable")) {
      proxy.latency(java.time.Duration.ofMillis(5));
      p.execute("insert into tx_t values ($1, 'warm')", 10);   // prepared and cached
      p.execute("delete from tx_t where id = $1", 10);
      proxy.resetCounters();
      p.transaction(tx -> tx.execute("insert into tx_t values ($1, 'warm')", 11));
      assertEquals(2, proxy.roundTrips(), "statement with BEGIN, then COMMIT");
      assertEquals(1, count());
      proxy.resetCounters();
      try (Transaction tx = p.begin(TxOptions.DEFAULT.isolation(TxOptions.Isolation.SERIALIZABLE))) {
        tx.execute("delete from tx_t where id = $1", 11);
        assertEquals("serializable", tx.query("select current_setting('transaction_isolation')").get(0).getString(0),
            "the statement ran inside the transaction BEGIN opened");
        assertEquals(TransactionStatus.IN_TRANSACTION, Internals.core(p).transactionStatus());
        tx.rollback();
      }
      assertEquals(1, count(), "rolled back");
      proxy.resetCounters();
      p.transaction(tx -> null);
      try (Transaction tx = p.begin()) {
        tx.rollback();
      }
      assertEquals(0, proxy.roundTrips(), "transactions that run nothing never reach the server");
      assertEquals(TransactionStatus.IDLE, Internals.core(p).transactionStatus());
      proxy.resetCounters();
      p.transaction(tx -> tx.simpleQuery("select 1"));
      assertEquals(3, proxy.roundTrips(), "before a simple query, BEGIN runs alone");
    }
  }

  /**
   * Whatever kind of request comes first in a transaction (BEGIN in front of it, or BEGIN alone
   * before it), it runs inside the transaction: the server reports 'T' after it, and a rollback
   * takes its writes back.
   */
  @Test
  void everyKindOfFirstStatementRunsInsideTheTransaction() throws Exception {
    java.util.Map<String, java.util.function.Consumer<Transaction>> firsts = new java.util.LinkedHashMap<>();
    firsts.put("execute", tx -> tx.execute("insert into tx_t values ($1, 'x')", 1));
    firsts.put("query", tx -> tx.query("insert into tx_t values ($1, 'x') returning id", 1));
    firsts.put("forEach", tx -> tx.forEach("insert into tx_t values ($1, 'x') returning id", r -> { }, 1));
    firsts.put("stream", tx -> {
      try (RowStream s = tx.stream("insert into tx_t values ($1, 'x') returning id", 10, 1)) {
        s.iterator().forEachRemaining(r -> { });
      }
    });
    firsts.put("prepare", tx -> tx.prepare("insert into tx_t values ($1, 'prepared')").execute(1));
    firsts.put("batch, atomic", tx -> tx.connection().batch().add("insert into tx_t values (1, 'x')")
        .add("insert into tx_t values (2, 'x')").runAtomic());
    firsts.put("batch, a Sync each", tx -> tx.connection().batch().add("insert into tx_t values (1, 'x')")
        .add("insert into tx_t values (2, 'x')").run());
    firsts.put("simpleQuery", tx -> tx.simpleQuery("insert into tx_t values (1, 'x')"));
    firsts.put("copy in", tx -> tx.connection().copy().from("copy tx_t from stdin", new java.io.StringReader("1\tx\n")));
    firsts.put("copy out", tx -> tx.connection().copy().to("copy (select 1) to stdout", new java.io.StringWriter()));
    for (var first : firsts.entrySet()) {
      try (Transaction tx = c.begin()) {
        first.getValue().accept(tx);
        assertEquals(TransactionStatus.IN_TRANSACTION, Internals.core(c).transactionStatus(), first.getKey() + " ran inside the transaction");
        tx.rollback();
      }
      assertEquals(0, count(), first.getKey() + ": rolled back with the transaction");
      assertEquals(TransactionStatus.IDLE, Internals.core(c).transactionStatus());
    }
  }

  @Test
  void commitsWhenTheBodyReturnsAndRollsBackWhenItThrows() {
    String v = c.transaction(tx -> {
      tx.execute("insert into tx_t values (1, 'a')");
      return tx.query("select v from tx_t where id = 1").get(0).getString(0);
    });
    assertEquals("a", v);
    assertEquals(1, count());
    IllegalStateException boom = new IllegalStateException("boom");
    IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> c.transaction(tx -> {
      tx.execute("insert into tx_t values (2, 'b')");
      throw boom;
    }));
    assertSame(boom, thrown);
    assertEquals(1, count());
    assertEquals(TransactionStatus.IDLE, Internals.core(c).transactionStatus());
  }

  @Test
  void closeWithoutCommitRollsBack() {
    try (Transaction tx = c.begin()) {
      tx.execute("insert into tx_t values (3, 'c')");
      assertTrue(tx.isActive());
    }
    assertEquals(0, count());
    try (Transaction tx = c.begin()) {
      tx.execute("insert into tx_t values (3, 'c')");
      tx.commit();
      assertFalse(tx.isActive());
    }
    assertEquals(1, count());
  }

  @Test
  void aFailedStatementAbortsTheTransactionAndNothingMoreIsSent() {
    Transaction tx = c.begin();
    tx.execute("insert into tx_t values (4, 'd')");
    ServerException dup = assertThrows(ServerException.class, () -> tx.execute("insert into tx_t values (4, 'd')"));
    assertEquals("23505", dup.sqlState());
    assertTrue(tx.isAborted());
    TransactionException next = assertThrows(TransactionException.class, () -> tx.query("select 1"));
    assertEquals(SluiceException.Outcome.NOT_SENT, next.outcome());
    assertSame(dup, next.getCause());
    assertTrue(next.getMessage().contains("aborted"), next.getMessage());
    TransactionException commit = assertThrows(TransactionException.class, tx::commit);
    assertTrue(commit.getMessage().contains("rolled back, not committed"), commit.getMessage());
    assertEquals(0, count());
    assertEquals(1, c.query("select 1").size());   // the connection is clean
  }

  @Test
  void aFinishedTransactionRefusesWork() {
    Transaction tx = c.begin();
    tx.commit();
    TransactionException e = assertThrows(TransactionException.class, () -> tx.execute("select 1"));
    assertTrue(e.getMessage().contains("ended (committed)"), e.getMessage());
    assertThrows(TransactionException.class, tx::commit);
    tx.close();   // harmless
  }

  @Test
  void anotherThreadCannotUseOrCommitIt() throws Exception {
    try (Transaction tx = c.begin()) {
      tx.execute("insert into tx_t values (5, 'e')");
      CompletableFuture<Throwable> other = new CompletableFuture<>();
      Thread.startVirtualThread(() -> {
        try {
          tx.commit();
          other.complete(null);
        } catch (Throwable t) {
          other.complete(t);
        }
      });
      Throwable t = other.get(10, TimeUnit.SECONDS);
      assertInstanceOf(TransactionException.class, t);
      assertTrue(t.getMessage().contains("only by the thread that began it"), t.getMessage());
      assertTrue(tx.isActive());
    }
    assertEquals(0, count());
  }

  @Test
  void otherCallersWaitAndNeverRunInsideTheTransaction() throws Exception {
    Transaction tx = c.begin();
    tx.execute("set local application_name = 'inside-tx'");
    tx.execute("insert into tx_t values (6, 'f')");
    CompletableFuture<String> name = CompletableFuture.supplyAsync(
        () -> c.query("select current_setting('application_name')").get(0).getString(0),
        r -> Thread.startVirtualThread(r));
    CompletableFuture<Long> insert = CompletableFuture.supplyAsync(
        () -> c.execute("insert into tx_t values (7, 'g')"), r -> Thread.startVirtualThread(r));
    Thread.sleep(200);
    assertFalse(name.isDone(), "another caller's statement ran while the transaction was open");
    assertFalse(insert.isDone());
    tx.rollback();
    assertNotEquals("inside-tx", name.get(10, TimeUnit.SECONDS));
    assertEquals(1L, insert.get(10, TimeUnit.SECONDS));
    assertEquals(1, count());   // 7 survived the rollback: it ran after, in its own transaction
    assertEquals(7, c.query("select id from tx_t").get(0).getInt(0));
  }

  @Test
  void nestedTransactionsUseSavepoints() {
    c.transaction(tx -> {
      tx.execute("insert into tx_t values (8, 'h')");
      assertThrows(ServerException.class, () -> tx.transaction(inner -> {
        inner.execute("insert into tx_t values (9, 'i')");
        return inner.execute("insert into tx_t values (8, 'dup')");
      }));
      assertTrue(tx.isActive(), "the outer transaction goes on after the savepoint rolled back");
      tx.transaction(inner -> inner.execute("insert into tx_t values (10, 'j')"));
      return null;
    });
    assertEquals(2, count());
    assertEquals(0, c.query("select * from tx_t where id = 9").size());
  }

  @Test
  void optionsReachTheServer() {
    TxOptions opts = TxOptions.DEFAULT.isolation(TxOptions.Isolation.SERIALIZABLE).readOnly(true).deferrable(true);
    assertEquals("BEGIN ISOLATION LEVEL SERIALIZABLE, READ ONLY, DEFERRABLE", Internals.beginSql(opts));
    assertEquals("serializable", c.transaction(opts, tx -> tx.query("show transaction_isolation").get(0).getString(0)));
    ServerException e = assertThrows(ServerException.class,
        () -> c.transaction(opts, tx -> tx.execute("insert into tx_t values (11, 'k')")));
    assertEquals("25006", e.sqlState());
    assertEquals(0, count());
    assertThrows(ConfigException.class, () -> TxOptions.DEFAULT.retries(-1));
  }

  @Test
  void beginTwiceOnOneThreadIsAClearError() {
    try (Transaction tx = c.begin()) {
      IllegalStateException e = assertThrows(IllegalStateException.class, c::begin);
      assertTrue(e.getMessage().contains("savepoints"), e.getMessage());
      assertTrue(tx.isActive());
    }
  }

  @Test
  void sessionPinsAndRollsBackWhatItLeavesOpen() {
    String inside = c.session(s -> {
      s.execute("set application_name = 'pinned'");
      String v = s.query("select current_setting('application_name')").get(0).getString(0);
      s.execute("reset application_name");
      return v;
    });
    assertEquals("pinned", inside);
    TransactionException e = assertThrows(TransactionException.class, () -> c.session(s -> {
      s.simpleQuery("begin; insert into tx_t values (12, 'l')");
      return null;
    }));
    assertTrue(e.getMessage().contains("rolled back"), e.getMessage());
    assertEquals(0, count());
    assertEquals(TransactionStatus.IDLE, Internals.core(c).transactionStatus());
  }

  /** Write skew under SERIALIZABLE: two transactions read what the other writes. */
  @Test
  void retriesARealSerializationFailure() throws Exception {
    c.execute("delete from tx_skew");
    try (Connection a = Connection.open(url()); Connection b = Connection.open(url())) {
      // without retries, one of the two fails with 40001
      Throwable[] failures = skew(a, b, 0, new AtomicInteger());
      long failed = java.util.Arrays.stream(failures).filter(f -> f != null).count();
      assertEquals(1, failed, "exactly one of two conflicting serializable transactions fails");
      Throwable f = java.util.Arrays.stream(failures).filter(x -> x != null).findFirst().orElseThrow();
      assertTrue(Retries.isTransient(f), String.valueOf(f));
      // with retries, both commit, and one ran twice
      c.execute("delete from tx_skew");
      AtomicInteger attempts = new AtomicInteger();
      Throwable[] none = skew(a, b, 3, attempts);
      assertNull(none[0]);
      assertNull(none[1]);
      assertTrue(attempts.get() >= 3, "attempts: " + attempts.get());
      assertEquals(2, c.query("select count(*) from tx_skew").get(0).getLong(0));
    }
  }

  private static Throwable[] skew(Connection a, Connection b, int retries, AtomicInteger attempts) throws Exception {
    CyclicBarrier bothRead = new CyclicBarrier(2);
    TxOptions opts = TxOptions.DEFAULT.isolation(TxOptions.Isolation.SERIALIZABLE).retries(retries);
    Throwable[] failures = new Throwable[2];
    Thread[] threads = new Thread[2];
    Connection[] conns = {a, b};
    for (int i = 0; i < 2; i++) {
      int me = i;
      threads[i] = Thread.startVirtualThread(() -> {
        try {
          conns[me].transaction(opts, tx -> {
            int attempt = attempts.incrementAndGet();
            long seen = tx.query("select count(*) from tx_skew where kind = $1", 1 - me).get(0).getLong(0);
            if (attempt <= 2) {
              bothRead.await(10, TimeUnit.SECONDS);   // first attempts only: make them overlap
            }
            return tx.execute("insert into tx_skew values ($1, $2)", me, (int) seen);
          });
        } catch (Throwable t) {
          failures[me] = t;
        }
      });
    }
    for (Thread t : threads) {
      t.join(30_000);
    }
    return failures;
  }
}
