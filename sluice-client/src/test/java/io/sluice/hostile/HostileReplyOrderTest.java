package io.sluice.hostile;

import static io.sluice.hostile.HostileScenario.*;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ProtocolViolationException;
import io.sluice.SluiceException.Outcome;
import io.sluice.hostile.HostileScenario.Api;
import io.sluice.hostile.HostileScenario.Got;
import io.sluice.protocol.BackendMessage.BackendKeyData;
import io.sluice.protocol.BackendMessage.ReadyForQuery;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.TransactionStatus;
import io.sluice.protocol.Utf8;
import io.sluice.testkit.Exchange;
import io.sluice.testkit.Replies;
import io.sluice.testkit.ScriptedServer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 17, part 2: each request accepts only the replies its kind allows, in the order the
 * protocol gives them ("Message Flow", Extended Query): for Bind + Execute + Sync, BindComplete,
 * then DataRows, then CommandComplete (or an ErrorResponse anywhere), then ReadyForQuery. Anything
 * else closes the connection; no row reaches another caller.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostileReplyOrderTest {

  /** A well-formed message where it does not belong, in the offender's reply. */
  enum Misplaced {
    ROW_AFTER_COMMAND_COMPLETE(f -> insertAfter(f, 'C', Replies.bytes(Replies.row("o3", "z")))),
    ROW_DESCRIPTION_MID_RESULT(f -> insertAfter(f, 'D', Replies.bytes(new BackendMessage.RowDescription(
        Replies.textColumns("a", "b"))))),
    COMMAND_COMPLETE_WITHOUT_ITS_NUL(f -> replaceFirst(f, 'C', Replies.frame('C', Utf8.encode("SELECT 2")))),
    /** The statement is named and prepared: this Bind + Execute sent no Parse. */
    PARSE_COMPLETE_NOT_ASKED_FOR(f -> insertAfter(f, '2', Replies.bytes(BackendMessage.ParseComplete.INSTANCE))),
    BIND_COMPLETE_AGAIN_MID_RESULT(f -> insertAfter(f, 'D', Replies.bytes(BackendMessage.BindComplete.INSTANCE))),
    AUTHENTICATION_OK_MID_RESULT(f -> insertAfter(f, 'D', Replies.bytes(BackendMessage.AuthenticationOk.INSTANCE))),
    BACKEND_KEY_DATA_MID_RESULT(f -> insertAfter(f, 'D', Replies.bytes(new BackendKeyData(7, new byte[] {1, 2, 3, 4})))),
    NO_DATA_MID_RESULT(f -> insertAfter(f, 'D', Replies.bytes(BackendMessage.NoData.INSTANCE))),
    UNKNOWN_MESSAGE_TYPE_MID_RESULT(f -> insertAfter(f, 'D', Replies.frame('x', new byte[0])));

    final UnaryOperator<List<byte[]>> tamper;

    Misplaced(UnaryOperator<List<byte[]>> tamper) {
      this.tamper = tamper;
    }
  }

  /** The control: the same scenario answered correctly succeeds, so the failures above are the tampering's. */
  @ParameterizedTest
  @EnumSource(Api.class)
  void theScenarioAnsweredCorrectlySucceeds(Api api) throws Exception {
    Outcomes o = pipelined(api, "", frames -> frames);
    try (Connection c = o.connection()) {
      assertNull(o.offender().error());
      assertNull(o.offender().escaped());
      assertEquals(List.of("o1", "o2"), o.offender().rows());
      assertNull(o.bystander().error());
      assertEquals(List.of("b1"), o.bystander().rows());
      assertTrue(c.isOpen());
    }
  }

  @ParameterizedTest(name = "{0} through QUERY")
  @EnumSource(Misplaced.class)
  void aMisplacedMessageInABufferedQuery(Misplaced m) throws Exception {
    pipelined(Api.QUERY, "", m.tamper).assertViolationClosesAll(Outcome.UNKNOWN);
  }

  @ParameterizedTest(name = "{0} through FOR_EACH")
  @EnumSource(Misplaced.class)
  void aMisplacedMessageInAStreamedForEach(Misplaced m) throws Exception {
    pipelined(Api.FOR_EACH, "", m.tamper).assertViolationClosesAll(Outcome.UNKNOWN);
  }

  @ParameterizedTest(name = "{0} through STREAM")
  @EnumSource(Misplaced.class)
  void aMisplacedMessageInAPortalFetchedInChunks(Misplaced m) throws Exception {
    pipelined(Api.STREAM, "", m.tamper).assertViolationClosesAll(Outcome.NOT_SENT);
  }

  @Test
  void bindCompleteBeforeParseCompleteInUnnamedMode() throws Exception {
    // statement_cache_size=0: every run sends Parse + Bind + Execute + Sync, answered 1, 2, D…, C, Z
    pipelined(Api.QUERY, "statement_cache_size=0", frames -> {
      int parse = indexOf(frames, '1');
      int bind = indexOf(frames, '2');
      assertTrue(parse >= 0 && bind == parse + 1, "unexpected correct reply");
      frames.set(parse, frames.get(bind));
      frames.set(bind, Replies.bytes(BackendMessage.ParseComplete.INSTANCE));
      return frames;
    }).assertViolationClosesAll(Outcome.UNKNOWN);
  }

  /** A message the server sends while no request is waiting: read before the next statement's replies. */
  enum Unsolicited {
    DATA_ROW(Replies.bytes(Replies.row("u1", "unsolicited"))),
    READY_FOR_QUERY(Replies.bytes(new ReadyForQuery(TransactionStatus.IDLE)));

    final byte[] frame;

    Unsolicited(byte[] frame) {
      this.frame = frame;
    }
  }

  @ParameterizedTest
  @EnumSource(Unsolicited.class)
  void anUnsolicitedMessageWhileIdleIsNotTakenForTheNextStatementsReply(Unsolicited u) throws Exception {
    for (Api api : Api.values()) {
      try (ScriptedServer server = ScriptedServer.start(DB, conn -> {
        Exchange first = conn.serveUntil(x -> x.executes(BYSTANDER));
        if (first != null) {
          conn.send(Replies.concat(first.bytes(), u.frame));   // after ReadyForQuery, before any request
          conn.serveRest();
        }
      })) {
        try (Connection c = Connection.open(server.url(""))) {
        Got first = Api.QUERY.call(c, BYSTANDER);
        assertEquals(List.of("b1"), first.rows(), "the first run, answered correctly");
        // the same statement again: already prepared, so its first reply read is the unsolicited one
        Got next = api.call(c, BYSTANDER);
        next.assertOnlyOwnRows("b");
        assertNotNull(next.error(), () -> api + ": the run after the unsolicited " + u
            + " succeeded with rows " + next.rows());
        assertInstanceOf(ProtocolViolationException.class, next.error(), api + ": the failure");
        // refused before it is written (input checked first) or failed once written: either way closed
        assertFalse(c.isOpen(), api + ": the connection stayed open");
        assertEquals(List.of(), server.failures());
        }
      }
    }
  }

  /** How the server makes the first caller's reply run into the second's. */
  enum Crossing {
    /** After the first caller's CommandComplete, a row shaped like the second caller's, then its ReadyForQuery. */
    ROW_LOOKING_LIKE_THE_NEXT_CALLERS(f -> insertAfter(f, 'C', Replies.bytes(Replies.row("b1", "x")))),
    /** The first caller's ReadyForQuery is missing: the second caller's replies follow at once. */
    READY_FOR_QUERY_MISSING(f -> {
      f.remove(indexOf(f, 'Z'));
      return f;
    });

    final UnaryOperator<List<byte[]>> tamper;

    Crossing(UnaryOperator<List<byte[]>> tamper) {
      this.tamper = tamper;
    }
  }

  @ParameterizedTest
  @EnumSource(Crossing.class)
  void noRowCrossesBetweenTwoPipelinedCallers(Crossing crossing) throws Exception {
    for (Api api : List.of(Api.QUERY, Api.FOR_EACH)) {
      Outcomes o = pipelined(api, "", frames -> crossing.tamper.apply(new ArrayList<>(frames)));
      o.assertViolationClosesAll(Outcome.UNKNOWN);
    }
  }
}
