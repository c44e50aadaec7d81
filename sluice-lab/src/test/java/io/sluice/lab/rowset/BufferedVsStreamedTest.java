package io.sluice.lab.rowset;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.bench.Datasets;
import io.sluice.bench.Progress;
import io.sluice.bench.Sample;
import io.sluice.bench.Series;
import io.sluice.bench.Target;
import io.sluice.bench.Warmup;
import io.sluice.bench.Workload;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.io.PrintStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Buffered query() against streamed forEach in fresh JVMs: what the forks report and how it is summed up. */
@ServerTest
class BufferedVsStreamedTest {

  @Test
  void eachForkIsAFreshJvmWhoseRunsAllCountAndWhoseRatiosAreReported() throws Exception {
    Target target = Target.of(PostgresServer.shared());
    Datasets.ensure(target);
    List<Workload> cases = BufferedVsStreamed.workloads().stream()
        .filter(w -> w.name().endsWith("-mixed9") || w.name().endsWith("-json50k")).toList();
    assertEquals(2, cases.size());
    List<Series> results = new ArrayList<>();
    Map<String, Long> checksums = new HashMap<>();
    List<String> notes = new ArrayList<>();
    BufferedVsStreamed.run(cases, target, 2, Warmup.fixed(1), 2,
        new Progress(new PrintStream(OutputStream.nullOutputStream()), false), results, checksums, notes);
    assertEquals(List.of("buffered-vs-streamed-mixed9 sluice", "buffered-vs-streamed-mixed9 sluice-stream",
        "buffered-vs-streamed-json50k sluice", "buffered-vs-streamed-json50k sluice-stream"),
        results.stream().map(s -> s.workload().name() + " " + s.driver()).toList());
    for (Series s : results) {
      assertEquals(2 * 2, s.samples().size(), "every measured run of both forks: " + s.driver());
      assertNotNull(s.cold(), "the first fork's cold call");
      assertNotNull(s.warmup());
      for (Sample x : s.samples()) {
        assertEquals(s.workload().expectedRows(), x.rows());
        assertTrue(x.wallNanos() > 0 && x.cpuNanos() > 0, x.toString());
      }
    }
    assertEquals(2, checksums.size(), "one agreed checksum per case: " + checksums);
    assertEquals(2, notes.size());
    assertTrue(notes.get(0).startsWith("buffered-vs-streamed-mixed9: query() over forEach"), notes.get(0));
    assertTrue(notes.get(0).contains("in each of 2 fresh JVMs"), notes.get(0));
  }

  @Test
  void theSpreadAcrossForksAndTheTargetAreStated() {
    String within = BufferedVsStreamed.describe("buffered-vs-streamed-t50k", List.of(new long[] {100, 100, 50, 50},
        new long[] {105, 100, 60, 50}, new long[] {95, 100, 40, 50}), 5);
    assertTrue(within.contains("wall 1.00, 1.05, 0.95 (min 0.95, median 1.00, max 1.05)"), within);
    assertTrue(within.contains("client CPU min 0.80, median 1.00, max 1.20"), within);
    assertTrue(within.endsWith("within 10 % in every fork"), within);
    String over = BufferedVsStreamed.describe("x", List.of(new long[] {140, 100, 1, 1}, new long[] {100, 100, 1, 1}), 5);
    assertTrue(over.endsWith("over 10 % in 1 of 2 forks (worst +40 %)"), over);
  }
}
