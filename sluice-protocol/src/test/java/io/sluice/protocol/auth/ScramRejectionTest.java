package io.sluice.protocol.auth;

import static io.sluice.protocol.auth.ScramSha256Test.NONCE;
import static io.sluice.protocol.auth.ScramSha256Test.PASSWORD;
import static io.sluice.protocol.auth.ScramSha256Test.SERVER_FIRST;
import static io.sluice.protocol.auth.ScramSha256Test.bytes;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every malformed or hostile server message is refused with an {@link AuthExchangeException}
 * whose message names the problem and never contains the password; the exchange is then dead.
 */
class ScramRejectionTest {

  static final String SALT = "s=EBESExQVFhcYGRobHB0eHw==";
  static final String R = "r=" + NONCE + "ServerPart+/xyz";

  static ScramSha256 started() {
    ScramSha256 scram = ScramSha256.create(PASSWORD, NONCE, ChannelBinding.none(), 4096);
    scram.clientFirstMessage();
    return scram;
  }

  /** Feeds a server-first-message that must be refused; returns the failure message. */
  static String refusedFirst(ScramSha256 scram, byte[] serverFirst, String mustMention) {
    var e = assertThrows(AuthExchangeException.class, () -> scram.clientFinalMessage(serverFirst));
    String msg = e.getMessage();
    assertTrue(msg.contains(mustMention), () -> "expected '" + mustMention + "' in: " + msg);
    assertFalse(msg.contains(PASSWORD), msg);
    // a failed exchange cannot be resumed
    assertThrows(IllegalStateException.class, () -> scram.clientFinalMessage(bytes(SERVER_FIRST)));
    assertThrows(IllegalStateException.class, () -> scram.verifyServerFinal(bytes("v=AAAA")));
    return msg;
  }

  static String refusedFirst(String serverFirst, String mustMention) {
    return refusedFirst(started(), bytes(serverFirst), mustMention);
  }

