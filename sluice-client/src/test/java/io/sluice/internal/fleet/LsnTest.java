package io.sluice.internal.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LsnTest {
  @Test
  void parsesBothPrintedFormsAndFormatsPaddedUpperCase() {
    assertEquals(0x16_B374D848L, Lsn.parse("16/B374D848").value());
    assertEquals(0x16_0374D848L, Lsn.parse("16/374D848").value());
    assertEquals(Lsn.parse("16/374D848"), Lsn.parse("16/0374D848"));
    assertEquals(0x16_B374D848L, Lsn.parse("16/b374d848").value());
    assertEquals("16/0374D848", Lsn.parse("16/374d848").toString());
    assertEquals("0/00000000", Lsn.INVALID.toString());
    assertEquals("FFFFFFFF/FFFFFFFF", new Lsn(-1).toString());
    assertEquals(new Lsn(-1), Lsn.parse("FFFFFFFF/FFFFFFFF"));
  }

  @Test
  void refusesWhatIsNotAPositionNamingIt() {
    for (String bad : new String[] {"", "/", "1/", "/1", "123456789/0", "0/123456789", "0/1x", "g/0", "0 /1", "1/2/3",
        "-1/0", "+1/0"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Lsn.parse(bad), bad);
      assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> Lsn.parse(null));
    assertEquals(Lsn.INVALID, Lsn.parseOrInvalid(null));
  }

  @Test
  void comparesUnsigned() {
    Lsn low = Lsn.parse("7FFFFFFF/FFFFFFFF");
    Lsn high = Lsn.parse("80000000/00000000");
    assertTrue(high.compareTo(low) > 0, "the top bit set is later, not negative");
    assertTrue(high.atLeast(low));
    assertFalse(low.atLeast(high));
    assertTrue(low.atLeast(low));
    assertEquals(high, Lsn.max(low, high));
    assertEquals(high, Lsn.max(high, low));
    assertEquals(16, Lsn.parse("0/20").bytesAfter(Lsn.parse("0/10")));
    assertEquals(0x1_00000000L, Lsn.parse("1/0").bytesAfter(Lsn.INVALID));
    assertFalse(Lsn.INVALID.isValid());
  }

  @Test
  void anInsertPositionJustPastAPageHeaderMeansThePageBoundary() {
    // 8 KiB pages, 16 MiB segments: a short header (24 bytes) on pages within a segment
    assertEquals(Lsn.parse("0/3000000"), Lsn.parse("0/3000000").asRecordEnd());
    assertEquals(Lsn.parse("0/3002000"), Lsn.parse("0/3002018").asRecordEnd());
    // the first page of a segment has the long header (40 bytes)
    assertEquals(Lsn.parse("0/3000000"), Lsn.parse("0/3000028").asRecordEnd());
    assertEquals(Lsn.parse("0/3000018"), Lsn.parse("0/3000018").asRecordEnd(), "inside the long header's page");
    // anything else is already a record end
    assertEquals(Lsn.parse("0/3002019"), Lsn.parse("0/3002019").asRecordEnd());
    assertEquals(Lsn.parse("0/3001FF8"), Lsn.parse("0/3001FF8").asRecordEnd());
    // other sizes
    assertEquals(Lsn.parse("0/8000"), Lsn.parse("0/8018").asRecordEnd(32768, 1L << 20));
    assertEquals(Lsn.parse("0/2000"), Lsn.parse("0/2018").asRecordEnd(8192, 1L << 20));
    assertThrows(IllegalArgumentException.class, () -> Lsn.INVALID.asRecordEnd(8000, 1L << 24));
    assertThrows(IllegalArgumentException.class, () -> Lsn.INVALID.asRecordEnd(8192, 4096));
  }
}
