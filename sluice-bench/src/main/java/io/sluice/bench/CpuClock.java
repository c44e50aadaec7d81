package io.sluice.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU time used by this JVM over an interval: every thread, so the application, the drivers' I/O
 * and event-loop threads, virtual-thread carriers, the garbage collector and the JIT compilers
 * alike. PostgreSQL runs in other processes, so this is the client's own cost.
 *
 * <p>On Linux it reads {@code /proc/self/task/*}{@code /schedstat} (the first field: nanoseconds on
 * a CPU) thread by thread, and an interval is the sum of each thread's own increase: a thread that
 * ends during the interval counts for nothing rather than taking its whole past with it. (Summing
 * the live threads at both ends instead gave a negative CPU time when a virtual-thread carrier or a
 * JIT compiler thread retired in between; a CPU time can only grow, so {@link #since} refuses to
 * return less than zero.) A thread found at the end but not at the start counts whole only if it
 * started during the interval (its {@code starttime} in {@code /proc/self/task/<tid>/stat}, against
 * {@code /proc/uptime} at the start, both in 10 ms clock ticks, with two ticks of slack): a listing of
 * {@code /proc/self/task} can skip a thread while others start and end, and counting such a thread
 * whole once added a JIT compiler thread's whole past to a 15 ms measurement (47 ms of CPU on 2
 * CPUs); one skipped at the start now counts nothing, an underestimate of its share of the interval.
 * Elsewhere it is {@code OperatingSystemMXBean.getProcessCpuTime()}, which on
 * Linux counts in 10 ms clock ticks, too coarse for runs of tens of milliseconds.
 */
public final class CpuClock {
  private static final Path TASKS = Path.of("/proc/self/task");
  /** Clock ticks of slack when telling a thread that started in the interval from one the listing skipped. */
  private static final long SLACK_TICKS = 2;
  private static final boolean SCHEDSTAT = readSchedstat() != null;

  private CpuClock() {}

  /**
   * The CPU time of each thread alive now, or of the process as a whole where threads cannot be read.
   *
   * @param ticks clock ticks since boot when it was taken ({@code /proc/uptime}), or 0 when unknown
   */
  public record Snapshot(Map<String, Long> threads, long process, long ticks) {}

  /** Reads the clock at the start of an interval. */
  public static Snapshot now() {
    if (SCHEDSTAT) {
      Map<String, Long> threads = readSchedstat();
      if (threads != null) {
        return new Snapshot(threads, -1, uptimeTicks());
      }
    }
    return new Snapshot(null, mxBeanNanos(), 0);
  }

  /**
   * Nanoseconds of CPU used since {@code start}: per thread, its increase (a thread that started
   * meanwhile counts whole, one that ended counts nothing), summed.
   */
  public static long since(Snapshot start) {
    Snapshot end = now();
    long total = 0;
    if (start.threads() != null && end.threads() != null) {
      for (Map.Entry<String, Long> t : end.threads().entrySet()) {
        Long before = start.threads().get(t.getKey());
        if (before == null && startedBefore(t.getKey(), start.ticks() - SLACK_TICKS)) {
          continue;   // alive at the start but skipped by its listing: its past is not this interval's
        }
        total += Math.max(0, t.getValue() - (before == null ? 0 : before));
      }
    } else {
      total = end.process() - start.process();
    }
    if (total < 0) {
      throw new IllegalStateException("the CPU clock went backwards by " + -total + " ns: a measurement that cannot be");
    }
    return total;
  }

  /** Which source {@link #now()} reads, for the report. */
  public static String source() {
    return SCHEDSTAT ? "/proc/self/task/*/schedstat (ns, per thread)" : "OperatingSystemMXBean.getProcessCpuTime";
  }

  /** Whether thread {@code tid} started before {@code ticks} (since boot); false when that cannot be read. */
  private static boolean startedBefore(String tid, long ticks) {
    try {
      String stat = Files.readString(TASKS.resolve(tid).resolve("stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(f[19]) < ticks;   // field 22, starttime
    } catch (IOException | RuntimeException gone) {
      return false;
    }
  }

  /** Clock ticks (USER_HZ, 100 a second) since boot, from /proc/uptime; 0 when it cannot be read. */
  private static long uptimeTicks() {
    try {
      String up = Files.readString(Path.of("/proc/uptime"));
      return Math.round(Double.parseDouble(up.substring(0, up.indexOf(' '))) * 100);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  private static long mxBeanNanos() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getProcessCpuTime();
    }
    return -1;
  }

  /** Each thread's CPU nanoseconds by thread id, or null when the files are not there (not Linux). */
  private static Map<String, Long> readSchedstat() {
    if (!Files.isDirectory(TASKS)) {
      return null;
    }
    Map<String, Long> threads = new HashMap<>();
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
      for (Path task : tasks) {
        String line;
        try {
          line = Files.readString(task.resolve("schedstat"));
        } catch (IOException gone) {
          continue; // the thread ended after the listing
        }
        int space = line.indexOf(' ');
        threads.put(task.getFileName().toString(), Long.parseLong(space < 0 ? line.strip() : line.substring(0, space)));
      }
    } catch (IOException | NumberFormatException e) {
      return null;
    }
    return threads.isEmpty() ? null : threads;
  }
}
