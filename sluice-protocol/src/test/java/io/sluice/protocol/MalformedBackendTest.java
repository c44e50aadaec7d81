package io.sluice.protocol;

import static io.sluice.protocol.HexDump.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * Named malformed backend messages: each must be a {@link ProtocolException} with a message that
 * says what was wrong. Each fixture's own length field is right, so the body is what is wrong.
 */
class MalformedBackendTest {

  private static void assertMalformed(String expectedMessage, byte[] frame) {
    assertEquals(frame.length - 1, WireReader.getInt(frame, 1), "the fixture's own length field");
    ProtocolException e = assertThrows(ProtocolException.class,
        () -> BackendDecoder.decode(frame[0], frame, 5, frame.length - 5));
    assertEquals(expectedMessage, e.getMessage());
  }

  @Test
  void dataRowValueLengthBelowMinusOne() {
    assertMalformed("DataRow: negative value length -2",
        bytes('D', 0, 0, 0, 10,        // type, length 10
            0, 1,                      // 1 value
            0xFF, 0xFF, 0xFF, 0xFE));  // length -2: only -1 (NULL) may be negative
  }

  @Test
  void dataRowColumnCountPastTheEnd() {
    assertMalformed("DataRow: 5 columns need more bytes than remain",
        bytes('D', 0, 0, 0, 14,        // type, length 14
            0, 5,                      // 5 values, but room for one
            0, 0, 0, 4, 0, 0, 0, 1));  // length 4, a value
  }

  @Test
  void dataRowNegativeColumnCount() {
    assertMalformed("DataRow: negative column count -1",
        bytes('D', 0, 0, 0, 6,         // type, length 6
            0xFF, 0xFF));              // count -1
  }

  @Test
  void dataRowValuePastTheEnd() {
    assertMalformed("DataRow: a field needs 10 bytes but only 2 remain",
        bytes('D', 0, 0, 0, 12,        // type, length 12
            0, 1,                      // 1 value
            0, 0, 0, 10,               // length 10
            1, 2));                    // 2 bytes of it
  }

  @Test
  void rowDescriptionFieldCountPastTheEnd() {
    assertMalformed("RowDescription: 3 fields need more bytes than remain",
        bytes('T', 0, 0, 0, 27,        // type, length 27
            0, 3,                      // 3 fields, but one follows
            "id", 0,                   // name
            0, 0, 0, 0, 0, 0,          // table oid, column number
            0, 0, 0, 23, 0, 4,         // type int4, size 4
            0xFF, 0xFF, 0xFF, 0xFF,    // type modifier -1
            0, 0));                    // format text
  }

  @Test
  void rowDescriptionUnknownFormat() {
    assertMalformed("RowDescription: column id has unknown format 2",
        bytes('T', 0, 0, 0, 27,        // type, length 27
            0, 1,                      // 1 field
            "id", 0,                   // name
            0, 0, 0, 0, 0, 0,          // table oid, column number
            0, 0, 0, 23, 0, 4,         // type int4, size 4
            0xFF, 0xFF, 0xFF, 0xFF,    // type modifier -1
            0, 2));                    // format 2: neither text nor binary
  }

  @Test
  void trailingBytesAfterACompleteBody() {
    assertMalformed("ReadyForQuery: 1 unexpected trailing bytes", bytes('Z', 0, 0, 0, 6, 'I', 'I'));
    assertMalformed("BindComplete: 1 unexpected trailing bytes", bytes('2', 0, 0, 0, 5, 0));
    assertMalformed("CommandComplete: 2 unexpected trailing bytes", bytes('C', 0, 0, 0, 12, "BEGIN", 0, 'x', 0));
    assertMalformed("Authentication: 4 unexpected trailing bytes", bytes('R', 0, 0, 0, 12, 0, 0, 0, 0, 1, 2, 3, 4));
  }

  @Test
  void unterminatedCstring() {
    assertMalformed("CommandComplete: string not terminated by NUL before the end of the message",
        bytes('C', 0, 0, 0, 12,        // type, length 12
            "SELECT 1"));              // no NUL
  }

  @Test
  void errorResponseWithoutItsFinalTerminator() {
    assertMalformed("ErrorResponse: a byte needs 1 bytes but only 0 remain",
        bytes('E', 0, 0, 0, 11,        // type, length 11
            'S', "ERROR", 0));         // a field, then nothing: the final 0 is missing
  }

