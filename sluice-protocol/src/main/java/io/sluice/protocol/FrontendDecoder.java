package io.sluice.protocol;

import io.sluice.protocol.FrontendMessage.*;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Decodes frontend messages: the inverse of {@link FrontendMessage#encode}, for the scripted fake
 * server and round-trip tests. A total function over untrusted bytes, like {@link BackendDecoder}:
 * malformed input throws {@link ProtocolException} and nothing else.
 *
 * <p>It checks structure (lengths, counts, terminators, UTF-8, trailing bytes), not meaning: a
 * format code of 7 or a Describe kind of 'x' decode as sent, because PostgreSQL answers those with
 * an ErrorResponse and keeps the connection, while a structural error ends it.
 *
 * <p>Two kinds of message exist. The first message of a connection has no type byte
 * ({@link #decodeInitial}): StartupMessage, SSLRequest, GSSENCRequest and CancelRequest, told apart
 * by the int32 code that follows the length. All others are typed ({@link #decode}).
 */
public final class FrontendDecoder {
  private FrontendDecoder() {}

  /**
   * The longest body of an untyped first message ({@code MAX_STARTUP_PACKET_LENGTH} in
   * {@code src/include/libpq/pqcomm.h}; the length word is not counted).
   */
  public static final int MAX_INITIAL_MESSAGE_LENGTH = 10000;

  /**
   * Which message a type {@code 'p'} carries. PasswordMessage, SASLInitialResponse, SASLResponse
   * and GSSResponse all use {@code 'p'} and nothing in the bytes tells them apart: the server knows
   * from the authentication request it sent last, and so must the caller of {@link #decode}.
   */
  public enum AuthResponse {
    /** After AuthenticationCleartextPassword or AuthenticationMD5Password. */
    PASSWORD_MESSAGE,
    /** After AuthenticationSASL. */
    SASL_INITIAL_RESPONSE,
    /** After AuthenticationSASLContinue. */
    SASL_RESPONSE,
    /** After AuthenticationGSS, AuthenticationGSSContinue or AuthenticationSSPI. */
    GSS_RESPONSE
  }

  /**
   * Decodes the body of a typed message.
   *
   * @param expected which {@code 'p'} message the server is waiting for, or {@code null} when it
   *     is not waiting for one: then a {@code 'p'} is a protocol violation. Ignored for other types.
   */
  public static FrontendMessage decode(byte type, byte[] buf, int off, int len, AuthResponse expected) {
    String messageName = nameOf(type, expected);
    WireReader r = new WireReader(buf, off, len, messageName);
    FrontendMessage m = switch (type) {
      case 'p' -> authResponse(r, expected);
      case 'Q' -> new Query(r.cstring());
      case 'P' -> {
        String name = r.cstring();
        String sql = r.cstring();
        yield new Parse(name, sql, int32s(r, count(r, messageName + ": parameter type count", 4)));
      }
      case 'B' -> {
        String portal = r.cstring();
        String statement = r.cstring();
        short[] parameterFormats = int16s(r, count(r, messageName + ": parameter format count", 2));
        byte[][] parameters = values(r, count(r, messageName + ": parameter count", 4));
        short[] resultFormats = int16s(r, count(r, messageName + ": result format count", 2));
        yield new Bind(portal, statement, parameterFormats, parameters, resultFormats);
      }
      case 'D' -> new Describe(r.int8(), r.cstring());
      case 'E' -> new Execute(r.cstring(), r.int32());
      case 'C' -> new Close(r.int8(), r.cstring());
      case 'S' -> Sync.INSTANCE;
      case 'H' -> Flush.INSTANCE;
      case 'X' -> Terminate.INSTANCE;
      case 'd' -> new CopyData(r.rest());
      case 'c' -> CopyDone.INSTANCE;
      case 'f' -> new CopyFail(r.cstring());
      case 'F' -> {
        int oid = r.int32();
        short[] argumentFormats = int16s(r, count(r, messageName + ": argument format count", 2));
        byte[][] arguments = values(r, count(r, messageName + ": argument count", 4));
        yield new FunctionCall(oid, argumentFormats, arguments, r.int16());
      }
      default -> throw new ProtocolException("unknown frontend message type " + BackendDecoder.describeType(type));
    };
    r.expectEnd();
    return m;
  }

  /**
   * Decodes the body of an untyped first message: what follows its length word, starting with the
   * protocol version or request code. Bodies shorter than 4 or longer than
   * {@link #MAX_INITIAL_MESSAGE_LENGTH} bytes are refused, as the server refuses them.
   */
  public static FrontendMessage decodeInitial(byte[] buf, int off, int len) {
    if (len < 4 || len > MAX_INITIAL_MESSAGE_LENGTH) {
      throw new ProtocolException("invalid length of startup packet: " + len + " bytes after the length word");
    }
    int code = new WireReader(buf, off, len, "startup packet").int32();
    WireReader r = new WireReader(buf, off + 4, len - 4, initialName(code));
    FrontendMessage m;
    if (code == ProtocolVersion.SSL_REQUEST_CODE) {
      m = SSLRequest.INSTANCE;
    } else if (code == ProtocolVersion.GSSENC_REQUEST_CODE) {
      m = GSSENCRequest.INSTANCE;
    } else if (code == ProtocolVersion.CANCEL_REQUEST_CODE) {
      int pid = r.int32();
      int keyLength = r.remaining();
      if (keyLength < 4 || keyLength > BackendDecoder.MAX_CANCEL_KEY_LENGTH) {
        throw new ProtocolException("CancelRequest: cancel key of " + keyLength + " bytes (allowed 4 to 256)");
      }
      m = new CancelRequest(pid, r.rest());
    } else if (ProtocolVersion.major(code) == 3) {
      List<Map.Entry<String, String>> parameters = new ArrayList<>();
      while (true) {
        String name = r.cstring();
        if (name.isEmpty()) {
          break;
        }
        parameters.add(new AbstractMap.SimpleImmutableEntry<>(name, r.cstring()));
      }
      m = new StartupMessage(code, parameters);
    } else {
      throw new ProtocolException("unsupported protocol version or request code "
          + ProtocolVersion.toString(code) + " in the first message");
    }
    r.expectEnd();
    return m;
  }

  /**
   * Decodes exactly one whole message as {@link FrontendMessage#encode} writes it, length word and
   * (for typed messages) type byte included. A first byte of 0 means an untyped first message: no
   * message type is NUL, and a first message's length is below 2<sup>24</sup>.
   */
  public static FrontendMessage decodeMessage(byte[] bytes, AuthResponse expected) {
    boolean typed = bytes.length > 0 && bytes[0] != 0;
    int header = typed ? 5 : 4;
    if (bytes.length < header) {
      throw new ProtocolException("message of " + bytes.length + " bytes is shorter than its header");
    }
    int length = WireReader.getInt(bytes, header - 4);
    int actual = bytes.length - header + 4;
    if (length != actual) {
      throw new ProtocolException("length field " + length + " does not match the message's actual length " + actual);
    }
    return typed
        ? decode(bytes[0], bytes, header, length - 4, expected)
        : decodeInitial(bytes, header, length - 4);
  }

  /** The message's name for a type byte, or {@code "message 'x'"} for an unknown one. */
  public static String nameOf(byte type, AuthResponse expected) {
    return switch (type) {
      case 'p' -> expected == null ? "authentication response"
          : switch (expected) {
            case PASSWORD_MESSAGE -> "PasswordMessage";
            case SASL_INITIAL_RESPONSE -> "SASLInitialResponse";
            case SASL_RESPONSE -> "SASLResponse";
            case GSS_RESPONSE -> "GSSResponse";
          };
      case 'Q' -> "Query";
      case 'P' -> "Parse";
      case 'B' -> "Bind";
      case 'D' -> "Describe";
      case 'E' -> "Execute";
      case 'C' -> "Close";
      case 'S' -> "Sync";
      case 'H' -> "Flush";
      case 'X' -> "Terminate";
      case 'd' -> "CopyData";
      case 'c' -> "CopyDone";
      case 'f' -> "CopyFail";
      case 'F' -> "FunctionCall";
      default -> "message " + BackendDecoder.describeType(type);
    };
  }

  private static String initialName(int code) {
    if (code == ProtocolVersion.SSL_REQUEST_CODE) {
      return "SSLRequest";
    } else if (code == ProtocolVersion.GSSENC_REQUEST_CODE) {
      return "GSSENCRequest";
    } else if (code == ProtocolVersion.CANCEL_REQUEST_CODE) {
      return "CancelRequest";
    }
    return "StartupMessage";
  }

  private static FrontendMessage authResponse(WireReader r, AuthResponse expected) {
    if (expected == null) {
      throw new ProtocolException("authentication response ('p') when none was requested");
    }
    return switch (expected) {
      case PASSWORD_MESSAGE -> {
        // the password is a C string of bytes, kept as bytes: it need not be valid UTF-8
        byte[] body = r.rest();
        int nul = indexOfNul(body);
        if (nul < 0) {
          throw new ProtocolException("PasswordMessage: password not terminated by NUL before the end of the message");
        }
        if (nul != body.length - 1) {
          throw new ProtocolException("PasswordMessage: " + (body.length - 1 - nul) + " unexpected trailing bytes");
        }
        yield new PasswordMessage(Arrays.copyOf(body, nul));
      }
      case SASL_INITIAL_RESPONSE -> new SASLInitialResponse(r.cstring(), r.lengthPrefixed());
      case SASL_RESPONSE -> new SASLResponse(r.rest());
      case GSS_RESPONSE -> new GSSResponse(r.rest());
    };
  }

  private static int indexOfNul(byte[] b) {
    for (int i = 0; i < b.length; i++) {
      if (b[i] == 0) {
        return i;
      }
    }
    return -1;
  }

  /**
   * A 16-bit count, read unsigned as the server reads it, checked against the bytes that remain
   * given the least each item takes.
   */
  private static int count(WireReader r, String what, int minBytesEach) {
    int n = r.int16() & 0xFFFF;
    if ((long) n * minBytesEach > r.remaining()) {
      throw new ProtocolException(what + " " + n + " needs more bytes than the " + r.remaining() + " that remain");
    }
    return n;
  }

  private static short[] int16s(WireReader r, int n) {
    short[] a = new short[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.int16();
    }
    return a;
  }

  private static int[] int32s(WireReader r, int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.int32();
    }
    return a;
  }

  private static byte[][] values(WireReader r, int n) {
    byte[][] a = new byte[n][];
    for (int i = 0; i < n; i++) {
      a[i] = r.lengthPrefixed();
    }
    return a;
  }
}
