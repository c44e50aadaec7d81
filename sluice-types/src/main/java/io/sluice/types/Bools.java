package io.sluice.types;

import io.sluice.protocol.WireWriter;

/**
 * bool. Binary: one byte, 1 or 0; any non-zero byte reads as true, as in {@code boolrecv}
 * (src/backend/utils/adt/bool.c). Text: the server prints {@code t} or {@code f}; the other
 * spellings {@code boolin} takes (true/false, yes/no, on/off, 1/0) are read too.
 */
public final class Bools {
  private Bools() {}

  public static final Codec<Boolean> BOOL = new BaseCodec<>("bool", Boolean.class) {
    @Override
    public Boolean decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, 1);
      return buf[off] != 0;
    }

    @Override
    public Boolean decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      if (len == 1) {
        switch (buf[off]) {
          case 't', 'T', 'y', 'Y', '1' -> { return Boolean.TRUE; }
          case 'f', 'F', 'n', 'N', '0' -> { return Boolean.FALSE; }
          default -> throw badText(buf, off, len);
        }
      }
      TextCursor c = new TextCursor(name(), buf, off, len);
      c.skipSpaces();
      Boolean v;
      if (c.eatWord("true") || c.eatWord("yes") || c.eatWord("on")) {
        v = Boolean.TRUE;
      } else if (c.eatWord("false") || c.eatWord("no") || c.eatWord("off")) {
        v = Boolean.FALSE;
      } else {
        throw badText(buf, off, len);
      }
      c.skipSpaces();
      if (!c.atEnd()) {
        throw badText(buf, off, len);
      }
      return v;
    }

    @Override
    public void encodeBinary(Boolean value, WireWriter out, TypeContext ctx) {
      out.int8(value ? 1 : 0);
    }

    @Override
    public String encodeText(Boolean value, TypeContext ctx) {
      return value ? "t" : "f";
    }
  };
}
