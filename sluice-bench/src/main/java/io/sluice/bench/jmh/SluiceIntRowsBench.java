package io.sluice.bench.jmh;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.event.EventListener;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.bench.Target;
import io.sluice.testkit.PostgresServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Recording;
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
 * Sluice beside {@link PgjdbcIntRowsBench}: the same {@link #rows} rows of ten int4 columns, every
 * value read with {@code getInt}, buffered ({@code query}: a RowSet of lazy rows) or streamed
 * ({@code forEach}: one row view reused). With {@code -prof gc}, {@code gc.alloc.rate.norm}
 * divided by {@link #rows} is the bytes allocated per row; the values are primitives, so none of
 * it is the returned values themselves.
 *
 * <p>{@code records} maps the same rows (columns named) to a record of ten ints with
 * {@code query(sql, Ten.class)}, {@code recordsByHand} builds the same records from the getters:
 * the difference is what the mapping costs per row.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SluiceIntRowsBench {
  private static final String SQL = "select g, g + 1, g + 2, g + 3, g + 4, g + 5, g + 6, g + 7, g + 8, g + 9"
      + " from generate_series(1, $1) g";

  private static final String NAMED = "select g as a, g + 1 as b, g + 2 as c, g + 3 as d, g + 4 as e, g + 5 as f,"
      + " g + 6 as g, g + 7 as h, g + 8 as i, g + 9 as j from generate_series(1, $1) g";

  /** The record a row becomes. */
  public record Ten(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j) {}

  /** Rows per result. */
  @Param({"1000"})
  public int rows;

  /**
   * {@code none}: no {@link EventListener} (the default path, which must allocate nothing for
   * events); {@code noop}: a listener whose methods do nothing, to show what events cost when on;
   * {@code jfr}: no listener, but a Java Flight Recorder recording that takes every Sluice event
   * (threshold 0), to show what the JFR events cost while recorded.
   */
  @Param({"none"})
  public String listener;

  private Connection connection;
  private Recording recording;

  @Setup(Level.Trial)
  public void open() {
    // as PgjdbcIntRowsBench: TCP without TLS (Target), so both read the same bytes the same way
    ConnectionConfig config = ConnectionConfig.parse(Target.of(PostgresServer.shared()).uri());
    if (listener.equals("jfr")) {
      recording = new Recording();
      for (String type : List.of("Statement", "Batch", "Copy", "Connect", "PoolWait", "PoolConnection", "Cancel")) {
        recording.enable("io.sluice." + type).withThreshold(Duration.ZERO);
      }
      recording.setToDisk(false);
      recording.start();
    }
    connection = Connection.open(switch (listener) {
      case "none", "jfr" -> config;
      case "noop" -> config.withListener(new EventListener() {});
      default -> throw new IllegalArgumentException("listener is none, noop or jfr, not " + listener);
    });
  }

  @Benchmark
  public long query() {
    long sum = 0;
    RowSet rs = connection.query(SQL, rows);
    for (int i = 0, n = rs.size(); i < n; i++) {
      Row r = rs.get(i);
      for (int column = 0; column < 10; column++) {
        sum += r.getInt(column);
      }
    }
    return sum;
  }

  @Benchmark
  public long forEach() {
    long[] sum = new long[1];
    connection.forEach(SQL, r -> {
      for (int column = 0; column < 10; column++) {
        sum[0] += r.getInt(column);
      }
    }, rows);
    return sum[0];
  }

  @Benchmark
  public List<Ten> records() {
    return connection.query(NAMED, Ten.class, rows);
  }

  @Benchmark
  public List<Ten> recordsByHand() {
    RowSet rs = connection.query(NAMED, rows);
    List<Ten> out = new ArrayList<>(rs.size());
    for (int n = 0, size = rs.size(); n < size; n++) {
      Row r = rs.get(n);
      out.add(new Ten(r.getInt(0), r.getInt(1), r.getInt(2), r.getInt(3), r.getInt(4), r.getInt(5), r.getInt(6),
          r.getInt(7), r.getInt(8), r.getInt(9)));
    }
    return out;
  }

  @TearDown(Level.Trial)
  public void close() {
    connection.close();
    if (recording != null) {
      recording.close();
    }
  }
}
