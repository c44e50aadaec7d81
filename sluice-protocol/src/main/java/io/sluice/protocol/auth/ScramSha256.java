package io.sluice.protocol.auth;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The client side of one SCRAM-SHA-256 exchange (RFC 5802, RFC 7677) as PostgreSQL runs it
 * (PostgreSQL documentation, "SASL Authentication"): a pure state machine, no I/O.
 *
 * <ol>
 *   <li>{@link #clientFirstMessage()}: send in SASLInitialResponse under {@link #mechanism()}.
 *   <li>{@link #clientFinalMessage(byte[])}: feed the AuthenticationSASLContinue data, send the
 *       result in SASLResponse.
 *   <li>{@link #verifyServerFinal(byte[])}: feed the AuthenticationSASLFinal data; returns only if
 *       the server proved it knows the password's verifier.
 * </ol>
 *
 * Calls out of this order, or after a failure, throw {@link IllegalStateException}. Any check that
 * fails throws {@link AuthExchangeException}, never quoting the password or derived keys, and
 * leaves the exchange failed. Not thread-safe: one instance per connection attempt.
 *
 * <p>The iteration count is capped ({@link #DEFAULT_MAX_ITERATIONS} unless chosen): the server
 * picks it, and an unbounded count lets a hostile or impersonated server make the client burn CPU
 * on each connection attempt. PostgreSQL's default ({@code scram_iterations}) is 4096.
 *
 * <p>Secrets: the prepared password, salted password and keys are held in byte arrays that are
 * zeroed once used. The caller's {@code String} and the JDK's internal copy of the HMAC key
 * cannot be cleared.
 */
public final class ScramSha256 {

  public static final String MECHANISM = "SCRAM-SHA-256";
  public static final String MECHANISM_PLUS = "SCRAM-SHA-256-PLUS";

  /** The default cap on the server's iteration count: 100,000, 24 times PostgreSQL's default. */
  public static final int DEFAULT_MAX_ITERATIONS = 100_000;

  private static final int NONCE_BYTES = 18; // as libpq's SCRAM_RAW_NONCE_LEN
  private static final int KEY_BYTES = 32; // SHA-256 output
  private static final SecureRandom RANDOM = new SecureRandom();

  private enum State { START, FIRST_SENT, FINAL_SENT, DONE, FAILED }

  private final byte[] password; // SASLprep'd; zeroed once the proof is computed
  private final String clientNonce;
  private final String username;
  private final ChannelBinding binding;
  private final int maxIterations;
  private State state = State.START;
  private String clientFirstBare;
  private byte[] expectedServerSignature;

  private ScramSha256(String password, String nonce, String user, ChannelBinding cb, int max) {
    Passwords.requireUsable(password);
    this.clientNonce = Objects.requireNonNull(nonce, "clientNonce");
    this.username = Objects.requireNonNull(user, "username");
    this.binding = Objects.requireNonNull(cb, "binding");
    if (nonce.isEmpty() || !isPrintable(nonce)) {
      throw new IllegalArgumentException(
          "client nonce must be non-empty printable ASCII without ',' (RFC 5802 section 7)");
    }
    if (user.indexOf('\0') >= 0 || !user.codePoints().allMatch(cp -> cp < 0xD800 || cp > 0xDFFF)) {
      throw new IllegalArgumentException("username contains U+0000 or an unpaired surrogate");
    }
    if (max < 1) {
      throw new IllegalArgumentException("maxIterations must be positive: " + max);
    }
    this.maxIterations = max;
    this.password = SaslPrep.prepare(password);
  }

  /** An exchange with a fresh random nonce and the default iteration cap. */
  public static ScramSha256 create(String password, ChannelBinding binding) {
    return create(password, binding, DEFAULT_MAX_ITERATIONS);
  }

  /** An exchange with a fresh random nonce. */
  public static ScramSha256 create(String password, ChannelBinding binding, int maxIterations) {
    return create(password, randomNonce(), binding, maxIterations);
  }

  /** An exchange with a given nonce (tests, reproducible traces) and PostgreSQL's empty n=. */
  public static ScramSha256 create(
      String password, String clientNonce, ChannelBinding binding, int maxIterations) {
    return create(password, clientNonce, "", binding, maxIterations);
  }

  /**
   * The full form. PostgreSQL ignores the client-first username (it uses the startup packet's
   * user), and libpq sends {@code n=}; pass {@code ""} for PostgreSQL. A non-empty username is
   * sent escaped (RFC 5802 section 5.1: ',' as "=2C", '=' as "=3D") but not SASLprep'd.
   *
   * @throws IllegalArgumentException for an empty password or one containing U+0000, a nonce that
   *     is not printable ASCII without ',', or a non-positive cap
   */
  public static ScramSha256 create(
      String password, String clientNonce, String username, ChannelBinding binding,
      int maxIterations) {
    return new ScramSha256(password, clientNonce, username, binding, maxIterations);
  }

  /** 18 bytes from {@link SecureRandom}, base64: 24 printable characters, as libpq does. */
  public static String randomNonce() {
    byte[] raw = new byte[NONCE_BYTES];
    RANDOM.nextBytes(raw);
    return Base64.getEncoder().encodeToString(raw);
  }

  /** The RFC 5929 tls-server-end-point binding data for the server's certificate. */
  public static byte[] tlsServerEndPoint(X509Certificate serverCertificate) {
    return CertificateHash.tlsServerEndPoint(serverCertificate);
  }

  /** {@link #MECHANISM}, or {@link #MECHANISM_PLUS} when channel binding is used. */
  public String mechanism() {
    return binding.mechanism();
  }

  /** RFC 5802 section 7 client-first-message: gs2-header, then {@code n=user,r=nonce}. */
  public byte[] clientFirstMessage() {
    expect(State.START, "clientFirstMessage");
    clientFirstBare = "n=" + username.replace("=", "=3D").replace(",", "=2C") + ",r=" + clientNonce;
    state = State.FIRST_SENT;
    return (binding.gs2Header() + clientFirstBare).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Checks the server-first-message ({@code r=nonce,s=salt,i=count}, RFC 5802 section 5.1) and
   * returns the client-final-message {@code c=...,r=...,p=proof}.
   *
   * @throws AuthExchangeException if the server nonce does not extend the client's, the salt is
   *     not base64, the count is not a positive integer within the cap, an attribute is missing or
   *     malformed, or a mandatory extension ({@code m=}) is present
   */
  public byte[] clientFinalMessage(byte[] serverFirstMessage) {
    expect(State.FIRST_SENT, "clientFinalMessage");
    state = State.FAILED; // until proven otherwise
    try {
      byte[] message = computeClientFinal(serverFirstMessage);
      state = State.FINAL_SENT;
      return message;
    } finally {
      Arrays.fill(password, (byte) 0); // needed once, whatever the outcome
    }
  }

  private byte[] computeClientFinal(byte[] serverFirstMessage) {
    String[] fields = fields(serverFirstMessage, "server-first-message");
    if (fields[0].startsWith("m=")) {
      throw fail("server-first-message demands a mandatory extension (m=), which is not supported");
    }
    String serverNonce = value(fields, 0, 'r', "server-first-message");
    byte[] salt = base64(value(fields, 1, 's', "server-first-message"), "salt");
    int iterations = iterations(value(fields, 2, 'i', "server-first-message"));
    checkExtensions(fields, 3, "server-first-message");
    if (!isPrintable(serverNonce)) {
      throw fail("server nonce contains characters that are not printable ASCII");
    }
    if (!serverNonce.startsWith(clientNonce) || serverNonce.length() == clientNonce.length()) {
      throw fail("server nonce does not extend the client nonce (RFC 5802 section 5.1)");
    }

    String channelBinding = Base64.getEncoder().encodeToString(
        concat(binding.gs2Header().getBytes(StandardCharsets.US_ASCII), binding.data()));
    String withoutProof = "c=" + channelBinding + ",r=" + serverNonce;
    byte[] authMessage = concat(
        (clientFirstBare + ",").getBytes(StandardCharsets.UTF_8),
        serverFirstMessage,
        ("," + withoutProof).getBytes(StandardCharsets.UTF_8));

    byte[] salted = hi(password, salt, iterations);
    byte[] clientKey = hmac(salted, "Client Key".getBytes(StandardCharsets.US_ASCII));
    byte[] storedKey = sha256(clientKey);
    byte[] proof = hmac(storedKey, authMessage); // ClientSignature, XORed into ClientProof below
    for (int i = 0; i < KEY_BYTES; i++) {
      proof[i] ^= clientKey[i];
    }
    byte[] serverKey = hmac(salted, "Server Key".getBytes(StandardCharsets.US_ASCII));
    expectedServerSignature = hmac(serverKey, authMessage);
    for (byte[] secret : new byte[][] {salted, clientKey, storedKey, serverKey}) {
      Arrays.fill(secret, (byte) 0);
    }
    return (withoutProof + ",p=" + Base64.getEncoder().encodeToString(proof))
        .getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Checks the server-final-message (RFC 5802 section 7): {@code v=} must equal the expected
   * ServerSignature, compared in constant time; {@code e=} is the server refusing.
   *
   * @throws AuthExchangeException if the server reported an error, the signature is wrong or
   *     malformed, or the message is not a server-final-message
   */
  public void verifyServerFinal(byte[] serverFinalMessage) {
    expect(State.FINAL_SENT, "verifyServerFinal");
    state = State.FAILED;
    byte[] expected = expectedServerSignature;
    expectedServerSignature = null;
    try {
      String[] fields = fields(serverFinalMessage, "server-final-message");
      if (fields[0].startsWith("e=")) {
        throw fail("server rejected the SCRAM exchange: "
            + AuthExchangeException.quote(fields[0].substring(2)));
      }
      byte[] signature = base64(value(fields, 0, 'v', "server-final-message"), "server signature");
      checkExtensions(fields, 1, "server-final-message");
      if (!MessageDigest.isEqual(signature, expected)) {
        throw fail("server signature is wrong: the server does not know this password's verifier");
      }
      state = State.DONE;
    } finally {
      Arrays.fill(expected, (byte) 0);
    }
  }

  /** True once {@link #verifyServerFinal} has accepted the server's signature. */
  public boolean isComplete() {
    return state == State.DONE;
  }

  // --- RFC 5802 section 2.2 primitives ----------------------------------------------------

  /** Hi(str, salt, i): PBKDF2 with HMAC-SHA-256 and one output block, over raw bytes. */
  static byte[] hi(byte[] key, byte[] salt, int iterations) {
    Mac mac = mac(key);
    mac.update(salt);
    mac.update(new byte[] {0, 0, 0, 1}); // INT(1)
    byte[] u = mac.doFinal();
    byte[] result = u.clone();
    try {
      for (int n = 1; n < iterations; n++) {
        mac.update(u);
        mac.doFinal(u, 0);
        for (int j = 0; j < KEY_BYTES; j++) {
          result[j] ^= u[j];
        }
      }
    } catch (javax.crypto.ShortBufferException e) {
      throw new IllegalStateException(e);
    } finally {
      Arrays.fill(u, (byte) 0);
    }
    return result;
  }

  static byte[] hmac(byte[] key, byte[] data) {
    return mac(key).doFinal(data);
  }

  private static Mac mac(byte[] key) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is required of every Java platform", e);
    }
  }

  private static byte[] sha256(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
  }

  // --- message parsing ----------------------------------------------------------------------

  private void expect(State wanted, String call) {
    if (state != wanted) {
      throw new IllegalStateException(
          call + "() called in state " + state + ", expected " + wanted);
    }
  }

  private static AuthExchangeException fail(String message) {
    return new AuthExchangeException("SCRAM-SHA-256: " + message);
  }

  /** Strict UTF-8 text split on ','; RFC 5802 messages are a comma-separated attr-val list. */
  private static String[] fields(byte[] message, String what) {
    Objects.requireNonNull(message, what);
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(message)).toString();
    } catch (CharacterCodingException e) {
      throw fail(what + " is not valid UTF-8");
    }
    if (text.isEmpty()) {
      throw fail(what + " is empty");
    }
    return text.split(",", -1);
  }

  /** The value of attribute {@code name}, which must be field {@code index} and non-empty. */
  private static String value(String[] fields, int index, char name, String what) {
    String field = index < fields.length ? fields[index] : null;
    if (field == null || field.length() < 3 || field.charAt(0) != name || field.charAt(1) != '=') {
      String found = field == null
          ? "nothing"
          : AuthExchangeException.quote(field.substring(0, Math.min(2, field.length())));
      throw fail(what + ": attribute " + (index + 1) + " must be '" + name + "=' with a value,"
          + " found " + found);
    }
    return field.substring(2);
  }

  /**
   * RFC 5802 section 5.1: unrecognized optional extensions ({@code ALPHA "=" 1*value-char}) are
   * ignored; {@code m=} (mandatory extension) means the client must fail.
   */
  private static void checkExtensions(String[] fields, int from, String what) {
    for (int i = from; i < fields.length; i++) {
      String f = fields[i];
      char name = f.isEmpty() ? '?' : f.charAt(0);
      boolean alpha = (name >= 'a' && name <= 'z') || (name >= 'A' && name <= 'Z');
      boolean wellFormed = alpha && f.length() >= 3 && f.charAt(1) == '=';
      if (!wellFormed) {
        throw fail(what + ": malformed attribute " + (i + 1));
      }
      if (name == 'm') {
        throw fail(what + " demands a mandatory extension (m=), which is not supported");
      }
    }
  }

  /** Strict base64 (RFC 4648 with padding, as RFC 5802 requires); must decode to bytes. */
  private static byte[] base64(String text, String what) {
    try {
      if (text.length() % 4 != 0) {
        throw new IllegalArgumentException();
      }
      byte[] decoded = Base64.getDecoder().decode(text);
      if (decoded.length == 0) {
        throw new IllegalArgumentException();
      }
      return decoded;
    } catch (IllegalArgumentException e) {
      throw fail(what + " is not valid base64");
    }
  }

  /** RFC 5802 section 7: iteration-count = posit-number, i.e. [1-9][0-9]*; then the cap. */
  private int iterations(String text) {
    boolean digits = !text.isEmpty() && text.charAt(0) != '0'
        && text.chars().allMatch(c -> c >= '0' && c <= '9');
    if (!digits) {
      throw fail("iteration count " + AuthExchangeException.quote(text)
          + " is not a positive integer");
    }
    long count = text.length() > 10 ? Long.MAX_VALUE : Long.parseLong(text);
    if (count > maxIterations) {
      throw fail("server demands " + (text.length() > 10 ? "over 10^10" : text)
          + " iterations, above this client's limit of " + maxIterations);
    }
    return (int) count;
  }

  private static boolean isPrintable(String s) {
    return s.chars().allMatch(c -> c >= 0x21 && c <= 0x7E && c != ',');
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }
}
