package io.sluice.protocol;

import static io.sluice.protocol.DeepEquals.assertDeepEquals;
import static io.sluice.protocol.HexDump.assertBytes;
import static io.sluice.protocol.HexDump.bytes;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.protocol.FrontendMessage.*;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every frontend message against literal bytes laid out field by field: encode must produce the
 * fixture, and FrontendDecoder must turn the fixture back into the message.
 */
class FrontendFixturesTest {

  private static void check(FrontendMessage m, byte[] fixture) {
    assertBytes(fixture, FrontendMessage.toBytes(m), "encode " + m.getClass().getSimpleName());
    assertDeepEquals(m, FrontendDecoder.decodeMessage(fixture, Samples.hintFor(m)));
  }

  @Test
  void startupMessage() {
    check(new StartupMessage(ProtocolVersion.V3_0, List.of(Map.entry("user", "alice"), Map.entry("database", "shop"))),
        bytes(0, 0, 0, 34,             // length 34, no type byte
            0, 3, 0, 0,                // protocol 3.0
            "user", 0, "alice", 0,     // parameter
            "database", 0, "shop", 0,  // parameter
            0));                       // end of parameters
  }

  @Test
  void startupMessageForProtocol32WithNonAsciiValue() {
    check(new StartupMessage(ProtocolVersion.V3_2, List.of(Map.entry("application_name", "é"))),
        bytes(0, 0, 0, 29,             // length 29
            0, 3, 0, 2,                // protocol 3.2
            "application_name", 0,     // name
            0xC3, 0xA9, 0,             // value "é" in UTF-8
            0));                       // end of parameters
  }

  @Test
  void sslRequest() {
    check(SSLRequest.INSTANCE, bytes(0, 0, 0, 8, // length 8
        0x04, 0xD2, 0x16, 0x2F));                // 1234 << 16 | 5679
  }

  @Test
  void gssencRequest() {
    check(GSSENCRequest.INSTANCE, bytes(0, 0, 0, 8, // length 8
        0x04, 0xD2, 0x16, 0x30));                   // 1234 << 16 | 5680
  }

  @Test
  void cancelRequest() {
    check(new CancelRequest(4242, new byte[] {1, 2, 3, 4}),
        bytes(0, 0, 0, 16,             // length 16
            0x04, 0xD2, 0x16, 0x2E,    // 1234 << 16 | 5678
            0, 0, 0x10, 0x92,          // process id 4242
            1, 2, 3, 4));              // secret key, 4 bytes (protocol 3.0)
  }

  @Test
  void passwordMessage() {
    check(new PasswordMessage("hunter2".getBytes()),
        bytes('p', 0, 0, 0, 12,        // type, length 12
            "hunter2", 0));            // password
  }

  @Test
  void saslInitialResponse() {
    check(new SASLInitialResponse("SCRAM-SHA-256", "n,,n=,r=abc".getBytes()),
        bytes('p', 0, 0, 0, 33,        // type, length 33
            "SCRAM-SHA-256", 0,        // mechanism
            0, 0, 0, 11,               // data length 11
            "n,,n=,r=abc"));           // client-first-message
  }

  @Test
  void saslInitialResponseWithoutData() {
    check(new SASLInitialResponse("SCRAM-SHA-256", null),
        bytes('p', 0, 0, 0, 22,        // type, length 22
            "SCRAM-SHA-256", 0,        // mechanism
            0xFF, 0xFF, 0xFF, 0xFF));  // data length -1: no initial response
  }

  @Test
  void saslResponse() {
    check(new SASLResponse("c=biws,r=abc,p=xyz".getBytes()),
        bytes('p', 0, 0, 0, 22,        // type, length 22
            "c=biws,r=abc,p=xyz"));    // client-final-message, no terminator
  }

  @Test
  void gssResponse() {
    check(new GSSResponse(new byte[] {0x60, 0x10}),
        bytes('p', 0, 0, 0, 6,         // type, length 6
            0x60, 0x10));              // token
  }

  @Test
  void query() {
    check(new Query("select 1"),
        bytes('Q', 0, 0, 0, 13,        // type, length 13
            "select 1", 0));           // sql
  }

  @Test
  void parse() {
    check(new Parse("s1", "select $1", new int[] {23}),
        bytes('P', 0, 0, 0, 23,        // type, length 23
            "s1", 0,                   // statement name
            "select $1", 0,            // sql
            0, 1,                      // 1 parameter type
            0, 0, 0, 23));             // int4
  }

