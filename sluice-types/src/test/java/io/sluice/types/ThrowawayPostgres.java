package io.sluice.types;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throwaway PostgreSQL cluster for the type tests, driven through {@code psql}: initdb into a
 * temporary directory, a random port, a private Unix socket directory, no TCP listener. When run
 * as root the server runs as user {@code postgres} (PostgreSQL refuses root). It is stopped by
 * {@link #close()} and, failing that, by a shutdown hook.
 *
 * <p>Stand-in until sluice-testkit provides a server (and a Sluice connection) to the type tests.
 * The binaries come from {@code -Dsluice.pgbin=...}, else Debian's PostgreSQL 15; {@link #find()}
 * returns null when none is installed so tests can skip.
 */
final class ThrowawayPostgres implements AutoCloseable {
  private final Path bin;
  private final Path dir;
  private final int port;
  private final boolean asPostgres;
  private final Thread hook;
  private boolean stopped;

  private ThrowawayPostgres(Path bin, Path dir, int port, boolean asPostgres) {
    this.bin = bin;
    this.dir = dir;
    this.port = port;
    this.asPostgres = asPostgres;
    this.hook = new Thread(this::stopQuietly, "stop throwaway postgres");
  }

  /** The server binaries' directory, or null if there are none. */
  static Path find() {
    String configured = System.getProperty("sluice.pgbin");
    Path bin = Paths.get(configured != null ? configured : "/usr/lib/postgresql/15/bin");
    return Files.isExecutable(bin.resolve("postgres")) && Files.isExecutable(bin.resolve("psql")) ? bin : null;
  }

  static ThrowawayPostgres start(Path bin) {
    try {
      Path dir = Files.createTempDirectory("sluice-types-pg");
      boolean root = "root".equals(System.getProperty("user.name"));
      int port;
      try (ServerSocket s = new ServerSocket(0)) {
        port = s.getLocalPort();
      }
      ThrowawayPostgres pg = new ThrowawayPostgres(bin, dir, port, root);
      Runtime.getRuntime().addShutdownHook(pg.hook);
      if (root) {
        run(List.of("chown", "postgres", dir.toString()), null, 30);
      }
      pg.server("initdb", "-D", dir.resolve("data").toString(), "-U", "postgres", "-A", "trust", "-E", "UTF8",
          "--locale=C", "--no-sync");
      pg.server("pg_ctl", "-D", dir.resolve("data").toString(), "-l", dir.resolve("log").toString(), "-w", "-t", "60",
          "-o", "-p " + port + " -k " + dir + " -c listen_addresses='' -c fsync=off", "start");
      return pg;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void server(String program, String... args) {
    List<String> cmd = new ArrayList<>();
    if (asPostgres) {
      cmd.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    cmd.add(bin.resolve(program).toString());
    cmd.addAll(List.of(args));
    run(cmd, null, 120);
  }

  /**
   * Runs a psql script (unaligned, tuples only, '|' between fields, one row a line) and returns
   * its standard output; errors do not stop the script and are returned in {@code stderr}.
   */
  Result psql(String script) {
    List<String> cmd = List.of(bin.resolve("psql").toString(), "-X", "-q", "-A", "-t", "-F", "|",
        "-h", dir.toString(), "-p", Integer.toString(port), "-U", "postgres", "-d", "postgres");
    return run(cmd, script, 300);
  }

  record Result(String stdout, String stderr) {
    List<String> lines() {
      return stdout.isEmpty() ? List.of() : List.of(stdout.split("\n"));
    }
  }

  private static Result run(List<String> cmd, String stdin, int timeoutSeconds) {
    try {
      Path out = Files.createTempFile("sluice-pg-out", ".txt");
      Path err = Files.createTempFile("sluice-pg-err", ".txt");
      try {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("LC_ALL", "C.UTF-8");
        pb.environment().put("PGCLIENTENCODING", "UTF8");
        Process p = pb.start();
        try (var in = p.getOutputStream()) {
          if (stdin != null) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
          }
        }
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          throw new IllegalStateException(cmd.get(0) + " did not finish in " + timeoutSeconds + " s");
        }
        Result r = new Result(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        if (p.exitValue() != 0) {
          throw new IllegalStateException(String.join(" ", cmd) + " failed (" + p.exitValue() + "): " + r.stderr + r.stdout);
        }
        return r;
      } finally {
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private void stopQuietly() {
    synchronized (this) {
      if (stopped) {
        return;
      }
      stopped = true;
    }
    try {
      server("pg_ctl", "-D", dir.resolve("data").toString(), "-m", "immediate", "-w", "stop");
    } catch (RuntimeException e) {
      // already stopped or never started
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    } catch (IOException e) {
      // best effort
    }
  }

  @Override
  public void close() {
    stopQuietly();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // shutting down already
    }
  }
}
