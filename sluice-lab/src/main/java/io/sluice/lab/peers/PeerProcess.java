package io.sluice.lab.peers;

import io.sluice.bench.Driver;
import io.sluice.bench.Fold;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import io.sluice.bench.drivers.LibpqDriver;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A client of the lab in another, long-lived process, spoken to by the lab's line protocol (the
 * Node peers' {@code node/peer.cjs}, tokio-postgres' {@code rust/src/main.rs}, pgx's
 * {@code go/main.go}): started with the server in libpq's variables, it connects once and prints
 * {@code ready DESCRIPTION}; then each execution is one line of five tab-separated fields (N,
 * TOUCH, TYPES, IDS, SQL) and its answer one line, {@code rows checksum wall_ns cpu_ns} measured
 * by the process itself, or {@code error MESSAGE}. End of its stdin ends it.
 */
public final class PeerProcess implements AutoCloseable {
  private final String name;
  private final Process process;
  private final Writer requests;
  private final BufferedReader answers;
  private final Path log;
  private final String description;

  private PeerProcess(String name, Process process, Path log) throws IOException {
    this.name = name;
    this.process = process;
    this.log = log;
    this.requests = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    this.answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String ready = answers.readLine();
    if (ready == null || !ready.startsWith("ready ")) {
      String why = failure(ready);
      close();
      throw new IOException(name + " did not start: " + why);
    }
    this.description = ready.substring("ready ".length());
  }

  /**
   * Starts {@code command} for the interface {@code name}, connected to {@code target} through
   * libpq's variables, and waits for its ready line.
   */
  public static PeerProcess start(String name, Target target, String... command) throws IOException {
    Path log = Files.createTempFile("sluice-" + name.replaceAll("[^A-Za-z0-9]", "") + "-", ".log");
    ProcessBuilder pb = new ProcessBuilder(command).redirectError(log.toFile());
    pb.environment().putAll(Map.of("PGHOST", target.host(), "PGPORT", Integer.toString(target.port()),
        "PGDATABASE", target.database(), "PGUSER", target.user()));
    if (target.password() != null) {
      pb.environment().put("PGPASSWORD", target.password());
    }
    pb.environment().remove("PGSERVICE");
    return new PeerProcess(name, pb.start(), log);
  }

  /** What the process said it is (library, versions, settings). */
  public String description() {
    return description;
  }

  /**
   * One execution of {@code w}: the statement once per id from {@link Workload#threads()} workers,
   * or once when it has no ids; its rows join {@code fold}. Returns the process's own timing.
   */
  public Driver.Timing run(Workload w, Fold fold) throws IOException {
    if (w.sql().contains("\t") || w.sql().contains("\n")) {
      throw new IllegalArgumentException(w.name() + ": a statement with a tab or a line break cannot go to " + name);
    }
    StringBuilder req = new StringBuilder().append(w.threads()).append('\t').append(w.touchColumns() ? 1 : 0)
        .append('\t').append(LibpqDriver.types(w.columns())).append('\t');
    for (int i = 0; i < w.queryCount(); i++) {
      req.append(i == 0 ? "" : ",").append(w.id(i));
    }
    req.append('\t').append(w.sql()).append('\n');
    requests.write(req.toString());
    requests.flush();
    String answer = answers.readLine();
    String[] f = answer == null ? new String[0] : answer.split(" ");
    if (f.length != 4 || !f[0].matches("\\d+")) {
      throw new IllegalStateException(name + " failed on " + w.name() + ": " + failure(answer));
    }
    fold.absorb(Long.parseLong(f[0]), Long.parseLong(f[1]));
    return new Driver.Timing(Long.parseLong(f[2]), Long.parseLong(f[3]));
  }

  /** What the process said instead of an answer: its line, or its error output when it ended. */
  private String failure(String line) {
    if (line != null) {
      return line;
    }
    try {
      process.waitFor(5, TimeUnit.SECONDS);
      return "the process ended: " + Files.readString(log).strip();
    } catch (IOException | InterruptedException e) {
      return "the process ended";
    }
  }

  /** Closes its stdin (the peer closes its connection and ends), waiting a few seconds before killing it. */
  @Override
  public void close() throws IOException {
    try {
      process.getOutputStream().close();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    } finally {
      Files.deleteIfExists(log);
    }
  }

  /** {@code program} on the PATH, if there. */
  public static java.util.Optional<String> onPath(String program) {
    for (String d : System.getenv().getOrDefault("PATH", "/usr/bin").split(java.io.File.pathSeparator)) {
      Path p = Path.of(d, program);
      if (Files.isExecutable(p)) {
        return java.util.Optional.of(p.toString());
      }
    }
    return java.util.Optional.empty();
  }

  /**
   * The folder {@code name} of this module holding {@code marker}: {@code envVar} when set, else
   * found from the working directory (the module's when Maven runs tests, the repository's for the lab).
   */
  public static Path folder(String name, String marker, String envVar) throws io.sluice.bench.DriverUnavailable {
    String env = System.getenv(envVar);
    if (env != null && !env.isBlank()) {
      return Path.of(env);
    }
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      for (Path candidate : java.util.List.of(d.resolve(name), d.resolve("sluice-lab").resolve(name))) {
        if (Files.isRegularFile(candidate.resolve(marker))) {
          return candidate;
        }
      }
    }
    throw new io.sluice.bench.DriverUnavailable("sluice-lab/" + name + "/" + marker + " not found from "
        + Path.of("").toAbsolutePath() + " (set " + envVar + ")");
  }
}
