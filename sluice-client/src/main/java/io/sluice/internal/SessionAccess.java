package io.sluice.internal;

import io.sluice.ConnectionException;
import io.sluice.ProtocolViolationException;
import io.sluice.ServerException;
import io.sluice.SimpleResult;
import io.sluice.SluiceException.Outcome;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.BackendMessage.*;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.ProtocolException;
import io.sluice.protocol.Utf8;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The operations the public {@code Connection} performs on its session. Callers hold the
 * connection's lock.
 */
public final class SessionAccess {
  private SessionAccess() {}

  public static List<SimpleResult> simpleQuery(ServerSession s, String sql) {
    try {
      s.queue(new FrontendMessage.Query(sql));
    } catch (ProtocolException e) {
      s.out.reset();
      throw new io.sluice.SluiceException("cannot send this SQL: " + e.getMessage(), Outcome.NOT_SENT, e);
    }
    s.flush(Outcome.UNKNOWN);
    List<SimpleResult> results = new ArrayList<>();
    List<String> columns = List.of();
    List<List<String>> rows = new ArrayList<>();
    ServerException error = null;
    while (true) {
      BackendMessage m = s.next(Outcome.UNKNOWN);
      switch (m) {
        case RowDescription d -> {
          columns = d.fields().stream().map(Field::name).toList();
          rows = new ArrayList<>();
        }
        case DataRow r -> rows.add(textValues(s, r));
        case CommandComplete c -> {
          results.add(new SimpleResult(columns, rows, c.tag()));
          columns = List.of();
          rows = new ArrayList<>();
        }
        case EmptyQueryResponse e -> results.add(new SimpleResult(List.of(), List.of(), ""));
        case ErrorResponse e -> {
          error = new ServerException(e.fields());
          if (error.isConnectionFatal()) {
            s.markBroken();
            throw error;
          }
        }
        case CopyInResponse c -> s.send(new FrontendMessage.CopyFail(
            "COPY FROM STDIN is not available through simpleQuery"), Outcome.UNKNOWN);
        case CopyOutResponse c -> { /* the CopyData that follow are discarded */ }
        case CopyData d -> { /* discarded: COPY TO STDOUT through simpleQuery */ }
        case CopyDone d -> { /* end of discarded COPY data */ }
        case ReadyForQuery r -> {
          s.transactionStatus = r.transactionStatus();
          if (error != null) {
            throw error;
          }
          return results;
        }
        default -> throw unexpected(s, m, "a simple query");
      }
    }
  }

  private static List<String> textValues(ServerSession s, DataRow r) {
    String[] values = new String[r.values().length];
    for (int i = 0; i < values.length; i++) {
      byte[] v = r.values()[i];
      values[i] = v == null ? null : Utf8.decode(v, 0, v.length);
    }
    return Arrays.asList(values);
  }

  static ProtocolViolationException unexpected(ServerSession s, BackendMessage m, String during) {
    s.markBroken();
    return new ProtocolViolationException("unexpected " + m.getClass().getSimpleName() + " during " + during
        + "; connection closed", Outcome.UNKNOWN, null);
  }

  public static Map<String, String> parameters(ServerSession s) {
    return s.parameters;
  }

  public static int processId(ServerSession s) {
    return s.processId;
  }

  public static int protocolVersion(ServerSession s) {
    return s.protocolVersion;
  }

  public static String tlsProtocol(ServerSession s) {
    return s.transport.tlsProtocol();
  }

  public static boolean isBroken(ServerSession s) {
    return s.isBroken();
  }

  public static String describe(ServerSession s) {
    return s.transport.describe();
  }

  /** Sends Terminate and closes; a failure to send is of no consequence. */
  public static void terminate(ServerSession s) {
    try {
      if (!s.isBroken()) {
        s.send(FrontendMessage.Terminate.INSTANCE, Outcome.NOT_SENT);
      }
    } catch (ConnectionException ignored) {
      // the server may already be gone; closing is all that is left
    } finally {
      s.transport.close();
    }
  }

  public static void abort(ServerSession s) {
    s.markBroken();
  }
}
