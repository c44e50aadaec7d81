package io.sluice.protocol.auth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/**
 * Successful exchanges against fixed vectors. Apart from RFC 7677's, the expected messages were
 * computed independently with Python 3 (hashlib.pbkdf2_hmac for Hi, hmac, hashlib.sha256,
 * base64), e.g. for the first PostgreSQL fixture:
 *
 * <pre>
 * salted = pbkdf2_hmac('sha256', b'sluice-secret', bytes(range(16, 32)), 4096)
 * auth   = b'n=,r=' + cnonce + b',' + server_first + b',c=biws,r=' + cnonce + snonce_suffix
 * proof  = HMAC(salted, 'Client Key') XOR HMAC(SHA256(HMAC(salted, 'Client Key')), auth)
 * v      = HMAC(HMAC(salted, 'Server Key'), auth)
 * </pre>
 */
class ScramSha256Test {

  static final String PASSWORD = "sluice-secret";
  static final String NONCE = "clientNonce0123456789abc";
  static final String SERVER_FIRST =
      "r=clientNonce0123456789abcServerPart+/xyz,s=EBESExQVFhcYGRobHB0eHw==,i=4096";

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  /** RFC 7677 section 3. Its client-first carries n=user, so the username is set here. */
  @Test
  void rfc7677TestVector() {
    ScramSha256 scram = ScramSha256.create(
        "pencil", "rOprNGfwEbeRWgbNEkqO", "user", ChannelBinding.none(), 4096);
    assertEquals("n,,n=user,r=rOprNGfwEbeRWgbNEkqO", text(scram.clientFirstMessage()));
    byte[] clientFinal = scram.clientFinalMessage(bytes(
        "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"));
    assertEquals("c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
        + "p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=", text(clientFinal));
    assertFalse(scram.isComplete());
    scram.verifyServerFinal(bytes("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="));
    assertTrue(scram.isComplete());
  }

  /** PostgreSQL's form: empty n=, GS2 flag n. */
  @Test
  void postgresFormWithoutChannelBinding() {
    ScramSha256 scram = ScramSha256.create(PASSWORD, NONCE, ChannelBinding.none(), 4096);
    assertEquals("SCRAM-SHA-256", scram.mechanism());
    assertEquals("n,,n=,r=" + NONCE, text(scram.clientFirstMessage()));
    assertEquals("c=biws,r=clientNonce0123456789abcServerPart+/xyz,"
            + "p=wmWMQU5VMdvstn+g2+DnBgPHiT7aZXiBg5SQTrTZfZQ=",
        text(scram.clientFinalMessage(bytes(SERVER_FIRST))));
    scram.verifyServerFinal(bytes("v=m/WTZu07uGE4ARh+wTyscx/N1KHZNjIU0qAwYI+rcJQ="));
    assertTrue(scram.isComplete());
  }

  /** GS2 flag y: c= is base64("y,,") and the AuthMessage changes with it. */
  @Test
  void supportedButNotOffered() {
    ScramSha256 scram = ScramSha256.create(PASSWORD, NONCE, ChannelBinding.supportedNotOffered(), 4096);
    assertEquals("SCRAM-SHA-256", scram.mechanism());
    assertEquals("y,,n=,r=" + NONCE, text(scram.clientFirstMessage()));
    assertEquals("c=eSws,r=clientNonce0123456789abcServerPart+/xyz,"
            + "p=6Od/hRwaNUES5pLm2YzJA8eL4GXJ2v/N+jEFjrKNT7Q=",
        text(scram.clientFinalMessage(bytes(SERVER_FIRST))));
    scram.verifyServerFinal(bytes("v=rhATi02hEPN+va0xSwJLog7MGsj+QnC929wMbUbo4cY="));
    assertTrue(scram.isComplete());
  }

