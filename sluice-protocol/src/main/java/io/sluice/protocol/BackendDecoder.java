package io.sluice.protocol;

import io.sluice.protocol.BackendMessage.*;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes one backend message body into its record. A total function over untrusted bytes: any
 * malformed input (unknown type, short body, trailing bytes, negative counts or lengths, invalid
 * UTF-8) throws {@link ProtocolException} and nothing else.
 */
public final class BackendDecoder {
  private BackendDecoder() {}

  /** The longest cancel key protocol 3.2 allows. */
  public static final int MAX_CANCEL_KEY_LENGTH = 256;

  public static BackendMessage decode(byte type, byte[] buf, int off, int len) {
    String name = nameOf(type);
    WireReader r = new WireReader(buf, off, len, name);
    BackendMessage m = switch (type) {
      case BackendTag.AUTHENTICATION -> authentication(r);
      case BackendTag.BACKEND_KEY_DATA -> {
        int pid = r.int32();
        int keyLength = r.remaining();
        if (keyLength < 4 || keyLength > MAX_CANCEL_KEY_LENGTH) {
          throw new ProtocolException("BackendKeyData: cancel key of " + keyLength + " bytes (allowed 4 to 256)");
        }
        yield new BackendKeyData(pid, r.rest());
      }
      case BackendTag.BIND_COMPLETE -> BindComplete.INSTANCE;
      case BackendTag.CLOSE_COMPLETE -> CloseComplete.INSTANCE;
      case BackendTag.COMMAND_COMPLETE -> new CommandComplete(r.cstring());
      case BackendTag.COPY_DATA -> new CopyData(r.rest());
      case BackendTag.COPY_DONE -> CopyDone.INSTANCE;
      case BackendTag.COPY_IN_RESPONSE -> { CopyResponse c = copyResponse(r); yield new CopyInResponse(c.format, c.columns); }
      case BackendTag.COPY_OUT_RESPONSE -> { CopyResponse c = copyResponse(r); yield new CopyOutResponse(c.format, c.columns); }
      case BackendTag.COPY_BOTH_RESPONSE -> { CopyResponse c = copyResponse(r); yield new CopyBothResponse(c.format, c.columns); }
      case BackendTag.DATA_ROW -> dataRow(r);
      case BackendTag.EMPTY_QUERY_RESPONSE -> EmptyQueryResponse.INSTANCE;
      case BackendTag.ERROR_RESPONSE -> new ErrorResponse(fields(r));
      case BackendTag.NOTICE_RESPONSE -> new NoticeResponse(fields(r));
      case BackendTag.FUNCTION_CALL_RESPONSE -> new FunctionCallResponse(r.lengthPrefixed());
      case BackendTag.NEGOTIATE_PROTOCOL_VERSION -> {
        int minor = r.int32();
        int n = r.int32();
        if (n < 0 || n > r.remaining()) {
          throw new ProtocolException("NegotiateProtocolVersion: option count " + n + " out of range");
        }
        List<String> options = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          options.add(r.cstring());
        }
        yield new NegotiateProtocolVersion(minor, options);
      }
      case BackendTag.NO_DATA -> NoData.INSTANCE;
      case BackendTag.NOTIFICATION_RESPONSE -> new NotificationResponse(r.int32(), r.cstring(), r.cstring());
      case BackendTag.PARAMETER_DESCRIPTION -> {
        // unsigned, as libpq reads it: a statement may have up to 65535 parameters
        int n = r.int16() & 0xFFFF;
        if (n * 4 > r.remaining()) {
          throw new ProtocolException("ParameterDescription: " + n + " parameters need more bytes than remain");
        }
        int[] types = new int[n];
        for (int i = 0; i < n; i++) {
          types[i] = r.int32();
        }
        yield new ParameterDescription(types);
      }
      case BackendTag.PARAMETER_STATUS -> new ParameterStatus(r.cstring(), r.cstring());
      case BackendTag.PARSE_COMPLETE -> ParseComplete.INSTANCE;
      case BackendTag.PORTAL_SUSPENDED -> PortalSuspended.INSTANCE;
      case BackendTag.READY_FOR_QUERY -> {
        yield new ReadyForQuery(TransactionStatus.of(r.int8()));
      }
      case BackendTag.ROW_DESCRIPTION -> rowDescription(r);
      default -> throw new ProtocolException("unknown backend message type " + describeType(type));
    };
    r.expectEnd();
    return m;
  }

  private static BackendMessage authentication(WireReader r) {
    int code = r.int32();
    return switch (code) {
      case 0 -> AuthenticationOk.INSTANCE;
      case 2 -> AuthenticationKerberosV5.INSTANCE;
      case 3 -> AuthenticationCleartextPassword.INSTANCE;
      case 5 -> new AuthenticationMD5Password(r.bytes(4));
      case 7 -> AuthenticationGSS.INSTANCE;
      case 8 -> new AuthenticationGSSContinue(r.rest());
      case 9 -> AuthenticationSSPI.INSTANCE;
      case 10 -> {
        List<String> mechanisms = new ArrayList<>();
        while (true) {
          String m = r.cstring();
          if (m.isEmpty()) {
            break;
          }
          mechanisms.add(m);
        }
        yield new AuthenticationSASL(mechanisms);
      }
      case 11 -> new AuthenticationSASLContinue(r.rest());
      case 12 -> new AuthenticationSASLFinal(r.rest());
      default -> throw new ProtocolException("unknown authentication request code " + code);
    };
  }

  private record CopyResponse(int format, short[] columns) {}

  private static CopyResponse copyResponse(WireReader r) {
    int format = r.int8();
    if (format != 0 && format != 1) {
      throw new ProtocolException("copy response: unknown format " + format);
    }
    int n = r.count16("column count");
    if (n * 2 > r.remaining()) {
      throw new ProtocolException("copy response: " + n + " columns need more bytes than remain");
    }
    short[] columns = new short[n];
    for (int i = 0; i < n; i++) {
      columns[i] = r.int16();
    }
    return new CopyResponse(format, columns);
  }

  private static DataRow dataRow(WireReader r) {
    int n = r.count16("column count");
    if (n * 4 > r.remaining()) {
      throw new ProtocolException("DataRow: " + n + " columns need more bytes than remain");
    }
    byte[][] values = new byte[n][];
    for (int i = 0; i < n; i++) {
      values[i] = r.lengthPrefixed();
    }
    return new DataRow(values);
  }

  private static Map<Character, String> fields(WireReader r) {
    Map<Character, String> fields = new LinkedHashMap<>();
    while (true) {
      byte code = r.int8();
      if (code == 0) {
        return fields;
      }
      fields.put((char) (code & 0xFF), r.cstring());
    }
  }

  private static RowDescription rowDescription(WireReader r) {
    int n = r.count16("field count");
    // each field needs at least 19 bytes (an empty name's NUL + 18 bytes of attributes)
    if (n * 19L > r.remaining()) {
      throw new ProtocolException("RowDescription: " + n + " fields need more bytes than remain");
    }
    List<Field> fields = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String name = r.cstring();
      int table = r.int32();
      short column = r.int16();
      int type = r.int32();
      short size = r.int16();
      int modifier = r.int32();
      short format = r.int16();
      if (format != 0 && format != 1) {
        throw new ProtocolException("RowDescription: column " + name + " has unknown format " + format);
      }
      fields.add(new Field(name, table, column, type, size, modifier, format));
    }
    return new RowDescription(fields);
  }

  /** The message's name for a type byte; see {@link BackendTag#nameOf}. */
  public static String nameOf(byte type) {
    return BackendTag.nameOf(type);
  }

  static String describeType(byte type) {
    return BackendTag.printable(type);
  }
}