  @Test
  void bind() {
    check(new Bind("", "s1", new short[] {1}, new byte[][] {{0, 0, 0, 42}, null}, new short[] {1}),
        bytes('B', 0, 0, 0, 30,        // type, length 30
            0,                         // portal "" (unnamed)
            "s1", 0,                   // statement
            0, 1,                      // 1 parameter format code
            0, 1,                      // binary, for all parameters
            0, 2,                      // 2 parameters
            0, 0, 0, 4, 0, 0, 0, 42,   // length 4, int4 42
            0xFF, 0xFF, 0xFF, 0xFF,    // length -1: NULL
            0, 1,                      // 1 result format code
            0, 1));                    // binary, for all columns
  }

  @Test
  void describeStatement() {
    check(new Describe((byte) 'S', "s1"),
        bytes('D', 0, 0, 0, 8,         // type, length 8
            'S',                       // a statement
            "s1", 0));                 // name
  }

  @Test
  void execute() {
    check(new Execute("", 0),
        bytes('E', 0, 0, 0, 9,         // type, length 9
            0,                         // portal "" (unnamed)
            0, 0, 0, 0));              // max rows 0: all
  }

  @Test
  void closePortal() {
    check(new Close((byte) 'P', "c1"),
        bytes('C', 0, 0, 0, 8,         // type, length 8
            'P',                       // a portal
            "c1", 0));                 // name
  }

  @Test
  void emptyMessages() {
    check(Sync.INSTANCE, bytes('S', 0, 0, 0, 4));      // type, length 4
    check(Flush.INSTANCE, bytes('H', 0, 0, 0, 4));     // type, length 4
    check(Terminate.INSTANCE, bytes('X', 0, 0, 0, 4)); // type, length 4
    check(CopyDone.INSTANCE, bytes('c', 0, 0, 0, 4));  // type, length 4
  }

  @Test
  void copyData() {
    check(new CopyData("ab\n".getBytes()),
        bytes('d', 0, 0, 0, 7,         // type, length 7
            "ab\n"));                  // data
  }

  @Test
  void copyFail() {
    check(new CopyFail("oops"),
        bytes('f', 0, 0, 0, 9,         // type, length 9
            "oops", 0));               // error message
  }

  @Test
  void functionCall() {
    check(new FunctionCall(1598, new short[] {1}, new byte[][] {{0, 0, 0, 5}}, (short) 1),
        bytes('F', 0, 0, 0, 24,        // type, length 24
            0, 0, 0x06, 0x3E,          // function oid 1598
            0, 1,                      // 1 argument format code
            0, 1,                      // binary
            0, 1,                      // 1 argument
            0, 0, 0, 4, 0, 0, 0, 5,    // length 4, int4 5
            0, 1));                    // result format: binary
  }

  /** Regression: Bind checked only the parameter count, so 65536 format codes wrapped to 0. */
  @Test
  void bindWithMoreThan65535ResultFormatsIsRefusedInsteadOfWrapping() {
    Bind bind = new Bind("", "", new short[0], new byte[0][], new short[65_536]);
    ProtocolException e = assertThrows(ProtocolException.class, () -> FrontendMessage.toBytes(bind));
    assertTrue(e.getMessage().contains("65536"), e.getMessage());
    Bind formats = new Bind("", "", new short[65_536], new byte[0][], new short[0]);
    assertThrows(ProtocolException.class, () -> FrontendMessage.toBytes(formats));
  }

  /** Regression: FunctionCall wrote its counts unchecked. */
  @Test
  void functionCallWithMoreThan65535ArgumentsIsRefusedInsteadOfWrapping() {
    assertThrows(ProtocolException.class, () -> FrontendMessage.toBytes(
        new FunctionCall(1, new short[0], new byte[65_536][], (short) 0)));
    assertThrows(ProtocolException.class, () -> FrontendMessage.toBytes(
        new FunctionCall(1, new short[65_536], new byte[0][], (short) 0)));
  }

  @Test
  void parseWithMoreThan65535ParametersIsRefused() {
    assertThrows(ProtocolException.class, () -> FrontendMessage.toBytes(new Parse("", "", new int[65_536])));
  }

  /** Regression: an empty name ended the parameter list early and left the rest as garbage. */
  @Test
  void startupParameterWithAnEmptyNameIsRefused() {
    StartupMessage m = new StartupMessage(ProtocolVersion.V3_0, List.of(Map.entry("", "x"), Map.entry("user", "u")));
    assertThrows(ProtocolException.class, () -> FrontendMessage.toBytes(m));
  }
}
