package io.sluice.bench.jmh;

import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.bench.Target;
import io.sluice.testkit.PostgresServer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Rows to records ({@code RowSet.as}: the mapping resolved once per result shape, then one
 * column read per component and the canonical constructor through a MethodHandle) beside the same
 * records built by hand from the getters, over {@link #rows} rows of ten int4 columns (the
 * statement of {@link SluiceIntRowsBench}). The difference is what the mapping costs per row.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RecordRowsBench {
  private static final String SQL = "select g as a, g + 1 as b, g + 2 as c, g + 3 as d, g + 4 as e, g + 5 as f,"
      + " g + 6 as g, g + 7 as h, g + 8 as i, g + 9 as j from generate_series(1, $1) g";

  /** The record a row becomes. */
  public record Ten(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j) {}

  /** Rows per result. */
  @Param({"1000"})
  public int rows;

  private Connection connection;

  @Setup(Level.Trial)
  public void open() {
    connection = Connection.open(Target.of(PostgresServer.shared()).uri());
  }

  @Benchmark
  public List<Ten> byHand() {
    RowSet rs = connection.query(SQL, rows);
    List<Ten> out = new java.util.ArrayList<>(rs.size());
    for (int n = 0, size = rs.size(); n < size; n++) {
      Row r = rs.get(n);
      out.add(new Ten(r.getInt(0), r.getInt(1), r.getInt(2), r.getInt(3), r.getInt(4), r.getInt(5), r.getInt(6),
          r.getInt(7), r.getInt(8), r.getInt(9)));
    }
    return out;
  }

  @Benchmark
  public List<Ten> mapped() {
    return connection.query(SQL, Ten.class, rows);
  }

  @TearDown(Level.Trial)
  public void close() {
    connection.close();
  }
}
