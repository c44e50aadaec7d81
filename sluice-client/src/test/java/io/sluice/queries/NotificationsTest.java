package io.sluice.queries;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Notification;
import io.sluice.Notifications;
import io.sluice.Transaction;
import io.sluice.ValueException;
import io.sluice.testkit.Poll;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** LISTEN / NOTIFY through a Notifications, against the real server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class NotificationsTest {
  static PostgresServer pg;
  static Connection c;

  @BeforeAll
  static void connect() {
    pg = PostgresServer.shared();
    c = Connection.open(pg.conninfo(""));
  }

  @AfterAll
  static void close() {
    c.close();
  }

  @Test
  void pollReceivesAndTimesOut() throws Exception {
    try (Notifications l = Notifications.open(pg.conninfo(""))) {
      l.listen("events");
      assertNull(l.poll(Duration.ofMillis(100)));
      c.notifyChannel("events", "hello");
      Notification n = l.poll(Duration.ofSeconds(10));
      assertNotNull(n);
      assertEquals("events", n.channel());
      assertEquals("hello", n.payload());
      assertNotEquals(0, n.processId());
      l.unlisten("events");
      c.notifyChannel("events", "not for us");
      assertNull(l.poll(Duration.ofMillis(200)));
      assertEquals(java.util.Set.of(), l.channels());
    }
  }

  @Test
  void callbacksGetEveryNotificationInOrderAndCommitDecidesDelivery() throws Exception {
    List<String> got = new CopyOnWriteArrayList<>();
    try (Notifications l = Notifications.open(pg.conninfo(""), n -> got.add(n.payload()))) {
      l.listen("ordered");
      for (int i = 0; i < 100; i++) {
        c.notifyChannel("ordered", "n" + i);
      }
      try (Transaction tx = c.begin()) {
        tx.query("select pg_notify('ordered', 'rolled back')");
        tx.rollback();
      }
      try (Transaction tx = c.begin()) {
        tx.query("select pg_notify('ordered', 'committed')");
        tx.commit();
      }
      Poll.eventually("all delivered", () -> got.size() >= 101);
      Thread.sleep(100);
      assertEquals(101, got.size(), got.toString());
      for (int i = 0; i < 100; i++) {
        assertEquals("n" + i, got.get(i));
      }
      assertEquals("committed", got.get(100));
      assertThrows(IllegalStateException.class, () -> l.poll(Duration.ZERO));
    }
  }

  @Test
  void channelNamesAreTakenLiterally() throws Exception {
    String[] names = {"with space", "quo\"te", "ünïcødé", "UPPER", "semi;colon", "drop table x; --"};
    try (Notifications l = Notifications.open(pg.conninfo(""))) {
      for (String name : names) {
        l.listen(name);
      }
      for (String name : names) {
        c.notifyChannel(name, name);
        Notification n = l.poll(Duration.ofSeconds(10));
        assertNotNull(n, name);
        assertEquals(name, n.channel());
        assertEquals(name, n.payload());
      }
      assertThrows(ValueException.class, () -> l.listen(""));
      assertThrows(ValueException.class, () -> l.listen("x".repeat(64)));
      assertThrows(ValueException.class, () -> l.listen("nul\0"));
    }
  }

  @Test
  void reconnectsAndListensAgainAfterTheBackendIsKilled() throws Exception {
    AtomicInteger reconnected = new AtomicInteger();
    List<String> got = new CopyOnWriteArrayList<>();
    try (Notifications l = Notifications.open(ConnectionConfig.parse(pg.conninfo("") + " application_name=listener-under-test"),
        n -> got.add(n.payload()), reconnected::incrementAndGet)) {
      l.listen("survives");
      l.listen("also");
      long killed = c.query("select count(pg_terminate_backend(pid)) from pg_stat_activity"
          + " where application_name = 'listener-under-test'").get(0).getLong(0);
      assertEquals(1, killed);
      Poll.eventually("reconnected", () -> l.reconnects() == 1 && l.isConnected());
      Poll.eventually("told", () -> reconnected.get() == 1);
      c.notifyChannel("survives", "after");
      c.notifyChannel("also", "too");
      Poll.eventually("delivered after reconnecting", () -> got.size() == 2);
      assertEquals(List.of("after", "too"), got);
    }
  }

  @Test
  void reconnectsAfterAServerRestart() throws Exception {
    try (PostgresServer own = PostgresServer.start(PostgresServer.Options.defaults());
        Notifications l = Notifications.open(own.conninfo(""))) {
      l.listen("restart");
      own.restart();
      Poll.eventually("reconnected after the restart", () -> l.reconnects() >= 1 && l.isConnected());
      try (Connection other = Connection.open(own.conninfo(""))) {
        other.notifyChannel("restart", "back");
      }
      Notification n = l.poll(Duration.ofSeconds(10));
      assertNotNull(n);
      assertEquals("back", n.payload());
    }
  }
}
