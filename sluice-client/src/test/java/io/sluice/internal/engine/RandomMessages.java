package io.sluice.internal.engine;

import io.sluice.protocol.BackendEncoder;
import io.sluice.protocol.BackendMessage.*;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.TransactionStatus;
import io.sluice.testkit.Replies;
import java.util.List;
import java.util.Random;

/**
 * Well-framed backend messages of every type, with plausible contents: rows shaped like the
 * fuzzer's own (so that a stray one could pass for another caller's), errors whose SQLSTATE the
 * client neither retries nor treats as the end of the session, and harmless asynchronous messages.
 */
final class RandomMessages {
  private RandomMessages() {}

  /** SQLSTATEs of plain errors: not retried (26000, 0A000, 57014) and not fatal (57P0x). */
  private static final List<String> PLAIN_ERRORS = List.of("22012", "23505", "42P01", "XX000");

  /** One message of a type chosen at random among all backend types, or of an unknown type. */
  static byte[] any(Random r) {
    BackendMessage m = switch (r.nextInt(27)) {
      case 0 -> AuthenticationOk.INSTANCE;
      case 1 -> new AuthenticationSASL(List.of("SCRAM-SHA-256"));
      case 2 -> new BackendKeyData(r.nextInt(), new byte[] {1, 2, 3, 4});
      case 3 -> BindComplete.INSTANCE;
      case 4 -> CloseComplete.INSTANCE;
      case 5 -> new CommandComplete(r.nextBoolean() ? "SELECT " + r.nextInt(6) : "UPDATE " + r.nextInt(20));
      case 6 -> new CopyData(new byte[] {'x'});
      case 7 -> CopyDone.INSTANCE;
      case 8 -> new CopyInResponse(0, new short[] {0, 0});
      case 9 -> new CopyOutResponse(0, new short[] {0, 0});
      case 10 -> new CopyBothResponse(0, new short[0]);
      case 11, 12 -> row(r);
      case 13 -> EmptyQueryResponse.INSTANCE;
      case 14 -> new ErrorResponse(Replies.errorFields("ERROR", PLAIN_ERRORS.get(r.nextInt(PLAIN_ERRORS.size())),
          "inserted error " + r.nextInt(100)));
      case 15 -> new FunctionCallResponse(new byte[] {1});
      case 16 -> new NegotiateProtocolVersion(0, List.of());
      case 17 -> NoData.INSTANCE;
      case 18 -> new ParameterDescription(new int[] {25});
      case 19 -> ParseComplete.INSTANCE;
      case 20 -> PortalSuspended.INSTANCE;
      case 21 -> new ReadyForQuery(TransactionStatus.IDLE);
      case 22 -> new RowDescription(Replies.textColumns("caller", "row"));
      case 23 -> new AuthenticationMD5Password(new byte[] {1, 2, 3, 4});
      default -> null;   // 24 to 26: an asynchronous message or an unknown type, below
    };
    if (m == null) {
      return r.nextInt(3) == 0 ? unknownType(r) : harmless(r);
    }
    return BackendEncoder.toBytes(m);
  }

  /** A DataRow of two text values, like the fuzzer's rows ("c3", "r1") or not quite. */
  static BackendMessage row(Random r) {
    return switch (r.nextInt(4)) {
      case 0 -> Replies.row("c" + r.nextInt(8), "r" + r.nextInt(6));
      case 1 -> Replies.row("probe", "r0");
      case 2 -> Replies.row("c" + r.nextInt(8));
      default -> Replies.row("c" + r.nextInt(8), null);
    };
  }

  /** A message the client must take in its stride wherever it comes: a notice, a parameter, a notification. */
  static byte[] harmless(Random r) {
    BackendMessage m = switch (r.nextInt(3)) {
      case 0 -> new NoticeResponse(Replies.errorFields(r.nextBoolean() ? "NOTICE" : "WARNING", "01000",
          "injected notice " + r.nextInt(100)));
      case 1 -> new ParameterStatus("application_name", "fuzz" + r.nextInt(100));
      default -> new NotificationResponse(r.nextInt(1000), "channel", "payload " + r.nextInt(100));
    };
    return BackendEncoder.toBytes(m);
  }

  /** A frame of a type no backend message has. */
  private static byte[] unknownType(Random r) {
    char[] unknown = {'x', 'j', '?', 'Q'};
    return Replies.frame(unknown[r.nextInt(unknown.length)], new byte[r.nextInt(3)]);
  }
}
