package io.sluice.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What one execution of a workload by a driver cost and returned.
 *
 * @param wallNanos elapsed time ({@link System#nanoTime()}) from the call to the driver until it
 *     returned with every row read
 * @param cpuNanos CPU time of the whole JVM over the same interval ({@link CpuClock})
 * @param threadCpuNanos CPU time of the calling thread only: the whole client cost for a driver
 *     that works on the caller's thread (pgjdbc, sequential), a part of it otherwise
 * @param allocatedBytes heap allocated by all threads over the interval (approximate; 0 for a
 *     driver in another process, see {@link Driver#lastTiming()})
 * @param rows rows folded
 * @param checksum the rows' {@link Fold#checksum()}
 */
public record Sample(long wallNanos, long cpuNanos, long threadCpuNanos, long allocatedBytes, long rows,
    long checksum) {

  /**
   * A figure that cannot be is a bug in the measurement, refused: a negative time or row count, or
   * more CPU than every CPU of the machine could give over the wall time (with a little slack for
   * reading the threads' clocks one after the other).
   */
  public Sample {
    if (wallNanos < 0 || cpuNanos < 0 || threadCpuNanos < 0 || rows < 0 || cpuNanos > cpuCeiling(wallNanos)) {
      throw new IllegalStateException("a measurement that cannot be: wall " + wallNanos + " ns, cpu " + cpuNanos
          + " ns, thread cpu " + threadCpuNanos + " ns, rows " + rows + " (" + CPUS + " CPUs)");
    }
  }

  private static final int CPUS = Runtime.getRuntime().availableProcessors();
  private static final long CPU_SLACK_NANOS = 5_000_000;

  /** The most CPU time an interval of {@code wallNanos} can hold on this machine, with the slack. */
  static long cpuCeiling(long wallNanos) {
    return (long) (wallNanos * (double) CPUS * 1.1) + CPU_SLACK_NANOS;
  }

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  /** Runs {@code workload} once on {@code driver} and measures it. */
  public static Sample measure(Driver driver, Workload workload) throws Exception {
    Path file = switch (workload.output()) {
      case NONE -> null;
      case DEV_NULL -> Path.of("/dev/null");
      case FILE -> Files.createTempFile("sluice-lab-rows-", ".txt");
    };
    try {
      return measure(driver, workload, new Fold(file));
    } finally {
      if (workload.output() == Workload.Output.FILE) {
        Files.deleteIfExists(file);
      }
    }
  }

  private static Sample measure(Driver driver, Workload workload, Fold fold) throws Exception {
    long allocated = THREADS.getTotalThreadAllocatedBytes();
    CpuClock.Snapshot cpu0 = CpuClock.now();
    long threadCpu = THREADS.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    driver.run(workload, fold);
    fold.finishOutput();
    long wall = System.nanoTime() - start;
    threadCpu = THREADS.getCurrentThreadCpuTime() - threadCpu;
    long cpu = CpuClock.since(cpu0);
    allocated = THREADS.getTotalThreadAllocatedBytes() - allocated;
    Driver.Timing external = driver.lastTiming();
    if (external != null) {
      return new Sample(external.wallNanos(), external.cpuNanos(), external.cpuNanos(), 0, fold.rows(),
          fold.checksum());
    }
    return new Sample(wall, cpu, threadCpu, allocated, fold.rows(), fold.checksum());
  }
}
