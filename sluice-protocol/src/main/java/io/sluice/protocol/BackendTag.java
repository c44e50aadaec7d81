package io.sluice.protocol;

/**
 * The type byte of every message a PostgreSQL server sends (protocol-message-formats.html): one
 * name for each, so that code switching on a frame's type reads as the protocol document does.
 * Frontend and backend share letters with other meanings ('E' is ErrorResponse here and Execute
 * in {@link FrontendTag}), which is why each direction has its own names.
 */
public final class BackendTag {
  public static final byte AUTHENTICATION = 'R';
  public static final byte BACKEND_KEY_DATA = 'K';
  public static final byte BIND_COMPLETE = '2';
  public static final byte CLOSE_COMPLETE = '3';
  public static final byte COMMAND_COMPLETE = 'C';
  public static final byte COPY_DATA = 'd';
  public static final byte COPY_DONE = 'c';
  public static final byte COPY_IN_RESPONSE = 'G';
  public static final byte COPY_OUT_RESPONSE = 'H';
  public static final byte COPY_BOTH_RESPONSE = 'W';
  public static final byte DATA_ROW = 'D';
  public static final byte EMPTY_QUERY_RESPONSE = 'I';
  public static final byte ERROR_RESPONSE = 'E';
  public static final byte NOTICE_RESPONSE = 'N';
  public static final byte FUNCTION_CALL_RESPONSE = 'V';
  public static final byte NEGOTIATE_PROTOCOL_VERSION = 'v';
  public static final byte NO_DATA = 'n';
  public static final byte NOTIFICATION_RESPONSE = 'A';
  public static final byte PARAMETER_DESCRIPTION = 't';
  public static final byte PARAMETER_STATUS = 'S';
  public static final byte PARSE_COMPLETE = '1';
  public static final byte PORTAL_SUSPENDED = 's';
  public static final byte READY_FOR_QUERY = 'Z';
  public static final byte ROW_DESCRIPTION = 'T';

  private BackendTag() {}

  /** The message's name for a type byte, or {@code "message 'x'"} for an unknown one. */
  public static String nameOf(byte type) {
    return switch (type) {
      case AUTHENTICATION -> "Authentication";
      case BACKEND_KEY_DATA -> "BackendKeyData";
      case BIND_COMPLETE -> "BindComplete";
      case CLOSE_COMPLETE -> "CloseComplete";
      case COMMAND_COMPLETE -> "CommandComplete";
      case COPY_DATA -> "CopyData";
      case COPY_DONE -> "CopyDone";
      case COPY_IN_RESPONSE -> "CopyInResponse";
      case COPY_OUT_RESPONSE -> "CopyOutResponse";
      case COPY_BOTH_RESPONSE -> "CopyBothResponse";
      case DATA_ROW -> "DataRow";
      case EMPTY_QUERY_RESPONSE -> "EmptyQueryResponse";
      case ERROR_RESPONSE -> "ErrorResponse";
      case NOTICE_RESPONSE -> "NoticeResponse";
      case FUNCTION_CALL_RESPONSE -> "FunctionCallResponse";
      case NEGOTIATE_PROTOCOL_VERSION -> "NegotiateProtocolVersion";
      case NO_DATA -> "NoData";
      case NOTIFICATION_RESPONSE -> "NotificationResponse";
      case PARAMETER_DESCRIPTION -> "ParameterDescription";
      case PARAMETER_STATUS -> "ParameterStatus";
      case PARSE_COMPLETE -> "ParseComplete";
      case PORTAL_SUSPENDED -> "PortalSuspended";
      case READY_FOR_QUERY -> "ReadyForQuery";
      case ROW_DESCRIPTION -> "RowDescription";
      default -> "message " + printable(type);
    };
  }

  /** {@code 'x'} for a printable byte, {@code 0x1f} otherwise. */
  static String printable(byte type) {
    return type >= 0x20 && type < 0x7F ? "'" + (char) type + "'" : String.format("0x%02x", type & 0xFF);
  }
}
