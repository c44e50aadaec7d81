package io.sluice.lab.node;

import io.sluice.bench.ColumnType;
import io.sluice.bench.Driver;
import io.sluice.bench.DriverUnavailable;
import io.sluice.bench.Fold;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A Node.js client of seed 004 ({@code node/peer.cjs} of this module, with the npm packages
 * {@code bin/sluice} installs beside it from the committed lock file): one Node process per driver,
 * connected once and kept, so that V8 warms up over the lab's warm-up runs as the JVM does. Each
 * execution is one request line to it; it runs the statement once per id, n at a time on its one
 * connection, folds every value into the lab's checksum and answers with its own wall and CPU time.
 */
public final class NodeDriver implements Driver {
  public enum Peer {
    /** npm {@code postgres}: pipelines concurrent queries on its connection. */
    POSTGRES_JS,
    /** npm {@code pg}: one query on the wire at a time per Client. */
    NODE_POSTGRES;

    /** The interface's name in the lab, and peer.cjs's first argument. */
    String driverName() {
      return this == POSTGRES_JS ? "postgres.js" : "node-postgres";
    }

    String npmPackage() {
      return this == POSTGRES_JS ? "postgres" : "pg";
    }
  }

  /** Seed 004's n-at-a-time cases ({@code n10-select}, {@code n200-insert}, and their cut variants). */
  private static final Pattern SEED004 = Pattern.compile("n\\d+-(select|insert)\\b.*");
  /** Where {@code peer.cjs} and its {@code node_modules} are, when not found from the working directory. */
  static final String DIR_ENV = "SLUICE_NODE_DIR";

  private final Peer peer;
  private final Process process;
  private final Writer requests;
  private final BufferedReader answers;
  private final Path log;
  private final String description;
  private Timing last;

  private NodeDriver(Peer peer, Process process, Path log) throws IOException {
    this.peer = peer;
    this.process = process;
    this.log = log;
    this.requests = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    this.answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String ready = answers.readLine();
    if (ready == null || !ready.startsWith("ready ")) {
      String why = failure(ready);
      close();
      throw new IOException(peer.driverName() + " did not start: " + why);
    }
    this.description = ready.substring("ready ".length());
  }

  /** Starts the peer's Node process and connects it to {@code target}. */
  public static NodeDriver open(Target target, Peer peer) throws DriverUnavailable, IOException {
    Path dir = directory();
    String node = nodeExecutable();
    if (!Files.isRegularFile(dir.resolve("node_modules").resolve(peer.npmPackage()).resolve("package.json"))) {
      throw new DriverUnavailable("npm package " + peer.npmPackage() + " is not installed in " + dir
          + "/node_modules (bin/sluice lab and bin/sluice test install it with npm ci)");
    }
    Path log = Files.createTempFile("sluice-" + peer.npmPackage() + "-", ".log");
    ProcessBuilder pb = new ProcessBuilder(node, dir.resolve("peer.cjs").toString(), peer.driverName())
        .redirectError(log.toFile());
    // libpq's variables, which peer.cjs hands to either driver
    pb.environment().putAll(java.util.Map.of("PGHOST", target.host(), "PGPORT", Integer.toString(target.port()),
        "PGDATABASE", target.database(), "PGUSER", target.user()));
    if (target.password() != null) {
      pb.environment().put("PGPASSWORD", target.password());
    }
    pb.environment().remove("PGSERVICE");
    Process p = pb.start();
    return new NodeDriver(peer, p, log);
  }

  /** {@code node} on the PATH, or unavailable. */
  static String nodeExecutable() throws DriverUnavailable {
    for (String d : System.getenv().getOrDefault("PATH", "/usr/bin").split(java.io.File.pathSeparator)) {
      Path node = Path.of(d, "node");
      if (Files.isExecutable(node)) {
        return node.toString();
      }
    }
    throw new DriverUnavailable("Node.js is not installed (bin/sluice installs Debian's nodejs and npm when missing)");
  }

  /**
   * The folder of {@code peer.cjs}: {@value #DIR_ENV}, else {@code node} in this module, found from
   * the working directory (the module's when Maven runs tests, the repository's for the lab).
   */
  static Path directory() throws DriverUnavailable {
    String env = System.getenv(DIR_ENV);
    if (env != null && !env.isBlank()) {
      return Path.of(env);
    }
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      for (Path candidate : List.of(d.resolve("node"), d.resolve("sluice-lab").resolve("node"))) {
        if (Files.isRegularFile(candidate.resolve("peer.cjs"))) {
          return candidate;
        }
      }
    }
    throw new DriverUnavailable("sluice-lab/node/peer.cjs not found from " + Path.of("").toAbsolutePath()
        + " (set " + DIR_ENV + ")");
  }

  @Override
  public String name() {
    return peer.driverName();
  }

  @Override
  public String description() {
    return description + "; the n workers of each case share that connection; its own clocks"
        + " (process.hrtime, process.cpuUsage), connecting excluded";
  }

  /** Seed 004's cases only: the n-at-a-time selects and inserts (int4 and text columns). */
  @Override
  public boolean supports(Workload w) {
    return (w.kind() == Workload.Kind.POINT_SEQUENTIAL || w.kind() == Workload.Kind.POINT_CONCURRENT)
        && SEED004.matcher(w.name()).matches() && w.output() == Workload.Output.NONE
        && w.columns().stream().allMatch(t -> t == ColumnType.INT4 || t == ColumnType.TEXT);
  }

  @Override
  public void run(Workload w, Fold fold) throws Exception {
    if (w.sql().contains("\t") || w.sql().contains("\n")) {
      throw new IllegalArgumentException(w.name() + ": a statement with a tab or a line break cannot go to peer.cjs");
    }
    StringBuilder req = new StringBuilder().append(w.threads()).append('\t').append(w.touchColumns() ? 1 : 0)
        .append('\t').append(io.sluice.bench.drivers.LibpqDriver.types(w.columns())).append('\t');
    for (int i = 0; i < w.queryCount(); i++) {
      req.append(i == 0 ? "" : ",").append(w.id(i));
    }
    req.append('\t').append(w.sql()).append('\n');
    requests.write(req.toString());
    requests.flush();
    String answer = answers.readLine();
    String[] f = answer == null ? new String[0] : answer.split(" ");
    if (f.length != 4 || !f[0].matches("\\d+")) {
      throw new IllegalStateException(peer.driverName() + " failed on " + w.name() + ": " + failure(answer));
    }
    fold.absorb(Long.parseLong(f[0]), Long.parseLong(f[1]));
    last = new Timing(Long.parseLong(f[2]), Long.parseLong(f[3]));
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

  @Override
  public Timing lastTiming() {
    return last;
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
}
