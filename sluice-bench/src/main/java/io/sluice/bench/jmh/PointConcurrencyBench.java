package io.sluice.bench.jmh;

import io.sluice.bench.Datasets;
import io.sluice.bench.Driver;
import io.sluice.bench.Drivers;
import io.sluice.bench.Fold;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import io.sluice.bench.Workloads;
import io.sluice.testkit.PostgresServer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The lab's {@code point-vt16}/{@code point-vt64} case under JMH (issue 24): {@link #threads}
 * virtual threads sharing one connection run {@link #QUERIES} point selects of t50k, through the
 * lab's own drivers ({@code sluice}: one pipelined {@code Connection}; {@code vertx}: one
 * {@code PgConnection}), so that {@code -prof gc}'s {@code gc.alloc.rate.norm} is bytes per
 * statement (the score is µs per statement: {@link OperationsPerInvocation}) and a JFR recording of
 * the fork ({@code -jvmArgsAppend -XX:StartFlightRecording:...}) shows where each one's CPU goes.
 *
 * <pre>
 * bin/sluice mvn -B -ntp -q exec:exec@jmh -pl sluice-bench \
 *   -Djmh.args="PointConcurrencyBench -p client=sluice,vertx -p threads=64 -prof gc"
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@OperationsPerInvocation(PointConcurrencyBench.QUERIES)
public class PointConcurrencyBench {
  /** Point selects per invocation (the lab's full case runs 20,000). */
  static final int QUERIES = 4_000;

  /** A lab driver name: {@code sluice}, {@code vertx}, {@code sluice-pool}, {@code pgjdbc}. */
  @Param({"sluice", "vertx"})
  public String client;

  /** Virtual threads sharing the client. */
  @Param({"64"})
  public int threads;

  private Driver driver;
  private Workload workload;
  private long expected;
  private long expectedSum;

  @Setup(Level.Trial)
  public void open() throws Exception {
    Target target = Target.of(PostgresServer.shared());
    Datasets.ensure(target);
    Workload lab = Workloads.named("point-vt64");
    int[] ids = Arrays.copyOf(lab.ids(), QUERIES);
    workload = Workload.points("point-vt" + threads + "-" + QUERIES, lab.description(), lab.kind(), lab.sql(),
        lab.columns(), ids, threads);
    driver = Drivers.open(List.of(client), target).get(0);
    driver.prepare(workload);
    Fold first = new Fold();
    driver.run(workload, first);
    expected = first.rows();
    expectedSum = first.checksum();
  }

  /** The JVM's CPU time and the invocations at the start of an iteration: CPU per statement at its end. */
  private long cpuAtStart;
  private long invocations;

  @Setup(Level.Iteration)
  public void startIteration() {
    cpuAtStart = processCpuNanos();
    invocations = 0;
  }

  /**
   * Prints the whole JVM's CPU per statement over the iteration (every thread: callers, carriers,
   * event loops, GC and JIT), the figure issue 24's targets compare beside throughput.
   */
  @TearDown(Level.Iteration)
  public void endIteration() {
    if (invocations > 0) {
      System.out.printf(" [%s cpu %.2f us/statement] ", client,
          (processCpuNanos() - cpuAtStart) / 1e3 / (invocations * (double) QUERIES));
    }
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime();
  }

  @Benchmark
  public long points() throws Exception {
    invocations++;
    Fold fold = new Fold();
    driver.run(workload, fold);
    if (fold.rows() != expected || fold.checksum() != expectedSum) {
      throw new IllegalStateException(client + " read " + fold.rows() + " rows (checksum " + fold.checksum()
          + "), expected " + expected + " (" + expectedSum + ")");
    }
    return fold.rows();
  }

  @TearDown(Level.Trial)
  public void close() throws Exception {
    if (driver instanceof io.sluice.bench.drivers.SluiceDriver s && s.connectionStats() != null) {
      io.sluice.ConnectionStats st = s.connectionStats();
      System.out.printf("%n%s: %.2f wake-ups per request, %.2f requests per write (%s)%n", client,
          st.wakeUpsPerRequest(), st.requestsPerWrite(), st);
    }
    driver.close();
  }
}
