package io.sluice.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.bench.ColumnType;
import io.sluice.bench.Sample;
import io.sluice.bench.Series;
import io.sluice.bench.Workload;
import io.sluice.lab.LabCase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The headline, the summary and the coverage matrix, computed from made-up series (no server). */
class ReportFiguresTest {
  private static final List<Workload> CASES = new ArrayList<>();

  static {
    for (int i = 1; i <= 6; i++) {
      CASES.add(Workload.bulk("w" + i, "case " + i, "select 1", List.of(ColumnType.INT4), 1));
    }
  }

  /** A series of one case whose three measured wall times are {@code ms}, {@code ms} and 2 x {@code ms}. */
  private static Series series(int workload, String driver, long ms) {
    Series s = new Series(CASES.get(workload - 1), driver);
    for (long wall : new long[] {ms, ms, 2 * ms}) {
      s.add(new Sample(wall * 1_000_000, 0, 0, 0, 1, 0));
    }
    return s;
  }

  @Test
  void theSummaryAveragesEveryInterfaceOverTheSameCases() {
    List<Series> results = new ArrayList<>();
    for (int w = 1; w <= 6; w++) {
      results.add(series(w, "libpq", 10));
      results.add(series(w, "sluice", w <= 3 ? 5 : 20));   // half the cases twice as fast, half twice as slow
    }
    // sluice-stream ran four of the six, all fast: averaged over its own cases it would look 2x faster
    for (int w = 1; w <= 4; w++) {
      results.add(series(w, "sluice-stream", 5));
    }
    results.add(series(1, "clj-sluice", 1));   // one case: it would cut the common cases to one
    Summary s = Summary.of(results);
    assertEquals("libpq", s.reference());
    assertEquals(List.of("w1", "w2", "w3", "w4"), s.cases(), "the cases libpq, sluice and sluice-stream all ran");
    assertEquals(Map.of("clj-sluice", 1), s.left());
    Summary.Row sluice = s.rows().stream().filter(r -> r.driver().equals("sluice")).findFirst().orElseThrow();
    assertEquals(Math.pow(0.5 * 0.5 * 0.5 * 2, 0.25), sluice.geomean(), 1e-12, "three at 0.5, one at 2");
    assertEquals(0.5, sluice.min(), 1e-12);
    assertEquals(2, sluice.max(), 1e-12);
  }

  @Test
  void theHeadlineNamesTheFastestSluiceModeAndItsRatios() {
    List<Series> results = List.of(series(1, "pgjdbc", 30), series(1, "sluice", 24), series(1, "sluice-stream", 12),
        series(1, "libpq", 20), series(1, "libpq-single", 16), series(2, "sluice", 10), series(2, "vertx", 40));
    List<Headline.Line> lines = Headline.of(results);
    assertEquals(2, lines.size());
    Headline.Line one = lines.get(0);
    assertEquals("sluice-stream", one.fastest().driver());
    assertEquals("sluice-stream", one.sluice().driver());
    assertEquals("libpq-single", one.peer().driver(), "the fastest interface that is not Sluice");
    assertEquals("libpq-single", one.libpq().driver(), "libpq's best mode");
    assertEquals(12.0 / 16, one.toPeer(), 1e-12);
    Headline.Line two = lines.get(1);
    assertEquals("vertx", two.peer().driver());
    assertNull(two.libpq());
    assertTrue(Double.isNaN(two.toLibpq()));
  }

  @Test
  void theCoverageGivesEachReasonOnce() {
    List<LabCase> cases = List.of(new LabCase(CASES.get(0), "seed", "tcp", "once"),
        new LabCase(CASES.get(1), "seed", "unix", "once"), new LabCase(CASES.get(2), "seed", "unix", "once"));
    List<Series> results = List.of(series(1, "pgjdbc", 1), series(1, "sluice", 1), series(2, "sluice", 1),
        series(3, "sluice", 1));
    Coverage c = Coverage.of(cases, List.of("pgjdbc", "sluice", "odbc"), results, Map.of("odbc", "no driver"));
    assertEquals(List.of("pgjdbc", "sluice", "odbc"), c.interfaces());
    assertEquals(Map.of("pgjdbc", 0, "sluice", 0, "odbc", 1), c.cells().get("w1"));
    assertEquals(Map.of("pgjdbc", 2, "sluice", 0, "odbc", 1), c.cells().get("w2"));
    assertEquals(Map.of("pgjdbc", 2, "sluice", 0, "odbc", 1), c.cells().get("w3"));
    assertEquals(2, c.reasons().size(), "each reason once: " + c.reasons());
    assertTrue(c.reasons().get(0).contains("odbc could not start on this machine: no driver"), c.reasons().get(0));
    assertTrue(c.reasons().get(1).startsWith("TCP only here"), c.reasons().get(1));
  }
}
