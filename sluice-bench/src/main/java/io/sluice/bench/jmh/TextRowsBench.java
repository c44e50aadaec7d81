package io.sluice.bench.jmh;

import io.sluice.Connection;
import io.sluice.RowSet;
import io.sluice.bench.Target;
import io.sluice.testkit.PostgresServer;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;
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
 * The lab's t50k shape in JMH (issue 14's buffered-path target): {@link #rows} rows of an int and
 * nine texts, every value read ({@code getInt}, {@code getString}), by each {@link #reader} in the
 * same run: Sluice buffered ({@code query} → RowSet), Sluice streamed ({@code forEach}), pgjdbc
 * with its defaults and with binary transfer, and sluice-jdbc through the same JDBC code as
 * pgjdbc. TCP without TLS for all ({@link Target}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 10, time = 1)
@Measurement(iterations = 8, time = 1)
@Fork(1)
public class TextRowsBench {
  private static final String SQL = "select g, 'alpha' || g, 'beta' || g, 'gamma' || g, 'delta' || g,"
      + " 'epsilon' || g, 'zeta' || g, 'eta' || g, 'theta' || g, 'iota' || g from generate_series(1, %s) g";

  @Param({"50000"})
  public int rows;

  @Param({"sluice-query", "sluice-forEach", "pgjdbc", "pgjdbc-binary", "sluice-jdbc"})
  public String reader;

  /** Reads the whole result once; returns a checksum of what it read. */
  interface Read {
    long run() throws SQLException;
  }

  private Read read;
  private AutoCloseable resource;

  @Setup(Level.Trial)
  public void open() throws SQLException {
    Target target = Target.of(PostgresServer.shared());
    switch (reader) {
      case "sluice-query", "sluice-forEach" -> {
        Connection c = Connection.open(target.uri());
        resource = c;
        String sql = SQL.formatted("$1");
        read = reader.equals("sluice-query") ? () -> {
          long sum = 0;
          RowSet rs = c.query(sql, rows);
          for (int i = 0, n = rs.size(); i < n; i++) {
            io.sluice.Row r = rs.get(i);
            sum += r.getInt(0);
            for (int col = 1; col < 10; col++) {
              sum += r.getString(col).length();
            }
          }
          return sum;
        } : () -> {
          long[] sum = new long[1];
          c.forEach(sql, r -> {
            sum[0] += r.getInt(0);
            for (int col = 1; col < 10; col++) {
              sum[0] += r.getString(col).length();
            }
          }, rows);
          return sum[0];
        };
      }
      case "pgjdbc", "pgjdbc-binary", "sluice-jdbc" -> {
        // each through its own driver: both answer jdbc:postgresql:, so DriverManager is not asked
        java.sql.Connection c = reader.equals("sluice-jdbc")
            ? new io.sluice.jdbc.SluiceDriver().connect(target.jdbcUrl("jdbc:sluice:postgresql:", ""), new Properties())
            : new org.postgresql.Driver().connect(
                target.jdbcUrl(reader.equals("pgjdbc-binary") ? "prepareThreshold=-1&binaryTransfer=true" : ""),
                new Properties());
        resource = c;
        PreparedStatement ps = c.prepareStatement(SQL.formatted("?"));
        ps.setInt(1, rows);
        read = () -> {
          long sum = 0;
          try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
              sum += rs.getInt(1);
              for (int col = 2; col <= 10; col++) {
                sum += rs.getString(col).length();
              }
            }
          }
          return sum;
        };
      }
      default -> throw new IllegalArgumentException("unknown reader " + reader);
    }
  }

  @Benchmark
  public long readAll() throws SQLException {
    return read.run();
  }

  @TearDown(Level.Trial)
  public void close() throws Exception {
    resource.close();
  }
}
