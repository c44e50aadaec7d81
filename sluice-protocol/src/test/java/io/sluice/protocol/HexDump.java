package io.sluice.protocol;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Classic offset / hex / ASCII dumps for test failures, and {@link #assertBytes} which shows the
 * expected and actual bytes side by side with the differing rows marked.
 */
final class HexDump {
  private HexDump() {}

  private static final int ROW = 16;
  private static final int SIDE_BY_SIDE_ROW = 8;

  /** {@code 00000000  50 00 00 00 08 00 00 00  01 00 00 00 00 00 00 00  |P...............|} */
  static String dump(byte[] b) {
    StringBuilder sb = new StringBuilder();
    for (int row = 0; row < b.length; row += ROW) {
      sb.append(row(b, row, ROW).stripTrailing()).append('\n');
    }
    return sb.toString();
  }

  /** One row: offset, {@code width} hex bytes (a gap after each 8), then the printable ASCII. */
  static String row(byte[] b, int at, int width) {
    StringBuilder sb = new StringBuilder(String.format("%08x ", at));
    for (int i = 0; i < width; i++) {
      if (i % 8 == 0) {
        sb.append(' ');
      }
      sb.append(at + i < b.length ? String.format("%02x ", b[at + i] & 0xFF) : "   ");
    }
    sb.append(" |");
    for (int i = at; i < Math.min(b.length, at + width); i++) {
      int c = b[i] & 0xFF;
      sb.append(c >= 0x20 && c < 0x7F ? (char) c : '.');
    }
    sb.append('|');
    for (int i = Math.min(b.length, at + width); i < at + width; i++) {
      sb.append(' ');
    }
    return sb.toString();
  }

  /** The expected and actual dumps side by side, rows that differ marked with {@code <<}. */
  static String sideBySide(byte[] expected, byte[] actual) {
    StringBuilder sb = new StringBuilder();
    String blank = " ".repeat(row(new byte[0], 0, SIDE_BY_SIDE_ROW).length());
    String header = "expected (" + expected.length + " bytes)";
    sb.append(header).append(" ".repeat(Math.max(1, blank.length() - header.length())))
        .append(" | actual (").append(actual.length).append(" bytes)\n");
    int rows = Math.max(expected.length, actual.length);
    for (int at = 0; at < rows; at += SIDE_BY_SIDE_ROW) {
      String left = at < expected.length ? row(expected, at, SIDE_BY_SIDE_ROW) : blank;
      String right = at < actual.length ? row(actual, at, SIDE_BY_SIDE_ROW) : blank;
      boolean same = sameRange(expected, actual, at, SIDE_BY_SIDE_ROW);
      sb.append(left).append(" | ").append(right).append(same ? "" : "  <<").append('\n');
    }
    return sb.toString();
  }

  private static boolean sameRange(byte[] a, byte[] b, int at, int width) {
    for (int i = at; i < at + width; i++) {
      boolean inA = i < a.length;
      boolean inB = i < b.length;
      if (inA != inB || inA && a[i] != b[i]) {
        return false;
      }
    }
    return true;
  }

  /** The first offset where the arrays differ, or -1 if they are equal. */
  static int firstDifference(byte[] a, byte[] b) {
    for (int i = 0; i < Math.min(a.length, b.length); i++) {
      if (a[i] != b[i]) {
        return i;
      }
    }
    return a.length == b.length ? -1 : Math.min(a.length, b.length);
  }

  static void assertBytes(byte[] expected, byte[] actual) {
    assertBytes(expected, actual, "");
  }

  static void assertBytes(byte[] expected, byte[] actual, String what) {
    int diff = firstDifference(expected, actual);
    if (diff >= 0) {
      fail((what.isEmpty() ? "" : what + ": ") + "bytes differ at offset " + diff + " (0x"
          + Integer.toHexString(diff) + ")\n" + sideBySide(expected, actual));
    }
  }

  /**
   * Fixture bytes written field by field: an Integer is one byte (0 to 255, or -128 to -1), a
   * Character is one ASCII byte, a String is its UTF-8 bytes (no terminator: write the 0).
   */
  static byte[] bytes(Object... parts) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (Object p : parts) {
      switch (p) {
        case Integer i -> {
          if (i < -128 || i > 255) {
            throw new IllegalArgumentException("not a byte: " + i);
          }
          out.write(i);
        }
        case Character c -> {
          if (c > 0x7F) {
            throw new IllegalArgumentException("not ASCII: " + c);
          }
          out.write(c);
        }
        case String str -> out.writeBytes(str.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        case byte[] b -> out.writeBytes(b);
        default -> throw new IllegalArgumentException("not a fixture part: " + p);
      }
    }
    return out.toByteArray();
  }

  /** Concatenates byte arrays. */
  static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }
}
