package io.sluice.internal.requests;

import io.sluice.internal.engine.ReplyOrder;
import io.sluice.internal.engine.Unexpected;
import io.sluice.protocol.BackendTag;
import io.sluice.protocol.ProtocolException;
import java.util.Arrays;

/**
 * The replies an extended-query exchange may get, step by step: the request records a {@link Step}
 * for each message it writes (Parse, Bind, Describe, Execute, Close, Sync) and every reply must
 * answer the step at the head. After an ErrorResponse the server skips to the next Sync, so only
 * ReadyForQuery may follow.
 *
 * <p>Steps are added by the thread that writes the messages and consumed by the thread that reads
 * the replies; the request's publication through the engine's queue (or, for a portal's later
 * chunks, the same owner thread doing both) orders the two.
 */
public final class ExtendedReplies implements ReplyOrder {

  /** A message written, named for the reply it expects. */
  enum Step {
    /** Parse → ParseComplete. */
    PARSE,
    /** Bind → BindComplete. */
    BIND,
    /** Describe of a statement → ParameterDescription, then RowDescription or NoData. */
    DESCRIBE_STATEMENT,
    /** Execute of all rows → DataRow*, then CommandComplete; or EmptyQueryResponse. */
    EXECUTE,
    /** Execute of at most n rows → DataRow*, then CommandComplete or PortalSuspended; or EmptyQueryResponse. */
    EXECUTE_LIMITED,
    /** Close → CloseComplete. */
    CLOSE,
    /** Sync → ReadyForQuery. */
    SYNC
  }

  private static final Step[] STEPS = Step.values();

  private byte[] steps = new byte[6];
  private int head;
  private int tail;
  /** Steps at the front that belong to a deferred BEGIN written in front of the request. */
  private int beginSteps;
  private boolean failed;
  /** The deferred BEGIN written in front of the request failed: the server skipped the request. */
  private boolean beginFailed;
  /** Within the current Execute: rows came (EmptyQueryResponse is then out of place). */
  private boolean rowsSeen;
  /** Within the current Describe: the ParameterDescription came. */
  private boolean parametersSeen;

  /** Records a message written; its reply must come after those of the steps before it. */
  void expect(Step step) {
    if (tail == steps.length) {
      if (head > 0) {
        System.arraycopy(steps, head, steps, 0, tail - head);
        tail -= head;
        head = 0;
      } else {
        steps = Arrays.copyOf(steps, steps.length * 2);
      }
    }
    steps[tail++] = (byte) step.ordinal();
  }

  /**
   * Records the Parse, Bind and Execute of each of {@code statements} deferred statements (a
   * transaction's BEGIN, a savepoint), written in front of the request's own messages before any
   * of them was recorded.
   */
  public void expectBegin(int statements) {
    if (tail != head) {
      throw new IllegalStateException("BEGIN must come before the request's own messages");
    }
    for (int i = 0; i < statements; i++) {
      expect(Step.PARSE);
      expect(Step.BIND);
      expect(Step.EXECUTE);
    }
    beginSteps = 3 * statements;
  }

  @Override
  public Owner accept(byte type) {
    boolean begin = beginSteps > 0;
    if (type == BackendTag.ERROR_RESPONSE) {
      if (head == tail || failed) {
        throw Unexpected.message(type, failed ? "waiting for ReadyForQuery after an error"
            : "no reply was expected for this request");
      }
      failed = true;   // the server now skips everything up to the next Sync
      beginSteps = 0;
      rowsSeen = false;
      parametersSeen = false;
      beginFailed |= begin;
      return begin ? Owner.BEGIN_FAILED : Owner.REQUEST;
    }
    if (failed) {
      while (head < tail && STEPS[steps[head]] != Step.SYNC) {
        head++;
      }
    }
    if (head == tail) {
      throw Unexpected.message(type, "no reply was expected for this request");
    }
    Step step = STEPS[steps[head]];
    boolean completes = switch (step) {
      case PARSE -> is(type, '1', step);
      case BIND -> is(type, '2', step);
      case CLOSE -> is(type, '3', step);
      case SYNC -> {
        is(type, 'Z', step);
        failed = false;
        yield true;
      }
      case DESCRIBE_STATEMENT -> {
        if (!parametersSeen) {
          is(type, 't', step);
          parametersSeen = true;
          yield false;
        }
        if (type != BackendTag.ROW_DESCRIPTION && type != BackendTag.NO_DATA) {
          throw unexpected(type, step);
        }
        parametersSeen = false;
        yield true;
      }
      case EXECUTE, EXECUTE_LIMITED -> {
        if (type == BackendTag.DATA_ROW) {
          rowsSeen = true;
          yield false;
        }
        boolean ends = type == BackendTag.COMMAND_COMPLETE
            || (type == BackendTag.EMPTY_QUERY_RESPONSE && !rowsSeen)
            || (type == BackendTag.PORTAL_SUSPENDED && step == Step.EXECUTE_LIMITED);
        if (ends) {
          rowsSeen = false;
          yield true;
        }
        throw unexpected(type, step);
      }
    };
    if (completes) {
      head++;
      if (beginSteps > 0) {
        beginSteps--;
      }
    }
    return begin ? Owner.BEGIN : Owner.REQUEST;
  }

  /**
   * Whether the deferred BEGIN written in front of the request failed, so that the server skipped
   * the request. Read by the owner once the request has ended (its end orders the reader's write).
   */
  public boolean beginFailed() {
    return beginFailed;
  }

  /** Whether every step written has been answered. */
  boolean answered() {
    return head == tail;
  }

  private static boolean is(byte type, char expected, Step step) {
    if (type != expected) {
      throw unexpected(type, step);
    }
    return true;
  }

  private static ProtocolException unexpected(byte type, Step step) {
    return Unexpected.message(type, "waiting for the reply to " + switch (step) {
      case PARSE -> "Parse";
      case BIND -> "Bind";
      case DESCRIBE_STATEMENT -> "Describe";
      case EXECUTE, EXECUTE_LIMITED -> "Execute";
      case CLOSE -> "Close";
      case SYNC -> "Sync";
    });
  }
}
