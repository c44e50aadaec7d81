package io.sluice.protocol;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Strict UTF-8 in both directions: invalid bytes from the server and lone surrogates from the
 * caller are errors, never a silent U+FFFD or '?'. ASCII, by far the common case, takes a fast path.
 */
public final class Utf8 {
  private Utf8() {}

  public static byte[] encode(String s) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)) {
        if (i + 1 >= n || !Character.isLowSurrogate(s.charAt(i + 1))) {
          throw new ProtocolException("string has a lone surrogate at index " + i + ": not valid UTF-8");
        }
        i++;
      } else if (Character.isLowSurrogate(c)) {
        throw new ProtocolException("string has a lone surrogate at index " + i + ": not valid UTF-8");
      }
    }
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** Decodes {@code len} bytes at {@code off}; invalid UTF-8 throws {@link ProtocolException}. */
  /** The length of {@code s} in UTF-8; a lone surrogate is refused as by {@link #encode}. */
  public static long encodedLength(String s) {
    int n = s.length();
    long bytes = 0;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else if (Character.isSurrogate(c)) {
        throw new ProtocolException("string has a lone surrogate at index " + i + ": not valid UTF-8");
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }

  /**
   * Encodes {@code s} into {@code b} from {@code at}, which must have room for {@link
   * #encodedLength} bytes; returns the position after the last byte. No intermediate copy, for
   * strings too large to hold twice.
   */
  public static int encodeInto(String s, byte[] b, int at) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        b[at++] = (byte) c;
      } else if (c < 0x800) {
        b[at++] = (byte) (0xC0 | (c >> 6));
        b[at++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        b[at++] = (byte) (0xF0 | (cp >> 18));
        b[at++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
        b[at++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
        b[at++] = (byte) (0x80 | (cp & 0x3F));
      } else if (Character.isSurrogate(c)) {
        throw new ProtocolException("string has a lone surrogate at index " + i + ": not valid UTF-8");
      } else {
        b[at++] = (byte) (0xE0 | (c >> 12));
        b[at++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        b[at++] = (byte) (0x80 | (c & 0x3F));
      }
    }
    return at;
  }

  public static String decode(byte[] b, int off, int len) {
    for (int i = off, end = off + len; i < end; i++) {
      if (b[i] < 0) {
        return decodeStrict(b, off, len);
      }
    }
    return new String(b, off, len, StandardCharsets.ISO_8859_1);
  }

  private static String decodeStrict(byte[] b, int off, int len) {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(b, off, len);
    // UTF-8 never decodes to more UTF-16 chars than it has bytes
    CharBuffer out = CharBuffer.allocate(len);
    CoderResult result = decoder.decode(in, out, true);
    if (!result.isError()) {
      result = decoder.flush(out);
    }
    if (result.isError()) {
      throw new ProtocolException("invalid UTF-8 at byte " + (in.position() - off) + " of " + len);
    }
    return out.flip().toString();
  }
}
