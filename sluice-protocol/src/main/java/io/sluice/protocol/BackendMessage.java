package io.sluice.protocol;

import java.util.List;
import java.util.Map;

/**
 * Every message a server sends, one immutable record each, named as in the PostgreSQL
 * documentation ("Message Formats"). {@link BackendDecoder} turns bytes into these values.
 * Records holding arrays compare by identity.
 *
 * <p>The request engine does not build a {@link DataRow} per row: it copies row bodies into
 * per-result buffers straight from the frame. {@link DataRow} serves tests, tracing and tools.
 */
public sealed interface BackendMessage {

  /** Authentication succeeded. */
  record AuthenticationOk() implements BackendMessage {
    public static final AuthenticationOk INSTANCE = new AuthenticationOk();
  }

  record AuthenticationKerberosV5() implements BackendMessage {
    public static final AuthenticationKerberosV5 INSTANCE = new AuthenticationKerberosV5();
  }

  record AuthenticationCleartextPassword() implements BackendMessage {
    public static final AuthenticationCleartextPassword INSTANCE = new AuthenticationCleartextPassword();
  }

  record AuthenticationMD5Password(byte[] salt) implements BackendMessage {}

  record AuthenticationGSS() implements BackendMessage {
    public static final AuthenticationGSS INSTANCE = new AuthenticationGSS();
  }

  record AuthenticationGSSContinue(byte[] data) implements BackendMessage {}

  record AuthenticationSSPI() implements BackendMessage {
    public static final AuthenticationSSPI INSTANCE = new AuthenticationSSPI();
  }

  /** The SASL mechanisms the server offers, in its order of preference. */
  record AuthenticationSASL(List<String> mechanisms) implements BackendMessage {
    public AuthenticationSASL {
      mechanisms = List.copyOf(mechanisms);
    }
  }

  record AuthenticationSASLContinue(byte[] data) implements BackendMessage {}

  record AuthenticationSASLFinal(byte[] data) implements BackendMessage {}

  /** The key for cancel requests: 4 bytes in protocol 3.0, up to 256 in 3.2. */
  record BackendKeyData(int processId, byte[] secretKey) implements BackendMessage {
    @Override
    public String toString() {
      return "BackendKeyData[processId=" + processId + ", secretKey=(" + secretKey.length + " bytes)]";
    }
  }

  record BindComplete() implements BackendMessage {
    public static final BindComplete INSTANCE = new BindComplete();
  }

  record CloseComplete() implements BackendMessage {
    public static final CloseComplete INSTANCE = new CloseComplete();
  }

  /** A statement finished; the tag says what it did, e.g. {@code INSERT 0 3}, {@code SELECT 10}. */
  record CommandComplete(String tag) implements BackendMessage {}

  record CopyData(byte[] data) implements BackendMessage {}

  record CopyDone() implements BackendMessage {
    public static final CopyDone INSTANCE = new CopyDone();
  }

  /** The server waits for COPY data; format 0 text, 1 binary, with a format code per column. */
  record CopyInResponse(int format, short[] columnFormats) implements BackendMessage {}

  record CopyOutResponse(int format, short[] columnFormats) implements BackendMessage {}

  record CopyBothResponse(int format, short[] columnFormats) implements BackendMessage {}

  /** One row: a value per column, {@code null} for SQL NULL. */
  record DataRow(byte[][] values) implements BackendMessage {}

  record EmptyQueryResponse() implements BackendMessage {
    public static final EmptyQueryResponse INSTANCE = new EmptyQueryResponse();
  }

  /** An error, as fields keyed by their one-letter codes ('S' severity, 'C' SQLSTATE, 'M' message…). */
  record ErrorResponse(Map<Character, String> fields) implements BackendMessage {
    public ErrorResponse {
      fields = ErrorFields.copyOf(fields);
    }
  }

  record NoticeResponse(Map<Character, String> fields) implements BackendMessage {
    public NoticeResponse {
      fields = ErrorFields.copyOf(fields);
    }
  }

  /** The result of a FunctionCall; {@code null} for NULL. */
  record FunctionCallResponse(byte[] value) implements BackendMessage {}

  /** The server supports only an older minor version, or not some {@code _pq_.} options. */
  record NegotiateProtocolVersion(int newestMinorVersion, List<String> unrecognizedOptions)
      implements BackendMessage {
    public NegotiateProtocolVersion {
      unrecognizedOptions = List.copyOf(unrecognizedOptions);
    }
  }

  record NoData() implements BackendMessage {
    public static final NoData INSTANCE = new NoData();
  }

  /** A NOTIFY from the session with this process id. */
  record NotificationResponse(int processId, String channel, String payload) implements BackendMessage {}

  /** The types of a prepared statement's parameters. */
  record ParameterDescription(int[] types) implements BackendMessage {}

  /** A run-time parameter's value at startup or after it changed ({@code TimeZone}, …). */
  record ParameterStatus(String name, String value) implements BackendMessage {}

  record ParseComplete() implements BackendMessage {
    public static final ParseComplete INSTANCE = new ParseComplete();
  }

  /** Execute's row limit was reached; the portal can be executed again for more. */
  record PortalSuspended() implements BackendMessage {
    public static final PortalSuspended INSTANCE = new PortalSuspended();
  }

  /** The server is ready for a new request, and says whether a transaction block is open. */
  record ReadyForQuery(TransactionStatus status) implements BackendMessage {
    public ReadyForQuery {
      java.util.Objects.requireNonNull(status, "status");
    }
  }

  /** The columns of the rows that follow. */
  record RowDescription(List<Field> fields) implements BackendMessage {
    public RowDescription {
      fields = List.copyOf(fields);
    }
  }

  /** One column of a {@link RowDescription}. */
  record Field(String name, int tableOid, short columnNumber, int typeOid, short typeSize,
      int typeModifier, short format) {}
}
