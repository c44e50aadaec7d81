package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.replication.LogicalServer.Published;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ack} once the stream has ended is refused, since no status update can carry it to the
 * server any more: after {@code close()}, and after the failure was thrown to the application (whose
 * resume position must not move behind its back). The refused transaction is delivered again by the
 * next session, which shows the refusal was true. A handler that closes the stream under {@code
 * ON_COMMIT} ends {@code forEach} without an error.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class AckAfterEndTest {
  @Test
  void ackAfterCloseIsRefusedAndTheTransactionComesAgain() {
    try (Connection c = LogicalServer.connect()) {
      Published f = publishWithPermanentSlot(c, "closed");
      c.execute("insert into " + f.table() + " values (1)");
      Change.Commit commit;
      try (ReplicationConnection repl = LogicalServer.replication()) {
        ChangeStream stream = repl.start(f.options());
        commit = lastCommit(LogicalServer.takeCommits(stream, 1));
        Lsn before = stream.acknowledged();
        stream.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> stream.ack(commit));
        assertTrue(e.getMessage().contains("was closed"), e.getMessage());
        assertTrue(e.getMessage().contains("StreamOptions.startAt"), e.getMessage());
        assertEquals(before, stream.acknowledged(), "the refused acknowledgement was not kept");
        assertThrows(IllegalStateException.class, () -> stream.ack(commit.endLsn()));
      }
      try (ReplicationConnection repl = LogicalServer.replication();
           ChangeStream again = repl.start(f.options())) {
        List<Change> got = LogicalServer.takeCommits(again, 1);
        assertEquals(List.of(1), insertedIds(got), "the transaction whose ack was refused is delivered again");
        assertEquals(commit.endLsn(), lastCommit(got).endLsn());
        again.ack(lastCommit(got));   // a live stream still takes it
      }
      drop(f);
    }
  }

  @Test
  void ackAfterTheFailureWasReportedIsRefused() throws Exception {
    try (Connection c = LogicalServer.connect()) {
      Published f = publishWithPermanentSlot(c, "failed");
      c.execute("insert into " + f.table() + " values (1)");
      c.execute("insert into " + f.table() + " values (2)");
      try (ReplicationConnection repl = LogicalServer.replication();
           ChangeStream stream = repl.start(f.options())) {
        List<Change> got = LogicalServer.takeCommits(stream, 2);
        List<Change.Commit> commits = got.stream().filter(ch -> ch instanceof Change.Commit)
            .map(ch -> (Change.Commit) ch).toList();
        stream.ack(commits.get(0));
        c.query("select pg_terminate_backend($1)", repl.processId());
        ChangeStreamException failure = pollUntilFailure(stream);
        assertEquals(commits.get(0).endLsn(), failure.lastAcknowledged());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> stream.ack(commits.get(1)));
        assertTrue(e.getMessage().contains("the change stream failed"), e.getMessage());
        assertTrue(e.getMessage().contains(commits.get(0).endLsn().toString()), e.getMessage());
        assertEquals(failure.lastAcknowledged(), stream.acknowledged(), "the refused acknowledgement was not kept");
        // the failure itself is still what taking reports
        assertEquals(failure.lastAcknowledged(),
            assertThrows(ChangeStreamException.class, () -> stream.poll(Duration.ofMillis(10))).lastAcknowledged());
      }
      drop(f);
    }
  }

  @Test
  void aHandlerThatClosesTheStreamUnderOnCommitEndsForEachQuietly() {
    try (Connection c = LogicalServer.connect(); ReplicationConnection repl = LogicalServer.replication()) {
      Published f = LogicalServer.publish(c, repl, "oncommit", "id int primary key", SlotOptions.TEMPORARY);
      c.execute("insert into " + f.table() + " values (1)");
      AtomicInteger commits = new AtomicInteger();
      try (ChangeStream stream = repl.start(f.options().ackMode(AckMode.ON_COMMIT))) {
        stream.forEach(ch -> {
          if (ch instanceof Change.Commit) {
            commits.incrementAndGet();
            stream.close();
          }
        });
        assertEquals(1, commits.get());
        assertThrows(IllegalStateException.class, () -> stream.ack(Lsn.ZERO));
      }
    }
  }

  private static ChangeStreamException pollUntilFailure(ChangeStream stream) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      try {
        stream.poll(Duration.ofMillis(200));
      } catch (ChangeStreamException e) {
        return e;
      }
    }
    throw new AssertionError("the terminated walsender was not reported within 30 s");
  }

  private static Change.Commit lastCommit(List<Change> changes) {
    return (Change.Commit) changes.reversed().stream().filter(ch -> ch instanceof Change.Commit).findFirst()
        .orElseThrow();
  }

  private static List<Integer> insertedIds(List<Change> changes) {
    return changes.stream().filter(ch -> ch instanceof Change.Insert).map(ch -> ((Change.Insert) ch).row().getInt("id"))
        .toList();
  }

  /** A table, its publication, and a permanent slot made before anything is inserted (dropped by the test). */
  private static Published publishWithPermanentSlot(Connection c, String prefix) {
    try (ReplicationConnection setup = LogicalServer.replication()) {
      return LogicalServer.publish(c, setup, prefix, "id int primary key", SlotOptions.PERMANENT);
    }
  }

  private static void drop(Published f) {
    try (ReplicationConnection repl = LogicalServer.replication()) {
      repl.dropSlotWaiting(f.slot());
    }
  }
}
