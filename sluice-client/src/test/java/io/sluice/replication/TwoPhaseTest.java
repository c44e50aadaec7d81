package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.Connection;
import io.sluice.replication.LogicalServer.Published;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two-phase decoding ({@code two_phase 'on'}, PostgreSQL 15+): a prepared transaction's changes come
 * at PREPARE TRANSACTION, between BeginPrepare and Prepare, and its outcome later as CommitPrepared
 * or RollbackPrepared; a Prepare acknowledged is not sent again after a resume, only its outcome.
 * Without the option, a prepared transaction is an ordinary one at COMMIT PREPARED.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class TwoPhaseTest {
  @Test
  void preparedTransactionsComeAtPrepareAndTheirOutcomeLater() throws Exception {
    String t = LogicalServer.name("prepared");
    String pub = LogicalServer.name("pub");
    String slot = LogicalServer.name("slot");
    try (Connection c = LogicalServer.connect(); ReplicationConnection repl = LogicalServer.replication()) {
      assumeTrue(repl.serverVersion() >= 15, "two_phase needs PostgreSQL 15");
      c.execute("create table " + t + " (id int primary key)");
      c.execute("create publication " + pub + " for table " + t);
      repl.createSlot(slot, SlotOptions.PERMANENT);
      try (ChangeStream stream = repl.start(StreamOptions.of(slot, pub).twoPhase(true))) {
        c.execute("begin");
        c.execute("insert into " + t + " values (1)");
        c.execute("prepare transaction '" + slot + "_a'");
        List<Change> prepared = LogicalServer.take(stream, Duration.ofSeconds(30),
            l -> !l.isEmpty() && l.get(l.size() - 1) instanceof Change.Prepare);
        Change.BeginPrepare begin = assertInstanceOf(Change.BeginPrepare.class, first(prepared, Change.BeginPrepare.class));
        Change.Prepare prepare = (Change.Prepare) prepared.get(prepared.size() - 1);
        assertEquals(slot + "_a", begin.gid());
        assertEquals(slot + "_a", prepare.gid());
        assertEquals(begin.xid(), prepare.xid());
        assertEquals(begin.prepareLsn(), prepare.prepareLsn());
        assertEquals(1, ((Change.Insert) first(prepared, Change.Insert.class)).row().getInt("id"));
        stream.ack(prepare);

        c.execute("commit prepared '" + slot + "_a'");
        Change.CommitPrepared commit = (Change.CommitPrepared) LogicalServer.take(stream, Duration.ofSeconds(30),
            l -> !l.isEmpty() && l.get(l.size() - 1) instanceof Change.CommitPrepared).getLast();
        assertEquals(slot + "_a", commit.gid());
        assertEquals(prepare.xid(), commit.xid());
        stream.ack(commit);

        c.execute("begin");
        c.execute("insert into " + t + " values (2)");
        c.execute("prepare transaction '" + slot + "_b'");
        Change.Prepare second = (Change.Prepare) LogicalServer.take(stream, Duration.ofSeconds(30),
            l -> !l.isEmpty() && l.get(l.size() - 1) instanceof Change.Prepare).getLast();
        stream.ack(second);
        stream.reportStatus();
      }
      // resumed after the acknowledged Prepare: the rollback comes, the prepared changes do not again
      c.execute("rollback prepared '" + slot + "_b'");
      c.execute("insert into " + t + " values (3)");
      // a walsender streams logically once per session: the same session refuses, a new one resumes
      IllegalStateException again = assertThrows(IllegalStateException.class,
          () -> repl.start(StreamOptions.of(slot, pub).twoPhase(true)));
      assertTrue(again.getMessage().contains("new ReplicationConnection"), again.getMessage());
      try (ReplicationConnection resumed = LogicalServer.replication();
          ChangeStream stream = resumed.start(StreamOptions.of(slot, pub).twoPhase(true))) {
        List<Change> after = LogicalServer.takeCommits(stream, 1);
        Change.RollbackPrepared rollback = (Change.RollbackPrepared) first(after, Change.RollbackPrepared.class);
        assertNotNull(rollback, () -> LogicalServer.summary(after));
        assertEquals(slot + "_b", rollback.gid());
        List<Integer> ids = after.stream().filter(ch -> ch instanceof Change.Insert)
            .map(ch -> ((Change.Insert) ch).row().getInt("id")).toList();
        assertEquals(List.of(3), ids, "the prepared insert was acknowledged with its Prepare");
      }
      repl.dropSlot(slot);
    }
  }

  @Test
  void withoutTheOptionAPreparedTransactionComesAtCommitPrepared() throws Exception {
    try (Connection c = LogicalServer.connect(); ReplicationConnection repl = LogicalServer.replication()) {
      Published p = LogicalServer.publish(c, repl, "prepared", "id int primary key", SlotOptions.TEMPORARY);
      try (ChangeStream stream = repl.start(p.options())) {
        c.execute("begin");
        c.execute("insert into " + p.table() + " values (1)");
        c.execute("prepare transaction '" + p.slot() + "'");
        c.execute("commit prepared '" + p.slot() + "'");
        List<Change> got = LogicalServer.takeCommits(stream, 1);
        assertNull(first(got, Change.BeginPrepare.class));
        assertNotNull(first(got, Change.Begin.class));
        assertEquals(1, ((Change.Insert) first(got, Change.Insert.class)).row().getInt("id"));
      }
    }
  }

  @Test
  void twoPhaseOnAServerBefore15IsRefusedBeforeStarting() {
    String slot = LogicalServer.name("slot");
    try (ReplicationConnection repl = LogicalServer.replication()) {
      repl.createSlot(slot, SlotOptions.TEMPORARY);
      StreamOptions options = StreamOptions.of(slot, "p").twoPhase(true).protocolVersion(2);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> repl.start(options));
      assertTrue(e.getMessage().contains("protocol 3"), e.getMessage());
      assertTrue(repl.isOpen());
    }
  }

  private static Change first(List<Change> changes, Class<? extends Change> kind) {
    return changes.stream().filter(kind::isInstance).findFirst().orElse(null);
  }
}
