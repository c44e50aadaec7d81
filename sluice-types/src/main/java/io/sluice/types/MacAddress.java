package io.sluice.types;

import java.util.Arrays;
import java.util.HexFormat;

/** A macaddr (6 bytes) or macaddr8 (8 bytes) value; prints as {@code 08:00:2b:01:02:03}. */
public record MacAddress(byte[] bytes) {
  public MacAddress {
    if (bytes.length != 6 && bytes.length != 8) {
      throw new CodecException("macaddr: a MAC address has 6 or 8 bytes, not " + bytes.length);
    }
    bytes = bytes.clone();
  }

  /** A copy of the bytes. */
  @Override
  public byte[] bytes() {
    return bytes.clone();
  }

  int length() {
    return bytes.length;
  }

  byte at(int i) {
    return bytes[i];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MacAddress m && Arrays.equals(bytes, m.bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  @Override
  public String toString() {
    return HexFormat.ofDelimiter(":").formatHex(bytes);
  }
}
