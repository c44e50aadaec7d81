package io.sluice.internal.engine;

import io.sluice.ConnectionException;
import io.sluice.ProtocolViolationException;
import io.sluice.ServerException;
import io.sluice.SluiceException.Outcome;
import io.sluice.SluiceException;
import io.sluice.protocol.BackendDecoder;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.BackendTag;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.ProtocolException;
import io.sluice.protocol.ReplyBodies;
import io.sluice.protocol.TransactionStatus;

/**
 * Hands each message from the server to where it belongs. Messages that may come at any time
 * (notices, notifications, parameter changes) go to the session, in this one place; every other
 * one must be a reply the request at the head of the queue expects now ({@link ReplyOrder}), or
 * the connection ends. A connection-fatal error ends it too, with each request's outcome decided
 * by whether the server can have started it.
 */
final class ReplyDispatcher {
  /** What the dispatcher tells the engine: a request is complete, or the connection is over. */
  interface Ends {
    void completed(Request r);

    /** The connection failed with {@code cause}; requests from {@code notStartedSeq} on were not started. */
    void failed(SluiceException cause, long notStartedSeq);

    default void failed(SluiceException cause) {
      failed(cause, Long.MAX_VALUE);
    }
  }

  private final ServerSession s;
  private final Ends ends;

  ReplyDispatcher(ServerSession s, Ends ends) {
    this.s = s;
    this.ends = ends;
  }

  /** NoticeResponse, NotificationResponse, ParameterStatus: they may come at any time. */
  static boolean asynchronous(byte type) {
    return type == BackendTag.NOTICE_RESPONSE || type == BackendTag.NOTIFICATION_RESPONSE
        || type == BackendTag.PARAMETER_STATUS;
  }

  /**
   * Hands one message to the request at the head; false when it ended the connection. Messages
   * that may come at any time are handled first; every other one must be a reply the head's
   * {@link ReplyOrder} allows now, or the connection is closed.
   */
  boolean dispatch(Request head, byte type, FrameReader in) {
    if (asynchronous(type)) {
      s.asynchronous(in.decode());
      return true;
    }
    ServerException error = null;
    if (type == BackendTag.ERROR_RESPONSE) {
      error = new ServerException(((BackendMessage.ErrorResponse) in.decode()).fields());
      if (error.isConnectionFatal()) {
        sessionEnded(head, error);
        return false;
      }
    }
    ReplyOrder.Owner owner = head.replyOrder().accept(type);
    if (in.bodyLength() != 0 && hasNoBody(type)) {
      // a body where the protocol has none: the bytes that follow were framed by a lie
      throw new ProtocolException(name(type) + " with a body of " + in.bodyLength() + " bytes; it has none");
    }
    if (owner == ReplyOrder.Owner.BEGIN) {
      return true;   // the deferred BEGIN's own ParseComplete, BindComplete, CommandComplete
    }
    head.answered();   // its own reply (BEGIN_FAILED too: the request is skipped with it)
    switch (type) {
      case BackendTag.READY_FOR_QUERY -> {
        TransactionStatus status = ReplyBodies.readyStatus(in);
        s.readyForQuery(status);
        boolean last = head.ready(status);
        head.onReady(status);
        if (last) {
          ends.completed(head);
        }
      }
      case BackendTag.ERROR_RESPONSE -> {
        head.serverError(error);
        head.onMessage(type, in);
      }
      default -> head.onMessage(type, in);
    }
    return true;
  }
  /** A message while no request waits; false when it closed the connection. */
  boolean unsolicited(byte type, FrameReader in) {
    switch (type) {
      case BackendTag.NOTICE_RESPONSE, BackendTag.NOTIFICATION_RESPONSE, BackendTag.PARAMETER_STATUS -> {
        s.asynchronous(in.decode());
        return true;
      }
      case BackendTag.ERROR_RESPONSE -> {   // FATAL while idle: terminated, shut down, idle_session_timeout
        ServerException e;
        try {
          e = new ServerException(((BackendMessage.ErrorResponse) in.decode()).fields());
        } catch (ProtocolException bad) {
          ends.failed(violation(bad));
          return false;
        }
        ends.failed(new ConnectionException("the server ended the session: " + e.getMessage(), Outcome.UNKNOWN, e));
        return false;
      }
      default -> {
        ends.failed(new ProtocolViolationException("protocol violation from the server, connection closed: "
            + name(type) + " while no request was waiting", Outcome.UNKNOWN, null));
        return false;
      }
    }
  }
  /**
   * A connection-fatal ErrorResponse (FATAL, PANIC; the backend was terminated or the server shuts
   * down) arrived for {@code head}. The server handles messages in order, so the requests behind
   * the head were never started: they fail as not sent, and so does the head itself when it had
   * no reply yet and its first message is one the server answers before acting on anything.
   */
  private void sessionEnded(Request head, ServerException e) {
    long seq = head.seq();
    long notStarted = head.state() == InFlight.State.QUEUED && head.answersBeforeActing() ? seq : seq + 1;
    ends.failed(new ConnectionException("the server ended the session: " + e.getMessage(), Outcome.UNKNOWN, e),
        notStarted);
  }
  /** ParseComplete, BindComplete, CloseComplete, NoData, PortalSuspended, EmptyQueryResponse, CopyDone. */
  private static boolean hasNoBody(byte type) {
    return switch (type) {
      case BackendTag.PARSE_COMPLETE, BackendTag.BIND_COMPLETE, BackendTag.CLOSE_COMPLETE, BackendTag.NO_DATA,
          BackendTag.PORTAL_SUSPENDED, BackendTag.EMPTY_QUERY_RESPONSE, BackendTag.COPY_DONE -> true;
      default -> false;
    };
  }
  static ProtocolViolationException violation(ProtocolException e) {
    return new ProtocolViolationException("protocol violation from the server, connection closed: " + e.getMessage(),
        Outcome.UNKNOWN, e);
  }

  static String name(byte type) {
    return BackendDecoder.nameOf(type);
  }
}
