package io.sluice.bench.jmh;

import io.sluice.bench.Target;
import io.sluice.testkit.PostgresServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
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
 * pgjdbc executing a query that returns {@link #rows} rows of ten int4 columns and reading every
 * value with {@code getInt}: one operation is one execution, so the score is the time per result
 * (server and loopback included) and {@code -prof gc} gives the bytes allocated per result. The
 * baseline that Sluice's decoding benchmark will sit beside.
 *
 * <p>Each fork starts its own embedded PostgreSQL ({@link PostgresServer#shared()}), or uses the
 * server named by {@code SLUICE_TEST_URL}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PgjdbcIntRowsBench {
  /** Rows per result. */
  @Param({"1000"})
  public int rows;

  /** "default" settings, or "binary": {@code prepareThreshold=-1&binaryTransfer=true}. */
  @Param({"default", "binary"})
  public String mode;

  private Connection connection;
  private PreparedStatement statement;

  @Setup(Level.Trial)
  public void open() throws SQLException {
    Target target = Target.of(PostgresServer.shared());
    String settings = mode.equals("binary") ? "prepareThreshold=-1&binaryTransfer=true" : "";
    connection = DriverManager.getConnection(target.jdbcUrl(settings));
    // ten int4 columns computed from one series: almost no server work per value
    statement = connection.prepareStatement("select g, g + 1, g + 2, g + 3, g + 4, g + 5, g + 6, g + 7, g + 8,"
        + " g + 9 from generate_series(1, ?) g");
    statement.setInt(1, rows);
  }

  @Benchmark
  public long readTenIntColumns() throws SQLException {
    long sum = 0;
    try (ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        for (int column = 1; column <= 10; column++) {
          sum += rs.getInt(column);
        }
      }
    }
    return sum;
  }

  @TearDown(Level.Trial)
  public void close() throws SQLException {
    statement.close();
    connection.close();
  }
}
