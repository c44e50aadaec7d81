package io.sluice.internal.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.sluice.replication.Lsn;
import org.junit.jupiter.api.Test;

class RecordEndTest {
  @Test
  void anInsertPositionJustPastAPageHeaderMeansThePageBoundary() {
    // 8 KiB pages, 16 MiB segments: a short header (24 bytes) on pages within a segment
    assertEquals(Lsn.parse("0/3000000"), RecordEnd.of(Lsn.parse("0/3000000")));
    assertEquals(Lsn.parse("0/3002000"), RecordEnd.of(Lsn.parse("0/3002018")));
    // the first page of a segment has the long header (40 bytes)
    assertEquals(Lsn.parse("0/3000000"), RecordEnd.of(Lsn.parse("0/3000028")));
    assertEquals(Lsn.parse("0/3000018"), RecordEnd.of(Lsn.parse("0/3000018")), "inside the long header's page");
    // anything else is already a record end
    assertEquals(Lsn.parse("0/3002019"), RecordEnd.of(Lsn.parse("0/3002019")));
    assertEquals(Lsn.parse("0/3001FF8"), RecordEnd.of(Lsn.parse("0/3001FF8")));
    // other sizes
    assertEquals(Lsn.parse("0/8000"), RecordEnd.of(Lsn.parse("0/8018"), 32768, 1L << 20));
    assertEquals(Lsn.parse("0/2000"), RecordEnd.of(Lsn.parse("0/2018"), 8192, 1L << 20));
    assertThrows(IllegalArgumentException.class, () -> RecordEnd.of(Lsn.ZERO, 8000, 1L << 24));
    assertThrows(IllegalArgumentException.class, () -> RecordEnd.of(Lsn.ZERO, 8192, 4096));
  }
}
