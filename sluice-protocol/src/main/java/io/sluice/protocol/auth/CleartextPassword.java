package io.sluice.protocol.auth;

/**
 * The response to AuthenticationCleartextPassword: the password's UTF-8 bytes, unchanged (no
 * SASLprep; libpq sends the bytes as typed). The protocol layer appends the terminating NUL.
 * Only safe over TLS: the server, or anyone on the path, sees the password.
 */
public final class CleartextPassword {

  private CleartextPassword() {}

  /**
   * @throws IllegalArgumentException if the password is empty, contains U+0000 or has no UTF-8
   *     form (messages never contain the password)
   */
  public static byte[] encode(String password) {
    return Passwords.utf8(Passwords.requireUsable(password));
  }
}
