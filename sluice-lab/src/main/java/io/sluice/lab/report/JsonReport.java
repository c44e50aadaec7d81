package io.sluice.lab.report;

import io.sluice.bench.CpuClock;
import io.sluice.bench.RunInfo;
import io.sluice.bench.Sample;
import io.sluice.bench.Series;
import io.sluice.bench.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The results as JSON: the run's facts, each driver and workload, and per (workload, driver) every
 * measured sample in nanoseconds and bytes, with min/median/max in milliseconds, the ratios of the
 * medians to pgjdbc's, the cold call and the warm-up; then the HTTP cases per request ({@link
 * PerRequest}), the {@link Headline} and the {@link Summary} as the reports show them. {@code failure} is null for a complete, checked run.
 */
public final class JsonReport {
  /** Bump when the layout changes incompatibly. */
  static final int FORMAT = 2;

  private JsonReport() {}

  public static void write(Path file, RunInfo info, List<Series> results, Map<String, Long> checksums,
      String failure) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, render(info, results, checksums, failure) + "\n");
  }

  static String render(RunInfo info, List<Series> results, Map<String, Long> checksums, String failure) {
    JsonWriter j = new JsonWriter().beginObject();
    j.field("format", FORMAT).field("started", info.started().toString()).field("profile", info.profile())
        .field("warmup", info.warmup().toString()).field("runs", info.runs()).field("failure", failure);
    j.name("machine").beginObject().field("cpus", info.cpus()).field("os", info.os()).field("java", info.java())
        .field("maxHeapBytes", info.maxHeapBytes()).field("cpuClock", CpuClock.source()).endObject();
    j.name("server").beginObject().field("version", info.target().serverVersion())
        .field("host", info.target().host()).field("port", info.target().port()).field("tls", false).endObject();
    j.name("drivers").beginArray();
    for (String[] d : info.drivers()) {
      j.beginObject().field("name", d[0]).field("description", d[1]).endObject();
    }
    j.endArray();
    j.name("workloads").beginArray();
    for (Workload w : results.stream().map(Series::workload).distinct().toList()) {
      j.beginObject().field("name", w.name()).field("description", w.description()).field("kind", w.kind().name())
          .field("sql", w.sql()).field("touchColumns", w.touchColumns()).field("rows", w.expectedRows())
          .field("queries", w.kind() == Workload.Kind.BULK ? 1 : w.queryCount()).field("threads", w.threads());
      Long checksum = checksums.get(w.name());
      j.field("checksum", checksum == null ? null : String.format("%016x", checksum)).endObject();
    }
    j.endArray();
    j.name("results").beginArray();
    for (Series s : results) {
      Optional<Series> base = TextReport.baseline(results, s.workload());
      j.beginObject().field("workload", s.workload().name()).field("driver", s.driver());
      stats(j, "wallMs", s.wall());
      stats(j, "cpuMs", s.cpu());
      stats(j, "threadCpuMs", s.threadCpu());
      j.field("allocatedMbMedian", s.allocated().median() / 1e6);
      ratio(j, "wallRatioToPgjdbc", s.wall().median(), base.map(b -> b.wall().median()));
      ratio(j, "cpuRatioToPgjdbc", s.cpu().median(), base.map(b -> b.cpu().median()));
      Sample cold = s.cold();
      if (cold != null) {
        j.name("cold").beginObject().field("wallMs", cold.wallNanos() / 1e6).field("cpuMs", cold.cpuNanos() / 1e6)
            .endObject();
      }
      if (s.warmup() != null) {
        j.name("warmup").beginObject().field("executions", s.warmup().executions())
            .field("seconds", s.warmup().nanos() / 1e9).field("stop", s.warmup().stop().name()).endObject();
      }
      j.name("samples").beginArray();
      for (Sample x : s.samples()) {
        j.beginObject().field("wallNs", x.wallNanos()).field("cpuNs", x.cpuNanos())
            .field("threadCpuNs", x.threadCpuNanos()).field("allocatedBytes", x.allocatedBytes())
            .field("rows", x.rows()).endObject();
      }
      j.endArray().endObject();
    }
    j.endArray();
    j.name("headline").beginArray();
    for (Headline.Line l : Headline.of(results)) {
      j.beginObject().field("workload", l.workload()).field("fastest", l.fastest().driver())
          .field("sluice", l.sluice() == null ? null : l.sluice().driver())
          .field("peer", l.peer() == null ? null : l.peer().driver())
          .field("libpq", l.libpq() == null ? null : l.libpq().driver());
      number(j, "toPeer", l.toPeer());
      number(j, "toLibpq", l.toLibpq());
      j.endObject();
    }
    j.endArray();
    j.name("perRequest").beginArray();
    for (PerRequest r : PerRequest.of(results)) {
      j.beginObject().field("workload", r.workload()).field("server", r.server());
      figure(j, "requestsPerSecond", r.requestsPerSecond());
      figure(j, "cpuUsPerRequest", r.cpuMicros());
      number(j, "requestsRatioToPgjdbc", r.requestsRatio());
      number(j, "cpuRatioToPgjdbc", r.cpuRatio());
      j.endObject();
    }
    j.endArray();
    Summary sum = Summary.of(results);
    j.name("summary").beginObject().field("reference", sum.reference());
    j.name("cases").beginArray();
    sum.cases().forEach(j::value);
    j.endArray().name("interfaces").beginArray();
    for (Summary.Row r : sum.rows()) {
      j.beginObject().field("name", r.driver()).field("geomean", r.geomean()).field("min", r.min())
          .field("max", r.max()).endObject();
    }
    j.endArray().name("leftOut").beginObject();
    sum.left().forEach((k, v) -> j.field(k, v));
    j.endObject().endObject();
    return j.endObject().toString();
  }

  private static void stats(JsonWriter j, String name, Series.Stats stats) {
    j.name(name).beginObject().field("min", stats.min() / 1e6).field("median", stats.median() / 1e6)
        .field("max", stats.max() / 1e6).endObject();
  }

  private static void figure(JsonWriter j, String name, PerRequest.Figure f) {
    j.name(name).beginObject().field("min", f.min()).field("median", f.median()).field("max", f.max()).endObject();
  }

  private static void number(JsonWriter j, String name, double v) {
    j.name(name);
    if (Double.isNaN(v)) {
      j.value((String) null);
    } else {
      j.value(v);
    }
  }

  private static void ratio(JsonWriter j, String name, long value, Optional<Long> base) {
    j.name(name);
    if (base.isPresent() && base.get() > 0) {
      j.value((double) value / base.get());
    } else {
      j.value((String) null);
    }
  }
}
