package io.sluice.protocol;

import static io.sluice.protocol.HexDump.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.sluice.protocol.FrontendDecoder.AuthResponse;
import org.junit.jupiter.api.Test;

/** Named malformed frontend messages: each must be a {@link ProtocolException} saying what was wrong. */
class MalformedFrontendTest {

  private static void assertMalformed(String expectedMessage, byte[] message, AuthResponse hint) {
    ProtocolException e = assertThrows(ProtocolException.class, () -> FrontendDecoder.decodeMessage(message, hint));
    assertEquals(expectedMessage, e.getMessage());
  }

  private static void assertMalformed(String expectedMessage, byte[] message) {
    assertMalformed(expectedMessage, message, null);
  }

  @Test
  void authenticationResponseWhenNoneWasRequested() {
    assertMalformed("authentication response ('p') when none was requested",
        bytes('p', 0, 0, 0, 8, "pwd", 0));
  }

  @Test
  void passwordWithoutTerminatorOrWithTrailingBytes() {
    assertMalformed("PasswordMessage: password not terminated by NUL before the end of the message",
        bytes('p', 0, 0, 0, 7, "pwd"), AuthResponse.PASSWORD_MESSAGE);
    assertMalformed("PasswordMessage: 2 unexpected trailing bytes",
        bytes('p', 0, 0, 0, 10, "pwd", 0, 'x', 0), AuthResponse.PASSWORD_MESSAGE);
  }

  /** Regression (found by the fuzz test): an empty body made the decoder copy -1 bytes. */
  @Test
  void emptyPasswordMessageBodyIsAProtocolErrorNotANegativeArraySize() {
    assertMalformed("PasswordMessage: password not terminated by NUL before the end of the message",
        bytes('p', 0, 0, 0, 4), AuthResponse.PASSWORD_MESSAGE);
  }

  @Test
  void saslInitialResponseWithBadDataLength() {
    assertMalformed("SASLInitialResponse: negative value length -2",
        bytes('p', 0, 0, 0, 10, 'M', 0, 0xFF, 0xFF, 0xFF, 0xFE), AuthResponse.SASL_INITIAL_RESPONSE);
    assertMalformed("SASLInitialResponse: a field needs 9 bytes but only 1 remain",
        bytes('p', 0, 0, 0, 11, 'M', 0, 0, 0, 0, 9, 'x'), AuthResponse.SASL_INITIAL_RESPONSE);
  }

  @Test
  void bindCountsPastTheEnd() {
    assertMalformed("Bind: parameter count 65535 needs more bytes than the 2 that remain",
        bytes('B', 0, 0, 0, 12,        // type, length 12
            0, 0,                      // portal "", statement ""
            0, 0,                      // no format codes
            0xFF, 0xFF,                // 65535 parameters (unsigned), but 2 bytes follow
            0, 0));
    assertMalformed("Bind: result format count 3 needs more bytes than the 2 that remain",
        bytes('B', 0, 0, 0, 14, 0, 0, 0, 0, 0, 0, 0, 3, 0, 1));
  }

  @Test
  void parseTypeCountPastTheEnd() {
    assertMalformed("Parse: parameter type count 2 needs more bytes than the 4 that remain",
        bytes('P', 0, 0, 0, 12, 0, 0, 0, 2, 0, 0, 0, 23));
  }

  @Test
  void trailingBytes() {
    assertMalformed("Sync: 1 unexpected trailing bytes", bytes('S', 0, 0, 0, 5, 0));
    assertMalformed("Execute: 1 unexpected trailing bytes", bytes('E', 0, 0, 0, 10, 0, 0, 0, 0, 0, 9));
  }

  @Test
  void invalidUtf8InAQuery() {
    assertMalformed("Query: string has invalid UTF-8 at byte 7 of 9",
        bytes('Q', 0, 0, 0, 14, "select ", 0xC0, 0x80, 0));
  }

  @Test
  void unknownTypeAndLengthMismatch() {
    assertMalformed("unknown frontend message type 'Z'", bytes('Z', 0, 0, 0, 4));
    assertMalformed("length field 5 does not match the message's actual length 4", bytes('S', 0, 0, 0, 5));
    assertMalformed("length field 3 does not match the message's actual length 4", bytes('S', 0, 0, 0, 3));
    assertMalformed("message of 3 bytes is shorter than its header", bytes('S', 0, 0));
  }

  @Test
  void initialMessageLengthOutOfRange() {
    assertMalformed("invalid length of startup packet: 2 bytes after the length word", bytes(0, 0, 0, 6, 0, 3));
    byte[] huge = new byte[10_009];
    huge[1] = 0;
    huge[2] = 0x27;
    huge[3] = 0x19; // length 10009: a body of 10005 bytes
    assertMalformed("invalid length of startup packet: 10005 bytes after the length word", huge);
  }

  @Test
  void unsupportedProtocolVersionOrRequestCode() {
    assertMalformed("unsupported protocol version or request code 2.0 in the first message",
        bytes(0, 0, 0, 9, 0, 2, 0, 0, 0));
    assertMalformed("unsupported protocol version or request code 1234.5681 in the first message",
        bytes(0, 0, 0, 8, 0x04, 0xD2, 0x16, 0x31));
  }

  @Test
  void startupMessageWithoutItsFinalTerminator() {
    assertMalformed("StartupMessage: string not terminated by NUL before the end of the message",
        bytes(0, 0, 0, 17, 0, 3, 0, 0, "user", 0, "bob", 0)); // the list's final NUL is missing
  }

  @Test
  void cancelRequestKeyOutside4To256Bytes() {
    assertMalformed("CancelRequest: cancel key of 3 bytes (allowed 4 to 256)",
        bytes(0, 0, 0, 15, 0x04, 0xD2, 0x16, 0x2E, 0, 0, 0, 1, 1, 2, 3));
    byte[] key257 = HexDump.concat(bytes(0, 0, 0x01, 0x0D, 0x04, 0xD2, 0x16, 0x2E, 0, 0, 0, 1), new byte[257]);
    assertMalformed("CancelRequest: cancel key of 257 bytes (allowed 4 to 256)", key257);
  }

  @Test
  void sslRequestWithTrailingBytes() {
    assertMalformed("SSLRequest: 1 unexpected trailing bytes", bytes(0, 0, 0, 9, 0x04, 0xD2, 0x16, 0x2F, 0));
  }
}
