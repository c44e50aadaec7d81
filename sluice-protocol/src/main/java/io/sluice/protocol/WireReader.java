package io.sluice.protocol;

import java.util.Arrays;

/**
 * A bounds-checked cursor over one message body. Every read checks the remaining length first, so
 * untrusted bytes can only produce a {@link ProtocolException}, never an
 * {@code IndexOutOfBoundsException} or a huge allocation.
 */
public final class WireReader {
  private final byte[] buf;
  private final int end;
  private final String message;
  private int pos;

  /**
   * @param message the message's name, for error texts
   */
  public WireReader(byte[] buf, int off, int len, String message) {
    if (off < 0 || len < 0 || off > buf.length - len) {
      throw new IllegalArgumentException("range " + off + "+" + len + " outside an array of " + buf.length);
    }
    this.buf = buf;
    this.pos = off;
    this.end = off + len;
    this.message = message;
  }

  public int remaining() {
    return end - pos;
  }

  public int position() {
    return pos;
  }

  private void need(int n, String what) {
    if (n < 0 || n > end - pos) {
      throw new ProtocolException(
          message + ": " + what + " needs " + n + " bytes but only " + (end - pos) + " remain");
    }
  }

  public byte int8() {
    need(1, "a byte");
    return buf[pos++];
  }

  public short int16() {
    need(2, "an int16");
    int v = ((buf[pos] & 0xFF) << 8) | (buf[pos + 1] & 0xFF);
    pos += 2;
    return (short) v;
  }

  public int int32() {
    need(4, "an int32");
    int v = getInt(buf, pos);
    pos += 4;
    return v;
  }

  public long int64() {
    need(8, "an int64");
    long v = ((long) getInt(buf, pos) << 32) | (getInt(buf, pos + 4) & 0xFFFF_FFFFL);
    pos += 8;
    return v;
  }

  /** A count field: an int16 that must not be negative. */
  public int count16(String what) {
    int n = int16();
    if (n < 0) {
      throw new ProtocolException(message + ": negative " + what + " " + n);
    }
    return n;
  }

  /** Reads {@code n} raw bytes. */
  public byte[] bytes(int n) {
    need(n, "a field");
    byte[] out = Arrays.copyOfRange(buf, pos, pos + n);
    pos += n;
    return out;
  }

  /** Reads everything that is left. */
  public byte[] rest() {
    return bytes(end - pos);
  }

  /** Reads a NUL-terminated UTF-8 string. */
  public String cstring() {
    for (int i = pos; i < end; i++) {
      if (buf[i] == 0) {
        String s;
        try {
          s = Utf8.decode(buf, pos, i - pos);
        } catch (ProtocolException e) {
          throw new ProtocolException(message + ": string has " + e.getMessage(), e);
        }
        pos = i + 1;
        return s;
      }
    }
    throw new ProtocolException(message + ": string not terminated by NUL before the end of the message");
  }

  /** A value preceded by an int32 length; -1 means NULL (returned as {@code null}). */
  public byte[] lengthPrefixed() {
    int n = int32();
    if (n == -1) {
      return null;
    }
    if (n < 0) {
      throw new ProtocolException(message + ": negative value length " + n);
    }
    return bytes(n);
  }

  /** Checks that the whole message was consumed: trailing bytes are a protocol violation. */
  public void expectEnd() {
    if (pos != end) {
      throw new ProtocolException(message + ": " + (end - pos) + " unexpected trailing bytes");
    }
  }

  public static int getInt(byte[] b, int at) {
    return ((b[at] & 0xFF) << 24) | ((b[at + 1] & 0xFF) << 16) | ((b[at + 2] & 0xFF) << 8) | (b[at + 3] & 0xFF);
  }
}