  /** p=tls-server-end-point with binding data 0x00..0x1f: c= = base64(gs2-header + data). */
  @Test
  void tlsServerEndPointBinding() {
    byte[] data = new byte[32];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) i;
    }
    ChannelBinding binding = ChannelBinding.tlsServerEndPoint(data);
    data[0] = 99; // the binding keeps its own copy
    ScramSha256 scram = ScramSha256.create(PASSWORD, NONCE, binding, 4096);
    assertEquals("SCRAM-SHA-256-PLUS", scram.mechanism());
    assertEquals("p=tls-server-end-point,,n=,r=" + NONCE, text(scram.clientFirstMessage()));
    assertEquals("c=cD10bHMtc2VydmVyLWVuZC1wb2ludCwsAAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=,"
            + "r=clientNonce0123456789abcServerPart+/xyz,"
            + "p=CjrQhiifVdulMBmi3FuexDsNuOmdQ93VKAhjE47izj0=",
        text(scram.clientFinalMessage(bytes(SERVER_FIRST))));
    scram.verifyServerFinal(bytes("v=4JC1edVdUT0ApAnywJwA3vjlWbl9O9dD/8Tn0n0GHdI="));
    assertTrue(scram.isComplete());
  }

  /**
   * SASLprep feeds the proof: "p\u00e4ss\u2003w\u00adord" prepares to "p\u00e4ss word" (U+2003
   * to space, soft hyphen dropped); the fixture was computed in Python from the UTF-8 of the
   * prepared string.
   */
  @Test
  void nonAsciiPasswordIsSaslPrepped() {
    ScramSha256 scram =
        ScramSha256.create("p\u00e4ss\u2003w\u00adord", NONCE, ChannelBinding.none(), 4096);
    scram.clientFirstMessage();
    assertEquals("c=biws,r=clientNonce0123456789abcServerPart+/xyz,"
            + "p=YehgVDOcVXG3L4K/C0Cqa5GX/252eWmK2eb/bsnc6Ks=",
        text(scram.clientFinalMessage(bytes(SERVER_FIRST))));
    scram.verifyServerFinal(bytes("v=51oaC8yRfK1J72fGQDrV6VsPTNxkgLtMFspfY6m2oTI="));
  }

  /** Unknown optional extensions after i= are ignored (RFC 5802 section 5.1). */
  @Test
  void optionalExtensionIsIgnored() {
    ScramSha256 scram = ScramSha256.create(PASSWORD, NONCE, ChannelBinding.none(), 4096);
    scram.clientFirstMessage();
    String clientFinal = text(scram.clientFinalMessage(bytes(SERVER_FIRST + ",x=later")));
    assertTrue(clientFinal.startsWith("c=biws,r=clientNonce0123456789abcServerPart+/xyz,p="));
    // the extension is part of the AuthMessage, so the proof differs from the plain fixture
    assertFalse(clientFinal.endsWith("p=wmWMQU5VMdvstn+g2+DnBgPHiT7aZXiBg5SQTrTZfZQ="));
  }

  @Test
  void usernameIsEscaped() {
    ScramSha256 scram = ScramSha256.create(PASSWORD, NONCE, "a,b=c", ChannelBinding.none(), 4096);
    assertEquals("n,,n=a=2Cb=3Dc,r=" + NONCE, text(scram.clientFirstMessage()));
  }

  @Test
  void randomNonceIsEighteenBytesOfBase64() {
    String a = ScramSha256.randomNonce();
    assertEquals(18, Base64.getDecoder().decode(a).length);
    assertNotEquals(a, ScramSha256.randomNonce());
    String first = text(ScramSha256.create(PASSWORD, ChannelBinding.none()).clientFirstMessage());
    assertTrue(first.matches("n,,n=,r=[A-Za-z0-9+/]{24}"), first);
  }

  @Test
  void hiMatchesPbkdf2FixtureAtOneIteration() {
    // Python: pbkdf2_hmac('sha256', b'sluice-secret', bytes(range(16, 32)), 1)
    //         == hmac.new(b'sluice-secret', bytes(range(16,32)) + b'\0\0\0\1', sha256).digest()
    byte[] salt = Base64.getDecoder().decode("EBESExQVFhcYGRobHB0eHw==");
    byte[] u1 = ScramSha256.hmac(bytes(PASSWORD), concat(salt, new byte[] {0, 0, 0, 1}));
    assertArrayEquals(u1, ScramSha256.hi(bytes(PASSWORD), salt, 1));
    assertFalse(java.util.Arrays.equals(u1, ScramSha256.hi(bytes(PASSWORD), salt, 2)));
  }

  @Test
  void badArgumentsAreRefusedWithoutQuotingThePassword() {
    ChannelBinding none = ChannelBinding.none();
    assertThrows(IllegalArgumentException.class, () -> ScramSha256.create("", NONCE, none, 4096));
    var nul = assertThrows(IllegalArgumentException.class,
        () -> ScramSha256.create("sec\0ret", NONCE, none, 4096));
    assertFalse(nul.getMessage().contains("sec"));
    assertThrows(IllegalArgumentException.class, () -> ScramSha256.create(PASSWORD, "a,b", none, 4096));
    assertThrows(IllegalArgumentException.class, () -> ScramSha256.create(PASSWORD, "", none, 4096));
    assertThrows(IllegalArgumentException.class, () -> ScramSha256.create(PASSWORD, NONCE, none, 0));
    assertThrows(IllegalArgumentException.class, () -> ChannelBinding.tlsServerEndPoint(new byte[0]));
    var surrogate = assertThrows(IllegalArgumentException.class,
        () -> ScramSha256.create("Zq7\ud800Xy", NONCE, none, 4096));
    assertFalse(surrogate.getMessage().contains("Zq7"));
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
