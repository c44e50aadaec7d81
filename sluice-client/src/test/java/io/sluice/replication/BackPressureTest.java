package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.replication.LogicalServer.Published;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A slow consumer slows the stream: at most the configured number of changes wait in memory, and
 * the server is held back (its sent position stays behind the last commit) until the application
 * takes them; then every change arrives.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class BackPressureTest {
  private static final int ROWS = 20_000;
  private static final int MAX_BUFFERED = 100;

  @Test
  void theBufferIsBoundedAndTheServerWaits() throws Exception {
    try (Connection c = LogicalServer.connect(); ReplicationConnection repl = LogicalServer.replication()) {
      Published p = LogicalServer.publish(c, repl, "slow", "id int primary key, filler text", SlotOptions.TEMPORARY);
      try (ChangeStream stream = repl.start(p.options().buffer(MAX_BUFFERED, 4L << 20))) {
        int pid = repl.processId();
        for (int i = 0; i < 20; i++) {
          c.execute("insert into " + p.table() + " select g, repeat('z', 200) from generate_series($1::int, $2::int) g",
              i * (ROWS / 20) + 1, (i + 1) * (ROWS / 20));
        }
        String lastCommit = c.query("select pg_current_wal_lsn()::text").get(0).getString(0);
        LogicalServer.await("a full buffer", Duration.ofSeconds(30),
            () -> stream.bufferedMessages() == MAX_BUFFERED);
        // the walsender cannot send the rest: its position stays behind the last commit
        String sent = c.query("select sent_lsn::text from pg_stat_replication where pid = $1", pid).get(0).getString(0);
        assertTrue(Lsn.parse(sent).compareTo(Lsn.parse(lastCommit)) < 0,
            "sent " + sent + " while the last commit is at " + lastCommit);
        int inserts = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (inserts < ROWS && System.nanoTime() < deadline) {
          assertTrue(stream.bufferedMessages() <= MAX_BUFFERED);
          Change ch = stream.poll(Duration.ofMillis(200));
          if (ch instanceof Change.Insert) {
            inserts++;
          } else if (ch instanceof Change.Commit commit) {
            stream.ack(commit);
          }
        }
        assertEquals(ROWS, inserts);
        StreamStats stats = stream.stats();
        assertEquals(MAX_BUFFERED, stats.bufferHighWater(), "the buffer filled, and never held more");
      }
    }
  }
}
