package io.sluice.internal.requests;

import io.sluice.internal.engine.ReplyOrder;
import io.sluice.internal.engine.Unexpected;
import io.sluice.protocol.BackendTag;

/**
 * The replies a simple-protocol Query may get ("Simple Query" in the protocol's message flow): for
 * each statement of the string, RowDescription, DataRows and CommandComplete, or CommandComplete
 * alone, or EmptyQueryResponse, or a COPY exchange; an ErrorResponse ends the string; then one
 * ReadyForQuery.
 */
final class SimpleReplies implements ReplyOrder {

  private enum Phase {
    /** Between statements: a new result, an error or the end. */
    BETWEEN,
    /** After RowDescription: rows until CommandComplete. */
    ROWS,
    /** After CopyInResponse: the server reads our CopyData/CopyDone/CopyFail, then CommandComplete. */
    COPY_IN,
    /** After CopyOutResponse: CopyData until CopyDone. */
    COPY_OUT,
    /** After CopyDone from the server: its CommandComplete. */
    COPY_OUT_DONE,
    /** After ErrorResponse: only ReadyForQuery. */
    FAILED,
    /** After ReadyForQuery: nothing more. */
    READY
  }

  private Phase phase = Phase.BETWEEN;

  @Override
  public Owner accept(byte type) {
    Phase next = switch (phase) {
      case BETWEEN -> switch (type) {
        case BackendTag.ROW_DESCRIPTION -> Phase.ROWS;
        case BackendTag.COMMAND_COMPLETE, BackendTag.EMPTY_QUERY_RESPONSE -> Phase.BETWEEN;
        case BackendTag.COPY_IN_RESPONSE -> Phase.COPY_IN;
        case BackendTag.COPY_OUT_RESPONSE -> Phase.COPY_OUT;
        case BackendTag.READY_FOR_QUERY -> Phase.READY;
        default -> null;
      };
      case ROWS -> switch (type) {
        case BackendTag.DATA_ROW -> Phase.ROWS;
        case BackendTag.COMMAND_COMPLETE -> Phase.BETWEEN;
        default -> null;
      };
      case COPY_IN -> type == BackendTag.COMMAND_COMPLETE ? Phase.BETWEEN : null;
      case COPY_OUT -> switch (type) {
        case BackendTag.COPY_DATA -> Phase.COPY_OUT;
        case BackendTag.COPY_DONE -> Phase.COPY_OUT_DONE;
        default -> null;
      };
      case COPY_OUT_DONE -> type == BackendTag.COMMAND_COMPLETE ? Phase.BETWEEN : null;
      case FAILED -> type == BackendTag.READY_FOR_QUERY ? Phase.READY : null;
      case READY -> null;
    };
    if (next == null && type == BackendTag.ERROR_RESPONSE && phase != Phase.FAILED && phase != Phase.READY) {
      next = Phase.FAILED;
    }
    if (next == null) {
      throw Unexpected.message(type, switch (phase) {
        case BETWEEN -> "waiting for the next result of a simple query";
        case ROWS -> "reading the rows of a simple query";
        case COPY_IN -> "in COPY FROM STDIN";
        case COPY_OUT -> "in COPY TO STDOUT";
        case COPY_OUT_DONE -> "waiting for the end of COPY TO STDOUT";
        case FAILED -> "waiting for ReadyForQuery after an error";
        case READY -> "the query had ended";
      });
    }
    phase = next;
    return Owner.REQUEST;
  }
}
