package io.sluice.lab.fleet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.SluiceException.Outcome;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The fleet-failover recorder's arithmetic, without a cluster: lost writes and writes reported not
 * sent that committed against the rows the leader holds, stale reads, and the time from the fault
 * to the first write after the outage.
 */
class FailoverRecordTest {
  static final long MS = 1_000_000L;

  @Test
  void anAcknowledgedWriteTheLeaderDoesNotHoldIsLostAndANotSentOneItHoldsCommitted() {
    FailoverRecord r = new FailoverRecord();
    for (long id = 1; id <= 5; id++) {
      r.acked(id, id * MS);
    }
    r.writeFailed(6, Outcome.NOT_SENT, "ConnectionException 57P01 in 12 ms");
    r.writeFailed(7, Outcome.NOT_SENT, "ConnectionException 57P01 in 34 ms");
    r.writeFailed(8, Outcome.UNKNOWN, "ConnectionException closed");
    r.writeFailed(9, Outcome.UNKNOWN, "ConnectionException closed");
    r.writeFailed(10, Outcome.SERVER_ERROR, "ServerException 25006");
    // the leader holds 1, 2, 4, 5 (3 lost), 7 (reported not sent: a lie) and 9 (unknown: it ran)
    FailoverRecord.Figures f = r.figures(Set.of(1L, 2L, 4L, 5L, 7L, 9L));
    assertEquals(5, f.acked());
    assertEquals(1, f.lost());
    assertEquals(2, f.notSent());
    assertEquals(1, f.notSentCommitted());
    assertEquals(2, f.unknown());
    assertEquals(1, f.unknownCommitted());
    assertEquals(1, f.serverErrors());
    assertEquals(5, f.writeErrors());
    assertEquals(Map.of("write NOT_SENT: ConnectionException #P# in # ms", 2, "write UNKNOWN: ConnectionException"
        + " closed", 2, "write SERVER_ERROR: ServerException #", 1), f.errors(), "kinds with digits blanked, counted");
    assertEquals(-1, f.firstAckMs(), "no fault marked: no outage");
  }

  @Test
  void aReadBackThatMissesTheRowIsStaleAndAFailedReadIsNoPair() {
    FailoverRecord r = new FailoverRecord();
    r.readBack(true);
    r.readBack(false);
    r.readBack(true);
    r.readBack(false);
    r.readFailed("ConnectionException closed");
    FailoverRecord.Figures f = r.figures(Set.of());
    assertEquals(4, f.pairs());
    assertEquals(2, f.stale());
    assertEquals(1, f.readErrors());
    assertEquals(0, f.writeErrors());
    assertEquals(Map.of("read: ConnectionException closed", 1), f.errors());
  }

  @Test
  void theFirstWriteAfterTheOutageCountsFromTheFaultToTheEndOfTheLongestGapAfterIt() {
    // acks every 10 ms up to 1,000 ms; the fault at 1,000 ms; two writes in flight still
    // acknowledged at 1,005 and 1,020 ms; then nothing until 6,020 ms; a short stall later
    long fault = 1_000 * MS;
    List<Long> times = new java.util.ArrayList<>();
    for (long t = 0; t <= 1_000; t += 10) {
      times.add(t * MS);
    }
    times.addAll(List.of(1_005 * MS, 1_020 * MS, 6_020 * MS, 6_030 * MS, 6_500 * MS, 6_510 * MS));
    java.util.Collections.shuffle(times, new java.util.Random(7));
    assertArrayEquals(new long[] {5_020, 5_000}, FailoverRecord.outage(times, fault),
        "5 s without a write, ending 5.02 s after the fault; the acks just after it and the 470 ms stall do not count");
    FailoverRecord r = new FailoverRecord();
    long id = 0;
    for (long t : times) {
      r.acked(++id, t);
    }
    r.fault(fault);
    FailoverRecord.Figures f = r.figures(Set.of());
    assertEquals(5_020, f.firstAckMs());
    assertEquals(5_000, f.outageMs());
    assertEquals(times.size(), f.lost(), "the leader holds none of them");
  }

  @Test
  void aGapBeforeTheFaultIsNoOutageAndNoWriteAfterItIsNone() {
    long fault = 10_000 * MS;
    // a 4 s gap before the fault, then acks every 100 ms across it
    List<Long> times = List.of(0L, 4_000 * MS, 9_900 * MS, 10_100 * MS, 10_200 * MS);
    assertArrayEquals(new long[] {100, 200}, FailoverRecord.outage(times, fault),
        "the gap across the fault (9.9 to 10.1 s) is the longest that ends after it");
    assertArrayEquals(new long[] {-1, -1}, FailoverRecord.outage(List.of(0L, 9_900 * MS), fault));
    assertArrayEquals(new long[] {3_000, 3_000}, FailoverRecord.outage(List.of(13_000 * MS), fault),
        "no ack before the fault: the outage counts from the fault");
  }

  @Test
  void theTableHasOneRowPerInterfaceAndFault() {
    FailoverRecord r = new FailoverRecord();
    r.acked(1, 0);
    r.fault(MS);
    r.acked(2, 1_500 * MS);
    r.readBack(true);
    r.writeFailed(3, Outcome.UNKNOWN, "x");
    FailoverRecord.Figures f = r.figures(Set.of(1L, 2L, 3L));
    String t = FleetFailover.table("title", List.of(
        new FleetFailover.Row("sluice", FleetFailover.Fault.POSTMASTER_KILLED, "pg0", "pg0", true, f),
        new FleetFailover.Row("pgjdbc", FleetFailover.Fault.SWITCHOVER, "pg0", "pg1", false, f)));
    String[] lines = t.split("\n");
    assertEquals(5, lines.length, t);
    assertEquals("| sluice | leader's postmaster `kill -9` | pg0 (restarted in place) | 2 | 0 | 0 of 0 | 1.50 s | 1.50 s"
        + " | writes 1 unknown (1 committed); reads 0 | 0 of 1 (0 %) |", lines[3]);
    assertTrue(lines[4].startsWith("| pgjdbc | `patronictl switchover` | pg0 → pg1 | 2 |"), lines[4]);
    assertTrue(lines[4].contains("1.50 s (then fewer than 200 writes within 120 s)"), lines[4]);
  }
}
