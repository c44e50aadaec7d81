package io.sluice.protocol;

import io.sluice.protocol.BackendMessage.*;
import java.util.Map;

/**
 * Encodes backend messages: the inverse of {@link BackendDecoder}, for the scripted fake server
 * and round-trip tests. The client never sends these.
 *
 * <p>It writes what the record holds without judging it (a 3-byte cancel key or an unknown
 * transaction status is written as given, so tests can provoke the decoder), except where the
 * wire cannot represent the value: a count over 16 bits and a NUL inside a string throw
 * {@link ProtocolException} instead of writing something else.
 */
public final class BackendEncoder {
  private BackendEncoder() {}

  /** Encodes a message into a new array. */
  public static byte[] toBytes(BackendMessage m) {
    WireWriter w = new WireWriter(64);
    encode(m, w);
    return w.toByteArray();
  }

  /** Appends {@code m}, type byte and length included. */
  public static void encode(BackendMessage m, WireWriter w) {
    switch (m) {
      case AuthenticationOk x -> authentication(w, 0);
      case AuthenticationKerberosV5 x -> authentication(w, 2);
      case AuthenticationCleartextPassword x -> authentication(w, 3);
      case AuthenticationMD5Password x -> authentication(w, 5, x.salt());
      case AuthenticationGSS x -> authentication(w, 7);
      case AuthenticationGSSContinue x -> authentication(w, 8, x.data());
      case AuthenticationSSPI x -> authentication(w, 9);
      case AuthenticationSASL x -> {
        int at = w.begin(BackendTag.AUTHENTICATION);
        w.int32(10);
        for (String mechanism : x.mechanisms()) {
          w.cstring(mechanism);
        }
        w.int8(0);
        w.end(at);
      }
      case AuthenticationSASLContinue x -> authentication(w, 11, x.data());
      case AuthenticationSASLFinal x -> authentication(w, 12, x.data());
      case BackendKeyData x -> {
        int at = w.begin(BackendTag.BACKEND_KEY_DATA);
        w.int32(x.processId()).bytes(x.secretKey());
        w.end(at);
      }
      case BindComplete x -> empty(w, '2');
      case CloseComplete x -> empty(w, '3');
      case CommandComplete x -> {
        int at = w.begin(BackendTag.COMMAND_COMPLETE);
        w.cstring(x.tag());
        w.end(at);
      }
      case CopyData x -> {
        int at = w.begin(BackendTag.COPY_DATA);
        w.bytes(x.data());
        w.end(at);
      }
      case CopyDone x -> empty(w, 'c');
      case CopyInResponse x -> copyResponse(w, 'G', x.format(), x.columnFormats());
      case CopyOutResponse x -> copyResponse(w, 'H', x.format(), x.columnFormats());
      case CopyBothResponse x -> copyResponse(w, 'W', x.format(), x.columnFormats());
      case DataRow x -> {
        int at = w.begin(BackendTag.DATA_ROW);
        w.int16(count(x.values().length, "DataRow values"));
        for (byte[] v : x.values()) {
          lengthPrefixed(w, v);
        }
        w.end(at);
      }
      case EmptyQueryResponse x -> empty(w, 'I');
      case ErrorResponse x -> fields(w, 'E', x.fields());
      case NoticeResponse x -> fields(w, 'N', x.fields());
      case FunctionCallResponse x -> {
        int at = w.begin(BackendTag.FUNCTION_CALL_RESPONSE);
        lengthPrefixed(w, x.value());
        w.end(at);
      }
      case NegotiateProtocolVersion x -> {
        int at = w.begin(BackendTag.NEGOTIATE_PROTOCOL_VERSION);
        w.int32(x.newestMinorVersion()).int32(x.unrecognizedOptions().size());
        for (String option : x.unrecognizedOptions()) {
          w.cstring(option);
        }
        w.end(at);
      }
      case NoData x -> empty(w, 'n');
      case NotificationResponse x -> {
        int at = w.begin(BackendTag.NOTIFICATION_RESPONSE);
        w.int32(x.processId()).cstring(x.channel()).cstring(x.payload());
        w.end(at);
      }
      case ParameterDescription x -> {
        int at = w.begin(BackendTag.PARAMETER_DESCRIPTION);
        w.int16(count(x.types().length, "parameter types"));
        for (int t : x.types()) {
          w.int32(t);
        }
        w.end(at);
      }
      case ParameterStatus x -> {
        int at = w.begin(BackendTag.PARAMETER_STATUS);
        w.cstring(x.name()).cstring(x.value());
        w.end(at);
      }
      case ParseComplete x -> empty(w, '1');
      case PortalSuspended x -> empty(w, 's');
      case ReadyForQuery x -> {
        int at = w.begin(BackendTag.READY_FOR_QUERY);
        w.int8(x.status().code());
        w.end(at);
      }
      case RowDescription x -> {
        int at = w.begin(BackendTag.ROW_DESCRIPTION);
        w.int16(count(x.fields().size(), "RowDescription fields"));
        for (Field f : x.fields()) {
          w.cstring(f.name()).int32(f.tableOid()).int16(f.columnNumber()).int32(f.typeOid())
              .int16(f.typeSize()).int32(f.typeModifier()).int16(f.format());
        }
        w.end(at);
      }
    }
  }

  private static void empty(WireWriter w, char type) {
    w.end(w.begin((byte) type));
  }

  private static void authentication(WireWriter w, int code) {
    int at = w.begin(BackendTag.AUTHENTICATION);
    w.int32(code);
    w.end(at);
  }

  private static void authentication(WireWriter w, int code, byte[] data) {
    int at = w.begin(BackendTag.AUTHENTICATION);
    w.int32(code).bytes(data);
    w.end(at);
  }

  private static void copyResponse(WireWriter w, char type, int format, short[] columnFormats) {
    int at = w.begin((byte) type);
    w.int8(format).int16(count(columnFormats.length, "copy column formats"));
    for (short f : columnFormats) {
      w.int16(f);
    }
    w.end(at);
  }

  private static void fields(WireWriter w, char type, Map<Character, String> fields) {
    int at = w.begin((byte) type);
    for (Map.Entry<Character, String> f : fields.entrySet()) {
      char code = f.getKey();
      if (code == 0 || code > 0xFF) {
        throw new ProtocolException("error field code " + (int) code + " does not fit the one-byte, non-zero code");
      }
      w.int8(code).cstring(f.getValue());
    }
    w.int8(0);
    w.end(at);
  }

  private static void lengthPrefixed(WireWriter w, byte[] v) {
    if (v == null) {
      w.int32(-1);
    } else {
      w.int32(v.length).bytes(v);
    }
  }

  private static int count(int n, String what) {
    if (n > 0xFFFF) {
      throw new ProtocolException("a message can carry at most 65535 " + what + ", not " + n);
    }
    return n;
  }
}
