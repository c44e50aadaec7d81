package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.Connection;
import io.sluice.Transaction;
import io.sluice.replication.LogicalServer.Published;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Large transactions streamed while in progress ({@code streaming 'on'}; the test server's
 * {@code logical_decoding_work_mem} is 64 kB): a committed one arrives as blocks of changes carrying
 * its xid, then StreamCommit; a rolled-back one ends with StreamAbort.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class StreamingTest {
  private static final int ROWS = 5000;

  // per test, not per class: a class-level assumption reports no tests at all, rather than skipped ones
  @BeforeEach
  void needs14() {
    try (ReplicationConnection repl = LogicalServer.replication()) {
      assumeTrue(repl.serverVersion() >= 14,
          "streaming in-progress transactions (streaming 'on', pgoutput protocol 2) needs PostgreSQL 14");
    }
  }

  @Test
  void aLargeTransactionIsStreamedInBlocksThenCommitted() throws Exception {
    try (Connection c = LogicalServer.connect(); ReplicationConnection repl = LogicalServer.replication()) {
      Published p = LogicalServer.publish(c, repl, "big", "id int primary key, filler text", SlotOptions.TEMPORARY);
      try (ChangeStream stream = repl.start(p.options())) {
        c.execute("insert into " + p.table() + " select g, repeat('x', 100) from generate_series(1, " + ROWS + ") g");
        List<Change> got = LogicalServer.takeCommits(stream, 1);
        assertFalse(got.stream().anyMatch(ch -> ch instanceof Change.Begin), "streamed, not sent at commit");
        Change.StreamStart start = (Change.StreamStart) got.stream().filter(ch -> ch instanceof Change.StreamStart)
            .findFirst().orElseThrow();
        assertTrue(start.firstSegment());
        long blocks = got.stream().filter(ch -> ch instanceof Change.StreamStart).count();
        assertTrue(blocks > 1, "more than one block for " + ROWS + " rows over 64 kB: " + blocks);
        assertEquals(blocks, got.stream().filter(ch -> ch instanceof Change.StreamStop).count());
        List<Change.Insert> inserts = got.stream().filter(ch -> ch instanceof Change.Insert)
            .map(ch -> (Change.Insert) ch).toList();
        assertEquals(ROWS, inserts.size());
        assertTrue(inserts.stream().allMatch(i -> i.xid() == start.xid()), "every change carries the xid");
        assertEquals(ROWS, inserts.get(ROWS - 1).row().getInt("id"));
        Change.StreamCommit commit = (Change.StreamCommit) got.get(got.size() - 1);
        assertEquals(start.xid(), commit.xid());
        stream.ack(commit);
        assertEquals(commit.endLsn(), stream.acknowledged());
      }
    }
  }

  @Test
  void aLargeRolledBackTransactionEndsWithStreamAbort() throws Exception {
    try (Connection c = LogicalServer.connect(); ReplicationConnection repl = LogicalServer.replication()) {
      Published p = LogicalServer.publish(c, repl, "big", "id int primary key, filler text", SlotOptions.TEMPORARY);
      try (ChangeStream stream = repl.start(p.options())) {
        // rolled back after the server began streaming it (an already aborted one is dropped unsent)
        Transaction tx = c.begin();
        tx.execute("insert into " + p.table() + " select g, repeat('x', 100) from generate_series(1, " + ROWS + ") g");
        LogicalServer.take(stream, Duration.ofSeconds(60), l -> l.stream().anyMatch(ch -> ch instanceof Change.StreamStop));
        tx.rollback();
        c.execute("insert into " + p.table() + " values (0, 'after')");
        List<Change> got = LogicalServer.take(stream, Duration.ofSeconds(60),
            l -> !l.isEmpty() && l.get(l.size() - 1) instanceof Change.Commit);
        Change.StreamAbort abort = (Change.StreamAbort) got.stream().filter(ch -> ch instanceof Change.StreamAbort)
            .findFirst().orElseThrow(() -> new AssertionError(LogicalServer.summary(got)));
        assertEquals(abort.xid(), abort.subXid(), "the top transaction aborted");
        assertThrows(IllegalArgumentException.class, () -> stream.ack(abort));
        Change.Commit after = (Change.Commit) got.get(got.size() - 1);
        assertTrue(after.endLsn().isAfter(abort.lsn()));
      }
    }
  }
}
