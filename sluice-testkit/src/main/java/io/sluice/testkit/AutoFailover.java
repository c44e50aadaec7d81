package io.sluice.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A pg_auto_failover formation on loopback: a monitor and two PostgreSQL 15 nodes from Debian's
 * {@code postgresql-15-auto-failover}, each a {@code pg_autoctl ... --run} child of this JVM run as
 * the server user, {@code trust} authentication on loopback, free ports, one temporary directory
 * (the nodes' configuration and state under it through {@code XDG_*}). With two nodes the monitor
 * makes the secondary synchronous. {@link #failover()} is {@code pg_autoctl perform failover};
 * {@link #close()} stops the keepers (which stop PostgreSQL), then the monitor, by process id.
 */
public final class AutoFailover implements AutoCloseable {
  private static final Path BIN = Path.of("/usr/lib/postgresql/15/bin");
  private static final Path TOOL = Path.of("/usr/bin/pg_autoctl");
  private static final Path EXTENSION = Path.of("/usr/share/postgresql/15/extension/pgautofailover.control");
  private static final Duration WAIT = Duration.ofSeconds(120);

  private final Path base;
  private final Map<String, String> env;
  private final int monitorPort;
  private final List<Integer> nodePorts = new ArrayList<>();
  private final List<Daemon> daemons = new ArrayList<>();
  private final Thread hook = new Thread(this::destroy, "sluice-auto-failover-cleanup");
  private boolean closed;

  private AutoFailover(Path base, int monitorPort) {
    this.base = base;
    this.monitorPort = monitorPort;
    this.env = Map.of("XDG_CONFIG_HOME", base.resolve("config").toString(), "XDG_DATA_HOME",
        base.resolve("data").toString(), "XDG_RUNTIME_DIR", base.resolve("run").toString());
  }

  public static boolean available() {
    return missing().isEmpty();
  }

  /** What is not installed, empty when all is there. */
  public static String missing() {
    List<String> absent = Stream.of(TOOL, BIN.resolve("postgres"), EXTENSION).filter(p -> !Files.exists(p))
        .map(Path::toString).toList();
    return absent.isEmpty() ? "" : String.join(", ", absent)
        + " not installed (Debian packages postgresql-15-auto-failover, postgresql-15)";
  }

  /** Starts the monitor and two nodes; returns once one is primary and the other a synchronous secondary. */
  public static AutoFailover start() {
    if (!available()) {
      throw new TestkitException("cannot start pg_auto_failover: " + missing());
    }
    Path base;
    try {
      base = Files.createTempDirectory("sluice-autofailover-");
      Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
    } catch (IOException e) {
      throw new UncheckedIOException("could not make the formation's directory", e);
    }
    Commands.giveToServerUser(base);
    AutoFailover f = new AutoFailover(base, Patroni.freePort());
    Runtime.getRuntime().addShutdownHook(f.hook);
    Patroni.watchdog(base);
    try {
      f.daemons.add(Daemon.start("monitor", List.of(TOOL.toString(), "create", "monitor", "--pgctl",
          BIN.resolve("pg_ctl").toString(), "--pgdata", base.resolve("monitor").toString(), "--pgport",
          Integer.toString(f.monitorPort), "--hostname", "127.0.0.1", "--listen", "127.0.0.1", "--auth", "trust", "--no-ssl", "--run"), base,
          f.env, base.resolve("monitor.log")));
      Poll.orThrow(() -> f.monitor("SELECT 1").equals("1"), WAIT, "the pg_auto_failover monitor", () -> f.logTail(10));
      for (int i = 1; i <= 2; i++) {
        int port = Patroni.freePort();
        f.nodePorts.add(port);
        f.daemons.add(Daemon.start("node" + i, List.of(TOOL.toString(), "create", "postgres", "--pgctl",
            BIN.resolve("pg_ctl").toString(), "--pgdata", base.resolve("node" + i).toString(), "--pgport",
            Integer.toString(port), "--hostname", "127.0.0.1", "--listen", "127.0.0.1", "--auth", "trust", "--no-ssl",
            "--monitor",
            "postgres://autoctl_node@127.0.0.1:" + f.monitorPort + "/pg_auto_failover?sslmode=disable", "--run"),
            base, f.env, base.resolve("node" + i + ".log")));
        int expected = i;
        // one node at a time: the second is made a secondary from the first's base backup
        Poll.orThrow(() -> f.monitor("SELECT count(*) FROM pgautofailover.node WHERE reportedstate = goalstate"
            + " AND goalstate IN ('primary', 'single', 'secondary')").equals(Integer.toString(expected)), WAIT,
            "node " + i + " of the formation", () -> f.logTail(10));
      }
      f.awaitSteady();
    } catch (RuntimeException e) {
      f.close();
      throw e;
    }
    return f;
  }

  /** Waits until one node is primary and the other secondary, as both report and the monitor assigns. */
  public void awaitSteady() {
    Poll.orThrow(() -> monitor("SELECT count(*) FILTER (WHERE reportedstate = 'primary' AND goalstate = 'primary')"
        + " || ',' || count(*) FILTER (WHERE reportedstate = 'secondary' AND goalstate = 'secondary')"
        + " FROM pgautofailover.node").equals("1,1"), WAIT, "a primary and a secondary", () -> logTail(10));
  }

  /** The port of the node that is primary now. */
  public int primaryPort() {
    awaitSteady();
    return Integer.parseInt(monitor("SELECT nodeport FROM pgautofailover.node WHERE reportedstate = 'primary'"));
  }

  /** {@code postgresql://postgres@127.0.0.1:p1,127.0.0.1:p2/postgres}, with {@code query} if not empty. */
  public String url(String query) {
    StringBuilder b = new StringBuilder("postgresql://postgres@");
    for (int i = 0; i < nodePorts.size(); i++) {
      b.append(i == 0 ? "" : ",").append("127.0.0.1:").append(nodePorts.get(i));
    }
    b.append("/postgres");
    return query == null || query.isBlank() ? b.toString() : b + "?" + query;
  }

  /** {@code pg_autoctl perform failover}: the secondary is promoted, the primary demoted; waits for it. */
  public void failover() {
    List<String> cmd = new ArrayList<>(List.of("env"));
    env.forEach((k, v) -> cmd.add(k + "=" + v));
    cmd.addAll(List.of(TOOL.toString(), "perform", "failover", "--pgdata", base.resolve("monitor").toString()));
    Commands.run(Commands.asServerUser(cmd), base, Map.of(), null, WAIT).orThrow("pg_autoctl perform failover");
  }

  /** {@code sql} on the monitor's database, as its superuser over the Unix socket (Debian's default directory). */
  private String monitor(String sql) {
    CommandResult r = Commands.run(List.of(BIN.resolve("psql").toString(), "-X", "-At", "-h", "/var/run/postgresql",
        "-p", Integer.toString(monitorPort), "-U", Commands.serverUser() == null ? System.getProperty("user.name")
        : Commands.serverUser(), "-d", "pg_auto_failover", "-c", sql), null,
        Map.of("PGCONNECT_TIMEOUT", "3"), null, Duration.ofSeconds(30));
    return r.ok() ? r.stdout().strip() : "";
  }

  /** The last lines of each pg_autoctl's output. */
  public String logTail(int lines) {
    StringBuilder b = new StringBuilder();
    daemons.forEach(d -> b.append("\n--- ").append(d.name()).append('\n').append(d.logTail(lines)));
    return b.toString();
  }

  @Override
  public void close() {
    destroy();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or has run
    }
  }

  private synchronized void destroy() {
    if (closed) {
      return;
    }
    closed = true;
    for (Daemon d : daemons.reversed()) {
      d.stop(Duration.ofSeconds(30));
    }
    try (Stream<Path> dirs = Files.list(base)) {
      for (Path pid : dirs.map(d -> d.resolve("postmaster.pid")).filter(Files::exists).toList()) {
        Commands.run(List.of("kill", "-9", Files.readAllLines(pid).getFirst().strip()), null, Duration.ofSeconds(10));
      }
    } catch (IOException | RuntimeException ignored) {
      // the watchdog is the second line of defence
    }
    try (Stream<Path> walk = Files.walk(base)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // a temporary directory
    }
  }
}
