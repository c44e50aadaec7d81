package io.sluice.types;

import static org.junit.jupiter.api.Assertions.fail;

import io.sluice.protocol.WireWriter;
import java.util.Arrays;
import java.util.HexFormat;

/** Byte fixtures written as commented hex, and assertions that print hex dumps on failure. */
final class Hex {
  private Hex() {}

  /** Parses hex digits, ignoring white space, '|' separators and {@code //} comments (to a '|' or the line's end). */
  static byte[] bytes(String fixture) {
    StringBuilder digits = new StringBuilder();
    // a comment runs from "//" to the next '|' or the end of the line
    for (String line : fixture.split("\n")) {
      String code = line.replaceAll("//[^|]*", "");
      for (char c : code.toCharArray()) {
        if (Character.digit(c, 16) >= 0) {
          digits.append(c);
        } else if (!Character.isWhitespace(c) && c != '|') {
          throw new IllegalArgumentException("not hex: '" + c + "' in " + line);
        }
      }
    }
    return HexFormat.of().parseHex(digits);
  }

  static String hex(byte[] b) {
    return HexFormat.of().formatHex(b);
  }

  /** A hex dump, 16 bytes a line with offsets. */
  static String dump(byte[] b) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < b.length; i += 16) {
      sb.append(String.format("%04x  ", i));
      for (int j = i; j < Math.min(b.length, i + 16); j++) {
        sb.append(String.format("%02x ", b[j]));
      }
      sb.append('\n');
    }
    return sb.length() == 0 ? "(empty)\n" : sb.toString();
  }

  static void assertBytes(byte[] expected, byte[] actual, String what) {
    if (!Arrays.equals(expected, actual)) {
      fail(what + ": bytes differ\nexpected (" + expected.length + " bytes):\n" + dump(expected)
          + "actual (" + actual.length + " bytes):\n" + dump(actual));
    }
  }

  /** What {@code codec} writes for {@code value}. */
  @SuppressWarnings("unchecked")
  static byte[] encode(Codec<?> codec, Object value, TypeContext ctx) {
    WireWriter w = new WireWriter(64);
    ((Codec<Object>) codec).encodeBinary(value, w, ctx);
    return w.toByteArray();
  }

  @SuppressWarnings("unchecked")
  static String encodeText(Codec<?> codec, Object value, TypeContext ctx) {
    return ((Codec<Object>) codec).encodeText(value, ctx);
  }
}
