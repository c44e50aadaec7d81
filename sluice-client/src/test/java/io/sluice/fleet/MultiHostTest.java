package io.sluice.fleet;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.Internals;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.TxOptions;
import io.sluice.protocol.TransactionStatus;
import io.sluice.testkit.Poll;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * target_session_attrs and load_balance_hosts against a real primary and its streaming replica
 * (pg_basebackup -R), both started by the testkit; the last test promotes the replica.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class MultiHostTest {
  static PostgresServer primary;
  static PostgresServer replica;

  @BeforeAll
  static void start() {
    primary = PostgresServer.start(PostgresServer.Options.defaults());
    primary.psql("create table replicated (v int); insert into replicated values (7)");
    replica = primary.startReplica();
  }

  @AfterAll
  static void stop() {
    if (replica != null) {
      replica.close();
    }
    if (primary != null) {
      primary.close();
    }
  }

  /** Both servers over their Unix sockets, in the order given, plus extra settings. */
  static String hosts(String extra, PostgresServer... servers) {
    StringBuilder h = new StringBuilder();
    StringBuilder p = new StringBuilder();
    for (PostgresServer s : servers) {
      h.append(h.isEmpty() ? "" : ",").append(s.socketDirectory());
      p.append(p.isEmpty() ? "" : ",").append(s.port());
    }
    return "host=" + h + " port=" + p + " user=" + primary.superuser() + " dbname=" + primary.database()
        + " connect_timeout=10 " + extra;
  }

  static int portOf(String conninfo) {
    try (Connection c = Connection.open(conninfo)) {
      return Integer.parseInt(c.query("select current_setting('port')").get(0).getString(0));
    }
  }

  @Test
  void theReplicaStreamsAndIsAStandby() throws Exception {
    try (Connection r = Connection.open(hosts("", replica))) {
      // the server reports in_hot_standby from PostgreSQL 14; before, the query says it
      assertEquals(replica.majorVersion() >= 14 ? "on" : null, r.parameter("in_hot_standby"));
      assertTrue(r.query("select pg_is_in_recovery()").get(0).getBoolean(0));
      Poll.eventually("the row reached the replica",
          () -> r.query("select count(*) from replicated").get(0).getLong(0) == 1);
      ServerException e = assertThrows(ServerException.class, () -> r.execute("insert into replicated values (1)"));
      assertEquals("25006", e.sqlState());
      beginThatFailsRunsNothing(r);
    }
  }

  /**
   * A standby refuses BEGIN ISOLATION LEVEL SERIALIZABLE (0A000). BEGIN is deferred and sent in
   * front of the transaction's first statement, so that statement must be skipped, not run in
   * autocommit: its side effect (a session setting) must not appear. Both ways: BEGIN in front of
   * an extended-protocol statement, and BEGIN run alone before a simple query.
   */
  static void beginThatFailsRunsNothing(Connection r) {
    TxOptions serializable = TxOptions.DEFAULT.isolation(TxOptions.Isolation.SERIALIZABLE);
    for (boolean simple : new boolean[] {false, true}) {
      String probe = "select set_config('sluice.probe', 'ran', false)";
      ServerException e = assertThrows(ServerException.class, () -> r.transaction(serializable, tx -> {
        return simple ? tx.simpleQuery(probe) : tx.query(probe);
      }), "simple=" + simple);
      assertEquals("0A000", e.sqlState(), e.getMessage());
      assertTrue(e.getMessage().contains("serializable"), e.getMessage());
      assertEquals("", r.query("select coalesce(current_setting('sluice.probe', true), '')").get(0).getString(0),
          "the statement behind the failed BEGIN did not run (simple=" + simple + ")");
      assertEquals(TransactionStatus.IDLE, Internals.core(r).transactionStatus());
    }
    assertEquals(Integer.valueOf(7), r.transaction(TxOptions.DEFAULT.isolation(TxOptions.Isolation.REPEATABLE_READ),
        tx -> tx.query("select v from replicated").get(0).getInt(0)), "the connection is still usable");
  }

  @Test
  void eachTargetPicksTheRightServer() {
    int p = primary.port();
    int r = replica.port();
    assertEquals(p, portOf(hosts("target_session_attrs=any", primary, replica)));
    assertEquals(r, portOf(hosts("target_session_attrs=any", replica, primary)));
    assertEquals(p, portOf(hosts("target_session_attrs=read-write", replica, primary)));
    assertEquals(p, portOf(hosts("target_session_attrs=primary", replica, primary)));
    assertEquals(r, portOf(hosts("target_session_attrs=read-only", primary, replica)));
    assertEquals(r, portOf(hosts("target_session_attrs=standby", primary, replica)));
    assertEquals(r, portOf(hosts("target_session_attrs=prefer-standby", primary, replica)));
    assertEquals(p, portOf(hosts("target_session_attrs=prefer-standby", primary)), "no standby: any will do");
    assertEquals(r, portOf("postgresql://" + primary.superuser() + "@/" + primary.database() + "?host="
        + primary.socketDirectory() + "," + replica.socketDirectory() + "&port=" + p + "," + r
        + "&target_session_attrs=standby"));
  }

  @Test
  void noFittingHostListsEachHostsReason() {
    ConnectionException e = assertThrows(ConnectionException.class,
        () -> Connection.open(hosts("target_session_attrs=standby", primary)));
    assertTrue(e.getMessage().contains("target_session_attrs=standby"), e.getMessage());
    assertTrue(e.getMessage().contains("is not a standby"), e.getMessage());
    ConnectionException rw = assertThrows(ConnectionException.class,
        () -> Connection.open(hosts("target_session_attrs=read-write", replica)));
    assertTrue(rw.getMessage().contains("is a standby"), rw.getMessage());
    assertEquals(SluiceException.Outcome.NOT_SENT, rw.outcome());
  }

  @Test
  void aDownHostIsSkipped() {
    String conninfo = "host=127.0.0.1," + primary.socketDirectory() + " port=1," + primary.port() + " user="
        + primary.superuser() + " dbname=" + primary.database() + " connect_timeout=5";
    assertEquals(primary.port(), portOf(conninfo));
  }

  @Test
  void loadBalancingSpreadsConnections() {
    Set<Integer> seen = new HashSet<>();
    for (int i = 0; i < 40 && seen.size() < 2; i++) {
      seen.add(portOf(hosts("load_balance_hosts=random", primary, replica)));
    }
    assertEquals(Set.of(primary.port(), replica.port()), seen);
    Set<Integer> ordered = new HashSet<>();
    for (int i = 0; i < 10; i++) {
      ordered.add(portOf(hosts("load_balance_hosts=disable", primary, replica)));
    }
    assertEquals(Set.of(primary.port()), ordered);
  }

  @Test
  void afterFailoverReadWriteFindsThePromotedReplica() throws Exception {
    try (PostgresServer p2 = PostgresServer.start(PostgresServer.Options.defaults())) {
      p2.psql("create table t (v int)");
      try (PostgresServer r2 = p2.startReplica()) {
        String both = hosts("target_session_attrs=read-write", p2, r2).replace("dbname=" + primary.database(),
            "dbname=" + p2.database());
        assertEquals(p2.port(), portOf(both));
        p2.stop();
        assertThrows(ConnectionException.class, () -> Connection.open(both), "the replica alone is read-only");
        r2.promote();
        assertEquals(r2.port(), portOf(both));
        try (Connection c = Connection.open(both)) {
          assertEquals(1, c.execute("insert into t values (1)"));
          assertEquals(r2.majorVersion() >= 14 ? "off" : null, c.parameter("in_hot_standby"));
        }
      }
    }
  }
}
