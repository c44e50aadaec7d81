package io.sluice.types;

import java.util.BitSet;
import java.util.Objects;

/**
 * A bit or varbit value: {@code length} bits, bit 0 first (leftmost in {@code B'1010'}). The
 * BitSet is copied in and out, so a BitString is immutable.
 */
public record BitString(BitSet bits, int length) {
  public BitString {
    Objects.requireNonNull(bits, "bits");
    if (length < 0) {
      throw new CodecException("bit: negative length " + length);
    }
    if (bits.length() > length) {
      throw new CodecException("bit: bit " + (bits.length() - 1) + " is set in a string of " + length + " bits");
    }
    bits = (BitSet) bits.clone();
  }

  /** Parses {@code "10110"}. */
  public static BitString parse(String text) {
    BitSet bits = new BitSet(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '1') {
        bits.set(i);
      } else if (c != '0') {
        throw new CodecException("bit: \"" + text + "\" is not a string of 0 and 1");
      }
    }
    return new BitString(bits, text.length());
  }

  /** A copy of the bits. */
  @Override
  public BitSet bits() {
    return (BitSet) bits.clone();
  }

  public boolean get(int i) {
    Objects.checkIndex(i, length);
    return bits.get(i);
  }

  /** {@code "10110"}, the text form. */
  @Override
  public String toString() {
    char[] out = new char[length];
    for (int i = 0; i < length; i++) {
      out[i] = bits.get(i) ? '1' : '0';
    }
    return new String(out);
  }
}
