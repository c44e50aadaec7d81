package io.sluice.poolers;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.Transaction;
import io.sluice.testkit.PgBouncer;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Through PgBouncer 1.18 in each pool mode: the pool, pipelining, and prepared statements both
 * unnamed ({@code statement_cache_size=0}) and cached as by default, which must never give one
 * connection's statement to another. Session-state semantics in transaction mode, cancel and the
 * start-up are in {@link PgBouncerSessionTest}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PgBouncerTest {
  static PostgresServer pg;
  /** One PgBouncer per pool mode; session mode needs a server connection per client connection. */
  static final Map<String, PgBouncer> BOUNCERS = new TreeMap<>();

  @BeforeAll
  static void start() {
    pg = Bouncers.serverOrSkip("PgBouncerTest");
    BOUNCERS.put("session", PgBouncer.start(pg, "session", 12));
    BOUNCERS.put("transaction", PgBouncer.start(pg, "transaction", 2));
    BOUNCERS.put("statement", PgBouncer.start(pg, "statement", 2));
  }

  @AfterAll
  static void stop() {
    BOUNCERS.values().forEach(PgBouncer::close);
  }

  static String url(String mode, String extra) {
    return Bouncers.url(BOUNCERS.get(mode), pg, extra);
  }

  @ParameterizedTest
  @ValueSource(strings = {"session", "transaction", "statement"})
  void poolOfUnnamedStatements(String mode) throws Exception {
    try (Pool pool = Pool.open(url(mode, "statement_cache_size=0"), PoolOptions.DEFAULT.maxSize(4));
        var exec = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<Integer>> results = new ArrayList<>();
      for (int i = 0; i < 400; i++) {
        int n = i;
        results.add(exec.submit(() -> pool.query("select $1::int4 + 1", n).get(0).getInt(0)));
      }
      for (int i = 0; i < results.size(); i++) {
        assertEquals(i + 1, results.get(i).get());
      }
      if (mode.equals("statement")) {
        return;   // no transactions there: statementModeRefusesTransactions
      }
      long v = pool.transaction(tx -> {
        tx.execute("create temp table if not exists b (v int) on commit drop");
        tx.execute("insert into b values ($1)", 5);
        return tx.query("select sum(v) from b").get(0).getLong(0);
      });
      assertEquals(5, v);
      if (mode.equals("transaction")) {
        // many client connections, two server connections: the backends seen are PgBouncer's
        Set<Integer> pids = ConcurrentHashMap.newKeySet();
        for (int i = 0; i < 50; i++) {
          pids.add(pool.query("select pg_backend_pid()").get(0).getInt(0));
        }
        assertTrue(pids.size() <= 2, pids.toString());
      }
    }
  }

  /** Several callers on one connection: their requests are pipelined through PgBouncer and answered in order. */
  @ParameterizedTest
  @ValueSource(strings = {"session", "transaction", "statement"})
  void pipelinedCallersOnOneConnection(String mode) throws Exception {
    try (Connection c = Connection.open(url(mode, "statement_cache_size=0"));
        var exec = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<String>> results = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        int n = i;
        results.add(exec.submit(() -> c.query("select $1::int4 * 3, $2::text", n, "r" + n).get(0).getString(1)
            + c.query("select $1::int8", (long) n).get(0).getLong(0)));
      }
      for (int i = 0; i < results.size(); i++) {
        assertEquals("r" + i + i, results.get(i).get());
      }
      System.out.println("PgBouncerTest " + mode + ": pipeline peak " + c.stats().peakInFlight());
    }
  }

  /**
   * The default statement cache (256 named statements) in every mode: eight connections, each
   * with its own statement under the same SQL shape, run at once. Before statement names were
   * made unique per connection, the second connection's Parse of {@code s1} failed ("prepared
   * statement "s1" already exists", 42P05) in transaction and statement mode, and a Bind could run
   * another connection's {@code s1}.
   */
  @ParameterizedTest
  @ValueSource(strings = {"session", "transaction", "statement"})
  void defaultCacheNeverRunsAnotherConnectionsStatement(String mode) throws Exception {
    List<Connection> conns = new ArrayList<>();
    try (var exec = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int k = 0; k < 8; k++) {
        conns.add(Connection.open(url(mode, "")));
      }
      List<Future<?>> done = new ArrayList<>();
      for (int k = 0; k < conns.size(); k++) {
        Connection c = conns.get(k);
        // the same SQL text on every connection would share nothing wrong; what differs is the statement behind the name
        String sql = "select $1::int4 * " + (k + 1);
        int factor = k + 1;
        done.add(exec.submit(() -> {
          for (int i = 0; i < 60; i++) {
            assertEquals(i * factor, c.query(sql, i).get(0).getInt(0), sql);
            assertEquals(i + 1, c.query("select $1::int4 + 1", i).get(0).getInt(0));
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      conns.forEach(Connection::close);
    }
  }

  /**
   * Transaction mode, default cache: a statement prepared outside a transaction, then run in one
   * that PgBouncer gives another server connection. The server says 26000; Sluice says why and
   * what to set, and uses unnamed statements on that connection from then on. Outside a
   * transaction the same loss is invisible: the statement is run again, unnamed.
   */
  @Test
  void statementLostInATransactionNamesThePoolerAndTheSetting() throws Exception {
    String mode = "transaction";
    try (Connection c = Connection.open(url(mode, ""));
        Connection h1 = Connection.open(url(mode, "statement_cache_size=0"));
        Connection h2 = Connection.open(url(mode, "statement_cache_size=0"))) {
      int server = c.query("select pg_backend_pid() + $1::int4", 0).get(0).getInt(0);
      // both server connections held; then the one c did not prepare on is let go
      Transaction t1 = h1.begin();
      Transaction t2 = h2.begin();
      int p1 = t1.query("select pg_backend_pid()").get(0).getInt(0);
      t2.query("select pg_backend_pid()");
      Transaction other = p1 == server ? t2 : t1;
      Transaction same = p1 == server ? t1 : t2;
      other.commit();
      ServerException e = assertThrows(ServerException.class,
          () -> c.transaction(tx -> tx.query("select pg_backend_pid() + $1::int4", 0)));
      assertEquals("26000", e.sqlState());
      assertTrue(e.getMessage().contains("statement_cache_size=0") && e.getMessage().contains("pool_mode = transaction"),
          e.getMessage());
      // the connection now parses every time: the same statement works in a transaction on any server connection
      int seen = c.transaction(tx -> tx.query("select pg_backend_pid() + $1::int4", 0).get(0).getInt(0));
      assertNotEquals(server, seen);
      same.commit();
    }
  }

  @Test
  void statementLostOutsideATransactionIsRunAgain() throws Exception {
    String mode = "transaction";
    try (Connection c = Connection.open(url(mode, ""));
        Connection h1 = Connection.open(url(mode, "statement_cache_size=0"));
        Connection h2 = Connection.open(url(mode, "statement_cache_size=0"))) {
      int server = c.query("select pg_backend_pid() + $1::int4", 0).get(0).getInt(0);
      Transaction t1 = h1.begin();
      Transaction t2 = h2.begin();
      int p1 = t1.query("select pg_backend_pid()").get(0).getInt(0);
      t2.query("select pg_backend_pid()");
      (p1 == server ? t2 : t1).commit();
      int seen = c.query("select pg_backend_pid() + $1::int4", 0).get(0).getInt(0);
      assertNotEquals(server, seen, "ran on the other server connection");
      (p1 == server ? t1 : t2).commit();
    }
  }

  @Test
  void statementModeRefusesTransactions() {
    try (Connection c = Connection.open(url("statement", "statement_cache_size=0"))) {
      SluiceException e = assertThrows(SluiceException.class, () -> c.transaction(tx -> tx.query("select 1")));
      assertTrue(e.getMessage().contains("transaction blocks not allowed in statement pooling mode"), e.getMessage());
    }
  }
}
