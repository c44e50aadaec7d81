package io.sluice.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.bench.ColumnType;
import io.sluice.bench.Sample;
import io.sluice.bench.Series;
import io.sluice.bench.Workload;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The HTTP cases per request, from made-up load-tool runs (no server). */
class PerRequestTest {
  private static final Workload HTTP = Workload.http("http-c16", "made up", 500, 16);

  /** An ab run of 500 requests taking {@code wallMs} with {@code cpuMs} of the servers' CPU. */
  private static Sample run(long wallMs, long cpuMs) {
    return new Sample(wallMs * 1_000_000, cpuMs * 1_000_000, cpuMs * 1_000_000, 0, 500, 0);
  }

  @Test
  void requestsPerSecondAndCpuPerRequestWithTheirSpreadAndRatios() {
    Series pgjdbc = new Series(HTTP, "http-pgjdbc");
    pgjdbc.add(run(1000, 1000));
    pgjdbc.add(run(500, 600));
    pgjdbc.add(run(800, 900));
    Series sluice = new Series(HTTP, "http-sluice");
    sluice.add(run(250, 300));
    sluice.add(run(400, 450));
    sluice.add(run(500, 400));
    Series bulk = new Series(Workload.bulk("int1", "", "select 1", List.of(ColumnType.INT4), 1), "sluice");
    bulk.add(new Sample(1, 1, 1, 0, 1, 0));
    List<PerRequest> rows = PerRequest.of(List.of(pgjdbc, sluice, bulk));
    assertEquals(2, rows.size(), "the HTTP series only");
    PerRequest p = rows.get(0);
    assertEquals("http-pgjdbc", p.server());
    assertEquals(new PerRequest.Figure(500, 625, 1000), p.requestsPerSecond());
    assertEquals(new PerRequest.Figure(1200, 1800, 2000), p.cpuMicros(), "µs of CPU per request");
    assertEquals(1.0, p.cpuRatio(), 1e-12);
    PerRequest s = rows.get(1);
    assertEquals(new PerRequest.Figure(1000, 1250, 2000), s.requestsPerSecond());
    assertEquals(new PerRequest.Figure(600, 800, 900), s.cpuMicros());
    assertEquals(800.0 / 1800, s.cpuRatio(), 1e-12);
    assertEquals(1250.0 / 625, s.requestsRatio(), 1e-12);
    assertTrue(Double.isNaN(PerRequest.of(List.of(sluice)).get(0).cpuRatio()), "no reference, no ratio");
  }
}
