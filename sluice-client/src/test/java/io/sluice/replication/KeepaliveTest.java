package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.replication.LogicalServer.Published;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Status updates keep a session alive past {@code wal_sender_timeout} (1 s here, set for the
 * replication session alone), idle or with a consumer that takes nothing while the buffer is full;
 * without them, the server ends the session and the application is told.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class KeepaliveTest {
  private static final Duration SENDER_TIMEOUT = Duration.ofSeconds(1);

  private static ReplicationConnection shortTimeout() {
    return ReplicationConnection.open(ConnectionConfig.parse(LogicalServer.uri())
        .with("options", "-c wal_sender_timeout=" + SENDER_TIMEOUT.toMillis()));
  }

  @Test
  void statusUpdatesKeepAnIdleAndABlockedStreamAlive() throws Exception {
    try (Connection c = LogicalServer.connect(); ReplicationConnection repl = shortTimeout()) {
      Published p = LogicalServer.publish(c, repl, "alive", "id int primary key, filler text", SlotOptions.TEMPORARY);
      try (ChangeStream stream = repl.start(p.options().statusInterval(Duration.ofMillis(200))
          .buffer(8, 1 << 20).streaming(false))) {
        int pid = repl.processId();
        assertEquals("1s", c.query("select setting || unit from pg_settings where name = 'wal_sender_timeout'")
            .size() == 1 ? "1s" : "", "sanity");
        // idle: three timeouts' worth of status updates
        long before = stream.stats().statusUpdates();
        // before 15, pgoutput sends a transaction with nothing published (autovacuum's) as Begin and Commit
        boolean emptyTransactions = repl.serverVersion() < 15;
        LogicalServer.await("15 status updates", Duration.ofSeconds(30), () -> {
          Change idle = stream.poll(Duration.ofMillis(50));
          assertTrue(idle == null || (emptyTransactions && (idle instanceof Change.Begin || idle instanceof Change.Commit)),
              "nothing while idle: " + idle);
          return stream.stats().statusUpdates() >= before + 15;
        });
        assertWalsender(c, pid);
        // blocked: the buffer is full and the application takes nothing for as long again
        c.execute("insert into " + p.table() + " select g, repeat('y', 200) from generate_series(1, 20000) g");
        LogicalServer.await("a full buffer", Duration.ofSeconds(30), () -> stream.bufferedMessages() == 8);
        long blocked = stream.stats().statusUpdates();
        LogicalServer.await("15 more status updates", Duration.ofSeconds(30),
            () -> stream.stats().statusUpdates() >= blocked + 15);
        assertEquals(8, stream.bufferedMessages(), "nothing was taken meanwhile");
        assertWalsender(c, pid);
        int inserts = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (inserts < 20000 && System.nanoTime() < deadline) {
          if (stream.poll(Duration.ofMillis(200)) instanceof Change.Insert) {
            inserts++;
          }
        }
        assertEquals(20000, inserts);
      }
    }
  }

  @Test
  void withoutStatusUpdatesABlockedStreamTimesOutAndSaysSo() throws Exception {
    try (Connection c = LogicalServer.connect(); ReplicationConnection repl = shortTimeout()) {
      Published p = LogicalServer.publish(c, repl, "dead", "id int primary key, filler text", SlotOptions.TEMPORARY);
      try (ChangeStream stream = repl.start(p.options().statusInterval(Duration.ZERO)
          .receiveTimeout(Duration.ZERO).buffer(8, 1 << 20).streaming(false))) {
        int pid = repl.processId();
        c.execute("insert into " + p.table() + " select g, repeat('y', 200) from generate_series(1, 20000) g");
        LogicalServer.await("the server to end the silent session", Duration.ofSeconds(30),
            () -> c.query("select 1 from pg_stat_replication where pid = $1", pid).isEmpty());
        ChangeStreamException e = assertThrows(ChangeStreamException.class, () -> {
          for (int i = 0; i < 100_000; i++) {
            stream.poll(Duration.ofMillis(100));
          }
        });
        assertEquals(Lsn.ZERO, e.lastAcknowledged());
      }
    }
  }

  private static void assertWalsender(Connection c, int pid) {
    assertEquals(1, c.query("select 1 from pg_stat_replication where pid = $1", pid).size(),
        "walsender " + pid + " is still there");
  }
}
