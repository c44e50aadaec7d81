package io.sluice.types;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sluice.types.Samples.Sample;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every boundary value of {@link Samples} survives encode then decode, in binary and in text,
 * without a server (the real-server tests check the bytes themselves).
 */
class BoundaryRoundTripTest {
  private static final TypeContext CTX = new SessionTypeContext(Samples.REGISTRY, JsonCodec.STRING);

  static List<Sample> samples() {
    return Samples.all();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void binaryRoundTrip(Sample s) {
    byte[] bytes = Hex.encode(s.codec(), s.value(), CTX);
    Object back = s.codec().decodeBinary(bytes, 0, bytes.length, CTX);
    Values.assertSame(s.value(), back, "binary round trip of " + s);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void binaryRoundTripAtAnOffset(Sample s) {
    // Values are decoded where they lie inside a larger buffer (a DataRow): offsets must be honoured.
    byte[] bytes = Hex.encode(s.codec(), s.value(), CTX);
    byte[] padded = new byte[bytes.length + 7];
    java.util.Arrays.fill(padded, (byte) 0x5A);
    System.arraycopy(bytes, 0, padded, 3, bytes.length);
    Object back = s.codec().decodeBinary(padded, 3, bytes.length, CTX);
    Values.assertSame(s.value(), back, "binary decode at offset 3 of " + s);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void textRoundTrip(Sample s) {
    String text = Hex.encodeText(s.codec(), s.value(), CTX);
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    Object back = s.codec().decodeText(utf8, 0, utf8.length, CTX);
    Values.assertSame(s.value(), back, "text round trip of " + s + " via \"" + text + "\"");
    // encoding is a function of the value: the decoded value gives the same text again
    assertEquals(text, Hex.encodeText(s.codec(), back, CTX), "text of the decoded value");
  }
}
