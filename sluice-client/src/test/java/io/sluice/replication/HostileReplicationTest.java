package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.ProtocolViolationException;
import io.sluice.testkit.FakeDatabase;
import io.sluice.testkit.Replies;
import io.sluice.testkit.ScriptedServer;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A scripted walsender that breaks the streaming replication protocol after one good transaction:
 * the stream fails with a {@link ChangeStreamException} caused by a {@link
 * ProtocolViolationException} that names what was wrong, the session is closed, and no status
 * update ever reported a flush position past the transaction the application acknowledged —
 * whatever the server's keepalives said while the next transaction was open. A message kind the
 * client does not know, which carries no changes (PostgreSQL 19's primary status update), is skipped.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class HostileReplicationTest {
  /** The acknowledged transaction runs from 0x1000 to its end at 0x1030. */
  private static final long FIRST = 0x1000;
  private static final long ACKED = FIRST + 0x30;
  /** The next transaction's Begin, after which the hostile bytes come. */
  private static final long NEXT = 0x2000;

  static List<Arguments> violations() {
    return List.of(
        Arguments.of("an empty CopyData", WalServerScript.copyData(w -> { }), "empty CopyData"),
        Arguments.of("XLogData shorter than its header", WalServerScript.copyData(w -> w.int8('w').int64(NEXT)),
            "shorter than its 25-byte header"),
        Arguments.of("a keepalive without its reply byte",
            WalServerScript.copyData(w -> w.int8('k').int64(NEXT).int64(0)), "primary keepalive"),
        Arguments.of("a keepalive whose reply byte is 7",
            WalServerScript.copyData(w -> w.int8('k').int64(NEXT).int64(0).int8(7)), "neither 0 nor 1"),
        Arguments.of("an Insert for a relation never described",
            WalServerScript.xlog(NEXT + 8, w -> w.int8('I').int32(99).int8('N').int16(1).int8('b').int32(4).int32(1)),
            "99"),
        Arguments.of("an Insert whose value runs past the message",
            WalServerScript.xlog(NEXT + 8, w -> w.int8('I').int32(WalServerScript.RELATION).int8('N').int16(1)
                .int8('b').int32(1000).int32(1)), "pgoutput message 'I'"),
        Arguments.of("an Insert with bytes after its tuple",
            WalServerScript.xlog(NEXT + 8, w -> w.int8('I').int32(WalServerScript.RELATION).int8('N').int16(1)
                .int8('b').int32(4).int32(1).int32(0)), "pgoutput message 'I'"),
        Arguments.of("an unknown pgoutput message", WalServerScript.xlog(NEXT + 8, w -> w.int8('Z').int32(0)),
            "unknown message type 'Z'"),
        Arguments.of("a DataRow in the middle of CopyBoth", Replies.bytes(Replies.row("1")), "DataRow"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("violations")
  void aViolationFailsTheStreamClosesTheSessionAndAcknowledgesNothingMore(String what, byte[] hostile,
      String named) throws Exception {
    AtomicLong maxFlush = new AtomicLong(-1);
    try (ScriptedServer server = ScriptedServer.start(new FakeDatabase(), conn -> {
      WalServerScript wal = new WalServerScript(conn);
      wal.startStreaming();
      wal.send(WalServerScript.transaction(FIRST, 1, true));
      wal.awaitFlush(ACKED);
      // the next transaction is open: a keepalive far ahead must not move the flush position
      wal.send(WalServerScript.begin(NEXT, NEXT + 0x20, 2));
      wal.send(WalServerScript.keepalive(0x7000_0000L, true));
      wal.send(hostile);
      wal.drain();
      maxFlush.set(wal.maxFlush.get());
    })) {
      ReplicationConnection repl = ReplicationConnection.open(server.url("")); 
      ChangeStream stream = repl.start(StreamOptions.of("s", "p").statusInterval(Duration.ofMillis(50)));
      List<Change> got = LogicalServer.take(stream, Duration.ofSeconds(20),
          l -> !l.isEmpty() && l.get(l.size() - 1) instanceof Change.Commit);
      assertEquals(List.of(Change.Begin.class, Change.Relation.class, Change.Insert.class, Change.Commit.class),
          got.stream().map(Object::getClass).toList());
      assertEquals(1, ((Change.Insert) got.get(2)).row().getInt("id"));
      stream.ack(got.get(3));
      stream.reportStatus();
      ChangeStreamException e = assertThrows(ChangeStreamException.class, () -> {
        while (true) {
          stream.poll(Duration.ofSeconds(1));
        }
      }, what);
      ProtocolViolationException violation = assertInstanceOf(ProtocolViolationException.class, e.getCause(),
          () -> what + ": " + e);
      assertTrue(violation.getMessage().contains(named), () -> what + ": \"" + named + "\" is not in " + violation);
      assertEquals(new Lsn(ACKED), e.lastAcknowledged());
      assertFalse(repl.isOpen(), "the session is closed after " + what);
      stream.close();
      repl.close();
      LogicalServer.await("the script to end", Duration.ofSeconds(20), () -> maxFlush.get() >= 0);
      assertEquals(ACKED, maxFlush.get(), "the flush position reported after " + what);
      assertEquals(List.of(), server.failures());
    }
  }

  @Test
  void aPrimaryStatusUpdateAndUnknownKindsCarryNoChangesAndAreSkipped() throws Exception {
    try (ScriptedServer server = ScriptedServer.start(new FakeDatabase(), conn -> {
      WalServerScript wal = new WalServerScript(conn);
      wal.startStreaming();
      wal.send(WalServerScript.transaction(FIRST, 1, true));
      // PostgreSQL 19: 's', WAL position, oldest xid in commit, next xid, send time
      wal.send(WalServerScript.copyData(w -> w.int8('s').int64(ACKED).int64(700).int64(800).int64(0)));
      wal.send(WalServerScript.copyData(w -> w.int8('q').int32(42)));
      wal.send(WalServerScript.transaction(NEXT, 2, false));
      wal.drain();
    })) {
      try (ReplicationConnection repl = ReplicationConnection.open(server.url(""));
          ChangeStream stream = repl.start(StreamOptions.of("s", "p"))) {
        List<Change> got = LogicalServer.takeCommits(stream, 2);
        List<Integer> ids = new ArrayList<>();
        for (Change c : got) {
          if (c instanceof Change.Insert i) {
            ids.add(i.row().getInt("id"));
          }
        }
        assertEquals(List.of(1, 2), ids);
        assertTrue(repl.isOpen());
      }
      assertEquals(List.of(), server.failures());
    }
  }
}
