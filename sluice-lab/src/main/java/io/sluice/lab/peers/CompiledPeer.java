package io.sluice.lab.peers;

import io.sluice.bench.DriverUnavailable;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The best clients of other runtimes as lab interfaces: tokio-postgres (Rust) and pgx (Go), each a
 * program of this module built from its committed lock file ({@code rust/Cargo.lock.pinned},
 * {@code go/go.sum}) by {@code bin/sluice lab}, run as one long-lived {@link PeerProcess} that
 * times itself. They read the bulk cases and the point queries; every value is decoded into the
 * language's own value and folded into the lab's checksum.
 */
public final class CompiledPeer extends PeerDriver {
  /** The two programs: folder, lock file, built binary, toolchain, build command. */
  public enum Peer {
    /** One tokio-postgres {@code Client} shared by every task: concurrent queries pipelined on one connection. */
    TOKIO_POSTGRES("tokio-postgres", "rust", "Cargo.lock.pinned", "target/release/tokio-peer", "cargo",
        List.of("bash", "build.sh"), "SLUICE_RUST_PEER_DIR"),
    /** A pgxpool of 4 connections, pgx's way for goroutines to share connections. */
    PGX("pgx", "go", "go.sum", "bin/pgx-peer", "go",
        List.of("go", "build", "-mod=readonly", "-trimpath", "-o", "bin/pgx-peer", "."), "SLUICE_GO_PEER_DIR");

    final String driverName;
    final String folder;
    final String lockFile;
    final String binary;
    final String toolchain;
    final List<String> build;
    final String dirEnv;

    Peer(String driverName, String folder, String lockFile, String binary, String toolchain, List<String> build,
        String dirEnv) {
      this.driverName = driverName;
      this.folder = folder;
      this.lockFile = lockFile;
      this.binary = binary;
      this.toolchain = toolchain;
      this.build = build;
      this.dirEnv = dirEnv;
    }

    public String driverName() {
      return driverName;
    }

    /** The program's folder in this module. */
    public Path directory() throws DriverUnavailable {
      return PeerProcess.folder(folder, lockFile, dirEnv);
    }

    /** The toolchain's command ({@code cargo}, {@code go}). */
    public String toolchain() {
      return toolchain;
    }

    /**
     * Builds the program as {@code bin/sluice lab} does (incremental: a second build with nothing
     * changed only checks); unavailable without the toolchain or when the build fails.
     */
    public Path build() throws DriverUnavailable, IOException, InterruptedException {
      Path dir = directory();
      String tool = PeerProcess.onPath(toolchain()).orElseThrow(() -> new DriverUnavailable(toolchain()
          + " is not installed: " + driverName + " cannot be built"));
      List<String> command = new java.util.ArrayList<>(build);
      if (command.get(0).equals(toolchain)) {
        command.set(0, tool);
      }
      Path log = Files.createTempFile("sluice-build-" + folder + "-", ".log");
      try {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
            .redirectOutput(log.toFile()).start();
        if (!p.waitFor(20, TimeUnit.MINUTES)) {
          p.destroyForcibly();
          throw new DriverUnavailable("building " + driverName + " took more than 20 minutes");
        }
        if (p.exitValue() != 0) {
          throw new DriverUnavailable("building " + driverName + " failed (" + String.join(" ", build) + "): "
              + Files.readString(log).strip());
        }
      } finally {
        Files.deleteIfExists(log);
      }
      return dir.resolve(binary);
    }

    /** The built program, or unavailable with what to do. */
    Path executable() throws DriverUnavailable {
      Path dir = directory();
      Path exe = dir.resolve(binary);
      if (!Files.isExecutable(exe)) {
        String why = PeerProcess.onPath(toolchain()).isEmpty() ? toolchain() + " is not installed" : "not built";
        throw new DriverUnavailable(driverName + " is not built in " + dir + " (" + why + "; bin/sluice lab builds it"
            + " with " + String.join(" ", build.subList(0, Math.min(build.size(), 4))) + " for the full profile or"
            + " when named with --interfaces)");
      }
      return exe;
    }
  }

  private final Peer peer;

  private CompiledPeer(Peer peer, PeerProcess process) {
    super(process);
    this.peer = peer;
  }

  /** Starts the built program and connects it to {@code target}. */
  public static CompiledPeer open(Target target, Peer peer) throws DriverUnavailable, IOException {
    return new CompiledPeer(peer, PeerProcess.start(peer.driverName, target, peer.executable().toString()));
  }

  @Override
  public String name() {
    return peer.driverName;
  }

  @Override
  public String description() {
    return process.description() + "; its own clocks (wall, the process's CPU), connecting excluded";
  }

  /** Compiled ahead: its warm-up need not wait for a JIT. */
  @Override
  public boolean compiledAhead() {
    return true;
  }

  /** Bulk reads and point queries (sequential and concurrent), not printed rows, COPY or connect per query. */
  @Override
  public boolean supports(Workload w) {
    return (w.kind() == Workload.Kind.BULK || w.kind() == Workload.Kind.POINT_SEQUENTIAL
        || w.kind() == Workload.Kind.POINT_CONCURRENT) && w.output() == Workload.Output.NONE;
  }
}
