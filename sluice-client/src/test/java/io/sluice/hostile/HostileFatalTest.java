package io.sluice.hostile;

import static io.sluice.hostile.HostileScenario.*;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.SluiceException.Outcome;
import io.sluice.hostile.HostileScenario.Api;
import io.sluice.hostile.HostileScenario.Got;
import io.sluice.testkit.Exchange;
import io.sluice.testkit.Replies;
import io.sluice.testkit.ScriptedServer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 17: replies that end the connection. A length the reader must not believe, and a FATAL
 * error, whose outcome depends on whether the server had started the statement.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostileFatalTest {
  /** 768 MiB: far past the max_message_size these tests set, and past a small heap. */
  static final int HUGE = 768 << 20;

  @Test
  void aHugeLengthIsRefusedBeforeAllocatingAndClosesTheConnection() throws Exception {
    Outcomes o = pipelined(Api.QUERY, "max_message_size=1048576", frames -> {
      int row = indexOf(frames, 'D');
      byte[] header = {'D', (byte) (HUGE >>> 24), (byte) (HUGE >>> 16), (byte) (HUGE >>> 8), (byte) HUGE, 0, 2};
      return List.of(frames.get(row - 1), header);   // BindComplete, then a DataRow that claims 768 MiB
    });
    o.assertViolationClosesAll(Outcome.UNKNOWN);
    assertTrue(o.offender().error().getMessage().contains("max_message_size"), o.offender().error().getMessage());
  }

  /**
   * 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown): the server sends it and closes,
   * whatever it was doing.
   */
  static final byte[] TERMINATED = Replies.bytes(Replies.fatal("57P01", "terminating connection due to administrator command"));

  /** What the offender got, and whether its connection still claimed to be open afterwards. */
  record Ended(Got got, boolean openAfter) {
    void assertClosedWith(Outcome outcome) {
      got.assertFailed(outcome);
      assertTrue(hasSqlState(got.error(), "57P01"), () -> "57P01 is not in " + got.error());
      assertFalse(openAfter, "the connection still reports itself open");
    }
  }

  /** Runs the offender alone; the server answers its execution with {@code reply}, then hangs up. */
  static Ended fatalReply(Function<Exchange, byte[]> reply) throws Exception {
    try (ScriptedServer server = ScriptedServer.start(DB, conn -> {
      Exchange x = conn.serveUntil(e -> e.executes(OFFENDER));
      if (x != null) {
        conn.send(reply.apply(x));
        conn.hangUp();
      }
    })) {
      try (Connection c = Connection.open(server.url(""))) {
        Got got = Api.QUERY.call(c, OFFENDER);
        assertEquals(List.of(), server.failures());
        return new Ended(got, c.isOpen());
      }
    }
  }

  @Test
  void aFatalErrorAsTheFirstReplyOnAnIdleConnectionMeansTheStatementNeverRan() throws Exception {
    fatalReply(x -> TERMINATED).assertClosedWith(Outcome.NOT_SENT);
  }

  @Test
  void aFatalErrorAfterBindCompleteLeavesTheOutcomeUnknown() throws Exception {
    fatalReply(x -> Replies.concat(x.frames().get(0), TERMINATED)).assertClosedWith(Outcome.UNKNOWN);
  }

  @Test
  void aFatalErrorAfterADataRowLeavesTheOutcomeUnknown() throws Exception {
    fatalReply(x -> Replies.concat(x.frames().get(0), x.frames().get(1), TERMINATED))
        .assertClosedWith(Outcome.UNKNOWN);
  }
}
