package io.sluice.poolers;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.ConfigException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.Notifications;
import io.sluice.QueryTimeoutException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.Transaction;
import io.sluice.ValueException;
import io.sluice.testkit.PgBouncer;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Through PgBouncer 1.18 in transaction mode: what session state does (one server connection
 * shared by every client, so that what leaks is seen), cancel, and the start-up (3.2 retried as
 * 3.0, start-up parameters PgBouncer refuses, SCRAM to PgBouncer). PgBouncer reports nothing of
 * its own in ParameterStatus (the server's values, replayed), so Sluice cannot tell it is there:
 * these tests pin what docs/poolers.md tells the user.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PgBouncerSessionTest {
  static PostgresServer pg;
  /** Transaction mode, one server connection: every client's transaction runs on the same backend. */
  static PgBouncer shared;
  /** Transaction mode, with no start-up parameter ignored. */
  static PgBouncer strict;

  @BeforeAll
  static void start() {
    pg = Bouncers.serverOrSkip("PgBouncerSessionTest");
    shared = PgBouncer.start(pg, "transaction", 1);
    strict = PgBouncer.start(pg, "transaction", 2, Map.of("ignore_startup_parameters", ""));
  }

  @AfterAll
  static void stop() {
    if (shared != null) {
      shared.close();
    }
    if (strict != null) {
      strict.close();
    }
  }

  static Connection open(String extra) {
    return Connection.open(Bouncers.url(shared, pg, "statement_cache_size=0 " + extra));
  }

  @Test
  void setOutsideATransactionIsSeenByOtherClients() {
    try (Connection a = open(""); Connection b = open("")) {
      a.execute("set search_path = bouncer_leak, public");
      try {
        assertEquals("bouncer_leak, public", b.query("show search_path").get(0).getString(0));
      } finally {
        a.execute("reset search_path");
      }
      // SET LOCAL in a transaction stays in it
      String local = a.transaction(tx -> {
        tx.execute("set local search_path = bouncer_local");
        return tx.query("show search_path").get(0).getString(0);
      });
      assertEquals("bouncer_local", local);
      assertNotEquals("bouncer_local", b.query("show search_path").get(0).getString(0));
    }
  }

  /** PgBouncer tracks client_encoding, DateStyle, TimeZone, standard_conforming_strings and application_name per client. */
  @Test
  void trackedParametersStayWithTheirClient() {
    try (Connection a = open(""); Connection b = open("")) {
      String before = b.query("show timezone").get(0).getString(0);
      a.execute("set timezone = 'Asia/Tokyo'");
      assertEquals(before, b.query("show timezone").get(0).getString(0));
      assertEquals("Asia/Tokyo", a.query("show timezone").get(0).getString(0));
      assertEquals("Asia/Tokyo", a.parameter("TimeZone"));
    }
  }

  @Test
  void sessionAdvisoryLocksAreTheServerConnectionsNotTheClients() throws Exception {
    try (Connection a = open(""); Connection b = open(""); Connection direct = Connection.open(Bouncers.direct(pg))) {
      a.query("select pg_advisory_lock(4201)");
      try {
        // b is on the same backend: the lock a "holds" is b's too
        assertTrue(b.query("select pg_try_advisory_lock(4201)").get(0).getBoolean(0));
        assertFalse(direct.query("select pg_try_advisory_lock(4201)").get(0).getBoolean(0));
      } finally {
        a.query("select pg_advisory_unlock_all()");
      }
      // a transaction's advisory lock is held for the transaction and let go at its end
      try (Transaction tx = a.begin()) {
        tx.query("select pg_advisory_xact_lock(4202)");
        assertFalse(direct.query("select pg_try_advisory_xact_lock(4202)").get(0).getBoolean(0));
        tx.commit();
      }
      assertTrue(direct.query("select pg_try_advisory_xact_lock(4202)").get(0).getBoolean(0));
    }
  }

  @Test
  void withHoldCursorOutlivesItsTransactionOnTheServerConnection() {
    try (Connection a = open(""); Connection b = open("")) {
      a.execute("declare bouncer_cur cursor with hold for select g from generate_series(1, 3) g");
      try {
        assertEquals(1, b.query("fetch 1 from bouncer_cur").get(0).getInt(0), "another client's cursor");
      } finally {
        a.execute("close bouncer_cur");
      }
      // a cursor without hold, in a transaction, works
      int sum = a.transaction(tx -> {
        tx.execute("declare c2 cursor for select g from generate_series(1, 4) g");
        return tx.query("fetch all from c2").stream().mapToInt(r -> r.getInt(0)).sum();
      });
      assertEquals(10, sum);
    }
  }

  /**
   * LISTEN belongs to the server connection the statement ran on, which PgBouncer hands to the
   * next client: another client sees the channel, and the listener's notifications never come
   * (PgBouncer drops what an idle server connection receives).
   */
  @Test
  void listenBelongsToTheServerConnection() throws Exception {
    try (Notifications n = Notifications.open(Bouncers.url(shared, pg, "statement_cache_size=0"));
        Connection direct = Connection.open(Bouncers.direct(pg)); Connection other = open("")) {
      n.listen("bouncer_ch");
      try {
        assertEquals(1, other.query("select count(*) from pg_listening_channels() c where c = 'bouncer_ch'").get(0)
            .getLong(0), "another client's session listens");
        direct.notifyChannel("bouncer_ch", "lost");
        other.query("select 1");
        assertNull(n.poll(Duration.ofSeconds(1)), "a notification reached the listener through transaction mode");
      } finally {
        other.execute("unlisten *");
      }
    }
  }

  /**
   * {@code pooler_mode=transaction}: what would act on the shared server session is refused before
   * sending, naming the mode; what belongs to a transaction, or is tracked by PgBouncer, runs; every
   * statement is unnamed whatever {@code statement_cache_size} says.
   */
  @Test
  void poolerModeRefusesSessionStateNamingTheMode() {
    String url = Bouncers.url(shared, pg, "pooler_mode=transaction statement_cache_size=64");
    assertEquals(0, io.sluice.internal.engine.EngineSettings.of(ConnectionConfig.parse(url)).statementCacheSize());
    try (Connection c = Connection.open(url); Connection b = open("")) {
      for (String sql : java.util.List.of("set search_path = bouncer_refused", "listen bouncer_ch",
          "select pg_advisory_lock(4203)", "declare bouncer_c cursor with hold for select 1")) {
        ValueException e = assertThrows(ValueException.class, () -> c.execute(sql), sql);
        assertTrue(e.getMessage().contains("pooler_mode=transaction"), e.getMessage());
        assertThrows(ValueException.class, () -> c.simpleQuery(sql), sql);
      }
      assertNotEquals("bouncer_refused", b.query("show search_path").get(0).getString(0), "nothing was sent");
      c.execute("set timezone = 'Asia/Tokyo'");
      String local = c.transaction(tx -> {
        tx.execute("set local search_path = bouncer_local");
        tx.query("select pg_advisory_xact_lock(4204)");
        return tx.query("show search_path").get(0).getString(0);
      });
      assertEquals("bouncer_local", local);
      assertEquals(7, c.query("select $1::int4", 7).get(0).getInt(0));
    }
    ConfigException n = assertThrows(ConfigException.class, () -> Notifications.open(url).close());
    assertTrue(n.getMessage().contains("pooler_mode=transaction"), n.getMessage());
  }

  @Test
  void cancelAndQueryTimeoutReachTheRightBackend() throws Exception {
    try (Connection c = open("");
        Connection direct = Connection.open(Bouncers.direct(pg));
        var exec = Executors.newVirtualThreadPerTaskExecutor()) {
      Future<?> slow = exec.submit(() -> c.query("select pg_sleep(30) /* bouncer-cancel */"));
      assertTrue(Bouncers.await(() -> direct.query("select count(*) from pg_stat_activity where state = 'active' and wait_event = 'PgSleep'"
          + " and query like '%bouncer-cancel%' and pid <> pg_backend_pid()").get(0).getLong(0) == 1,
          Duration.ofSeconds(10)), "the statement runs");
      assertTrue(c.cancel());
      var e = assertThrows(java.util.concurrent.ExecutionException.class, slow::get);
      assertEquals("57014", ((ServerException) e.getCause()).sqlState(), e.getCause().toString());
      assertEquals(1, c.query("select 1").get(0).getInt(0));
      QueryTimeoutException t = assertThrows(QueryTimeoutException.class,
          () -> c.withTimeout(Duration.ofMillis(300)).query("select pg_sleep(30)"));
      assertEquals(SluiceException.Outcome.SERVER_ERROR, t.outcome());
      assertEquals(2, c.query("select 2").get(0).getInt(0));
    }
  }

  /** PgBouncer 1.18 does not know protocol 3.2 and closes on the start-up packet: Sluice asks again for 3.0. */
  @Test
  void protocol32StartupIsRetriedAs30() {
    try (Connection c = open("")) {
      assertEquals(3 << 16, c.protocolVersion());
      assertTrue(shared.log().contains("bad packet header"), "PgBouncer saw the 3.2 start-up first");
    }
    ServerException e = assertThrows(ServerException.class, () -> open("min_protocol_version=3.2").close());
    assertTrue(e.getMessage().contains("min_protocol_version=3.2"), e.getMessage());
  }

  @Test
  void refusedStartupParameterNamesThePoolersSetting() {
    ServerException e = assertThrows(ServerException.class, () -> Connection.open(
        Bouncers.url(strict, pg, "")).close());
    assertEquals("08P01", e.sqlState());
    assertTrue(e.getMessage().contains("unsupported startup parameter: extra_float_digits")
        && e.getMessage().contains("ignore_startup_parameters"), e.getMessage());
  }

  @Test
  void scramToPgBouncerAndItsQueryTimeout() {
    PgBouncer b = PgBouncer.start(pg, "transaction", 1, Map.of("auth_type", "scram-sha-256", "query_timeout", "1"));
    try (b; Connection c = Connection.open(Bouncers.url(b, pg, "statement_cache_size=0 password=" + PgBouncer.PASSWORD))) {
      assertEquals(1, c.query("select 1").get(0).getInt(0));
      // PgBouncer's own query_timeout ends the client connection, not just the statement
      ConnectionException e = assertThrows(ConnectionException.class, () -> c.query("select pg_sleep(5)"));
      assertTrue(e.getMessage().contains("query timeout"), e.getMessage());
      assertFalse(c.isOpen());
      ServerException wrong = assertThrows(ServerException.class,
          () -> Connection.open(Bouncers.url(b, pg, "password=wrong")).close());
      assertTrue(wrong.getMessage().contains("SASL authentication failed"), wrong.getMessage());
    }
  }
}
