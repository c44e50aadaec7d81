package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The server restarts under a running stream — a fast shutdown ({@code pg_ctl stop -m fast}), then
 * a crash ({@code -m immediate}, no shutdown checkpoint, so the slot comes back from the last
 * checkpoint, behind what was acknowledged) — while the consumer takes and acknowledges changes.
 * Each time the stream fails with the last acknowledged position, the consumer resumes from it
 * once the server is back, and in the end every committed change was acknowledged exactly once.
 * A server of its own (the shared one serves other tests), with a short {@code wal_sender_timeout}
 * so that the shutdown does not wait a minute for a consumer that does not confirm everything, and
 * {@code synchronous_commit} on.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
@ServerTest
class ServerRestartTest {
  private static final int TRANSACTIONS = 300;
  private static final int ROWS = 20;

  @Test
  void theStreamResumesAfterAFastRestartAndACrash() throws Exception {
    try (PostgresServer pg = PostgresServer.start(PostgresServer.Options.defaults().withTls(false)
        .withSetting("wal_level", "logical")
        .withSetting("wal_sender_timeout", "5s")
        // a commit that returned survives the crash (the testkit's default is off, for speed)
        .withSetting("synchronous_commit", "on"))) {
      try (Connection c = Connection.open(pg.uri())) {
        c.execute("create table moves (id int primary key)");
        c.execute("create publication moves_pub for table moves");
      }
      try (ReplicationConnection repl = ReplicationConnection.open(pg.uri())) {
        repl.createSlot("moves", SlotOptions.PERMANENT);
      }
      commit(pg, 0, TRANSACTIONS / 2);
      Set<Integer> acknowledged = new HashSet<>();
      Lsn resumeAt = Lsn.ZERO;
      for (boolean crash : new boolean[] {false, true}) {
        resumeAt = streamUntilRestart(pg, resumeAt, acknowledged, crash);
        // more committed after the restart: the stream spans it
        commit(pg, crash ? 3 * TRANSACTIONS / 4 : TRANSACTIONS / 2, crash ? TRANSACTIONS : 3 * TRANSACTIONS / 4);
      }
      Lsn start = resumeAt;
      try (ReplicationConnection repl = ReplicationConnection.open(pg.uri());
          ChangeStream stream = repl.start(StreamOptions.of("moves", "moves_pub").startAt(resumeAt))) {
        List<Integer> open = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (acknowledged.size() < TRANSACTIONS * ROWS) {
          assertTrue(System.nanoTime() < deadline, () -> acknowledged.size() + " acknowledged; missing "
              + missing(acknowledged) + "; resumed at " + start + ", " + stream.stats());
          take(stream, stream.poll(Duration.ofMillis(200)), open, acknowledged);
        }
      }
      assertEquals(TRANSACTIONS * ROWS, acknowledged.size());
      try (Connection c = Connection.open(pg.uri())) {
        Set<Integer> committed = new HashSet<>();
        c.query("select id from moves").forEach(r -> committed.add(r.getInt(0)));
        assertEquals(committed, acknowledged, "the union of the acknowledged changes is what was committed");
      }
    }
  }

  private static String missing(Set<Integer> acknowledged) {
    StringBuilder b = new StringBuilder();
    int from = -1;
    for (int i = 0; i <= TRANSACTIONS * ROWS; i++) {
      boolean gap = i < TRANSACTIONS * ROWS && !acknowledged.contains(i);
      if (gap && from < 0) {
        from = i;
      } else if (!gap && from >= 0) {
        b.append(from).append('-').append(i - 1).append(' ');
        from = -1;
      }
    }
    return b.toString();
  }

  private static void commit(PostgresServer pg, int from, int to) {
    try (Connection c = Connection.open(pg.uri())) {
      for (int i = from; i < to; i++) {
        c.execute("insert into moves select g from generate_series($1::int, $2::int) g", i * ROWS, (i + 1) * ROWS - 1);
      }
    }
  }

  /** Streams, acknowledging every commit, and restarts the server after a third of what is left; returns where to resume. */
  private static Lsn streamUntilRestart(PostgresServer pg, Lsn resumeAt, Set<Integer> acknowledged, boolean crash)
      throws Exception {
    int restartAfter = acknowledged.size() + ROWS * 10;
    CompletableFuture<Void> restart = null;
    try (ReplicationConnection repl = ReplicationConnection.open(pg.uri());
        ChangeStream stream = repl.start(StreamOptions.of("moves", "moves_pub").startAt(resumeAt)
            .statusInterval(Duration.ofMillis(500)))) {
      List<Integer> open = new ArrayList<>();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
      while (true) {
        assertTrue(System.nanoTime() < deadline, "the restart did not end the stream");
        Change ch;
        try {
          ch = stream.poll(Duration.ofMillis(200));
        } catch (ChangeStreamException e) {
          assertNotNull(restart, "the stream failed before the restart: " + e);
          assertEquals(stream.acknowledged(), e.lastAcknowledged());
          System.out.println("restart (crash " + crash + ") at " + acknowledged.size() + " acknowledged, " + e.getMessage());
          restart.get(120, TimeUnit.SECONDS);
          assertTrue(pg.running());
          return e.lastAcknowledged();
        }
        take(stream, ch, open, acknowledged);
        if (restart == null && acknowledged.size() >= restartAfter) {
          restart = CompletableFuture.runAsync(() -> {
            if (crash) {
              pg.stopImmediately();
              pg.start();
            } else {
              pg.restart();
            }
          });
        }
      }
    }
  }

  private static void take(ChangeStream stream, Change ch, List<Integer> open, Set<Integer> acknowledged) {
    if (ch instanceof Change.Insert ins) {
      int id = ins.row().getInt("id");
      assertFalse(acknowledged.contains(id), "change " + id + " was acknowledged, and delivered again");
      open.add(id);
    } else if (ch instanceof Change.Commit commit) {
      stream.ack(commit);
      acknowledged.addAll(open);
      open.clear();
    }
  }
}
