package io.sluice.lab.run;

import io.sluice.lab.LabCase;
import io.sluice.lab.TimeSplit;
import io.sluice.Connection;
import io.sluice.CopyFormat;
import io.sluice.bench.RunInfo;
import io.sluice.bench.Sample;
import io.sluice.bench.Series;
import io.sluice.lab.report.JsonWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The lab's results in PostgreSQL (schema {@code lab}, see {@code schema.sql}), written with
 * Sluice itself: a run row first, the measurements by COPY as each case completes, the run marked
 * done at the end. The views turn them into seed 003's normalised tables.
 */
public final class ResultsStore implements AutoCloseable {
  private static final List<String> COLUMNS = List.of("run_id", "experiment", "workload", "transport", "connect",
      "interface", "iteration", "wall_s", "cpu_s", "rows", "alloc_bytes", "checksum");

  private final Connection c;

  public ResultsStore(String uri) {
    this.c = Connection.open(uri);
    c.simpleQuery(schema());
  }

  static String schema() {
    try (InputStream in = ResultsStore.class.getResourceAsStream("schema.sql")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("schema.sql is missing from the build", e);
    }
  }

  /** Records the start of a run; returns its id. */
  public long startRun(RunInfo info, String machine) {
    JsonWriter interfaces = new JsonWriter().beginObject();
    for (String[] d : info.drivers()) {
      interfaces.field(d[0], d[1]);
    }
    interfaces.endObject();
    return c.query("insert into lab.run (started, profile, warmups, runs, server, client, machine, cpus, interfaces,"
            + " warmup) values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10) returning id",
        info.started(), info.profile(), info.warmup().minCount(), info.runs(), info.target().toString(),
        info.java() + ", " + info.os(), machine, info.cpus(), interfaces.toString(), info.warmup().toString())
        .get(0).getLong(0);
  }

  /** Stores the measured samples of one case. */
  public void add(long runId, LabCase labCase, List<Series> series) {
    List<Object[]> rows = new ArrayList<>();
    for (Series s : series) {
      int i = 0;
      for (Sample x : s.samples()) {
        rows.add(new Object[] {runId, labCase.experiment(), labCase.name(), labCase.transport(), labCase.connect(),
            s.driver(), ++i, x.wallNanos() / 1e9, x.cpuNanos() / 1e9, x.rows(), x.allocatedBytes(), x.checksum()});
      }
    }
    c.copy().fromRows("lab.measurement", COLUMNS, CopyFormat.BINARY, rows);
    List<Object[]> warm = new ArrayList<>();
    for (Series s : series) {
      if (s.cold() != null && s.warmup() != null) {
        warm.add(new Object[] {runId, labCase.name(), s.driver(), s.cold().wallNanos() / 1e9, s.cold().cpuNanos() / 1e9,
            s.warmup().executions(), s.warmup().nanos() / 1e9, s.warmup().stop().name()});
      }
    }
    if (!warm.isEmpty()) {
      c.copy().fromRows("lab.warmup", List.of("run_id", "workload", "interface", "cold_wall_s", "cold_cpu_s",
          "executions", "warm_s", "stop"), CopyFormat.BINARY, warm);
    }
  }

  /** Stores the measured executions of the time split. */
  void addSplit(long runId, List<TimeSplit.Part> parts) {
    List<Object[]> rows = new ArrayList<>();
    for (TimeSplit.Part p : parts) {
      rows.add(new Object[] {runId, p.workload(), p.driver(), p.iteration(), p.wallNanos() / 1e9,
          p.clientCpuNanos() / 1e9, p.serverCpuNanos() / 1e9});
    }
    c.copy().fromRows("lab.split", List.of("run_id", "workload", "interface", "iteration", "wall_s", "client_cpu_s",
        "server_cpu_s"), CopyFormat.BINARY, rows);
  }

  public void finishRun(long runId, String status) {
    c.execute("update lab.run set finished = $1, status = $2 where id = $3", Instant.now(), status, runId);
  }

  /** {@code select * from lab.<view> where run_id = $1}, as maps in column order. */
  public List<Map<String, Object>> view(String view, long runId, String orderBy) {
    if (!view.matches("[a-z_]+") || !orderBy.matches("[a-z_, ]+")) {
      throw new IllegalArgumentException("not a lab view: " + view);
    }
    List<Map<String, Object>> out = new ArrayList<>();
    c.query("select * from lab." + view + " where run_id = $1 order by " + orderBy, runId)
        .forEach(r -> out.add(r.toMap()));
    return out;
  }

  public Connection connection() {
    return c;
  }

  @Override
  public void close() {
    c.close();
  }
}
