package io.sluice.protocol;

import static io.sluice.protocol.DeepEquals.assertDeepEquals;
import static io.sluice.protocol.HexDump.assertBytes;
import static io.sluice.protocol.HexDump.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sluice.protocol.BackendMessage.*;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every backend message against literal bytes laid out field by field: BackendDecoder must turn the
 * fixture into the message, and BackendEncoder must produce the fixture from it.
 */
class BackendFixturesTest {

  private static void check(BackendMessage m, byte[] fixture) {
    assertEquals(fixture.length - 1, WireReader.getInt(fixture, 1), "the fixture's own length field");
    assertDeepEquals(m, BackendDecoder.decode(fixture[0], fixture, 5, fixture.length - 5));
    assertBytes(fixture, BackendEncoder.toBytes(m), "encode " + m.getClass().getSimpleName());
  }

  @Test
  void authenticationRequestsWithoutData() {
    check(AuthenticationOk.INSTANCE, bytes('R', 0, 0, 0, 8, 0, 0, 0, 0));                 // type, length 8, code 0
    check(AuthenticationKerberosV5.INSTANCE, bytes('R', 0, 0, 0, 8, 0, 0, 0, 2));         // code 2
    check(AuthenticationCleartextPassword.INSTANCE, bytes('R', 0, 0, 0, 8, 0, 0, 0, 3));  // code 3
    check(AuthenticationGSS.INSTANCE, bytes('R', 0, 0, 0, 8, 0, 0, 0, 7));                // code 7
    check(AuthenticationSSPI.INSTANCE, bytes('R', 0, 0, 0, 8, 0, 0, 0, 9));               // code 9
  }

  @Test
  void authenticationMD5Password() {
    check(new AuthenticationMD5Password(new byte[] {0x11, 0x22, 0x33, 0x44}),
        bytes('R', 0, 0, 0, 12,        // type, length 12
            0, 0, 0, 5,                // code 5: MD5
            0x11, 0x22, 0x33, 0x44));  // salt
  }

  @Test
  void authenticationGSSContinue() {
    check(new AuthenticationGSSContinue(new byte[] {9, 8, 7}),
        bytes('R', 0, 0, 0, 11,        // type, length 11
            0, 0, 0, 8,                // code 8: GSS continue
            9, 8, 7));                 // token
  }

  @Test
  void authenticationSASL() {
    check(new AuthenticationSASL(List.of("SCRAM-SHA-256-PLUS", "SCRAM-SHA-256")),
        bytes('R', 0, 0, 0, 42,        // type, length 42
            0, 0, 0, 10,               // code 10: SASL
            "SCRAM-SHA-256-PLUS", 0,   // mechanism
            "SCRAM-SHA-256", 0,        // mechanism
            0));                       // end of the list
  }

  @Test
  void authenticationSASLContinueAndFinal() {
    check(new AuthenticationSASLContinue("r=ab,s=c2E=,i=4096".getBytes()),
        bytes('R', 0, 0, 0, 26,        // type, length 26
            0, 0, 0, 11,               // code 11: SASL continue
            "r=ab,s=c2E=,i=4096"));    // server-first-message
    check(new AuthenticationSASLFinal("v=c2ln".getBytes()),
        bytes('R', 0, 0, 0, 14,        // type, length 14
            0, 0, 0, 12,               // code 12: SASL final
            "v=c2ln"));                // server-final-message
  }

  @Test
  void backendKeyData() {
    check(new BackendKeyData(4242, new byte[] {1, 2, 3, 4}),
        bytes('K', 0, 0, 0, 12,        // type, length 12
            0, 0, 0x10, 0x92,          // process id 4242
            1, 2, 3, 4));              // secret key, 4 bytes (protocol 3.0)
  }

  @Test
  void backendKeyDataWithA32ByteKeyOfProtocol32() {
    byte[] key = new byte[32];
    key[0] = 7;
    key[31] = 9;
    check(new BackendKeyData(1, key),
        bytes('K', 0, 0, 0, 40,        // type, length 40
            0, 0, 0, 1,                // process id 1
            7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,   // secret key, 32 bytes
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9));
  }

  @Test
  void emptyMessages() {
    check(BindComplete.INSTANCE, bytes('2', 0, 0, 0, 4));       // type, length 4
    check(CloseComplete.INSTANCE, bytes('3', 0, 0, 0, 4));      // type, length 4
    check(CopyDone.INSTANCE, bytes('c', 0, 0, 0, 4));           // type, length 4
    check(EmptyQueryResponse.INSTANCE, bytes('I', 0, 0, 0, 4)); // type, length 4
    check(NoData.INSTANCE, bytes('n', 0, 0, 0, 4));             // type, length 4
    check(ParseComplete.INSTANCE, bytes('1', 0, 0, 0, 4));      // type, length 4
    check(PortalSuspended.INSTANCE, bytes('s', 0, 0, 0, 4));    // type, length 4
  }

  @Test
  void commandComplete() {
    check(new CommandComplete("SELECT 1"),
        bytes('C', 0, 0, 0, 13,        // type, length 13
            "SELECT 1", 0));           // tag
  }

  @Test
  void copyData() {
    check(new CopyData("1\tone\n".getBytes()),
        bytes('d', 0, 0, 0, 10,        // type, length 10
            "1\tone\n"));              // a row of COPY text
  }

