package io.sluice.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One readable line per protocol message, for tests and for users debugging a connection:
 * {@code F Parse name="" sql="select $1" types=[23]},
 * {@code B DataRow 2 values: 4 bytes, NULL}. Frontend lines start with {@code F}, backend lines
 * with {@code B}.
 *
 * <p>Secrets never reach a line: a PasswordMessage is {@code ***}, SASL and GSS payloads and
 * cancel keys show only their length. Values (DataRow, Bind parameters, CopyData, function
 * arguments and results) show their length and, if the tracer is built with a positive
 * {@code maxValueBytes}, a hex prefix of at most that many bytes; row data may be personal data,
 * so {@link #DEFAULT} shows lengths only. Text (SQL, names, error fields) is cut after
 * {@code maxTextChars} with a note of the full length, and control characters are escaped so a
 * message is always one line.
 *
 * <p>The tracer does no I/O: hand its lines to a {@link Sink}, such as a {@code System.Logger}
 * ({@code line -> logger.log(Level.DEBUG, line)}) or a test's {@code list::add}.
 */
public final class MessageTracer {

  /** Where trace lines go. */
  @FunctionalInterface
  public interface Sink {
    void trace(String line);
  }

  /** Text cut after 200 characters, values as lengths only. */
  public static final MessageTracer DEFAULT = new MessageTracer(200, 0);

  /** At most this many items of a list (values, fields, types) are shown. */
  private static final int MAX_ITEMS = 32;

  private final int maxTextChars;
  private final int maxValueBytes;

  /**
   * @param maxTextChars how much of a string to show before cutting it (at least 8)
   * @param maxValueBytes how many bytes of a value to show in hex; 0 shows lengths only
   */
  public MessageTracer(int maxTextChars, int maxValueBytes) {
    if (maxTextChars < 8 || maxValueBytes < 0) {
      throw new IllegalArgumentException("maxTextChars " + maxTextChars + ", maxValueBytes " + maxValueBytes);
    }
    this.maxTextChars = maxTextChars;
    this.maxValueBytes = maxValueBytes;
  }

  /** Formats {@code m} and hands the line to {@code sink}. */
  public void trace(FrontendMessage m, Sink sink) {
    sink.trace(format(m));
  }

  /** Formats {@code m} and hands the line to {@code sink}. */
  public void trace(BackendMessage m, Sink sink) {
    sink.trace(format(m));
  }

  public String format(FrontendMessage m) {
    return "F " + switch (m) {
      case FrontendMessage.StartupMessage x -> {
        StringBuilder sb = new StringBuilder("StartupMessage ").append(ProtocolVersion.toString(x.protocolVersion()));
        for (Map.Entry<String, String> p : limit(x.parameters())) {
          sb.append(' ').append(text(p.getKey(), false)).append('=').append(text(p.getValue(), true));
        }
        yield sb.append(more(x.parameters().size())).toString();
      }
      case FrontendMessage.SSLRequest x -> "SSLRequest";
      case FrontendMessage.GSSENCRequest x -> "GSSENCRequest";
      case FrontendMessage.CancelRequest x ->
          "CancelRequest pid=" + x.processId() + " key=(" + bytes(x.secretKey().length) + ")";
      case FrontendMessage.PasswordMessage x -> "PasswordMessage ***";
      case FrontendMessage.SASLInitialResponse x -> "SASLInitialResponse mechanism=" + text(x.mechanism(), false)
          + " data=" + (x.data() == null ? "none" : "(" + bytes(x.data().length) + ")");
      case FrontendMessage.SASLResponse x -> "SASLResponse (" + bytes(x.data().length) + ")";
      case FrontendMessage.GSSResponse x -> "GSSResponse (" + bytes(x.data().length) + ")";
      case FrontendMessage.Query x -> "Query sql=" + text(x.sql(), true);
      case FrontendMessage.Parse x -> "Parse name=" + text(x.name(), true) + " sql=" + text(x.sql(), true)
          + " types=" + ints(x.parameterTypes());
      case FrontendMessage.Bind x -> "Bind portal=" + text(x.portal(), true)
          + " statement=" + text(x.statement(), true) + " formats=" + shorts(x.parameterFormats())
          + " params=[" + values(x.parameters()) + "] results=" + shorts(x.resultFormats());
      case FrontendMessage.Describe x -> "Describe " + kind(x.kind()) + " " + text(x.name(), true);
      case FrontendMessage.Execute x -> "Execute portal=" + text(x.portal(), true) + " maxRows=" + x.maxRows();
      case FrontendMessage.Close x -> "Close " + kind(x.kind()) + " " + text(x.name(), true);
      case FrontendMessage.Sync x -> "Sync";
      case FrontendMessage.Flush x -> "Flush";
      case FrontendMessage.Terminate x -> "Terminate";
      case FrontendMessage.CopyData x -> "CopyData " + value(x.data());
      case FrontendMessage.CopyDone x -> "CopyDone";
      case FrontendMessage.CopyFail x -> "CopyFail " + text(x.message(), true);
      case FrontendMessage.FunctionCall x -> "FunctionCall oid=" + x.functionOid()
          + " formats=" + shorts(x.argumentFormats()) + " args=[" + values(x.arguments()) + "] result="
          + format(x.resultFormat());
    };
  }

  public String format(BackendMessage m) {
    return "B " + switch (m) {
      case BackendMessage.AuthenticationOk x -> "AuthenticationOk";
      case BackendMessage.AuthenticationKerberosV5 x -> "AuthenticationKerberosV5";
      case BackendMessage.AuthenticationCleartextPassword x -> "AuthenticationCleartextPassword";
      // the salt is sent in the clear and is no secret
      case BackendMessage.AuthenticationMD5Password x -> "AuthenticationMD5Password salt=" + hex(x.salt(), 4);
      case BackendMessage.AuthenticationGSS x -> "AuthenticationGSS";
      case BackendMessage.AuthenticationGSSContinue x -> "AuthenticationGSSContinue (" + bytes(x.data().length) + ")";
      case BackendMessage.AuthenticationSSPI x -> "AuthenticationSSPI";
      case BackendMessage.AuthenticationSASL x -> "AuthenticationSASL mechanisms=" + strings(x.mechanisms());
      case BackendMessage.AuthenticationSASLContinue x ->
          "AuthenticationSASLContinue (" + bytes(x.data().length) + ")";
      case BackendMessage.AuthenticationSASLFinal x -> "AuthenticationSASLFinal (" + bytes(x.data().length) + ")";
      case BackendMessage.BackendKeyData x ->
          "BackendKeyData pid=" + x.processId() + " key=(" + bytes(x.secretKey().length) + ")";
      case BackendMessage.BindComplete x -> "BindComplete";
      case BackendMessage.CloseComplete x -> "CloseComplete";
      case BackendMessage.CommandComplete x -> "CommandComplete " + text(x.tag(), false);
      case BackendMessage.CopyData x -> "CopyData " + value(x.data());
      case BackendMessage.CopyDone x -> "CopyDone";
      case BackendMessage.CopyInResponse x -> "CopyInResponse " + copy(x.format(), x.columnFormats());
      case BackendMessage.CopyOutResponse x -> "CopyOutResponse " + copy(x.format(), x.columnFormats());
      case BackendMessage.CopyBothResponse x -> "CopyBothResponse " + copy(x.format(), x.columnFormats());
      case BackendMessage.DataRow x -> "DataRow " + count(x.values().length, "value")
          + (x.values().length == 0 ? "" : ": " + values(x.values()));
      case BackendMessage.EmptyQueryResponse x -> "EmptyQueryResponse";
      case BackendMessage.ErrorResponse x -> "ErrorResponse" + fields(x.fields());
      case BackendMessage.NoticeResponse x -> "NoticeResponse" + fields(x.fields());
      case BackendMessage.FunctionCallResponse x -> "FunctionCallResponse " + value(x.value());
      case BackendMessage.NegotiateProtocolVersion x -> "NegotiateProtocolVersion newest=3."
          + x.newestMinorVersion() + " unrecognized=" + strings(x.unrecognizedOptions());
      case BackendMessage.NoData x -> "NoData";
      case BackendMessage.NotificationResponse x -> "NotificationResponse pid=" + x.processId()
          + " channel=" + text(x.channel(), true) + " payload=" + text(x.payload(), true);
      case BackendMessage.ParameterDescription x -> "ParameterDescription types=" + ints(x.types());
      case BackendMessage.ParameterStatus x ->
          "ParameterStatus " + text(x.name(), false) + "=" + text(x.value(), true);
      case BackendMessage.ParseComplete x -> "ParseComplete";
      case BackendMessage.PortalSuspended x -> "PortalSuspended";
      case BackendMessage.ReadyForQuery x -> "ReadyForQuery " + status(x.status());
      case BackendMessage.RowDescription x -> "RowDescription " + count(x.fields().size(), "field")
          + (x.fields().isEmpty() ? "" : ": " + rowFields(x.fields()));
    };
  }

  private String rowFields(List<BackendMessage.Field> fields) {
    StringBuilder sb = new StringBuilder();
    for (BackendMessage.Field f : limit(fields)) {
      if (!sb.isEmpty()) {
        sb.append(", ");
      }
      sb.append(text(f.name(), false)).append(' ').append(typeName(f.typeOid()))
          .append('(').append(f.typeOid()).append(") ").append(format(f.format()));
    }
    return sb.append(more(fields.size())).toString();
  }

  private String fields(Map<Character, String> fields) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<Character, String> f : fields.entrySet()) {
      char code = f.getKey();
      sb.append(' ').append(code >= 0x21 && code < 0x7F ? String.valueOf(code) : String.format("0x%02x", (int) code))
          .append('=').append(text(f.getValue(), false));
    }
    return sb.toString();
  }

  private String values(byte[][] values) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < Math.min(values.length, MAX_ITEMS); i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(value(values[i]));
    }
    return sb.append(more(values.length)).toString();
  }

  /** {@code NULL}, {@code 4 bytes}, or with hex shown {@code 4 bytes 0000002a}. */
  private String value(byte[] v) {
    if (v == null) {
      return "NULL";
    }
    String length = bytes(v.length);
    return maxValueBytes == 0 || v.length == 0 ? length : length + " " + hex(v, maxValueBytes);
  }

  /**
   * The string escaped onto one line, quoted if asked, and cut after {@code maxTextChars} with its
   * full length noted: {@code "select …"(5000 chars)}.
   */
  private String text(String s, boolean quoted) {
    int cut = s.length();
    if (cut > maxTextChars) {
      cut = maxTextChars;
      if (Character.isHighSurrogate(s.charAt(cut - 1))) {
        cut--; // never split a surrogate pair
      }
    }
    StringBuilder sb = new StringBuilder(cut + 16);
    if (quoted) {
      sb.append('"');
    }
    for (int i = 0; i < cut; i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        case '\\' -> sb.append(quoted ? "\\\\" : "\\");
        case '"' -> sb.append(quoted ? "\\\"" : "\"");
        default -> {
          if (c < 0x20 || c == 0x7F || c == '\u2028' || c == '\u2029') {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    if (cut < s.length()) {
      sb.append('…');
    }
    if (quoted) {
      sb.append('"');
    }
    if (cut < s.length()) {
      sb.append('(').append(s.length()).append(" chars)");
    }
    return sb.toString();
  }

  private static String hex(byte[] b, int max) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < Math.min(b.length, max); i++) {
      sb.append(Character.forDigit((b[i] >> 4) & 0xF, 16)).append(Character.forDigit(b[i] & 0xF, 16));
    }
    return b.length > max ? sb.append('…').toString() : sb.toString();
  }

  private String strings(List<String> list) {
    List<String> shown = new ArrayList<>();
    for (String s : limit(list)) {
      shown.add(text(s, false));
    }
    return shown + more(list.size());
  }

  private static String ints(int[] a) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < Math.min(a.length, MAX_ITEMS); i++) {
      sb.append(i > 0 ? ", " : "").append(a[i]);
    }
    return sb.append(more(a.length)).append(']').toString();
  }

  private static String shorts(short[] a) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < Math.min(a.length, MAX_ITEMS); i++) {
      sb.append(i > 0 ? ", " : "").append(a[i]);
    }
    return sb.append(more(a.length)).append(']').toString();
  }

  private static <T> List<T> limit(List<T> list) {
    return list.size() > MAX_ITEMS ? list.subList(0, MAX_ITEMS) : list;
  }

  private static String more(int n) {
    return n > MAX_ITEMS ? ", … (" + (n - MAX_ITEMS) + " more)" : "";
  }

  private static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  private static String bytes(int n) {
    return count(n, "byte");
  }

  private static String format(short code) {
    return switch (code) {
      case 0 -> "text";
      case 1 -> "binary";
      default -> "format " + code;
    };
  }

  private static String copy(int format, short[] columnFormats) {
    return (format == 0 ? "text" : format == 1 ? "binary" : "format " + format) + " "
        + count(columnFormats.length, "column") + " " + shorts(columnFormats);
  }

  private static String kind(byte kind) {
    return switch (kind) {
      case 'S' -> "statement";
      case 'P' -> "portal";
      default -> "kind " + BackendDecoder.describeType(kind);
    };
  }

  private static String status(TransactionStatus status) {
    return switch (status) {
      case IDLE -> "I (idle)";
      case IN_TRANSACTION -> "T (in a transaction)";
      case FAILED -> "E (in a failed transaction)";
    };
  }

  /**
   * The name of a common built-in type, or {@code ?}: OIDs from PostgreSQL's
   * {@code src/include/catalog/pg_type.dat}, which never change. For reading traces only; the type
   * layer has the full table.
   */
  private static String typeName(int oid) {
    return switch (oid) {
      case 16 -> "bool";
      case 17 -> "bytea";
      case 18 -> "char";
      case 19 -> "name";
      case 20 -> "int8";
      case 21 -> "int2";
      case 23 -> "int4";
      case 25 -> "text";
      case 26 -> "oid";
      case 114 -> "json";
      case 700 -> "float4";
      case 701 -> "float8";
      case 1042 -> "bpchar";
      case 1043 -> "varchar";
      case 1082 -> "date";
      case 1083 -> "time";
      case 1114 -> "timestamp";
      case 1184 -> "timestamptz";
      case 1186 -> "interval";
      case 1700 -> "numeric";
      case 2950 -> "uuid";
      case 3802 -> "jsonb";
      default -> "?";
    };
  }
}
