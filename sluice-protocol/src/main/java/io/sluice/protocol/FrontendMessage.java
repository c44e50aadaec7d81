package io.sluice.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Every message a client sends, one immutable record each, named as in the PostgreSQL
 * documentation ("Message Formats"). Each record encodes itself by appending to a
 * {@link WireWriter}. Records holding arrays compare by identity; compare their encodings instead.
 *
 * <p>The request engine encodes Bind directly from parameter values to avoid building a record
 * per query; {@link Bind} exists for tests, tracing and callers that already have encoded bytes.
 */
public sealed interface FrontendMessage {

  void encode(WireWriter w);

  /** Encodes a message into a new array. */
  static byte[] toBytes(FrontendMessage m) {
    WireWriter w = new WireWriter(64);
    m.encode(w);
    return w.toByteArray();
  }

  /**
   * Counts go on the wire as 16 bits, which the server reads unsigned: a longer array would wrap
   * and make the server read the rest of the message as other fields.
   */
  private static void checkCount(int n, String what) {
    if (n > 0xFFFF) {
      throw new ProtocolException("a message can carry at most 65535 " + what + ", not " + n);
    }
  }

  /** The first message of a session: the protocol version and the startup parameters, in order. */
  record StartupMessage(int protocolVersion, List<Map.Entry<String, String>> parameters)
      implements FrontendMessage {
    public StartupMessage {
      parameters = List.copyOf(parameters);
    }

    @Override
    public void encode(WireWriter w) {
      int at = w.beginUntyped();
      w.int32(protocolVersion);
      for (Map.Entry<String, String> p : parameters) {
        if (p.getKey().isEmpty()) {
          // an empty name is the list's terminator: the server would read the rest as garbage
          throw new ProtocolException("a startup parameter name cannot be empty");
        }
        w.cstring(p.getKey()).cstring(p.getValue());
      }
      w.int8(0);
      w.end(at);
    }
  }

  /** Asks the server to start TLS before the startup message. */
  record SSLRequest() implements FrontendMessage {
    public static final SSLRequest INSTANCE = new SSLRequest();

    @Override
    public void encode(WireWriter w) {
      int at = w.beginUntyped();
      w.int32(ProtocolVersion.SSL_REQUEST_CODE);
      w.end(at);
    }
  }

  /** Asks the server to start GSSAPI encryption. Sluice does not use it; here for completeness. */
  record GSSENCRequest() implements FrontendMessage {
    public static final GSSENCRequest INSTANCE = new GSSENCRequest();

    @Override
    public void encode(WireWriter w) {
      int at = w.beginUntyped();
      w.int32(ProtocolVersion.GSSENC_REQUEST_CODE);
      w.end(at);
    }
  }

  /**
   * Sent on a new connection to cancel the query running in another. The key is 4 bytes in
   * protocol 3.0 and up to 256 bytes in 3.2.
   */
  record CancelRequest(int processId, byte[] secretKey) implements FrontendMessage {
    @Override
    public void encode(WireWriter w) {
      int at = w.beginUntyped();
      w.int32(ProtocolVersion.CANCEL_REQUEST_CODE).int32(processId).bytes(secretKey);
      w.end(at);
    }
  }

  /** A cleartext or MD5-hashed password, as a NUL-terminated string. */
  record PasswordMessage(byte[] password) implements FrontendMessage {
    @Override
    public void encode(WireWriter w) {
      int at = w.begin(FrontendTag.PASSWORD);
      w.cstring(password);
      w.end(at);
    }

    @Override
    public String toString() {
      return "PasswordMessage[***]";
    }
  }

  /** The first SASL message: the chosen mechanism and its initial response ({@code null}: none). */
  record SASLInitialResponse(String mechanism, byte[] data) implements FrontendMessage {
    @Override
    public void encode(WireWriter w) {
      int at = w.begin(FrontendTag.PASSWORD);
      w.cstring(mechanism);
      if (data == null) {
        w.int32(-1);
      } else {
        w.int32(data.length).bytes(data);
      }
      w.end(at);
    }
  }

  /** A later SASL message. */
  record SASLResponse(byte[] data) implements FrontendMessage {
    @Override
    public void encode(WireWriter w) {
      int at = w.begin(FrontendTag.PASSWORD);
      w.bytes(data);
      w.end(at);
    }
  }

  /** A GSSAPI or SSPI token. Sluice does not implement GSSAPI; here for completeness. */
  record GSSResponse(byte[] data) implements FrontendMessage {
    @Override
    public void encode(WireWriter w) {
      int at = w.begin(FrontendTag.PASSWORD);
      w.bytes(data);
      w.end(at);
    }
  }

  /** A simple-protocol query: one or more SQL statements in one string. */
  record Query(String sql) implements FrontendMessage {
    public Query {
      Objects.requireNonNull(sql, "sql");
    }

    @Override
    public void encode(WireWriter w) {
      int at = w.begin(FrontendTag.QUERY);
      w.cstring(sql);
      w.end(at);
    }
  }

