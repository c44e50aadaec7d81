package io.sluice.lab;

import io.sluice.Connection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The CPU time of a local PostgreSQL server, from {@code /proc}: the nanoseconds on CPU of every
 * live child of the postmaster ({@code schedstat}), plus what the postmaster has collected from
 * children that have exited ({@code cutime + cstime} of its {@code stat}, in clock ticks), so that
 * the backend of a client that connects and leaves within a measurement (libpq, psql) is counted
 * too. Background processes (checkpointer, WAL writer, autovacuum) are in it as well: small next
 * to the backends during a measurement, and the same for every interface.
 */
final class ServerCpu {
  private static final long TICK_NANOS = 10_000_000L;   // USER_HZ is 100 on Linux

  private final long postmaster;

  private ServerCpu(long postmaster) {
    this.postmaster = postmaster;
  }

  /** For the server at {@code uri} when it runs on this machine and /proc is readable; else null. */
  static ServerCpu of(String uri) {
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

  /** The server's CPU so far, in nanoseconds (only differences mean anything). */
  long nanos() {
    long total = 0;
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      for (Path p : procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).toList()) {
        try {
          String stat = Files.readString(p.resolve("stat"));
          String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
          long ppid = Long.parseLong(f[1]);
          if (ppid == postmaster) {
            total += Long.parseLong(Files.readString(p.resolve("schedstat")).split(" ")[0]);
          } else if (Long.parseLong(p.getFileName().toString()) == postmaster) {
            total += (Long.parseLong(f[13]) + Long.parseLong(f[14])) * TICK_NANOS;   // cutime, cstime
          }
        } catch (IOException | RuntimeException gone) {
          // the process exited while being read: its time is now in the postmaster's cutime
        }
      }
    } catch (IOException e) {
      return 0;
    }
    return total;
  }

  static List<String> describe() {
    return List.of("server CPU: every backend of the server (/proc schedstat, and cutime/cstime of the postmaster"
        + " for backends that exited); rest: wall time neither client nor server spent on CPU: the wire,"
        + " scheduling, waiting");
  }
}
