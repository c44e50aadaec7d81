package io.sluice.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time used by this JVM: every thread, so the application, the drivers' I/O and event-loop
 * threads, virtual-thread carriers, the garbage collector and the JIT compilers alike. PostgreSQL
 * runs in other processes, so this is the client's own cost.
 *
 * <p>On Linux it is the sum over {@code /proc/self/task/*}{@code /schedstat} of the first field
 * (nanoseconds on a CPU): precise to the nanosecond, but the time of a thread that ends between two
 * readings is lost (the workloads start no short-lived platform threads). Elsewhere it is
 * {@code OperatingSystemMXBean.getProcessCpuTime()}, which on Linux counts in 10 ms clock ticks,
 * too coarse for runs of tens of milliseconds.
 */
public final class CpuClock {
  private static final Path TASKS = Path.of("/proc/self/task");
  private static final boolean SCHEDSTAT = readSchedstat() > 0;

  private CpuClock() {}

  /** Nanoseconds of CPU used by the JVM's threads that are alive now, since each started. */
  public static long processNanos() {
    if (SCHEDSTAT) {
      long nanos = readSchedstat();
      if (nanos > 0) {
        return nanos;
      }
    }
    return mxBeanNanos();
  }

  /** Which source {@link #processNanos()} reads, for the report. */
  public static String source() {
    return SCHEDSTAT ? "/proc/self/task/*/schedstat (ns)" : "OperatingSystemMXBean.getProcessCpuTime";
  }

  private static long mxBeanNanos() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getProcessCpuTime();
    }
    return -1;
  }

  /** The sum, or -1 when the files are not there (not Linux, or no scheduler statistics). */
  private static long readSchedstat() {
    if (!Files.isDirectory(TASKS)) {
      return -1;
    }
    long total = 0;
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
      for (Path task : tasks) {
        String line;
        try {
          line = Files.readString(task.resolve("schedstat"));
        } catch (IOException gone) {
          continue; // the thread ended after the listing
        }
        int space = line.indexOf(' ');
        total += Long.parseLong(space < 0 ? line.strip() : line.substring(0, space));
      }
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
    return total;
  }
}