  /** Prepares a statement; a parameter type of 0 lets the server infer it. */
  record Parse(String name, String sql, int[] parameterTypes) implements FrontendMessage {
    @Override
    public void encode(WireWriter w) {
      checkCount(parameterTypes.length, "parameters");
      int at = w.begin(FrontendTag.PARSE);
      w.cstring(name).cstring(sql).int16(parameterTypes.length);
      for (int t : parameterTypes) {
        w.int32(t);
      }
      w.end(at);
    }
  }

  /**
   * Binds parameter values (already encoded; {@code null} for SQL NULL) to a statement, creating a
   * portal. Format codes: 0 text, 1 binary; none means all text, one applies to all.
   */
  record Bind(String portal, String statement, short[] parameterFormats, byte[][] parameters,
      short[] resultFormats) implements FrontendMessage {
    @Override
    public void encode(WireWriter w) {
      BindWriter.write(w, portal, statement, new BindWriter.Parameters() {
        @Override
        public int count() {
          return parameters.length;
        }

        @Override
        public int formatCount() {
          return parameterFormats.length;
        }

        @Override
        public short format(int k) {
          return parameterFormats[k];
        }

        @Override
        public boolean isNull(int i) {
          return parameters[i] == null;
        }

        @Override
        public void write(int i, WireWriter out) {
          out.bytes(parameters[i]);
        }
      }, resultFormats);
    }
  }

  /** Asks for a description of a statement ({@code 'S'}) or portal ({@code 'P'}). */
  record Describe(byte kind, String name) implements FrontendMessage {
    @Override
    public void encode(WireWriter w) {
      int at = w.begin(FrontendTag.DESCRIBE);
      w.int8(kind).cstring(name);
      w.end(at);
    }
  }

  /** Runs a portal, returning at most {@code maxRows} rows (0: all) before PortalSuspended. */
  record Execute(String portal, int maxRows) implements FrontendMessage {
    @Override
    public void encode(WireWriter w) {
      int at = w.begin(FrontendTag.EXECUTE);
      w.cstring(portal).int32(maxRows);
      w.end(at);
    }
  }

  /** Closes a statement ({@code 'S'}) or portal ({@code 'P'}). */
  record Close(byte kind, String name) implements FrontendMessage {
    @Override
    public void encode(WireWriter w) {
      int at = w.begin(FrontendTag.CLOSE);
      w.int8(kind).cstring(name);
      w.end(at);
    }
  }

  /** Ends an extended-query request: the server answers ReadyForQuery. */
  record Sync() implements FrontendMessage {
    public static final Sync INSTANCE = new Sync();
    private static final byte[] BYTES = {'S', 0, 0, 0, 4};

    @Override
    public void encode(WireWriter w) {
      w.bytes(BYTES);
    }
  }

  /** Asks the server to send what it has buffered without ending the request. */
  record Flush() implements FrontendMessage {
    public static final Flush INSTANCE = new Flush();
    private static final byte[] BYTES = {'H', 0, 0, 0, 4};

    @Override
    public void encode(WireWriter w) {
      w.bytes(BYTES);
    }
  }

  /** Ends the session. */
  record Terminate() implements FrontendMessage {
    public static final Terminate INSTANCE = new Terminate();
    private static final byte[] BYTES = {'X', 0, 0, 0, 4};

    @Override
    public void encode(WireWriter w) {
      w.bytes(BYTES);
    }
  }

  /** A chunk of COPY FROM STDIN data. */
  record CopyData(byte[] data) implements FrontendMessage {
    @Override
    public void encode(WireWriter w) {
      int at = w.begin(FrontendTag.COPY_DATA);
      w.bytes(data);
      w.end(at);
    }
  }

  /** The end of COPY FROM STDIN data. */
  record CopyDone() implements FrontendMessage {
    public static final CopyDone INSTANCE = new CopyDone();
    private static final byte[] BYTES = {'c', 0, 0, 0, 4};

    @Override
    public void encode(WireWriter w) {
      w.bytes(BYTES);
    }
  }

  /** Aborts COPY FROM STDIN with an error message. */
  record CopyFail(String message) implements FrontendMessage {
    @Override
    public void encode(WireWriter w) {
      int at = w.begin(FrontendTag.COPY_FAIL);
      w.cstring(message);
      w.end(at);
    }
  }

  /** The legacy fast-path function call. */
  record FunctionCall(int functionOid, short[] argumentFormats, byte[][] arguments, short resultFormat)
      implements FrontendMessage {
    @Override
    public void encode(WireWriter w) {
      checkCount(argumentFormats.length, "argument format codes");
      checkCount(arguments.length, "arguments");
      int at = w.begin(FrontendTag.FUNCTION_CALL);
      w.int32(functionOid).int16(argumentFormats.length);
      for (short f : argumentFormats) {
        w.int16(f);
      }
      w.int16(arguments.length);
      for (byte[] a : arguments) {
        if (a == null) {
          w.int32(-1);
        } else {
          w.int32(a.length).bytes(a);
        }
      }
      w.int16(resultFormat);
      w.end(at);
    }
  }
}
