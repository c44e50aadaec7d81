package io.sluice.protocol;

import static io.sluice.protocol.HexDump.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class HexDumpTest {

  @Test
  void dumpShowsOffsetHexAndAscii() {
    byte[] b = bytes('Q', 0, 0, 0, 13, "select 1", 0, 0xFF, 'x', 'y', 'z');
    assertEquals(
        "00000000  51 00 00 00 0d 73 65 6c  65 63 74 20 31 00 ff 78  |Q....select 1..x|\n"
            + "00000010  79 7a                                             |yz|\n",
        HexDump.dump(b));
  }

  @Test
  void assertBytesPassesOnEqualBytes() {
    HexDump.assertBytes(bytes(1, 2, 3), bytes(1, 2, 3));
  }

  @Test
  void assertBytesFailsWithBothDumpsSideBySideAndTheFirstDifference() {
    byte[] expected = bytes('P', 0, 0, 0, 0x12, "abcdefghij", 0, 1, 2);
    byte[] actual = bytes('P', 0, 0, 0, 0x13, "abcdefghij", 0, 1, 2, 3);
    AssertionFailedError e = assertThrows(AssertionFailedError.class,
        () -> HexDump.assertBytes(expected, actual, "Parse"));
    String m = e.getMessage();
    assertTrue(m.startsWith("Parse: bytes differ at offset 4 (0x4)"), m);
    assertTrue(m.contains("expected (18 bytes)") && m.contains("actual (19 bytes)"), m);
    String[] lines = m.split("\n");
    // row 0 differs (length byte), row 8 is equal, row 16 differs (extra byte)
    assertTrue(lines[2].startsWith("00000000  50 00 00 00 12 61 62 63  |P....abc|")
        && lines[2].contains("| 00000000  50 00 00 00 13 61 62 63  |P....abc|") && lines[2].endsWith("<<"), lines[2]);
    assertTrue(!lines[3].endsWith("<<"), lines[3]);
    assertTrue(lines[4].endsWith("<<") && lines[4].contains("02 03"), lines[4]);
  }

  @Test
  void firstDifferenceOfAPrefixIsTheShorterLength() {
    assertEquals(2, HexDump.firstDifference(bytes(1, 2), bytes(1, 2, 3)));
    assertEquals(-1, HexDump.firstDifference(bytes(1, 2), bytes(1, 2)));
  }
}
