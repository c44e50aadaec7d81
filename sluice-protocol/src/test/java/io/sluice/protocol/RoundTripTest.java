package io.sluice.protocol;

import static io.sluice.protocol.HexDump.assertBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * encode → decode → encode gives the same bytes, for every message kind in both directions.
 * Records holding arrays compare by identity, so the encodings are compared instead.
 */
class RoundTripTest {
  private static final long SEED = 20260101L;

  @Test
  void samplesCoverEveryFrontendMessageKind() {
    assertEquals(kinds(FrontendMessage.class.getPermittedSubclasses()),
        classesOf(Samples.frontend().toArray()));
  }

  @Test
  void samplesCoverEveryBackendMessageKind() {
    assertEquals(kinds(BackendMessage.class.getPermittedSubclasses()),
        classesOf(Samples.backend().toArray()));
  }

  @Test
  void randomMessagesCoverEveryKind() {
    Random r = new Random(SEED);
    Set<String> front = new HashSet<>();
    Set<String> back = new HashSet<>();
    for (int i = 0; i < 2_000; i++) {
      front.add(Samples.randomFrontend(r).getClass().getSimpleName());
      back.add(Samples.randomBackend(r).getClass().getSimpleName());
    }
    assertEquals(kinds(FrontendMessage.class.getPermittedSubclasses()), front);
    assertEquals(kinds(BackendMessage.class.getPermittedSubclasses()), back);
  }

  @Test
  void frontendSamplesRoundTrip() {
    for (FrontendMessage m : Samples.frontend()) {
      assertFrontendRoundTrip(m);
    }
  }

  @Test
  void backendSamplesRoundTrip() {
    for (BackendMessage m : Samples.backend()) {
      assertBackendRoundTrip(m);
    }
  }

  @Test
  void randomFrontendMessagesRoundTrip() {
    Random r = new Random(SEED);
    for (int i = 0; i < 20_000; i++) {
      assertFrontendRoundTrip(Samples.randomFrontend(r));
    }
  }

  @Test
  void randomBackendMessagesRoundTrip() {
    Random r = new Random(SEED + 1);
    for (int i = 0; i < 20_000; i++) {
      assertBackendRoundTrip(Samples.randomBackend(r));
    }
  }

  @Test
  void emptyMessagesDecodeToTheirSingletons() {
    assertSame(FrontendMessage.Sync.INSTANCE, decodeFrontend(FrontendMessage.toBytes(new FrontendMessage.Sync())));
    assertSame(BackendMessage.NoData.INSTANCE, decodeBackend(BackendEncoder.toBytes(new BackendMessage.NoData())));
  }

  @Test
  void fieldsSurviveTheRoundTrip() {
    FrontendMessage.Parse parse = (FrontendMessage.Parse) decodeFrontend(FrontendMessage.toBytes(
        new FrontendMessage.Parse("s€", "select $1 -- \uD83D\uDE00", new int[] {23, 0, -1})));
    assertEquals("s€", parse.name());
    assertEquals("select $1 -- \uD83D\uDE00", parse.sql());
    assertEquals("[23, 0, -1]", Arrays.toString(parse.parameterTypes()));

    BackendMessage.DataRow row = (BackendMessage.DataRow) decodeBackend(BackendEncoder.toBytes(
        new BackendMessage.DataRow(new byte[][] {null, {}, {7}})));
    assertEquals("[null, [], [7]]", Arrays.deepToString(row.values()));
  }

  /** Regression: ParameterDescription's count was read signed, so 32768+ parameters failed. */
  @Test
  void parameterDescriptionWithMoreThan32767ParametersDecodes() {
    int[] types = new int[40_000];
    Arrays.fill(types, 23);
    BackendMessage.ParameterDescription d = (BackendMessage.ParameterDescription) decodeBackend(
        BackendEncoder.toBytes(new BackendMessage.ParameterDescription(types)));
    assertEquals(40_000, d.types().length);
  }

  @Test
  void parseAndBindWith65535ParametersRoundTrip() {
    int[] types = new int[65_535];
    assertFrontendRoundTrip(new FrontendMessage.Parse("", "select", types));
    byte[][] values = new byte[65_535][];
    assertFrontendRoundTrip(new FrontendMessage.Bind("", "", new short[0], values, new short[0]));
  }

  static void assertFrontendRoundTrip(FrontendMessage m) {
    byte[] encoded = FrontendMessage.toBytes(m);
    FrontendMessage decoded = decodeFrontend(encoded, Samples.hintFor(m));
    DeepEquals.assertDeepEquals(m, decoded);
    assertBytes(encoded, FrontendMessage.toBytes(decoded), m.toString());
  }

  static void assertBackendRoundTrip(BackendMessage m) {
    byte[] encoded = BackendEncoder.toBytes(m);
    BackendMessage decoded = decodeBackend(encoded);
    DeepEquals.assertDeepEquals(m, decoded);
    assertBytes(encoded, BackendEncoder.toBytes(decoded), m.toString());
  }

  static FrontendMessage decodeFrontend(byte[] encoded) {
    return decodeFrontend(encoded, null);
  }

  static FrontendMessage decodeFrontend(byte[] encoded, FrontendDecoder.AuthResponse hint) {
    return FrontendDecoder.decodeMessage(encoded, hint);
  }

  /** Decodes one whole backend message, checking that its length field matches. */
  static BackendMessage decodeBackend(byte[] encoded) {
    assertEquals(encoded.length - 1, WireReader.getInt(encoded, 1), "length field");
    return BackendDecoder.decode(encoded[0], encoded, 5, encoded.length - 5);
  }

  private static Set<String> kinds(Class<?>[] classes) {
    return classesOf((Object[]) classes);
  }

  private static Set<String> classesOf(Object[] things) {
    Set<String> names = new HashSet<>();
    for (Object o : things) {
      names.add(o instanceof Class<?> c ? c.getSimpleName() : o.getClass().getSimpleName());
    }
    return names;
  }
}
