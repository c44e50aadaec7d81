package io.sluice.internal.replication;

import io.sluice.ProtocolViolationException;
import io.sluice.ServerException;
import io.sluice.SimpleResult;
import io.sluice.SluiceException.Outcome;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.engine.EngineSettings;
import io.sluice.internal.engine.RequestEngine;
import io.sluice.internal.requests.SimpleQueryRequest;
import io.sluice.internal.session.ConnectPlan;
import io.sluice.internal.session.Connector;
import io.sluice.internal.engine.ServerSession;
import io.sluice.internal.session.SessionAttrs;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.BackendMessage.CommandComplete;
import io.sluice.protocol.BackendMessage.CopyBothResponse;
import io.sluice.protocol.BackendMessage.ErrorResponse;
import io.sluice.protocol.BackendMessage.ReadyForQuery;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.FrontendMessage;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The operations a replication session ({@code io.sluice.internal.replication}) performs on its
 * {@link ServerSession}: the same connect path as a connection, simple-protocol commands (a
 * walsender accepts no other), and the CopyBoth sub-protocol of {@code START_REPLICATION}, read
 * frame by frame.
 */
public final class ReplicationAccess {
  private ReplicationAccess() {}

  /** Connects as {@link Connector#connect(ConnectPlan)} does. */
  public static ServerSession connect(ConnectPlan p) {
    return Connector.connect(p);
  }

  /** Runs commands with the simple query protocol; a server error is thrown after ReadyForQuery. */
  public static List<SimpleResult> simpleQuery(ServerSession s, String sql, long timeoutNanos) {
    RequestEngine engine = new RequestEngine(s, EngineSettings.ONE_AT_A_TIME);
    SimpleQueryRequest q = new SimpleQueryRequest(sql, engine);
    engine.run(q, Deadline.in(timeoutNanos));
    q.throwUndecodable();
    return q.results();
  }

  /**
   * Sends a command that answers with CopyBothResponse ({@code START_REPLICATION}) and reads up to
   * it. An error is read through to ReadyForQuery and thrown; the session stays usable.
   */
  static void startCopyBoth(ServerSession s, String sql) {
    s.send(new FrontendMessage.Query(sql), Outcome.NOT_SENT);
    ServerException error = null;
    while (true) {
      BackendMessage m = s.next(Outcome.UNKNOWN);
      switch (m) {
        case CopyBothResponse c -> {
          if (error == null) {
            return;
          }
        }
        case ErrorResponse e -> error = new ServerException(e.fields());
        case ReadyForQuery r -> {
          if (error != null) {
            throw error;
          }
          throw violation(s, "the server answered START_REPLICATION without CopyBothResponse");
        }
        case CommandComplete c -> { }
        default -> throw violation(s, "unexpected " + m.getClass().getSimpleName() + " in answer to START_REPLICATION");
      }
    }
  }

  /** After both sides' CopyDone: reads CommandComplete and ReadyForQuery; the session takes commands again. */
  static void finishCopyBoth(ServerSession s) {
    ServerException error = null;
    while (true) {
      BackendMessage m = s.next(Outcome.UNKNOWN);
      switch (m) {
        case CommandComplete c -> { }
        case ErrorResponse e -> error = new ServerException(e.fields());
        case ReadyForQuery r -> {
          if (error != null) {
            throw error;
          }
          return;
        }
        default -> throw violation(s, "unexpected " + m.getClass().getSimpleName() + " after the end of replication");
      }
    }
  }

  private static ProtocolViolationException violation(ServerSession s, String message) {
    s.markBroken();
    return new ProtocolViolationException(message + "; connection closed", Outcome.UNKNOWN, null);
  }

  /** The frame reader: the stream reads CopyData bodies in place, without a copy. */
  public static FrameReader reader(ServerSession s) {
    return s.frames();
  }

  /**
   * Handles NoticeResponse and ParameterStatus as any session does (a shutdown notice is
   * connection-fatal); false for any other message.
   */
  public static boolean asynchronous(ServerSession s, BackendMessage m) {
    return s.asynchronous(m);
  }

  /** Writes bytes at once; one writer at a time (the caller's lock), concurrently with one reader. */
  public static void write(ServerSession s, byte[] b, int off, int len) throws IOException {
    s.transport().write(b, off, len);
  }

  public static Map<String, String> parameters(ServerSession s) {
    return s.parameters();
  }

  /** Where ParameterStatus values go, besides the session's own map. */
  static void onParameter(ServerSession s, BiConsumer<String, String> listener) {
    s.onParameterChange(listener);
  }

  public static int processId(ServerSession s) {
    return s.processId();
  }

  public static String describe(ServerSession s) {
    return s.describe();
  }

  public static boolean isBroken(ServerSession s) {
    return s.isBroken();
  }

  /** Closes the socket at once; blocked reads and writes fail. */
  public static void markBroken(ServerSession s) {
    s.markBroken();
  }

  /** Ends the session politely (Terminate), then closes the socket. */
  public static void terminate(ServerSession s) {
    SessionAttrs.close(s);
  }
}
