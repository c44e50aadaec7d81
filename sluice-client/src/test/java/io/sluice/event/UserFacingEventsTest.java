package io.sluice.event;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.Pool;
import io.sluice.PoolExhaustedException;
import io.sluice.PoolOptions;
import io.sluice.TransactionException;
import io.sluice.testkit.Poll;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a new user found wrong in the events (issue 26, "Observability as a user finds it"), each
 * against the real server: a TLS fallback reported as a failure, an interrupted pool waiter left
 * without an end, the pool's own statements reported as the caller's, executeMany reported as its
 * internal chunks, and a call's timeout misquoted when it ran out waiting for a connection.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class UserFacingEventsTest {
  /** A server of its own without TLS, over TCP with {@code sslmode}. */
  static String withoutTls(PostgresServer plain, String sslmode) {
    return "host=localhost port=" + plain.port() + " dbname=" + plain.database() + " user=" + plain.superuser()
        + " sslmode=" + sslmode;
  }

  @Test
  void sslmodePreferAgainstAServerWithoutTlsIsOneSuccessfulAttempt() {
    try (PostgresServer plain = PostgresServer.start(PostgresServer.Options.defaults().withTls(false))) {
      EventRecorder events = new EventRecorder();
      try (Connection c = Connection.open(ConnectionConfig.parse(withoutTls(plain, "prefer")).withListener(events))) {
        assertEquals(1, c.query("select 1").size());
      }
      List<ConnectEnd> ends = events.ends(ConnectEnd.class);
      assertEquals(1, ends.size(), "one attempt, continued in the clear on the same socket: " + ends);
      ConnectEnd end = ends.get(0);
      assertEquals(Result.SUCCEEDED, end.result());
      assertNull(end.error());
      assertTrue(end.start().tls(), "it asked for TLS");
      assertNull(end.tlsProtocol(), "and went on without");
      assertEquals(1, events.starts(ConnectStart.class).size());
    }
  }

  @Test
  void sslmodeRequireAgainstAServerWithoutTlsFailsWithAPublicException() {
    try (PostgresServer plain = PostgresServer.start(PostgresServer.Options.defaults().withTls(false))) {
      EventRecorder events = new EventRecorder();
      ConnectionException e = assertThrows(ConnectionException.class,
          () -> Connection.open(ConnectionConfig.parse(withoutTls(plain, "require")).withListener(events)));
      assertEquals(ConnectionException.class, e.getClass(), "no internal class reaches the caller or a listener");
      assertSame(e, events.ends(ConnectEnd.class).get(0).error());
    }
  }

  @Test
  void anInterruptedPoolWaiterGetsItsEnd() throws Exception {
    EventRecorder events = new EventRecorder();
    try (Pool pool = Pool.open("interrupted", StatementEventsTest.config(events),
        PoolOptions.DEFAULT.minSize(0).maxSize(1).acquireTimeout(Duration.ofMinutes(1)));
        Pool.Lease held = pool.acquire()) {
      AtomicReference<Throwable> thrown = new AtomicReference<>();
      Thread waiter = Thread.ofVirtual().start(() -> {
        try {
          pool.query("select 1");
        } catch (Throwable t) {
          thrown.set(t);
        }
      });
      Poll.eventually("the caller waits", () -> pool.stats().waiting() == 1);
      waiter.interrupt();
      waiter.join();
      assertInstanceOf(ConnectionException.class, thrown.get());
      List<AcquireEnd> ends = events.ends(AcquireEnd.class);
      assertEquals(2, ends.size(), "the lease's and the waiter's: " + ends);
      AcquireEnd end = ends.get(1);
      assertEquals(AcquireEnd.Ending.INTERRUPTED, end.ending());
      assertSame(thrown.get(), end.error());
      assertTrue(end.waited());
      assertEquals("interrupted", end.start().pool());
      assertEquals(2, events.starts(AcquireStart.class).size());
    }
  }

  @Test
  void aCallTimeoutThatRunsOutWaitingForAConnectionSaysItsOwnTime() {
    try (Pool pool = Pool.open(ConnectionConfig.parse(StatementEventsTest.url()),
        PoolOptions.DEFAULT.minSize(0).maxSize(1).acquireTimeout(Duration.ofSeconds(30)));
        Pool.Lease held = pool.acquire()) {
      PoolExhaustedException e = assertThrows(PoolExhaustedException.class,
          () -> pool.withTimeout(Duration.ofMillis(150)).query("select 1"));
      assertTrue(e.getMessage().startsWith("timed out after 150 ms waiting for a connection"), e.getMessage());
    }
  }

  @Test
  void thePoolsSessionResetAndRollbackAreNotTheCallersStatements() {
    EventRecorder events = new EventRecorder();
    try (Pool pool = Pool.open(StatementEventsTest.config(events), PoolOptions.DEFAULT.minSize(0).maxSize(1))) {
      try (Pool.Lease lease = pool.acquire()) {
        lease.connection().execute("begin");
        lease.connection().execute("select 1");
      }
      List<String> sqls = events.starts(StatementStart.class).stream().map(StatementStart::sql).toList();
      assertEquals(List.of("begin", "select 1"), sqls, "the rollback and reset on return are Sluice's own");
      assertEquals(2, events.ends(StatementEnd.class).size());
    }
  }

  @Test
  void theRollbackOfATransactionASessionLeftOpenIsNotTheCallersStatement() {
    EventRecorder events = new EventRecorder();
    try (Connection c = Connection.open(StatementEventsTest.config(events))) {
      assertThrows(TransactionException.class, () -> c.session(s -> s.execute("begin")));
      assertEquals(List.of("begin"), events.starts(StatementStart.class).stream().map(StatementStart::sql).toList());
    }
  }

  @Test
  void executeManyIsReportedAsTheCallerGaveIt() {
    EventRecorder events = new EventRecorder();
    try (Connection c = Connection.open(StatementEventsTest.config(events))) {
      c.execute("create temporary table many_ev (n int, s text)");
      events.clear();
      List<Object[]> groups = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        groups.add(new Object[] {i, "row " + i});
      }
      String sql = "insert into many_ev (n, s) values ($1, $2)";
      c.executeMany(sql, groups);
      BatchEnd end = events.ends(BatchEnd.class).get(0);
      assertEquals(Collections.nCopies(100, sql), end.start().sqls(), "100 groups of the caller's SQL");
      assertEquals(100, end.rows());
      assertTrue(end.start().atomic());
      assertEquals(1, events.ends(BatchEnd.class).size());
      assertEquals(List.of(), events.ends(StatementEnd.class));
    }
  }
}
