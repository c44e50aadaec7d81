package io.sluice.testkit;

import io.sluice.protocol.Utf8;
import io.sluice.protocol.WireReader;

/**
 * The parameter values of one Bind, with their format codes as the Bind gave them (none: all
 * text; one: the same for all; else one each).
 */
public record Params(byte[][] values, short[] formats) {
  public int size() {
    return values.length;
  }

  public boolean isBinary(int i) {
    return formats.length > 0 && formats[formats.length == 1 ? 0 : i] == 1;
  }

  /**
   * Value {@code i} as text: text-format values as sent; a binary value of 4 or 8 bytes read as a
   * big-endian integer (int4, int8); any other binary value as UTF-8. {@code null} for NULL.
   */
  public String text(int i) {
    byte[] v = values[i];
    if (v == null) {
      return null;
    }
    if (isBinary(i) && v.length == 4) {
      return Integer.toString(WireReader.getInt(v, 0));
    }
    if (isBinary(i) && v.length == 8) {
      return Long.toString(new WireReader(v, 0, 8, "int8").int64());
    }
    return Utf8.decode(v, 0, v.length);
  }
}
