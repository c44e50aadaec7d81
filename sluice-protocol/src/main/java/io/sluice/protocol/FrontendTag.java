package io.sluice.protocol;

/**
 * The type byte of every message a client sends after start-up (protocol-message-formats.html);
 * see {@link BackendTag} for the other direction. StartupMessage, SSLRequest, GSSENCRequest and
 * CancelRequest have no type byte.
 */
public final class FrontendTag {
  public static final byte BIND = 'B';
  public static final byte CLOSE = 'C';
  public static final byte COPY_DATA = 'd';
  public static final byte COPY_DONE = 'c';
  public static final byte COPY_FAIL = 'f';
  public static final byte DESCRIBE = 'D';
  public static final byte EXECUTE = 'E';
  public static final byte FLUSH = 'H';
  public static final byte FUNCTION_CALL = 'F';
  public static final byte PARSE = 'P';
  /** PasswordMessage, SASLInitialResponse, SASLResponse and GSSResponse share it. */
  public static final byte PASSWORD = 'p';
  public static final byte QUERY = 'Q';
  public static final byte SYNC = 'S';
  public static final byte TERMINATE = 'X';

  /** Describe and Close name what they act on: a prepared statement… */
  public static final byte STATEMENT = 'S';
  /** …or a portal. */
  public static final byte PORTAL = 'P';

  private FrontendTag() {}
}
