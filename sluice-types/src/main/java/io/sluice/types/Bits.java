package io.sluice.types;

import io.sluice.protocol.WireReader;
import io.sluice.protocol.WireWriter;
import java.util.BitSet;

/**
 * bit and varbit as {@link BitString}. Binary ({@code bit_send}/{@code varbit_send},
 * src/backend/utils/adt/varbit.c): int32 bit count, then the bits packed most significant first,
 * the last byte padded with zero bits. Text: a string of {@code 0} and {@code 1}.
 */
public final class Bits {
  private Bits() {}

  public static final Codec<BitString> BIT = new BitCodec("bit");
  public static final Codec<BitString> VARBIT = new BitCodec("varbit");

  private static final class BitCodec extends BaseCodec<BitString> {
    BitCodec(String name) {
      super(name, BitString.class);
    }

    @Override
    public BitString decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      if (len < 4) {
        throw badBinary(len + " bytes");
      }
      int n = WireReader.getInt(buf, off);
      if (n < 0 || len != 4 + (int) ((n + 7L) / 8)) {
        throw badBinary(n + " bits in " + (len - 4) + " bytes");
      }
      BitSet bits = new BitSet(n);
      for (int i = 0; i < n; i++) {
        if ((buf[off + 4 + (i >> 3)] & (0x80 >> (i & 7))) != 0) {
          bits.set(i);
        }
      }
      return new BitString(bits, n);
    }

    @Override
    public BitString decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      BitSet bits = new BitSet(len);
      for (int i = 0; i < len; i++) {
        byte c = buf[off + i];
        if (c == '1') {
          bits.set(i);
        } else if (c != '0') {
          throw badText(buf, off, len, "not a string of 0 and 1");
        }
      }
      return new BitString(bits, len);
    }

    @Override
    public void encodeBinary(BitString value, WireWriter out, TypeContext ctx) {
      int n = value.length();
      out.int32(n);
      int at = out.skip((n + 7) / 8);
      byte[] a = out.array();
      for (int i = 0; i < (n + 7) / 8; i++) {
        a[at + i] = 0;
      }
      for (int i = 0; i < n; i++) {
        if (value.get(i)) {
          a[at + (i >> 3)] |= (byte) (0x80 >> (i & 7));
        }
      }
    }

    @Override
    public String encodeText(BitString value, TypeContext ctx) {
      return value.toString();
    }
  }
}