  @Test
  void copyResponses() {
    check(new CopyInResponse(0, new short[] {0, 0}),
        bytes('G', 0, 0, 0, 11,        // type, length 11
            0,                         // overall format: text
            0, 2,                      // 2 columns
            0, 0, 0, 0));              // text, text
    check(new CopyOutResponse(1, new short[] {1}),
        bytes('H', 0, 0, 0, 9,         // type, length 9
            1,                         // overall format: binary
            0, 1,                      // 1 column
            0, 1));                    // binary
    check(new CopyBothResponse(0, new short[0]),
        bytes('W', 0, 0, 0, 7,         // type, length 7
            0,                         // overall format: text
            0, 0));                    // no columns
  }

  @Test
  void dataRow() {
    check(new DataRow(new byte[][] {{0, 0, 0, 42}, null, {}}),
        bytes('D', 0, 0, 0, 22,        // type, length 22
            0, 3,                      // 3 values
            0, 0, 0, 4, 0, 0, 0, 42,   // length 4, int4 42
            0xFF, 0xFF, 0xFF, 0xFF,    // length -1: NULL
            0, 0, 0, 0));              // length 0: empty, not NULL
  }

  @Test
  void errorResponse() {
    Map<Character, String> fields = new LinkedHashMap<>();
    fields.put('S', "ERROR");
    fields.put('C', "42P01");
    fields.put('M', "relation \"x\" does not exist");
    check(new ErrorResponse(fields),
        bytes('E', 0, 0, 0, 48,        // type, length 48
            'S', "ERROR", 0,           // severity
            'C', "42P01", 0,           // SQLSTATE undefined_table
            'M', "relation \"x\" does not exist", 0, // message
            0));                       // end of fields
  }

  @Test
  void noticeResponse() {
    check(new NoticeResponse(Map.of('M', "é")),
        bytes('N', 0, 0, 0, 9,         // type, length 9
            'M', 0xC3, 0xA9, 0,        // message "é" in UTF-8
            0));                       // end of fields
  }

  @Test
  void functionCallResponse() {
    check(new FunctionCallResponse(new byte[] {0, 0, 0, 5}),
        bytes('V', 0, 0, 0, 12,        // type, length 12
            0, 0, 0, 4,                // result length 4
            0, 0, 0, 5));              // int4 5
    check(new FunctionCallResponse(null),
        bytes('V', 0, 0, 0, 8,         // type, length 8
            0xFF, 0xFF, 0xFF, 0xFF));  // length -1: NULL
  }

  @Test
  void negotiateProtocolVersion() {
    check(new NegotiateProtocolVersion(0, List.of("_pq_.foo")),
        bytes('v', 0, 0, 0, 21,        // type, length 21
            0, 0, 0, 0,                // newest minor version supported: 3.0
            0, 0, 0, 1,                // 1 unrecognized option
            "_pq_.foo", 0));           // option name
  }

  @Test
  void notificationResponse() {
    check(new NotificationResponse(77, "jobs", "hi"),
        bytes('A', 0, 0, 0, 16,        // type, length 16
            0, 0, 0, 77,               // notifying process id
            "jobs", 0,                 // channel
            "hi", 0));                 // payload
  }

  @Test
  void parameterDescription() {
    check(new ParameterDescription(new int[] {23, 25}),
        bytes('t', 0, 0, 0, 14,        // type, length 14
            0, 2,                      // 2 parameters
            0, 0, 0, 23,               // int4
            0, 0, 0, 25));             // text
  }

  @Test
  void parameterStatus() {
    check(new ParameterStatus("TimeZone", "UTC"),
        bytes('S', 0, 0, 0, 17,        // type, length 17
            "TimeZone", 0,             // name
            "UTC", 0));                // value
  }

  @Test
  void readyForQuery() {
    check(new ReadyForQuery(TransactionStatus.IDLE), bytes('Z', 0, 0, 0, 5, 'I')); // type, length 5, idle
    check(new ReadyForQuery(TransactionStatus.IN_TRANSACTION), bytes('Z', 0, 0, 0, 5, 'T')); // in a transaction
    check(new ReadyForQuery(TransactionStatus.FAILED), bytes('Z', 0, 0, 0, 5, 'E')); // in a failed transaction
  }

  @Test
  void rowDescription() {
    check(new RowDescription(List.of(
            new Field("id", 16384, (short) 1, 23, (short) 4, -1, (short) 1),
            new Field("name", 16384, (short) 2, 25, (short) -1, -1, (short) 0))),
        bytes('T', 0, 0, 0, 50,        // type, length 50
            0, 2,                      // 2 fields
            "id", 0,                   // name
            0, 0, 0x40, 0,             // table oid 16384
            0, 1,                      // column number 1
            0, 0, 0, 23,               // type int4
            0, 4,                      // type size 4
            0xFF, 0xFF, 0xFF, 0xFF,    // type modifier -1
            0, 1,                      // format: binary
            "name", 0,                 // name
            0, 0, 0x40, 0,             // table oid 16384
            0, 2,                      // column number 2
            0, 0, 0, 25,               // type text
            0xFF, 0xFF,                // type size -1: variable
            0xFF, 0xFF, 0xFF, 0xFF,    // type modifier -1
            0, 0));                    // format: text
  }
}
