package io.sluice.protocol.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * The response to AuthenticationMD5Password: PostgreSQL's {@code pg_md5_encrypt} applied twice,
 * as libpq's {@code pg_password_sendauth} does:
 * {@code "md5" + hex(md5(hex(md5(password + user)) + salt))}, lowercase hex.
 *
 * <p>Password and user are taken as UTF-8 (libpq uses the bytes as typed, i.e. the client
 * encoding; UTF-8 is what Sluice speaks). {@code user} must be the role name exactly as sent in
 * the StartupMessage. The protocol layer sends the result as a NUL-terminated PasswordMessage.
 */
public final class Md5Password {

  private Md5Password() {}

  /**
   * @throws IllegalArgumentException if the salt is not 4 bytes, or the password is empty,
   *     contains U+0000 or has no UTF-8 form (messages never contain the password)
   */
  public static String encode(String user, String password, byte[] salt) {
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(salt, "salt");
    if (salt.length != 4) {
      throw new IllegalArgumentException("MD5 salt must be 4 bytes, got " + salt.length);
    }
    byte[] secret = Passwords.utf8(Passwords.requireUsable(password));
    byte[] inner = null;
    try {
      MessageDigest md5 = MessageDigest.getInstance("MD5");
      md5.update(secret);
      md5.update(user.getBytes(StandardCharsets.UTF_8));
      inner = HexFormat.of().formatHex(md5.digest()).getBytes(StandardCharsets.US_ASCII);
      md5.update(inner); // digest() reset it
      md5.update(salt);
      return "md5" + HexFormat.of().formatHex(md5.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("MD5 is required of every Java platform", e);
    } finally {
      Arrays.fill(secret, (byte) 0);
      if (inner != null) {
        Arrays.fill(inner, (byte) 0);
      }
    }
  }
}
