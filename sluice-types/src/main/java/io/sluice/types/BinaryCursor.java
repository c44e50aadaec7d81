package io.sluice.types;

import io.sluice.protocol.WireReader;

/**
 * A bounds-checked cursor over one binary value that holds other values (arrays, composites,
 * ranges, hstore). Unlike {@link WireReader}, which serves whole messages and copies what it
 * returns, it hands out positions so elements are decoded in place; every failure is a
 * {@link CodecException} naming the type.
 */
final class BinaryCursor {
  private final String type;
  final byte[] buf;
  private final int end;
  int pos;

  BinaryCursor(String type, byte[] buf, int off, int len) {
    if (off < 0 || len < 0 || off > buf.length - len) {
      throw new CodecException(type + ": value range " + off + "+" + len + " is outside its buffer");
    }
    this.type = type;
    this.buf = buf;
    this.pos = off;
    this.end = off + len;
  }

  int remaining() {
    return end - pos;
  }

  private void need(int n, String what) {
    if (n > end - pos) {
      throw fail(what + " needs " + n + " bytes but " + (end - pos) + " remain");
    }
  }

  int int8(String what) {
    need(1, what);
    return buf[pos++] & 0xFF;
  }

  int int32(String what) {
    need(4, what);
    int v = WireReader.getInt(buf, pos);
    pos += 4;
    return v;
  }

  /**
   * Reads an int32 length prefix: -1 (NULL) or a length whose bytes are all present; returns it
   * with the cursor at the start of the value bytes.
   */
  int length(String what) {
    int n = int32(what + " length");
    if (n == -1) {
      return -1;
    }
    if (n < 0) {
      throw fail("negative " + what + " length " + n);
    }
    need(n, what);
    return n;
  }

  void skip(int n) {
    pos += n;
  }

  void expectEnd() {
    if (pos != end) {
      throw fail((end - pos) + " unexpected trailing bytes");
    }
  }

  CodecException fail(String why) {
    return new CodecException(type + ": malformed binary value: " + why);
  }
}
