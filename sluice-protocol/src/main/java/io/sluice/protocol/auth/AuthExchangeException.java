package io.sluice.protocol.auth;

import java.io.Serial;

/**
 * An authentication exchange failed a check: the server's message was malformed, its proof was
 * wrong, it asked for something this client refuses (an iteration count above the cap, a
 * mandatory SCRAM extension), or it reported an error itself.
 *
 * <p>Contract: the message says what was wrong and never contains the password or any key
 * derived from it. Values chosen by the server appear only in sanitized, truncated form.
 */
public final class AuthExchangeException extends RuntimeException {

  @Serial private static final long serialVersionUID = 1L;

  public AuthExchangeException(String message) {
    super(message);
  }

  /** At most 80 printable ASCII characters of a server-supplied value, for messages. */
  static String quote(String serverValue) {
    StringBuilder sb = new StringBuilder("\"");
    int limit = Math.min(serverValue.length(), 80);
    for (int i = 0; i < limit; i++) {
      char c = serverValue.charAt(i);
      sb.append(c >= 0x20 && c < 0x7F ? c : '?');
    }
    return sb.append(serverValue.length() > limit ? "...\"" : "\"").toString();
  }
}
