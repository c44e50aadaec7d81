package io.sluice.internal.engine;

import io.sluice.protocol.BackendDecoder;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.BackendMessage.CommandComplete;
import io.sluice.protocol.BackendMessage.DataRow;
import io.sluice.protocol.BackendMessage.ErrorResponse;
import io.sluice.protocol.BackendMessage.Field;
import io.sluice.protocol.BackendMessage.NoticeResponse;
import io.sluice.protocol.BackendMessage.ParameterDescription;
import io.sluice.protocol.BackendMessage.ParameterStatus;
import io.sluice.protocol.BackendMessage.RowDescription;
import io.sluice.protocol.ProtocolException;
import io.sluice.protocol.WireReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The fuzzer's reference: what a strict client must make of a reply stream, given the requests in
 * flight (FIFO). It frames the bytes as the client's reader does (a length below 4 or above
 * {@code max_message_size} is a violation, a stream that ends inside a message is an end of
 * stream), decodes each message strictly, and walks each request through the replies the protocol
 * allows for its kind ("Message Flow", Extended Query):
 *
 * <ul>
 *   <li>run (Bind + Execute + Sync, after Parse when unnamed): [ParseComplete,] BindComplete,
 *       DataRow* (each with the described column count), then CommandComplete — whose
 *       {@code SELECT n} must count the rows — or EmptyQueryResponse (only for a statement without
 *       columns, and without rows), then ReadyForQuery;
 *   <li>prepare (Parse + Describe statement + Sync): ParseComplete, ParameterDescription,
 *       RowDescription or NoData, ReadyForQuery;
 *   <li>in either, an ErrorResponse anywhere before ReadyForQuery, then only ReadyForQuery;
 *   <li>NoticeResponse, ParameterStatus and NotificationResponse anywhere, harmless (unless they
 *       announce the end of the session: a shutdown SQLSTATE, a client_encoding other than UTF8);
 *   <li>anything else is a violation: that request and every one behind it fail, and the
 *       connection must be closed.
 * </ul>
 */
final class ReplyOracle {
  private ReplyOracle() {}

  /** What a request sent, hence what it may be answered. */
  record Request(Kind kind, boolean parsed, int columns) {}

  enum Kind { RUN, PREPARE }

  /** Why the connection broke at a request. */
  enum Cause { VIOLATION, END_OF_STREAM, FATAL }

  /** What the request must come to. */
  sealed interface Verdict {
    /** The rows its reply framed, in order: those a caller may have been handed, even if it failed. */
    List<byte[]> rows();
  }

  record Ran(List<byte[]> rows, String tag) implements Verdict {}

  record Described(int[] parameterTypes, List<Field> columns) implements Verdict {
    @Override
    public List<byte[]> rows() {
      return List.of();
    }
  }

  record Failed(List<byte[]> rows, Map<Character, String> fields) implements Verdict {}

  /** The connection broke at this request ({@code offender}) or at one ahead of it. */
  record Broken(List<byte[]> rows, Cause cause, boolean offender, String why) implements Verdict {}

  /** Verdicts in request order, and how many bytes the requests consumed. */
  record Run(List<Verdict> verdicts, int consumed) {
    boolean broken() {
      return verdicts.stream().anyMatch(v -> v instanceof Broken);
    }
  }

  /** Walks {@code requests} through {@code bytes}; the stream ends where the bytes do. */
  static Run run(List<Request> requests, byte[] bytes, int maxMessageSize) {
    List<Verdict> verdicts = new ArrayList<>(requests.size());
    Walk walk = new Walk(bytes, maxMessageSize);
    for (Request r : requests) {
      Verdict v = walk.request(r);
      verdicts.add(v);
      if (v instanceof Broken b) {
        for (int i = verdicts.size(); i < requests.size(); i++) {
          verdicts.add(new Broken(List.of(), b.cause(), false, "a request ahead broke the connection: " + b.why()));
        }
        break;
      }
    }
    return new Run(verdicts, walk.at);
  }

  /** Where the walk through one request's replies stands. */
  private enum State { PARSE, BIND, ROWS, COMPLETE, PARAMETERS, DESCRIPTION, READY, AFTER_ERROR }

  private static final class Walk {
    final byte[] b;
    final int max;
    int at;

    Walk(byte[] b, int max) {
      this.b = b;
      this.max = max;
    }