  @Test
  void nonceMustExtendTheClientNonce() {
    refusedFirst("r=someoneElsesNonce1234567xyz," + SALT + ",i=4096", "nonce does not extend");
    refusedFirst("r=" + NONCE.substring(1) + "xyz," + SALT + ",i=4096", "nonce does not extend");
    refusedFirst("r=" + NONCE + "," + SALT + ",i=4096", "nonce does not extend"); // not longer
    refusedFirst("r=" + NONCE + "caf\u00e9," + SALT + ",i=4096", "not printable");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-1", "-4096", "abc", "4096x", "04096", "+4096", " 4096", "4.5"})
  void iterationCountMustBeAPositiveInteger(String count) {
    refusedFirst(R + "," + SALT + ",i=" + count, "not a positive integer");
  }

  @Test
  void emptyIterationCountIsAMissingValue() {
    refusedFirst(R + "," + SALT + ",i=", "attribute 3 must be 'i='");
  }

  @Test
  void iterationCountAboveTheCapIsRefusedBeforeAnyHashing() {
    // default cap 100,000: 100,001 refused
    ScramSha256 defaultCap = ScramSha256.create(PASSWORD, NONCE, ChannelBinding.none(),
        ScramSha256.DEFAULT_MAX_ITERATIONS);
    defaultCap.clientFirstMessage();
    refusedFirst(defaultCap, bytes(R + "," + SALT + ",i=100001"), "limit of 100000");
    // an absurd count must fail at once, not after billions of HMACs
    assertTimeoutPreemptively(Duration.ofSeconds(2), () -> {
      refusedFirst(R + "," + SALT + ",i=2147483647", "above this client's limit of 4096");
      refusedFirst(R + "," + SALT + ",i=99999999999999999999", "over 10^10");
    });
    refusedFirst(R + "," + SALT + ",i=4097", "limit of 4096");
  }

  @Test
  void iterationCountAtTheCapIsAccepted() {
    assertTrue(new String(started().clientFinalMessage(bytes(SERVER_FIRST))).contains(",p="));
  }

  @ParameterizedTest
  @ValueSource(strings = {"s=!!!!", "s=EBESExQVFhcYGRobHB0eHw", "s=EBESExQVFhcYGRobHB0eHw=",
      "s=EBES ExQVFhcYGRobHB0eHw==", "s====="})
  void saltMustBeStrictBase64(String salt) {
    refusedFirst(R + "," + salt + ",i=4096", "salt is not valid base64");
  }

  @Test
  void attributesMustBePresentAndInOrder() {
    refusedFirst(R + "," + SALT, "attribute 3 must be 'i='");
    refusedFirst(SALT + "," + R + ",i=4096", "attribute 1 must be 'r='");
    refusedFirst(R + ",i=4096," + SALT, "attribute 2 must be 's='");
    refusedFirst(R + ",s=,i=4096", "attribute 2 must be 's='");
    refusedFirst("", "server-first-message is empty");
    refusedFirst(SERVER_FIRST + ",", "malformed attribute 4");
    refusedFirst(SERVER_FIRST + ",1=x", "malformed attribute 4");
  }

  @Test
  void mandatoryExtensionIsRefused() {
    refusedFirst("m=need-this," + SERVER_FIRST, "mandatory extension");
    refusedFirst(SERVER_FIRST + ",m=need-this", "mandatory extension");
  }

  @Test
  void invalidUtf8IsRefused() {
    byte[] bad = bytes(SERVER_FIRST);
    bad[bad.length - 1] = (byte) 0xC3;
    refusedFirst(started(), bad, "not valid UTF-8");
  }

  // --- server-final-message --------------------------------------------------------------

  static ScramSha256 awaitingServerFinal() {
    ScramSha256 scram = started();
    scram.clientFinalMessage(bytes(SERVER_FIRST));
    return scram;
  }

  static String refusedFinal(String serverFinal, String mustMention) {
    ScramSha256 scram = awaitingServerFinal();
    var e = assertThrows(AuthExchangeException.class, () -> scram.verifyServerFinal(bytes(serverFinal)));
    String msg = e.getMessage();
    assertTrue(msg.contains(mustMention), () -> "expected '" + mustMention + "' in: " + msg);
    assertFalse(msg.contains(PASSWORD), msg);
    assertFalse(scram.isComplete());
    // a refused signature cannot be retried with the right one
    assertThrows(IllegalStateException.class,
        () -> scram.verifyServerFinal(bytes("v=m/WTZu07uGE4ARh+wTyscx/N1KHZNjIU0qAwYI+rcJQ=")));
    return msg;
  }

  @Test
  void wrongServerSignatureIsRefused() {
    // the right signature with its last byte changed
    String msg = refusedFinal("v=m/WTZu07uGE4ARh+wTyscx/N1KHZNjIU0qAwYI+rcJU=", "signature is wrong");
    assertFalse(msg.contains("m/WTZu07uGE4ARh"), "the expected signature must not leak: " + msg);
    refusedFinal("v=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "signature is wrong");
    refusedFinal("v=m/WTZu07uGE4ARh+wTyscx/N1", "not valid base64");
    refusedFinal("v=m/WTZu07uGE4ARh+wTyscx/N1KH!NjIU0qAwYI+rcJQ=", "not valid base64");
    refusedFinal("v=AAAA", "signature is wrong"); // too short
  }

  @Test
  void serverErrorIsReportedWithItsValue() {
    refusedFinal("e=invalid-proof", "server rejected the SCRAM exchange: \"invalid-proof\"");
    refusedFinal("e=other-error\u0007", "\"other-error?\""); // sanitized
  }

  @Test
  void malformedServerFinalIsRefused() {
    refusedFinal("", "server-final-message is empty");
    refusedFinal("r=whatever", "attribute 1 must be 'v='");
    refusedFinal("v=m/WTZu07uGE4ARh+wTyscx/N1KHZNjIU0qAwYI+rcJQ=,m=x", "mandatory extension");
  }

  @Test
  void outOfOrderCallsAreIllegalState() {
    ScramSha256 fresh = ScramSha256.create(PASSWORD, NONCE, ChannelBinding.none(), 4096);
    assertThrows(IllegalStateException.class, () -> fresh.clientFinalMessage(bytes(SERVER_FIRST)));
    assertThrows(IllegalStateException.class, () -> fresh.verifyServerFinal(bytes("v=AAAA")));
    fresh.clientFirstMessage();
    assertThrows(IllegalStateException.class, fresh::clientFirstMessage);
    assertThrows(IllegalStateException.class, () -> fresh.verifyServerFinal(bytes("v=AAAA")));
    fresh.clientFinalMessage(bytes(SERVER_FIRST));
    assertThrows(IllegalStateException.class, () -> fresh.clientFinalMessage(bytes(SERVER_FIRST)));
    fresh.verifyServerFinal(bytes("v=m/WTZu07uGE4ARh+wTyscx/N1KHZNjIU0qAwYI+rcJQ="));
    assertThrows(IllegalStateException.class,
        () -> fresh.verifyServerFinal(bytes("v=m/WTZu07uGE4ARh+wTyscx/N1KHZNjIU0qAwYI+rcJQ=")));
    assertThrows(IllegalStateException.class, fresh::clientFirstMessage);
  }
}
