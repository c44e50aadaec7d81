package io.sluice.hostile;

import static io.sluice.hostile.HostileScenario.*;

import io.sluice.SluiceException.Outcome;
import io.sluice.hostile.HostileScenario.Api;
import io.sluice.protocol.Utf8;
import io.sluice.testkit.Replies;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 17, part 2: a malformed DataRow is a protocol violation wherever it arrives — in a
 * buffered query, a streamed {@code forEach}, or a portal fetched in chunks. The row must never be
 * handed to the caller as data, the caller's outcome is unknown, the statement queued behind it
 * fails too, and the connection is closed (as {@code simpleQuery} already does).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostileRowsTest {

  /** DataRows that break the framing rules of "Message Formats" (DataRow: Int16 count, then Int32 length + bytes per column). */
  enum MalformedRow {
    /** The second value claims 100 bytes; the message ends after 1. */
    LENGTH_PAST_THE_MESSAGE(() -> Replies.frame('D', w -> w.int16(2).int32(2).bytes(Utf8.encode("o1")).int32(100).bytes(Utf8.encode("x")))),
    /** A length of -2: only -1 (NULL) may be negative. */
    NEGATIVE_LENGTH(() -> Replies.frame('D', w -> w.int16(2).int32(2).bytes(Utf8.encode("o1")).int32(-2))),
    /** Three well-formed values where the RowDescription has two columns. */
    MORE_COLUMNS_THAN_DESCRIBED(() -> Replies.bytes(Replies.row("o1", "x", "extra"))),
    /** One well-formed value where the RowDescription has two columns. */
    FEWER_COLUMNS_THAN_DESCRIBED(() -> Replies.bytes(Replies.row("o1")));

    final Supplier<byte[]> frame;

    MalformedRow(Supplier<byte[]> frame) {
      this.frame = frame;
    }
  }

  static Stream<Arguments> everyApiAndRow() {
    return Stream.of(Api.values()).flatMap(api -> Stream.of(MalformedRow.values()).map(row -> Arguments.of(api, row)));
  }

  @ParameterizedTest(name = "{1} through {0}")
  @MethodSource("everyApiAndRow")
  void aMalformedDataRowIsAViolationThatClosesTheConnection(Api api, MalformedRow row) throws Exception {
    Outcomes o = pipelined(api, "", frames -> replaceFirst(frames, 'D', row.frame.get()));
    o.assertViolationClosesAll(api == Api.STREAM ? Outcome.NOT_SENT : Outcome.UNKNOWN);
  }
}
