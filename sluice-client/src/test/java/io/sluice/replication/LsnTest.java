package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LsnTest {
  @Test
  void parsesBothPrintedFormsAndFormatsAsReleasedServersPrint() {
    assertEquals(0x16_B374D848L, Lsn.parse("16/B374D848").value());
    assertEquals(0x16_0374D848L, Lsn.parse("16/374D848").value());
    assertEquals(Lsn.parse("16/374D848"), Lsn.parse("16/0374D848"));
    assertEquals(0x16_B374D848L, Lsn.parse("16/b374d848").value());
    assertEquals("16/374D848", Lsn.parse("16/0374d848").toString());
    assertEquals("0/0", Lsn.ZERO.toString());
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
    assertEquals(0x1_00000000L, Lsn.parse("1/0").bytesAfter(Lsn.ZERO));
    assertFalse(Lsn.ZERO.isValid());
  }
}
