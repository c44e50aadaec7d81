package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.SimpleResult;
import io.sluice.Transaction;
import io.sluice.TxOptions;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An initial copy and the stream join without gap or overlap while another session keeps writing:
 * the copy reads the snapshot the slot was made with (exported to another session, or used by the
 * replication session itself), the stream starts at the slot's consistent point, and together they
 * hold every row exactly once.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class SnapshotTest {

  @Test
  void anExportedSnapshotAndTheStreamJoinExactly() throws Exception {
    run(true);
  }

  @Test
  void aUsedSnapshotAndTheStreamJoinExactly() throws Exception {
    run(false);
  }

  private void run(boolean export) throws Exception {
    String t = LogicalServer.name("snap");
    String pub = LogicalServer.name("pub");
    String slot = LogicalServer.name("slot");
    try (Connection c = LogicalServer.connect(); ReplicationConnection repl = LogicalServer.replication()) {
      c.execute("create table " + t + " (id serial primary key, v int)");
      c.execute("insert into " + t + " (v) select 0 from generate_series(1, 500)");
      c.execute("create publication " + pub + " for table " + t);
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger written = new AtomicInteger();
      Thread writer = Thread.ofVirtual().start(() -> {
        try (Connection w = LogicalServer.connect()) {
          while (!stop.get()) {
            w.execute("insert into " + t + " (v) values (1)");
            written.incrementAndGet();
          }
        }
      });
      Set<Integer> copied = new HashSet<>();
      LogicalServer.await("the writer to be writing", Duration.ofSeconds(30), () -> written.get() > 50);
      if (export) {
        CreatedSlot created = repl.createSlot(slot, SlotOptions.TEMPORARY.snapshot(SlotOptions.Snapshot.EXPORT));
        assertNotNull(created.snapshotName());
        try (Connection reader = LogicalServer.connect();
            Transaction tx = reader.begin(TxOptions.DEFAULT.isolation(TxOptions.Isolation.REPEATABLE_READ))) {
          tx.execute(created.setTransactionSnapshot());
          tx.query("select id from " + t).forEach(r -> copied.add(r.getInt(0)));
          tx.commit();
        }
      } else {
        repl.simpleQuery("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        CreatedSlot created = repl.createSlot(slot, SlotOptions.TEMPORARY.snapshot(SlotOptions.Snapshot.USE));
        assertNull(created.snapshotName());
        List<SimpleResult> rows = repl.simpleQuery("select id from " + t);
        rows.get(0).rows().forEach(r -> copied.add(Integer.parseInt(r.get(0))));
        repl.simpleQuery("COMMIT");
      }
      int atCopy = written.get();
      LogicalServer.await("more writes after the copy", Duration.ofSeconds(30), () -> written.get() > atCopy + 100);
      try (ChangeStream stream = repl.start(StreamOptions.of(slot, pub))) {
        LogicalServer.await("more writes while streaming", Duration.ofSeconds(30), () -> written.get() > atCopy + 200);
        stop.set(true);
        writer.join();
        Set<Integer> all = new HashSet<>();
        c.query("select id from " + t).forEach(r -> all.add(r.getInt(0)));
        Set<Integer> streamed = new HashSet<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (copied.size() + streamed.size() < all.size()) {
          assertTrue(System.nanoTime() < deadline, "timed out with " + streamed.size() + " rows streamed");
          if (stream.poll(Duration.ofMillis(200)) instanceof Change.Insert i) {
            int id = i.row().getInt("id");
            assertFalse(copied.contains(id), "row " + id + " is in the copy and in the stream");
            assertTrue(streamed.add(id), "row " + id + " streamed twice");
          }
        }
        Set<Integer> union = new HashSet<>(copied);
        union.addAll(streamed);
        assertEquals(all, union, "copy and stream together hold every row");
        assertTrue(copied.size() > 500 && !streamed.isEmpty(), "both sides saw rows: " + copied.size() + " copied, "
            + streamed.size() + " streamed");
      }
    }
  }
}