    Verdict request(Request r) {
      List<byte[]> rows = new ArrayList<>();
      State state = r.kind == Kind.PREPARE || r.parsed ? State.PARSE : State.BIND;
      String tag = null;
      int[] parameterTypes = null;
      List<Field> columns = null;
      Map<Character, String> error = null;
      while (true) {
        if (b.length - at < 5) {
          return broken(rows, Cause.END_OF_STREAM, "the stream ended before a message header");
        }
        byte type = b[at];
        int length = WireReader.getInt(b, at + 1);
        if (length < 4 || length - 4 > max) {
          return broken(rows, Cause.VIOLATION, "length " + length + " of " + BackendDecoder.nameOf(type));
        }
        if (b.length - at - 1 < length) {
          return broken(rows, Cause.END_OF_STREAM, "the stream ended inside " + BackendDecoder.nameOf(type));
        }
        BackendMessage m;
        try {
          m = BackendDecoder.decode(type, b, at + 5, length - 4);
        } catch (ProtocolException e) {
          return broken(rows, Cause.VIOLATION, e.getMessage());
        }
        int body = at + 5;
        at += 1 + length;
        String fatal = endsSession(m);
        if (fatal != null) {
          return broken(rows, Cause.FATAL, fatal);
        }
        if (m instanceof NoticeResponse || m instanceof ParameterStatus
            || m instanceof BackendMessage.NotificationResponse) {
          continue;
        }
        if (m instanceof ErrorResponse e && state != State.AFTER_ERROR) {
          error = e.fields();
          state = State.AFTER_ERROR;
          continue;
        }
        State next = next(r, state, m, rows.size());
        if (next == null) {
          return broken(rows, Cause.VIOLATION, misfit(r, state, m, rows.size()));
        }
        switch (m) {
          case DataRow d -> rows.add(Arrays.copyOfRange(b, body, body + length - 4));
          case CommandComplete c -> tag = c.tag();
          case BackendMessage.EmptyQueryResponse e -> tag = "";
          case ParameterDescription p -> parameterTypes = p.types();
          case RowDescription d -> columns = d.fields();
          case BackendMessage.NoData n -> columns = List.of();
          default -> { }
        }
        if (m instanceof BackendMessage.ReadyForQuery) {
          if (error != null) {
            return new Failed(rows, error);
          }
          return r.kind == Kind.RUN ? new Ran(rows, tag) : new Described(parameterTypes, columns);
        }
        state = next;
      }
    }

    private Broken broken(List<byte[]> rows, Cause cause, String why) {
      return new Broken(rows, cause, true, why);
    }
  }

  /** The state after {@code m}, or null when {@code m} is not allowed in {@code state}. */
  private static State next(Request r, State state, BackendMessage m, int rowsSoFar) {
    return switch (state) {
      case PARSE -> m instanceof BackendMessage.ParseComplete
          ? (r.kind == Kind.PREPARE ? State.PARAMETERS : State.BIND) : null;
      case BIND -> m instanceof BackendMessage.BindComplete ? State.ROWS : null;
      case ROWS -> switch (m) {
        case DataRow d -> d.values().length == r.columns ? State.ROWS : null;
        case CommandComplete c -> countsMatch(c.tag(), rowsSoFar, r.columns) ? State.COMPLETE : null;
        case BackendMessage.EmptyQueryResponse e -> r.columns == 0 && rowsSoFar == 0 ? State.COMPLETE : null;
        default -> null;
      };
      case PARAMETERS -> m instanceof ParameterDescription ? State.DESCRIPTION : null;
      case DESCRIPTION -> m instanceof RowDescription || m instanceof BackendMessage.NoData ? State.READY : null;
      case COMPLETE, READY, AFTER_ERROR -> m instanceof BackendMessage.ReadyForQuery ? state : null;
    };
  }

  /** Why {@code m} may not come in {@code state}, for the report. */
  private static String misfit(Request r, State state, BackendMessage m, int rowsSoFar) {
    if (state == State.ROWS && m instanceof DataRow d) {
      return "DataRow of " + d.values().length + " values where the description has " + r.columns + " columns";
    }
    if (state == State.ROWS && m instanceof CommandComplete c) {
      return "CommandComplete \"" + c.tag() + "\" after " + rowsSoFar + " rows";
    }
    if (state == State.ROWS && m instanceof BackendMessage.EmptyQueryResponse) {
      return "EmptyQueryResponse for a statement with " + r.columns + " columns, after " + rowsSoFar + " rows";
    }
    return m.getClass().getSimpleName() + " while in " + state;
  }

  /**
   * For a statement that returns rows, the count in its tag is the rows returned ({@code SELECT n};
   * {@code INSERT 0 n}, {@code UPDATE n}, {@code DELETE n}, {@code MERGE n} with RETURNING; {@code
   * FETCH n}). A statement without columns sends no rows whatever its tag says ({@code CREATE TABLE
   * AS} answers {@code SELECT n}).
   */
  private static boolean countsMatch(String tag, int rows, int columns) {
    String command = tag.indexOf(' ') < 0 ? tag : tag.substring(0, tag.indexOf(' '));
    if (columns == 0 || !java.util.Set.of("SELECT", "INSERT", "UPDATE", "DELETE", "MERGE", "FETCH").contains(command)) {
      return true;
    }
    try {
      return Long.parseLong(tag.substring(tag.lastIndexOf(' ') + 1)) == rows;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Why a message ends the session, or null: FATAL/PANIC, a shutdown SQLSTATE, a foreign encoding. */
  private static String endsSession(BackendMessage m) {
    Map<Character, String> f = switch (m) {
      case ErrorResponse e -> e.fields();
      case NoticeResponse n -> n.fields();
      case ParameterStatus p -> {
        yield p.name().equals("client_encoding") && !p.value().equalsIgnoreCase("UTF8")
            ? Map.of('M', "client_encoding " + p.value()) : null;
      }
      default -> null;
    };
    if (f == null) {
      return null;
    }
    if (m instanceof ParameterStatus) {
      return f.get('M');
    }
    String severity = f.getOrDefault('V', f.getOrDefault('S', ""));
    String state = f.getOrDefault('C', "");
    boolean fatal = severity.equals("FATAL") || severity.equals("PANIC")
        || state.equals("57P01") || state.equals("57P02") || state.equals("57P03");
    return fatal ? severity + " " + state : null;
  }
}
