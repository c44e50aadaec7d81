package io.sluice.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * HAProxy in front of a {@link Patroni} cluster, as production runs it: a primary port whose
 * backend is the member answering 200 on Patroni's REST {@code /primary}, a replica port
 * round-robin over those answering {@code /replica}, sessions of a member marked down shut.
 * Needs Debian's {@code haproxy} ({@link #available()}).
 */
public final class HaProxy {
  private static final Path TOOL = Path.of("/usr/sbin/haproxy");

  private final Patroni cluster;
  private final int primaryPort;
  private final int replicaPort;
  private final Daemon daemon;

  private HaProxy(Patroni cluster, int primaryPort, int replicaPort, Daemon daemon) {
    this.cluster = cluster;
    this.primaryPort = primaryPort;
    this.replicaPort = replicaPort;
    this.daemon = daemon;
  }

  public static boolean available() {
    return Files.isExecutable(TOOL);
  }

  /** What is missing for HAProxy, empty when it is installed. */
  public static String missing() {
    return available() ? "" : TOOL + " not installed (Debian package haproxy)";
  }

  static HaProxy start(Patroni cluster, Path base) {
    if (!available()) {
      throw new TestkitException("cannot start HAProxy: " + missing());
    }
    int primary = Patroni.freePort();
    int replica = Patroni.freePort();
    Path cfg = base.resolve("haproxy.cfg");
    try {
      Files.writeString(cfg, PatroniFiles.haproxy(cluster.members(), primary, replica));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Commands.giveToServerUser(cfg);
    // -db: stay in the foreground, a child of this JVM
    Daemon d = Daemon.start("haproxy", List.of(TOOL.toString(), "-db", "-f", cfg.toString()), base, Map.of(),
        base.resolve("haproxy.log"));
    HaProxy h = new HaProxy(cluster, primary, replica, d);
    try {
      h.awaitRouting(Patroni.WAIT);
    } catch (RuntimeException e) {
      h.stop();   // not yet the cluster's to stop
      throw e;
    }
    return h;
  }

  public int primaryPort() {
    return primaryPort;
  }

  public int replicaPort() {
    return replicaPort;
  }

  /**
   * Waits until the primary port reaches a server out of recovery and the replica port one in
   * recovery: HAProxy starts with every server up and learns the roles from its first checks.
   */
  public void awaitRouting(Duration bound) {
    // the replica port twice: round robin, each of the two replicas once
    Poll.orThrow(() -> recovery(primaryPort).equals("f") && recovery(replicaPort).equals("t")
        && recovery(replicaPort).equals("t"), bound, "HAProxy routing by role", () -> "\n" + daemon.logTail(20));
  }

  private String recovery(int port) {
    CommandResult r = Commands.run(List.of(cluster.psqlPath().toString(), "-X", "-At", "-h", "127.0.0.1", "-p",
        Integer.toString(port), "-U", "postgres", "-d", "postgres", "-c", "SELECT pg_is_in_recovery()"), null,
        Map.of("PGCONNECT_TIMEOUT", "3"), null, Duration.ofSeconds(30));
    return r.ok() ? r.stdout().strip() : "";
  }

  /** The last lines of HAProxy's output (its check results). */
  public String logTail(int lines) {
    return daemon.logTail(lines);
  }

  void stop() {
    daemon.stop(Duration.ofSeconds(10));
  }
}
