package io.sluice.lab.node;

import io.sluice.bench.ColumnType;
import io.sluice.bench.DriverUnavailable;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import io.sluice.lab.peers.PeerDriver;
import io.sluice.lab.peers.PeerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * A Node.js client of seed 004 ({@code node/peer.cjs} of this module, with the npm packages
 * {@code bin/sluice} installs beside it from the committed lock file): one Node process per driver,
 * connected once and kept, so that V8 warms up over the lab's warm-up runs as the JVM does. Each
 * execution is one request line to it; it runs the statement once per id, n at a time on its one
 * connection, folds every value into the lab's checksum and answers with its own wall and CPU time.
 */
public final class NodeDriver extends PeerDriver {
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

  private NodeDriver(Peer peer, PeerProcess process) {
    super(process);
    this.peer = peer;
  }

  /** Starts the peer's Node process and connects it to {@code target}. */
  public static NodeDriver open(Target target, Peer peer) throws DriverUnavailable, IOException {
    Path dir = directory();
    String node = nodeExecutable();
    if (!Files.isRegularFile(dir.resolve("node_modules").resolve(peer.npmPackage()).resolve("package.json"))) {
      throw new DriverUnavailable("npm package " + peer.npmPackage() + " is not installed in " + dir
          + "/node_modules (bin/sluice lab and bin/sluice test install it with npm ci)");
    }
    return new NodeDriver(peer, PeerProcess.start(peer.driverName(), target, node, dir.resolve("peer.cjs").toString(),
        peer.driverName()));
  }

  /** {@code node} on the PATH, or unavailable. */
  static String nodeExecutable() throws DriverUnavailable {
    return PeerProcess.onPath("node").orElseThrow(() -> new DriverUnavailable(
        "Node.js is not installed (bin/sluice installs Debian's nodejs and npm when missing)"));
  }

  /**
   * The folder of {@code peer.cjs}: {@value #DIR_ENV}, else {@code node} in this module, found from
   * the working directory (the module's when Maven runs tests, the repository's for the lab).
   */
  static Path directory() throws DriverUnavailable {
    return PeerProcess.folder("node", "peer.cjs", DIR_ENV);
  }

  @Override
  public String name() {
    return peer.driverName();
  }

  @Override
  public String description() {
    return process.description() + "; the n workers of each case share that connection; its own clocks"
        + " (process.hrtime, process.cpuUsage), connecting excluded";
  }

  /** Seed 004's cases only: the n-at-a-time selects and inserts (int4 and text columns). */
  @Override
  public boolean supports(Workload w) {
    return (w.kind() == Workload.Kind.POINT_SEQUENTIAL || w.kind() == Workload.Kind.POINT_CONCURRENT)
        && SEED004.matcher(w.name()).matches() && w.output() == Workload.Output.NONE
        && w.columns().stream().allMatch(t -> t == ColumnType.INT4 || t == ColumnType.TEXT);
  }
}
