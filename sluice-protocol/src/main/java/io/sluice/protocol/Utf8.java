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

  /**
   * Decodes {@code len} bytes at {@code off}; invalid UTF-8 throws {@link ProtocolException}.
   *
   * <p>The JDK's own UTF-8 decoding ({@code new String(…, UTF_8)}) is intrinsic: it finds the ASCII
   * prefix with vector instructions and copies it in one go, about six times faster than a byte
   * loop on a 250-byte value; but it replaces malformed input with U+FFFD. So it decodes, and only
   * a result holding U+FFFD (malformed input, or a U+FFFD the text really holds) is decoded again
   * strictly to tell which. For a short value, where setting up the intrinsic costs more than it
   * saves, a plain loop checks for ASCII first.
   */
  public static String decode(byte[] b, int off, int len) {
    if (len < SHORT) {
      int i = off;
      int end = off + len;
      while (i < end && b[i] >= 0) {
        i++;
      }
      if (i == end) {
        return new String(b, off, len, StandardCharsets.ISO_8859_1);
      }
    }
    String s = new String(b, off, len, StandardCharsets.UTF_8);
    // a Latin-1 (compact) string cannot hold U+FFFD: this check is free for ASCII text
    return s.indexOf(REPLACEMENT) < 0 ? s : decodeStrict(b, off, len);
  }

  /** Below this many bytes, the byte loop beats the JDK's intrinsic (measured: 24 bytes loop wins, 32 the JDK). */
  private static final int SHORT = 32;
  private static final char REPLACEMENT = '\uFFFD';

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
