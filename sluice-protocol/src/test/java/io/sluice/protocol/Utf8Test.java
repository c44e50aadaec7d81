package io.sluice.protocol;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Utf8#decode} is strict on both of its paths (the byte loop for short values, the JDK's
 * decoder for long ones): every malformed sequence throws, wherever it stands in a short or a
 * long value, and a U+FFFD the text really holds reads back as itself.
 */
class Utf8Test {
  static final String LONG_PAD = "x".repeat(100);

  static byte[] bytes(String hex) {
    byte[] b = new byte[hex.length() / 2];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
    }
    return b;
  }

  static byte[] around(String prefix, byte[] middle, String suffix) {
    byte[] p = prefix.getBytes(StandardCharsets.UTF_8);
    byte[] s = suffix.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[p.length + middle.length + s.length + 6];
    out[0] = 'Z';   // decoded from an offset, as values are read from a DataRow
    System.arraycopy(p, 0, out, 3, p.length);
    System.arraycopy(middle, 0, out, 3 + p.length, middle.length);
    System.arraycopy(s, 0, out, 3 + p.length + middle.length, s.length);
    return out;
  }

  static String decode(byte[] framed) {
    return Utf8.decode(framed, 3, framed.length - 6);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "a", "hello", "héllo wörld", "日本語", "😀 emoji", "\uFFFD", "a\uFFFDb", "\u0000nul"})
  void validTextReadsBackShortAndLong(String text) {
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    assertEquals(text, decode(around("", utf8, "")));
    assertEquals(LONG_PAD + text + LONG_PAD, decode(around(LONG_PAD, utf8, LONG_PAD)));
    assertEquals("ab" + text, decode(around("ab", utf8, "")));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "80",           // a lone continuation byte
      "C3",           // truncated two-byte sequence
      "C0AF",         // overlong '/'
      "E080AF",       // overlong, three bytes
      "EDA080",       // a UTF-16 surrogate encoded (CESU-8)
      "F4908080",     // past U+10FFFF
      "F5808080",     // never a lead byte
      "FF",
      "E282",         // truncated three-byte sequence
      "C328"})        // a lead byte followed by ASCII
  void malformedInputThrowsShortAndLong(String hex) {
    byte[] bad = bytes(hex);
    assertThrows(ProtocolException.class, () -> decode(around("", bad, "")), hex);
    assertThrows(ProtocolException.class, () -> decode(around("ab", bad, "cd")), hex);
    assertThrows(ProtocolException.class, () -> decode(around(LONG_PAD, bad, LONG_PAD)), hex);
    // a real U+FFFD ahead of the malformed bytes must not pass for the decoder's replacement
    assertThrows(ProtocolException.class, () -> decode(around(LONG_PAD + "\uFFFD", bad, "")), hex);
    assertThrows(ProtocolException.class, () -> decode(around("\uFFFD", bad, "")), hex);
  }
}
