package io.sluice.lab.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.bench.Progress;
import io.sluice.bench.Sample;
import io.sluice.bench.Series;
import io.sluice.bench.Warmup;
import io.sluice.bench.Workload;
import io.sluice.testkit.ServerTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fleet case end to end on a fleet of its own: every interface runs its pairs and folds the
 * same checksum; Sluice with read_your_writes reads no stale row; the notes carry each interface's
 * counts. Skipped with a note when the lab was given a server's URL.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
@ServerTest
class FleetReadsTest {
  static Progress quiet() {
    return new Progress(new PrintStream(OutputStream.nullOutputStream()), false);
  }

  @Test
  void everyInterfaceRunsItsPairsAndSluiceWithTheFloorReadsNothingStale() throws Exception {
    Workload w = FleetReads.workload(160);
    assertEquals("fleet-160", w.name());
    List<Series> results = new ArrayList<>();
    Map<String, Long> checksums = new HashMap<>();
    List<String> notes = new ArrayList<>();
    FleetReads.run(w, System.getProperty("sluice.pg", "18"), true, List.of("sluice", "pgjdbc"), Warmup.fixed(1), 2,
        quiet(), results, checksums, notes);
    assertEquals(List.of("sluice", "sluice-ryw-off", "pgjdbc"), results.stream().map(Series::driver).toList());
    for (Series s : results) {
      assertEquals(2, s.samples().size());
      for (Sample x : s.samples()) {
        assertEquals(160, x.rows(), "one row folded per pair: " + s.driver());
        assertTrue(x.wallNanos() > 0 && x.cpuNanos() > 0, x.toString());
      }
    }
    assertEquals(1, checksums.size(), "the interfaces agree: " + checksums);
    assertEquals(3, notes.size(), notes.toString());
    // the cold call, one warm-up and two measured runs: 4 executions of 160 pairs
    assertTrue(notes.get(0).startsWith("fleet-160, sluice: ") && notes.get(0).contains("640 pairs: 0 stale reads"),
        notes.get(0));
    assertTrue(notes.get(2).startsWith("fleet-160, pgjdbc: ") && notes.get(2).contains("640 pairs: "), notes.get(2));
  }

  @Test
  void givenAServersUrlTheCaseIsSkippedWithANote() throws Exception {
    List<String> notes = new ArrayList<>();
    List<Series> results = new ArrayList<>();
    FleetReads.run(FleetReads.workload(16), "18", false, List.of("sluice"), Warmup.fixed(1), 1, quiet(), results,
        new HashMap<>(), notes);
    assertTrue(results.isEmpty());
    assertTrue(notes.get(0).contains("skipped"), notes.toString());
  }
}
