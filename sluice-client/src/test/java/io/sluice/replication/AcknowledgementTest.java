package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The acknowledgement contract against a real server: a stream of committed transactions is cut
 * many times at pseudo-random points — the walsender terminated from another session
 * ({@code pg_terminate_backend}), or the stream closed without acknowledging what it had taken —
 * and resumed each time (from {@link ChangeStreamException#lastAcknowledged()}, or from where the
 * slot is). Every acknowledged transaction is never delivered again, the first one delivered after
 * a resume is the first unacknowledged one, and in the end every committed row was acknowledged.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
@ServerTest
class AcknowledgementTest {
  private static final int TRANSACTIONS = Integer.getInteger("sluice.replication.transactions", 400);
  private static final int ROWS_PER_TRANSACTION = 10;

  @Test
  void nothingAcknowledgedIsRedeliveredAndNothingElseIsLost() throws Exception {
    String t = LogicalServer.name("acked");
    String pub = LogicalServer.name("pub");
    String slot = LogicalServer.name("slot");
    try (Connection c = LogicalServer.connect()) {
      c.execute("create table " + t + " (id int primary key)");
      c.execute("create publication " + pub + " for table " + t);
      try (ReplicationConnection repl = LogicalServer.replication()) {
        repl.createSlot(slot, SlotOptions.PERMANENT);
      }
      for (int i = 0; i < TRANSACTIONS; i++) {
        int from = i * ROWS_PER_TRANSACTION;
        c.execute("insert into " + t + " select g from generate_series($1::int, $2::int) g", from,
            from + ROWS_PER_TRANSACTION - 1);
      }
      Set<Integer> acknowledged = new HashSet<>();
      Random random = new Random(27);
      Lsn resumeAt = Lsn.ZERO;
      int rounds = 0;
      int terminations = 0;
      while (acknowledged.size() < TRANSACTIONS * ROWS_PER_TRANSACTION) {
        assertTrue(++rounds < 200, "no progress after " + rounds + " rounds");
        awaitInactive(c, slot);
        boolean terminate = random.nextBoolean();
        int commitsThisRound = 1 + random.nextInt(40);
        try (ReplicationConnection repl = LogicalServer.replication();
            ChangeStream stream = repl.start(StreamOptions.of(slot, pub).startAt(resumeAt).buffer(64, 1 << 20))) {
          int expectedFirst = firstMissing(acknowledged);
          boolean first = true;
          List<Integer> transaction = new ArrayList<>();   // rows taken since the last acknowledgement
          int commits = 0;
          boolean killed = false;
          ChangeStreamException failure = null;
          long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
          while (failure == null && (!killed || terminate) && System.nanoTime() < deadline) {
            Change ch;
            try {
              ch = stream.poll(Duration.ofMillis(200));
            } catch (ChangeStreamException e) {
              failure = e;
              break;
            }
            if (ch instanceof Change.Insert ins) {
              int id = ins.row().getInt("id");
              assertFalse(acknowledged.contains(id), "row " + id + " was acknowledged, and delivered again");
              if (first) {
                assertEquals(expectedFirst, id, "the first row after a resume is the first unacknowledged one");
                first = false;
              }
              transaction.add(id);
            } else if (ch instanceof Change.Commit commit) {
              commits++;
              // after the kill the application takes what is buffered but acknowledges nothing more
              if (!killed && random.nextInt(10) < 7) {
                // acknowledging a commit acknowledges the unacknowledged ones before it too
                stream.ack(commit);
                acknowledged.addAll(transaction);
                transaction.clear();
              }
              if (!killed && (commits >= commitsThisRound || acknowledged.size() == TRANSACTIONS * ROWS_PER_TRANSACTION)) {
                killed = true;
                if (terminate) {
                  c.query("select pg_terminate_backend($1)", repl.processId());
                  terminations++;
                }
              }
            } else if (ch == null && acknowledged.size() == TRANSACTIONS * ROWS_PER_TRANSACTION) {
              break;
            }
          }
          if (terminate && killed) {
            assertNotNull(failure, "the terminated walsender is a ChangeStreamException");
            assertEquals(stream.acknowledged(), failure.lastAcknowledged());
            resumeAt = failure.lastAcknowledged();
          } else {
            // closed without acknowledging the rest: the slot resumes from the last acknowledgement
            resumeAt = Lsn.ZERO;
          }
        }
      }
      assertEquals(TRANSACTIONS * ROWS_PER_TRANSACTION, acknowledged.size());
      assertTrue(rounds >= 10, "the stream was cut only " + rounds + " times");
      assertTrue(terminations > 0 && rounds - terminations > 0, "both ways of cutting the stream were tried: "
          + terminations + " terminations in " + rounds + " rounds");
      awaitInactive(c, slot);
      try (ReplicationConnection repl = LogicalServer.replication()) {
        repl.dropSlot(slot);
      }
    }
  }

  private static int firstMissing(Set<Integer> acknowledged) {
    TreeSet<Integer> sorted = new TreeSet<>(acknowledged);
    int expect = 0;
    for (int id : sorted) {
      if (id != expect) {
        break;
      }
      expect++;
    }
    return expect;
  }

  /** A terminated walsender takes a moment to release its slot. */
  static void awaitInactive(Connection c, String slot) throws InterruptedException {
    LogicalServer.await("slot " + slot + " to be released", Duration.ofSeconds(30),
        () -> !c.query("select active from pg_replication_slots where slot_name = $1", slot).get(0).getBoolean(0));
  }
}
