package org.postgresql.util;

import io.sluice.protocol.auth.SaslPrep;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * pgjdbc's password encoding, for {@code PGConnection.alterUserPassword} and code that calls it
 * itself: a new password is hashed here, as {@code psql}'s {@code \password} and libpq's
 * {@code PQencryptPasswordConn} do, and only the hash goes to the server. SCRAM-SHA-256's stored
 * form is RFC 5803's ({@code SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>}, as
 * PostgreSQL's {@code scram_build_secret}), over the password's SASLprep'd bytes — the same bytes
 * Sluice's sign-in derives its key from, so the password works for Sluice, libpq and pgjdbc alike.
 * Each method that takes a password array zeroes it before it returns.
 */
public final class PasswordUtil {
  private static final int ITERATIONS = 4096;     // PostgreSQL's scram_iterations default
  private static final int SALT_BYTES = 16;       // SCRAM_DEFAULT_SALT_LEN
  private static final SecureRandom RANDOM = new SecureRandom();

  private PasswordUtil() {}

  /** The SCRAM-SHA-256 secret of {@code password} with a fresh random salt and 4096 iterations. */
  public static String encodeScramSha256(char[] password) {
    byte[] salt = new byte[SALT_BYTES];
    RANDOM.nextBytes(salt);
    return encodeScramSha256(password, ITERATIONS, salt);
  }

  /** The SCRAM-SHA-256 secret of {@code password} with this salt and iteration count. */
  public static String encodeScramSha256(char[] password, int iterations, byte[] salt) {
    Objects.requireNonNull(password, "password");
    Objects.requireNonNull(salt, "salt");
    if (iterations <= 0) {
      throw new IllegalArgumentException("iterations must be positive: " + iterations);
    }
    byte[] prepared = null;
    try {
      prepared = SaslPrep.prepare(new String(password));
      byte[] salted = hi(prepared, salt, iterations);
      byte[] storedKey = MessageDigest.getInstance("SHA-256").digest(hmac(salted, "Client Key"));
      byte[] serverKey = hmac(salted, "Server Key");
      Base64.Encoder b64 = Base64.getEncoder();
      return "SCRAM-SHA-256$" + iterations + ":" + b64.encodeToString(salt) + "$" + b64.encodeToString(storedKey)
          + ":" + b64.encodeToString(serverKey);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 or HmacSHA256 missing from this JDK", e);
    } finally {
      Arrays.fill(password, (char) 0);
      if (prepared != null) {
        Arrays.fill(prepared, (byte) 0);
      }
    }
  }

  /** PostgreSQL's MD5 form: {@code md5} and the hex MD5 of the password followed by the user name. */
  public static String encodeMd5(String user, char[] password) {
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(password, "password");
    byte[] bytes = null;
    try {
      bytes = (new String(password) + user).getBytes(StandardCharsets.UTF_8);
      return "md5" + HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(bytes));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("MD5 missing from this JDK", e);
    } finally {
      Arrays.fill(password, (char) 0);
      if (bytes != null) {
        Arrays.fill(bytes, (byte) 0);
      }
    }
  }

  /**
   * {@code password} encoded as {@code encryptionType} names it, a value of the server's
   * {@code password_encryption}: {@code md5}, or {@code scram-sha-256} ({@code on} and {@code off},
   * old spellings, as pgjdbc takes them).
   */
  public static String encodePassword(String user, char[] password, String encryptionType) throws SQLException {
    Objects.requireNonNull(password, "password");
    Objects.requireNonNull(encryptionType, "encryptionType");
    switch (encryptionType) {
      case "md5":
        return encodeMd5(user, password);
      case "scram-sha-256":
      case "on":
      case "off":
        return encodeScramSha256(password);
      default:
        Arrays.fill(password, (char) 0);
        throw new PSQLException("unknown password encryption " + encryptionType
            + ": md5 or scram-sha-256", PSQLState.INVALID_PARAMETER_VALUE);
    }
  }

  /** {@code ALTER USER "user" PASSWORD '<hash>'}: the statement that sets the encoded password. */
  public static String genAlterUserPasswordSQL(String user, char[] password, String encryptionType)
      throws SQLException {
    Objects.requireNonNull(user, "user");
    if (user.indexOf('\0') >= 0) {
      Arrays.fill(password, (char) 0);
      throw new PSQLException("zero bytes may not occur in identifiers", PSQLState.INVALID_PARAMETER_VALUE);
    }
    // the hash is base64, hex and '$:' only: nothing in it needs quoting
    return "ALTER USER \"" + user.replace("\"", "\"\"") + "\" PASSWORD '"
        + encodePassword(user, password, encryptionType) + "'";
  }

  /**
   * {@code PGConnection.alterUserPassword} on {@code connection}: the server's
   * {@code password_encryption} read when {@code encryptionType} is null, then the
   * {@code ALTER USER}; {@code password} zeroed in every case.
   */
  public static void alterUserPassword(java.sql.Connection connection, String user, char[] password,
      String encryptionType) throws SQLException {
    try (java.sql.Statement s = connection.createStatement()) {
      String type = encryptionType;
      if (type == null) {
        try (java.sql.ResultSet rs = s.executeQuery("SHOW password_encryption")) {
          type = rs.next() ? rs.getString(1) : null;
        }
        if (type == null) {
          throw new PSQLException("SHOW password_encryption gave no value", PSQLState.NO_DATA);
        }
      }
      s.execute(genAlterUserPasswordSQL(user, password, type));
    } finally {
      Arrays.fill(password, (char) 0);
    }
  }

  /** RFC 5802's Hi(): PBKDF2 with HMAC-SHA-256 and one block, over bytes rather than chars. */
  private static byte[] hi(byte[] password, byte[] salt, int iterations) throws GeneralSecurityException {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(password.length == 0 ? new byte[1] : password, "HmacSHA256"));
    mac.update(salt);
    byte[] u = mac.doFinal(new byte[] {0, 0, 0, 1});
    byte[] result = u.clone();
    for (int i = 1; i < iterations; i++) {
      u = mac.doFinal(u);
      for (int j = 0; j < result.length; j++) {
        result[j] ^= u[j];
      }
    }
    return result;
  }

  private static byte[] hmac(byte[] key, String text) throws GeneralSecurityException {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    return mac.doFinal(text.getBytes(StandardCharsets.US_ASCII));
  }
}
