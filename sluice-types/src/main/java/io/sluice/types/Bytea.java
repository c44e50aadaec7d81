package io.sluice.types;

import io.sluice.protocol.WireWriter;
import java.util.Arrays;

/**
 * bytea as {@code byte[]}. Binary: the raw bytes ({@code byteasend}). Text ({@code byteaout} in
 * src/backend/utils/adt/varlena.c): {@code \x} and two hex digits per byte when
 * {@code bytea_output = hex} (the default), or the legacy escape format, where {@code \\} is a
 * backslash, {@code \ooo} an octal byte, and other bytes stand for themselves. Encoding writes hex.
 */
public final class Bytea {
  private Bytea() {}

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  public static final Codec<byte[]> BYTEA = new BaseCodec<>("bytea", byte[].class) {
    @Override
    public byte[] decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      return Arrays.copyOfRange(buf, off, off + len);
    }

    @Override
    public byte[] decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      if (len >= 2 && buf[off] == '\\' && buf[off + 1] == 'x') {
        return hex(buf, off, len);
      }
      return escaped(buf, off, len);
    }

    private byte[] hex(byte[] buf, int off, int len) {
      byte[] out = new byte[(len - 2) / 2];
      int n = 0;
      for (int i = off + 2, end = off + len; i < end; ) {
        if (buf[i] == ' ' || buf[i] == '\n' || buf[i] == '\t' || buf[i] == '\r') {
          i++;
          continue;
        }
        int hi = Character.digit(buf[i], 16);
        int lo = i + 1 < end ? Character.digit(buf[i + 1], 16) : -1;
        if (hi < 0 || lo < 0) {
          throw badText(buf, off, len, "invalid hexadecimal digit");
        }
        out[n++] = (byte) ((hi << 4) | lo);
        i += 2;
      }
      return n == out.length ? out : Arrays.copyOf(out, n);
    }

    private byte[] escaped(byte[] buf, int off, int len) {
      byte[] out = new byte[len];
      int n = 0;
      for (int i = off, end = off + len; i < end; ) {
        byte b = buf[i];
        if (b != '\\') {
          out[n++] = b;
          i++;
        } else if (i + 1 < end && buf[i + 1] == '\\') {
          out[n++] = '\\';
          i += 2;
        } else if (i + 3 < end && oct(buf[i + 1]) >= 0 && oct(buf[i + 1]) <= 3 && oct(buf[i + 2]) >= 0
            && oct(buf[i + 3]) >= 0) {
          out[n++] = (byte) ((oct(buf[i + 1]) << 6) | (oct(buf[i + 2]) << 3) | oct(buf[i + 3]));
          i += 4;
        } else {
          throw badText(buf, off, len, "invalid escape");
        }
      }
      return Arrays.copyOf(out, n);
    }

    private static int oct(byte b) {
      return b >= '0' && b <= '7' ? b - '0' : -1;
    }

    @Override
    public void encodeBinary(byte[] value, WireWriter out, TypeContext ctx) {
      out.bytes(value);
    }

    @Override
    public String encodeText(byte[] value, TypeContext ctx) {
      char[] out = new char[2 + 2 * value.length];
      out[0] = '\\';
      out[1] = 'x';
      for (int i = 0; i < value.length; i++) {
        out[2 + 2 * i] = HEX[(value[i] >> 4) & 0xF];
        out[3 + 2 * i] = HEX[value[i] & 0xF];
      }
      return new String(out);
    }
  };
}
