package io.sluice.lab;

import io.sluice.Connection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The CPU time of a local PostgreSQL server over a measurement, from {@code /proc}: each child of
 * the postmaster (backends, and the background processes: checkpointer, WAL writer, autovacuum,
 * small next to the backends and the same for every interface) by its {@code schedstat}, in
 * nanoseconds, as the increase from the start of the window to its end.
 *
 * <p>A backend that exits inside the window (a client process that connects and leaves: libpq,
 * psql) is gone at its end. For those, {@link #open} with {@code poll} samples every child each
 * millisecond and keeps its last figure, so that an exited backend loses at most its last
 * millisecond. (The postmaster's {@code cutime + cstime}, which collects exited children, counts in
 * 10 ms clock ticks: coarser than the work measured here.) Polling costs this JVM's CPU, so it is
 * used only for clients in other processes, whose CPU the JVM does not measure. Without it, an
 * exit inside the window falls back to those ticks.
 */
public final class ServerCpu {
  private static final long TICK_NANOS = 10_000_000L;   // USER_HZ is 100 on Linux
  private static final long POLL_NANOS = 1_000_000L;

  private final long postmaster;

  private ServerCpu(long postmaster) {
    this.postmaster = postmaster;
  }

  /** For the server at {@code uri} when it runs on this machine and /proc is readable; else null. */
  public static ServerCpu of(String uri) {
    try (Connection c = Connection.open(uri)) {
      long backend = c.query("select pg_backend_pid()").get(0).getLong(0);
      Path status = Path.of("/proc", String.valueOf(backend), "status");
      if (!Files.isReadable(status)) {
        return null;
      }
      for (String line : Files.readAllLines(status)) {
        if (line.startsWith("PPid:")) {
          return new ServerCpu(Long.parseLong(line.substring(5).strip()));
        }
      }
      return null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** Starts a window; {@code poll}: sample every millisecond (for clients in other processes). */
  Window open(boolean poll) {
    return new Window(poll);
  }

  /** One measurement's server CPU: {@link #close} ends it and returns the nanoseconds. */
  final class Window {
    private final Map<Long, Long> start = children();
    private final long startTicks = exitedTicks();
    private final Map<Long, Long> last = new ConcurrentHashMap<>(start);
    private final Thread poller;
    private volatile boolean open = true;

    private Window(boolean poll) {
      poller = poll ? Thread.ofPlatform().daemon().name("server-cpu-poller").start(this::poll) : null;
    }

    private void poll() {
      while (open) {
        last.putAll(children());
        java.util.concurrent.locks.LockSupport.parkNanos(POLL_NANOS);
      }
    }

    /** The server's CPU nanoseconds since the window opened. */
    long close() throws InterruptedException {
      open = false;
      if (poller != null) {
        poller.join();
      }
      Map<Long, Long> end = children();
      long total = 0;
      boolean exited = false;
      for (Map.Entry<Long, Long> e : last.entrySet()) {
        Long now = end.get(e.getKey());
        if (now == null) {
          exited = true;
        }
        total += Math.max(0, (now != null ? now : e.getValue()) - start.getOrDefault(e.getKey(), 0L));
      }
      for (Map.Entry<Long, Long> e : end.entrySet()) {
        if (!last.containsKey(e.getKey())) {
          total += e.getValue();   // started after the last sample
          exited |= poller == null;
        }
      }
      if (poller == null && exited) {
        total += (exitedTicks() - startTicks) * TICK_NANOS;
      }
      return total;
    }
  }

  /** Each child's CPU nanoseconds by pid (a child that exits while being read is left out). */
  private Map<Long, Long> children() {
    Map<Long, Long> out = new HashMap<>();
    try {
      String list = Files.readString(Path.of("/proc", String.valueOf(postmaster), "task", String.valueOf(postmaster),
          "children"));
      for (String pid : list.strip().split(" ")) {
        if (pid.isEmpty()) {
          continue;
        }
        try {
          out.put(Long.parseLong(pid), Long.parseLong(Files.readString(Path.of("/proc", pid, "schedstat")).split(" ")[0]));
        } catch (IOException | RuntimeException gone) {
          // exited between the list and the read
        }
      }
    } catch (IOException e) {
      return out;
    }
    return out;
  }

  /** The postmaster's {@code cutime + cstime}: its exited children's CPU, in clock ticks. */
  private long exitedTicks() {
    try {
      String stat = Files.readString(Path.of("/proc", String.valueOf(postmaster), "stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(f[13]) + Long.parseLong(f[14]);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  public static List<String> describe() {
    return List.of("server CPU: every child process of the postmaster, by /proc/<pid>/schedstat (nanoseconds),"
        + " sampled each millisecond for clients in other processes (whose backends exit within a measurement);"
        + " rest: wall time neither client nor server spent on CPU: the wire, scheduling, waiting");
  }
}
