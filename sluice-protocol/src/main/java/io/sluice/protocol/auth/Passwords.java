package io.sluice.protocol.auth;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Checks and encodings shared by the password-based exchanges. Every message here describes the
 * problem without quoting the password.
 */
final class Passwords {

  private Passwords() {}

  /**
   * Refuses what libpq would refuse before sending anything: a missing or empty password
   * ({@code pg_fe_sendauth}: "password not provided"), and one containing U+0000, which a C
   * string (the PasswordMessage and every server-side password) cannot hold.
   */
  static String requireUsable(String password) {
    Objects.requireNonNull(password, "password");
    if (password.isEmpty()) {
      throw new IllegalArgumentException("password is empty");
    }
    if (password.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("password contains U+0000, which PostgreSQL cannot store");
    }
    return password;
  }

  /** Strict UTF-8: an unpaired surrogate is an error rather than a silent '?'. */
  static byte[] utf8(String text) {
    Objects.requireNonNull(text, "password");
    try {
      ByteBuffer encoded =
          StandardCharsets.UTF_8
              .newEncoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .encode(CharBuffer.wrap(text));
      byte[] bytes = Arrays.copyOf(encoded.array(), encoded.limit());
      Arrays.fill(encoded.array(), (byte) 0);
      return bytes;
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException(
          "password contains an unpaired UTF-16 surrogate and has no UTF-8 form");
    }
  }
}
