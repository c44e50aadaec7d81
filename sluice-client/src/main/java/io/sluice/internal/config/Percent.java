package io.sluice.internal.config;

import io.sluice.ConfigException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Percent-decoding of URI parts, with libpq's rules ({@code conninfo_uri_decode} in {@code
 * fe-connect.c}): {@code %XY} with two hex digits (either case) is one byte, {@code %00} is
 * forbidden (it would cut the value short in C, and would smuggle a NUL into a startup packet in
 * Java), leading and trailing spaces are dropped and a space inside a part is an error (write
 * {@code %20}). The bytes must be UTF-8. {@code +} is not a space: libpq does not decode it.
 *
 * <p>Messages name the URI part; they show the offending escape only for parts that are not
 * secret, and never the whole part.
 */
final class Percent {
  private Percent() {}

  /**
   * Decodes {@code raw}.
   *
   * @param part what the text is, for messages, e.g. {@code "URI host"}
   * @param secret whether the text is a password, so that messages show none of it
   */
  static String decode(String raw, String part, boolean secret) {
    int start = 0;
    int end = raw.length();
    while (start < end && raw.charAt(start) == ' ') {
      start++;
    }
    while (end > start && raw.charAt(end - 1) == ' ') {
      end--;
    }
    if (raw.indexOf('%', start) < 0) {
      String plain = raw.substring(start, end);
      checkNoSpace(plain, part);
      return plain;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(end - start);
    for (int i = start; i < end; ) {
      char c = raw.charAt(i);
      if (c == '%') {
        int hi = i + 1 < end ? hex(raw.charAt(i + 1)) : -1;
        int lo = i + 2 < end ? hex(raw.charAt(i + 2)) : -1;
        if (hi < 0 || lo < 0) {
          String shown = secret ? "" : " \"" + raw.substring(i, Math.min(end, i + 3)) + "\"";
          throw new ConfigException(
              "invalid percent-encoded sequence" + shown + " in the " + part
                  + " (a % must be followed by two hex digits)");
        }
        int b = hi << 4 | lo;
        if (b == 0) {
          throw new ConfigException("forbidden value %00 in the " + part);
        }
        bytes.write(b);
        i += 3;
      } else if (c == ' ') {
        throw spaceError(part);
      } else {
        byte[] enc = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        if (Character.isHighSurrogate(c) && i + 1 < end) {
          enc = raw.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
          i++;
        }
        bytes.writeBytes(enc);
        i++;
      }
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes.toByteArray()))
          .toString();
    } catch (CharacterCodingException e) {
      throw new ConfigException("the " + part + " is not valid UTF-8 once percent-decoded");
    }
  }

  /** The value of an ASCII hex digit, or -1 (Character.digit would also accept other scripts). */
  private static int hex(char c) {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
      return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
      return c - 'A' + 10;
    }
    return -1;
  }

  private static void checkNoSpace(String s, String part) {
    if (s.indexOf(' ') >= 0) {
      throw spaceError(part);
    }
  }

  private static ConfigException spaceError(String part) {
    return new ConfigException(
        "unexpected space in the " + part + "; write a space as %20");
  }
}
