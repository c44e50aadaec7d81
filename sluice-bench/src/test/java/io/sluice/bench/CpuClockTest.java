package io.sluice.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The client CPU clock never runs backwards: a thread that ends during an interval (a retired
 * virtual-thread carrier, a JIT compiler thread) must not take its past CPU time out of the sum, as
 * it did when the live threads were summed at both ends (a CPU time of -65.9 ms in a lab report).
 */
class CpuClockTest {

  @Test
  void aThreadThatEndsDuringTheIntervalTakesNothingAway() throws Exception {
    Thread worker = new Thread(() -> spin(300_000_000L));
    worker.start();
    Thread.sleep(250);   // it has used about 250 ms of CPU by now, and ends 50 ms into the interval
    CpuClock.Snapshot start = CpuClock.now();
    worker.join();
    long used = CpuClock.since(start);
    assertTrue(used >= 0, "negative CPU: " + used);
    assertTrue(used < 200_000_000L, "the ended thread's past was counted: " + used);
  }

  @Test
  void threadsThatStartedDuringTheIntervalCountWhole() {
    CpuClock.Snapshot now = CpuClock.now();
    if (now.threads() == null) {   // not Linux: the whole-process clock, which cannot go backwards
      assertTrue(CpuClock.since(now) >= 0);
      return;
    }
    // from an empty snapshot taken at boot every thread alive now is new: the sum is all the JVM's CPU so far
    assertTrue(CpuClock.since(new CpuClock.Snapshot(Map.of(), -1, 0)) > CpuClock.since(now));
  }

  @Test
  void aThreadTheStartListingMissedDoesNotBringItsPast() {
    CpuClock.Snapshot now = CpuClock.now();
    if (now.threads() == null) {
      return;
    }
    // the same snapshot with its listing lost: every thread is "new", but all started before it
    CpuClock.Snapshot missed = new CpuClock.Snapshot(Map.of(), -1, now.ticks() + 1_000);
    long used = CpuClock.since(missed);
    assertTrue(used < CpuClock.since(new CpuClock.Snapshot(Map.of(), -1, 0)),
        "the JVM's whole past was counted: " + used);
    assertEquals(0, used, "no thread started after the snapshot's time");
  }

  @Test
  void aSampleThatCannotBeIsRefused() {
    assertThrows(IllegalStateException.class, () -> new Sample(1, -65_900_000L, 0, 0, 10, 0));
    assertThrows(IllegalStateException.class, () -> new Sample(-1, 0, 0, 0, 10, 0));
    assertEquals(10, new Sample(1, 1, 1, 0, 10, 0).rows());
    // a JIT thread's past of 300 ms counted into a 15 ms interval: not possible on any CPU count
    int cpus = Runtime.getRuntime().availableProcessors();
    assertFalse(new Sample(15_000_000, 15_000_000L * cpus + 300_000_000, 0, 0, 10, 0).possible());
    assertTrue(new Sample(15_000_000, 15_000_000L * cpus, 0, 0, 10, 0).possible());
  }

  private static void spin(long nanos) {
    long end = System.nanoTime() + nanos;
    long x = 0;
    while (System.nanoTime() < end) {
      x += Long.numberOfTrailingZeros(x + System.nanoTime());
    }
    if (x == 42) {
      System.out.print("");
    }
  }
}
