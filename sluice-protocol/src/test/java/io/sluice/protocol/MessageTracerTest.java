package io.sluice.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.protocol.BackendMessage.*;
import io.sluice.protocol.FrontendMessage.*;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MessageTracerTest {
  private static final MessageTracer TRACER = MessageTracer.DEFAULT;
  /** Shows values in hex: secrets must stay hidden even so. */
  private static final MessageTracer VERBOSE = new MessageTracer(10_000, 10_000);

  private static final String PASSWORD = "Zq9-horse-Battery";
  private static final byte[] KEY = {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0x5E, (byte) 0xC2, (byte) 0xE7, 0x11};

  private static void assertNoSecret(String line, byte[] secret) {
    String text = new String(secret, StandardCharsets.ISO_8859_1);
    String hex = HexFormat.of().formatHex(secret);
    String half = text.substring(0, text.length() / 2);
    assertFalse(line.contains(half), line);
    assertFalse(line.toLowerCase().contains(hex.substring(0, 8)), line);
    assertFalse(line.toLowerCase().contains(HexFormat.ofDelimiter(" ").formatHex(secret, 0, 4)), line);
  }

  @Test
  void passwordIsNeverShown() {
    for (MessageTracer t : List.of(TRACER, VERBOSE)) {
      String line = t.format(new PasswordMessage(PASSWORD.getBytes()));
      assertEquals("F PasswordMessage ***", line);
      assertNoSecret(line, PASSWORD.getBytes());
    }
  }

  @Test
  void saslAndGssPayloadsShowOnlyTheirLength() {
    byte[] first = "n,,n=,r=SECRETNONCE4711".getBytes();
    byte[] proof = ("c=biws,r=SECRETNONCE4711,p=" + PASSWORD).getBytes();
    for (MessageTracer t : List.of(TRACER, VERBOSE)) {
      String initial = t.format(new SASLInitialResponse("SCRAM-SHA-256", first));
      assertEquals("F SASLInitialResponse mechanism=SCRAM-SHA-256 data=(23 bytes)", initial);
      assertNoSecret(initial, first);
      String response = t.format(new SASLResponse(proof));
      assertEquals("F SASLResponse (" + proof.length + " bytes)", response);
      assertNoSecret(response, proof);
      assertNoSecret(t.format(new GSSResponse(proof)), proof);
      assertNoSecret(t.format(new AuthenticationSASLContinue(proof)), proof);
      assertNoSecret(t.format(new AuthenticationSASLFinal(proof)), proof);
      assertNoSecret(t.format(new AuthenticationGSSContinue(proof)), proof);
    }
  }

  @Test
  void cancelKeysAreNeverShown() {
    for (MessageTracer t : List.of(TRACER, VERBOSE)) {
      String cancel = t.format(new CancelRequest(4242, KEY));
      assertEquals("F CancelRequest pid=4242 key=(8 bytes)", cancel);
      assertNoSecret(cancel, KEY);
      String keyData = t.format(new BackendKeyData(4242, KEY));
      assertEquals("B BackendKeyData pid=4242 key=(8 bytes)", keyData);
      assertNoSecret(keyData, KEY);
    }
  }

  @Test
  void commonMessages() {
    Map<Character, String> error = new LinkedHashMap<>();
    error.put('S', "ERROR");
    error.put('C', "42P01");
    error.put('M', "relation \"x\" does not exist");
    assertEquals("F Parse name=\"\" sql=\"select $1\" types=[23]",
        TRACER.format(new Parse("", "select $1", new int[] {23})));
    assertEquals("B RowDescription 2 fields: id int4(23) binary, name text(25) text",
        TRACER.format(new RowDescription(List.of(
            new Field("id", 0, (short) 0, 23, (short) 4, -1, (short) 1),
            new Field("name", 0, (short) 0, 25, (short) -1, -1, (short) 0)))));
    assertEquals("B DataRow 2 values: 4 bytes, NULL", TRACER.format(new DataRow(new byte[][] {{0, 0, 0, 1}, null})));
    assertEquals("B ErrorResponse S=ERROR C=42P01 M=relation \"x\" does not exist",
        TRACER.format(new ErrorResponse(error)));
    assertEquals("F StartupMessage 3.2 user=\"alice\" database=\"shop\"", TRACER.format(new StartupMessage(
        ProtocolVersion.V3_2, List.of(Map.entry("user", "alice"), Map.entry("database", "shop")))));
    assertEquals("F Bind portal=\"\" statement=\"s1\" formats=[1] params=[4 bytes, NULL] results=[1]",
        TRACER.format(new Bind("", "s1", new short[] {1}, new byte[][] {{0, 0, 0, 42}, null}, new short[] {1})));
    assertEquals("F Describe statement \"s1\"", TRACER.format(new Describe((byte) 'S', "s1")));
    assertEquals("F Execute portal=\"\" maxRows=0", TRACER.format(new Execute("", 0)));
    assertEquals("F Sync", TRACER.format(FrontendMessage.Sync.INSTANCE));
    assertEquals("B CommandComplete SELECT 1", TRACER.format(new CommandComplete("SELECT 1")));
    assertEquals("B ReadyForQuery I (idle)", TRACER.format(new ReadyForQuery(TransactionStatus.IDLE)));
    assertEquals("B ParameterStatus TimeZone=\"UTC\"", TRACER.format(new ParameterStatus("TimeZone", "UTC")));
    assertEquals("B AuthenticationSASL mechanisms=[SCRAM-SHA-256-PLUS, SCRAM-SHA-256]",
        TRACER.format(new AuthenticationSASL(List.of("SCRAM-SHA-256-PLUS", "SCRAM-SHA-256"))));
    assertEquals("B RowDescription 1 field: n ?(16385) text", TRACER.format(new RowDescription(List.of(
        new Field("n", 0, (short) 0, 16385, (short) -1, -1, (short) 0)))));
    assertEquals("B DataRow 0 values", TRACER.format(new DataRow(new byte[0][])));
  }

  @Test
  void everyMessageKindIsOneLineStartingWithItsDirectionAndName() {
    for (FrontendMessage m : Samples.frontend()) {
      String line = VERBOSE.format(m);
      assertTrue(line.startsWith("F " + m.getClass().getSimpleName()), line);
      assertFalse(line.contains("\n") || line.contains("\r"), line);
    }
    for (BackendMessage m : Samples.backend()) {
      String line = VERBOSE.format(m);
      assertTrue(line.startsWith("B " + m.getClass().getSimpleName()), line);
      assertFalse(line.contains("\n") || line.contains("\r"), line);
    }
  }

  @Test
  void longSqlIsCutWithItsLengthNoted() {
    String sql = "select " + "x".repeat(4993);
    String line = new MessageTracer(20, 0).format(new Query(sql));
    assertEquals("F Query sql=\"select xxxxxxxxxxxxx…\"(5000 chars)", line);
  }

  @Test
  void aCutNeverSplitsASurrogatePair() {
    String line = new MessageTracer(8, 0).format(new Query("abcdefg\uD83D\uDE00tail"));
    assertEquals("F Query sql=\"abcdefg…\"(13 chars)", line);
  }

  @Test
  void controlCharactersAndQuotesAreEscaped() {
    assertEquals("F Query sql=\"select '\\\"a\\\\b\\\"'\\n from t\\t\\u0001\"",
        TRACER.format(new Query("select '\"a\\b\"'\n from t\t\u0001")));
    assertEquals("B NoticeResponse M=line one\\nline two", TRACER.format(new NoticeResponse(Map.of('M', "line one\nline two"))));
  }

  @Test
  void valuesShowAHexPrefixOnlyWhenAsked() {
    DataRow row = new DataRow(new byte[][] {{0, 0, 0, 42}, {1, 2, 3, 4, 5, 6}, {}});
    assertEquals("B DataRow 3 values: 4 bytes, 6 bytes, 0 bytes", TRACER.format(row));
    assertEquals("B DataRow 3 values: 4 bytes 0000002a, 6 bytes 01020304…, 0 bytes",
        new MessageTracer(200, 4).format(row));
    assertEquals("F CopyData 3 bytes 610a62", new MessageTracer(200, 4).format(new FrontendMessage.CopyData("a\nb".getBytes())));
  }

  @Test
  void longListsAreCut() {
    String line = TRACER.format(new DataRow(new byte[100][]));
    assertTrue(line.startsWith("B DataRow 100 values: NULL, NULL"), line);
    assertTrue(line.endsWith("NULL, … (68 more)"), line);
  }

  @Test
  void linesGoToASink() {
    List<String> lines = new ArrayList<>();
    TRACER.trace(FrontendMessage.Sync.INSTANCE, lines::add);
    TRACER.trace(new ReadyForQuery(TransactionStatus.IN_TRANSACTION), lines::add);
    assertEquals(List.of("F Sync", "B ReadyForQuery T (in a transaction)"), lines);
  }

  @Test
  void limitsAreChecked() {
    assertThrows(IllegalArgumentException.class, () -> new MessageTracer(7, 0));
    assertThrows(IllegalArgumentException.class, () -> new MessageTracer(100, -1));
  }
}
