package io.sluice.event;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.Notifications;
import io.sluice.Pool;
import io.sluice.PoolExhaustedException;
import io.sluice.PoolOptions;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.Transaction;
import io.sluice.TxOptions;
import io.sluice.event.EventRecorder.Ended;
import io.sluice.event.EventRecorder.Token;
import io.sluice.event.PoolEvent.Kind;
import io.sluice.event.TransactionEnd.Ending;
import io.sluice.protocol.auth.AuthMethod;
import io.sluice.testkit.Poll;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.testkit.TestRoles;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Connect, pool, transaction and LISTEN reconnection events against the real server. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class LifecycleEventsTest {
  /** The shared server over TCP without TLS, as {@code user}. */
  static String tcp(String user, String password) {
    PostgresServer pg = PostgresServer.shared();
    return "host=localhost port=" + pg.port() + " dbname=" + pg.database() + " user=" + user
        + (password == null ? "" : " password=" + password) + " sslmode=disable";
  }

  static ConnectionConfig config(EventRecorder events) {
    return StatementEventsTest.config(events);
  }

  @Test
  void aConnectionAttemptReportsHostTlsAuthenticationAndFailure() {
    EventRecorder events = new EventRecorder();
    ConnectionConfig cfg = ConnectionConfig.parse(tcp(TestRoles.SCRAM, TestRoles.SCRAM_PASSWORD)).withListener(events);
    try (Connection c = Connection.open(cfg)) {
      List<Ended> ends = events.endsOf(ConnectEnd.class);
      assertEquals(1, ends.size());
      ConnectEnd end = (ConnectEnd) ends.get(0).end();
      assertSame(end.start(), ((Token) ends.get(0).token()).start());
      assertEquals(PostgresServer.shared().port(), end.start().host().port());
      assertFalse(end.start().tls());
      assertEquals(TestRoles.SCRAM, end.start().user());
      assertEquals(AuthMethod.SCRAM_SHA_256, end.authMethod());
      assertNull(end.tlsProtocol());
      assertEquals(c.processId(), end.processId());
      assertEquals(Result.SUCCEEDED, end.result());
      assertTrue(end.durationNanos() > 0);
    }
    events.clear();
    ConnectionConfig wrong = ConnectionConfig.parse(tcp(TestRoles.SCRAM, "not-the-password")).withListener(events);
    ServerException refused = assertThrows(ServerException.class, () -> Connection.open(wrong));
    ConnectEnd failed = events.ends(ConnectEnd.class).get(0);
    assertSame(refused, failed.error());
    assertEquals(Result.SERVER_ERROR, failed.result());
    assertEquals("28P01", failed.sqlState());
    assertNull(failed.authMethod());
    assertEquals(1, events.starts(ConnectStart.class).size());
  }

  @Test
  void transactionsReportBeginCommitRollbackAndRetry() {
    EventRecorder events = new EventRecorder();
    try (Connection c = Connection.open(config(events))) {
      c.execute("create temporary table tx_ev (n int)");
      events.clear();
      c.transaction(tx -> tx.execute("insert into tx_ev values (1)"));
      TransactionEnd end = events.ends(TransactionEnd.class).get(0);
      assertEquals(Ending.COMMITTED, end.ending());
      assertEquals(1, end.start().attempt());
      assertNull(end.cause());
      assertTrue(events.ends(StatementEnd.class).size() >= 2, "the statement and COMMIT inside it");
      events.clear();

      try (Transaction tx = c.begin()) {
        tx.execute("insert into tx_ev values (2)");
        tx.rollback();
      }
      assertEquals(Ending.ROLLED_BACK, events.ends(TransactionEnd.class).get(0).ending());
      events.clear();

      IllegalStateException mine = new IllegalStateException("the body gave up");
      assertSame(mine, assertThrows(IllegalStateException.class, () -> c.transaction(tx -> {
        tx.execute("insert into tx_ev values (3)");
        throw mine;
      })));
      TransactionEnd rolledBack = events.ends(TransactionEnd.class).get(0);
      assertEquals(Ending.ROLLED_BACK, rolledBack.ending());
      assertSame(mine, rolledBack.cause());
      events.clear();

      AtomicInteger runs = new AtomicInteger();
      c.transaction(TxOptions.DEFAULT.retries(2), tx -> {
        tx.execute("insert into tx_ev values (4)");
        if (runs.incrementAndGet() == 1) {
          tx.execute("do $$ begin raise exception 'conflict' using errcode = 'serialization_failure'; end $$");
        }
        return null;
      });
      List<Ended> ends = events.endsOf(TransactionEnd.class);
      assertEquals(2, ends.size());
      TransactionEnd first = (TransactionEnd) ends.get(0).end();
      TransactionEnd second = (TransactionEnd) ends.get(1).end();
      assertEquals(Ending.RETRYING, first.ending());
      assertEquals("40001", ((ServerException) first.cause()).sqlState());
      assertEquals(Ending.COMMITTED, second.ending());
      assertEquals(2, second.start().attempt());
      assertEquals(List.of(1, 2), events.starts(TransactionStart.class).stream().map(TransactionStart::attempt).toList());
      for (Ended e : ends) {
        assertSame(((TransactionEnd) e.end()).start(), ((Token) e.token()).start());
      }
      assertEquals(1L, c.query("select count(*) from tx_ev where n = 4").get(0).getLong(0));
    }
  }

  @Test
  void aPoolReportsOpeningAcquiringWaitingTimingOutEvictingAndRetiring() throws Exception {
    EventRecorder events = new EventRecorder();
    PoolOptions opts = PoolOptions.DEFAULT.minSize(0).maxSize(1).acquireTimeout(Duration.ofMillis(300));
    try (Connection admin = Connection.open(StatementEventsTest.url())) {
      try (Pool pool = Pool.open(config(events), opts)) {
        int pid = pool.query("select pg_backend_pid()").get(0).getInt(0);
        assertEquals(List.of(Kind.OPENED, Kind.RELEASED), kinds(events));
        PoolEvent released = events.singles(PoolEvent.class).get(1);
        assertEquals(PoolEvent.Reason.STATEMENT_DONE, released.reason());
        assertTrue(released.nanos() > 0, "how long the statement held its connection");
        PoolEvent opened = events.singles(PoolEvent.class).get(0);
        assertEquals(pool.name(), opened.pool());
        assertEquals(PoolEvent.Reason.FOR_CALLER, opened.reason());
        assertEquals(pid, opened.connection().processId());
        AcquireEnd first = events.ends(AcquireEnd.class).get(0);
        assertEquals(AcquireEnd.Ending.ACQUIRED, first.ending());
        assertEquals(pid, first.connection().processId());
        assertFalse(first.waited(), "a free slot to open: no wait");
        assertFalse(first.start().borrow());
        assertEquals(1, events.ends(ConnectEnd.class).size(), "the pool's connection reports its connect too");
        events.clear();

        try (Pool.Lease lease = pool.acquire()) {
          PoolExhaustedException e = assertThrows(PoolExhaustedException.class, () -> pool.query("select 1"));
          List<AcquireEnd> ends = events.ends(AcquireEnd.class);
          assertEquals(List.of(AcquireEnd.Ending.ACQUIRED, AcquireEnd.Ending.TIMED_OUT),
              ends.stream().map(AcquireEnd::ending).toList());
          assertTrue(ends.get(0).start().borrow(), "the lease borrows");
          assertSame(e, ends.get(1).error());
          assertNull(ends.get(1).connection());
          assertTrue(ends.get(1).waited(), "how long it waited");
          assertEquals(List.of(), kinds(events));
        }
        assertEquals(List.of(Kind.RELEASED), kinds(events));
        assertEquals(PoolEvent.Reason.RETURNED, events.singles(PoolEvent.class).get(0).reason());
        events.clear();

        admin.query("select pg_terminate_backend($1)", pid);
        Poll.eventually("the terminated backend is gone",
            () -> admin.query("select count(*) from pg_stat_activity where pid = $1", pid).get(0).getLong(0) == 0);
        Thread.sleep(150);   // past the pool's idle check threshold, so that the dead connection is checked
        assertEquals(1, pool.query("select 1").size());
        Poll.eventually("evicted", () -> kinds(events).contains(Kind.EVICTED));
        assertTrue(kinds(events).contains(Kind.OPENED), "a new connection replaced it: " + kinds(events));
        events.clear();
      }
      assertEquals(List.of(Kind.RETIRED), kinds(events));
      assertEquals(PoolEvent.Reason.POOL_CLOSED, events.singles(PoolEvent.class).get(0).reason());
    }
  }

  @Test
  void aPoolReportsAConnectionItCouldNotOpen() {
    EventRecorder events = new EventRecorder();
    ConnectionConfig wrong = ConnectionConfig.parse(tcp(TestRoles.SCRAM, "not-the-password")).withListener(events);
    try (Pool pool = Pool.open(wrong, PoolOptions.DEFAULT.minSize(0).maxSize(1).acquireTimeout(Duration.ofSeconds(5)))) {
      ConnectionException e = assertThrows(ConnectionException.class, () -> pool.query("select 1"));
      List<PoolEvent> got = events.singles(PoolEvent.class);
      assertEquals(List.of(Kind.OPEN_FAILED), kinds(events));
      assertEquals(PoolEvent.Reason.FOR_CALLER, got.get(0).reason());
      assertNull(got.get(0).connection());
      assertEquals(AcquireEnd.Ending.FAILED, events.ends(AcquireEnd.class).get(0).ending());
      assertEquals("28P01", Result.sqlState(got.get(0).cause()));
      assertEquals("28P01", Result.sqlState(e));
      assertEquals(Result.SERVER_ERROR, events.ends(ConnectEnd.class).get(0).result());
    }
  }

  static List<Kind> kinds(EventRecorder events) {
    return events.singles(PoolEvent.class).stream().map(PoolEvent::kind).toList();
  }

  @Test
  void aListenerReportsItsReconnection() throws Exception {
    EventRecorder events = new EventRecorder();
    ConnectionConfig cfg = ConnectionConfig.parse(StatementEventsTest.url() + " application_name=listener-events")
        .withListener(events);
    try (Connection admin = Connection.open(StatementEventsTest.url());
        Notifications l = Notifications.open(cfg, n -> {}, null)) {
      l.listen("ev_one");
      l.listen("ev_two");
      admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'listener-events'");
      Poll.eventually("reconnected", () -> !events.singles(NotificationsReconnect.class).isEmpty());
      NotificationsReconnect r = events.singles(NotificationsReconnect.class).get(0);
      assertEquals(java.util.Set.of("ev_one", "ev_two"), r.channels());
      assertEquals(1, r.reconnects());
      assertTrue(r.downNanos() > 0);
      assertInstanceOf(SluiceException.class, r.cause());
      long listens = events.starts(io.sluice.event.StatementStart.class).stream()
          .filter(st -> st.sql().startsWith("LISTEN")).count();
      assertEquals(2, listens, "the caller's two LISTENs; listening again after the reconnect is Sluice's own");
    }
  }
}