  @Test
  void invalidUtf8() {
    assertMalformed("CommandComplete: string has invalid UTF-8 at byte 0 of 2",
        bytes('C', 0, 0, 0, 7, 0xC3, 0x28, 0));                  // 0xC3 not followed by a continuation byte
    assertMalformed("CommandComplete: string has invalid UTF-8 at byte 0 of 2",
        bytes('C', 0, 0, 0, 7, 0xC0, 0x80, 0));                  // overlong NUL (Java's "modified UTF-8")
    assertMalformed("CommandComplete: string has invalid UTF-8 at byte 1 of 4",
        bytes('C', 0, 0, 0, 9, 'a', 0xED, 0xA0, 0x80, 0));       // U+D800, a lone surrogate in CESU-8 form
    assertMalformed("ParameterStatus: string has invalid UTF-8 at byte 1 of 2",
        bytes('S', 0, 0, 0, 10, "TZ", 0, 'a', 0xC3, 0));          // truncated sequence before the NUL
    assertMalformed("CommandComplete: string has invalid UTF-8 at byte 0 of 4",
        bytes('C', 0, 0, 0, 9, 0xF4, 0x90, 0x80, 0x80, 0));      // U+110000, past Unicode
    assertMalformed("CommandComplete: string has invalid UTF-8 at byte 0 of 1",
        bytes('C', 0, 0, 0, 6, 0x80, 0));                        // a lone continuation byte
  }

  @Test
  void unknownMessageType() {
    assertMalformed("unknown backend message type 'Y'", bytes('Y', 0, 0, 0, 4));
    assertMalformed("unknown backend message type 0x00", bytes(0, 0, 0, 0, 4));
    assertMalformed("unknown backend message type 0xff", bytes(0xFF, 0, 0, 0, 4));
  }

  @Test
  void unknownAuthenticationCode() {
    for (int code : new int[] {1, 4, 6, 13, -1}) {
      assertMalformed("unknown authentication request code " + code,
          bytes('R', 0, 0, 0, 8, code >>> 24, (code >>> 16) & 0xFF, (code >>> 8) & 0xFF, code & 0xFF));
    }
  }

  @Test
  void md5SaltShorterThanFourBytes() {
    assertMalformed("Authentication: a field needs 4 bytes but only 3 remain",
        bytes('R', 0, 0, 0, 11, 0, 0, 0, 5, 1, 2, 3));
  }

  @Test
  void saslMechanismListWithoutItsTerminator() {
    assertMalformed("Authentication: string not terminated by NUL before the end of the message",
        bytes('R', 0, 0, 0, 22, 0, 0, 0, 10, "SCRAM-SHA-256", 0)); // no empty name ends the list
  }

  @Test
  void backendKeyDataKeyOutside4To256Bytes() {
    assertMalformed("BackendKeyData: cancel key of 3 bytes (allowed 4 to 256)",
        bytes('K', 0, 0, 0, 11, 0, 0, 0, 1, 1, 2, 3));
    byte[] long257 = HexDump.concat(bytes('K', 0, 0, 0x01, 0x09, 0, 0, 0, 1), new byte[257]); // length 265
    assertMalformed("BackendKeyData: cancel key of 257 bytes (allowed 4 to 256)", long257);
  }

  @Test
  void readyForQueryWithUnknownStatus() {
    assertMalformed("ReadyForQuery: unknown transaction status 88", bytes('Z', 0, 0, 0, 5, 'X'));
    assertMalformed("ReadyForQuery: unknown transaction status 0", bytes('Z', 0, 0, 0, 5, 0));
    assertMalformed("ReadyForQuery: a byte needs 1 bytes but only 0 remain", bytes('Z', 0, 0, 0, 4));
  }

  @Test
  void copyResponseWithUnknownFormatOrShortColumns() {
    assertMalformed("copy response: unknown format 2", bytes('G', 0, 0, 0, 7, 2, 0, 0));
    assertMalformed("copy response: 2 columns need more bytes than remain", bytes('H', 0, 0, 0, 9, 0, 0, 2, 0, 0));
  }

  @Test
  void negotiateProtocolVersionOptionCountOutOfRange() {
    assertMalformed("NegotiateProtocolVersion: option count -1 out of range",
        bytes('v', 0, 0, 0, 12, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF));
    assertMalformed("NegotiateProtocolVersion: option count 3 out of range",
        bytes('v', 0, 0, 0, 14, 0, 0, 0, 0, 0, 0, 0, 3, 'a', 0));
  }

  @Test
  void parameterDescriptionCountPastTheEnd() {
    assertMalformed("ParameterDescription: 65535 parameters need more bytes than remain",
        bytes('t', 0, 0, 0, 10, 0xFF, 0xFF, 0, 0, 0, 23));
  }

  @Test
  void functionCallResponseLengthPastTheEnd() {
    assertMalformed("FunctionCallResponse: a field needs 5 bytes but only 4 remain",
        bytes('V', 0, 0, 0, 12, 0, 0, 0, 5, 1, 2, 3, 4));
  }
}
