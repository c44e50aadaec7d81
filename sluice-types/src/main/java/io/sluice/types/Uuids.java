package io.sluice.types;

import io.sluice.protocol.WireWriter;
/**
 * uuid. Binary: 16 bytes, most significant first ({@code uuid_send} in
 * src/backend/utils/adt/uuid.c). Text: the canonical 8-4-4-4-12 hex form the server prints
 * ({@code uuid_out}); decoding is strict about it, unlike {@link java.util.UUID#fromString}.
 */
public final class Uuids {
  private Uuids() {}

  public static final Codec<java.util.UUID> UUID = new BaseCodec<>("uuid", java.util.UUID.class) {
    @Override
    public java.util.UUID decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 16);
      return new java.util.UUID(Ints.getLong(buf, off), Ints.getLong(buf, off + 8));
    }

    @Override
    public java.util.UUID decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      if (len != 36) {
        throw badText(buf, off, len, "expected 36 characters");
      }
      long hi = 0;
      long lo = 0;
      int digits = 0;
      for (int i = 0; i < 36; i++) {
        byte b = buf[off + i];
        if (i == 8 || i == 13 || i == 18 || i == 23) {
          if (b != '-') {
            throw badText(buf, off, len, "expected '-' at offset " + i);
          }
          continue;
        }
        int d = Character.digit(b, 16);
        if (d < 0) {
          throw badText(buf, off, len, "invalid hexadecimal digit");
        }
        if (digits++ < 16) {
          hi = (hi << 4) | d;
        } else {
          lo = (lo << 4) | d;
        }
      }
      return new java.util.UUID(hi, lo);
    }

    @Override
    public void encodeBinary(java.util.UUID value, WireWriter out, TypeContext ctx) {
      out.int64(value.getMostSignificantBits()).int64(value.getLeastSignificantBits());
    }

    @Override
    public String encodeText(java.util.UUID value, TypeContext ctx) {
      return value.toString();
    }
  };
}
