package io.sluice.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One local PostgreSQL data directory and its server process, driven with initdb and pg_ctl.
 *
 * <p>Layout under a fresh temporary directory {@code base} (owned by the server user):
 * {@code data/} (the cluster), {@code socket/} (mode 0700, {@code unix_socket_directories}),
 * {@code tls/} (certificates) and {@code postgres.log} (server stderr, via {@code pg_ctl -l}).
 *
 * <p>Cleanup contract: from the moment {@link #create} returns or throws, the directory and any
 * server in it are removed by {@link #destroy()}, by a JVM shutdown hook, or — if the JVM dies
 * without running hooks — by a detached watchdog shell that polls the JVM's pid once a second and
 * exits by itself once the JVM is gone or the directory was removed.
 */
final class Cluster {
  private static final Duration PG_CTL_TIMEOUT = Duration.ofSeconds(90);
  private static final int START_ATTEMPTS = 3;
  private static final Set<Cluster> LIVE = ConcurrentHashMap.newKeySet();
  private static volatile boolean hookInstalled;

  final Path bin;
  final Path base;
  final Path data;
  final Path socketDirectory;
  final Path logFile;
  private TlsMaterial tls;
  private volatile int port;
  private String initialConfig;
  /** Kept between runs: stopped, never deleted. */
  final boolean persistent;

  private Cluster(Path bin, Path base) {
    this(bin, base, false);
  }

  private Cluster(Path bin, Path base, boolean persistent) {
    this.persistent = persistent;
    this.bin = bin;
    this.base = base;
    this.data = base.resolve("data");
    this.socketDirectory = base.resolve("socket");
    this.logFile = base.resolve("postgres.log");
  }

  /** Makes the directory, TLS files if {@code withTls}, and an initialised cluster with our pg_hba.conf. */
  static Cluster create(Path bin, boolean withTls) {
    Path base;
    try {
      // /tmp, not java.io.tmpdir: when root that may be under /root, which the server user cannot enter
      base = Files.createTempDirectory(Commands.isRoot() ? Path.of("/tmp") : Path.of(System.getProperty("java.io.tmpdir")),
          "sluice-pg-");
    } catch (IOException e) {
      throw new UncheckedIOException("could not make a temporary directory for PostgreSQL", e);
    }
    Cluster cluster = new Cluster(bin, base);
    cluster.watch();
    try {
      Files.createDirectories(cluster.socketDirectory);
      ServerBinaries.trySetMode(cluster.socketDirectory, "rwx------");
      if (withTls) {
        cluster.tls = TlsMaterial.generate(Files.createDirectories(base.resolve("tls")));
      }
      Commands.giveToServerUser(base);
      cluster.initdb();
      return cluster;
    } catch (IOException e) {
      cluster.destroy();
      throw new UncheckedIOException("could not prepare " + base, e);
    } catch (RuntimeException e) {
      cluster.destroy();
      throw e;
    }
  }

  /**
   * An empty cluster directory for a replica of {@code primary}: its data directory is filled by
   * {@link #adoptBaseBackup} from a copy taken between {@code pg_backup_start} and {@code
   * pg_backup_stop} (the embedded binaries have no {@code pg_basebackup}).
   */
  static Cluster replicaShell(Cluster primary) {
    Path base;
    try {
      base = Files.createTempDirectory(Commands.isRoot() ? Path.of("/tmp") : Path.of(System.getProperty("java.io.tmpdir")),
          "sluice-pg-replica-");
    } catch (IOException e) {
      throw new UncheckedIOException("could not make a temporary directory for a replica", e);
    }
    Cluster cluster = new Cluster(primary.bin, base);
    cluster.watch();
    cluster.tls = primary.tls;
    try {
      Files.createDirectories(cluster.socketDirectory);
      ServerBinaries.trySetMode(cluster.socketDirectory, "rwx------");
      Commands.giveToServerUser(base);
      return cluster;
    } catch (IOException e) {
      cluster.destroy();
      throw new UncheckedIOException("could not prepare the replica in " + base, e);
    }
  }

  /**
   * Turns the copied data directory into a standby of {@code primary}: drops the primary's run
   * files and WAL (the standby streams what it needs), adds {@code standby.signal} and {@code
   * primary_conninfo} over the primary's Unix socket, and gives it all to the server user.
   */
  void adoptBaseBackup(Cluster primary) {
    adoptBaseBackup(primary, "replica");
  }

  /** As {@link #adoptBaseBackup(Cluster)}, with {@code applicationName} in primary_conninfo (names a synchronous standby). */
  void adoptBaseBackup(Cluster primary, String applicationName) {
    try {
      Files.deleteIfExists(data.resolve("postmaster.pid"));
      Files.deleteIfExists(data.resolve("postmaster.opts"));
      try (var wal = Files.list(data.resolve("pg_wal"))) {
        for (Path f : wal.toList()) {
          if (Files.isRegularFile(f)) {
            Files.delete(f);
          }
        }
      }
      Files.writeString(data.resolve("standby.signal"), "");
      Files.writeString(data.resolve("postgresql.auto.conf"), "primary_conninfo = 'host=" + primary.socketDirectory
          + " port=" + primary.port + " user=" + TestRoles.SUPERUSER + " application_name=" + applicationName + "'\n",
          java.nio.file.StandardOpenOption.APPEND);
      initialConfig = Files.readString(data.resolve("postgresql.conf"));
      Commands.giveToServerUser(base);
    } catch (IOException e) {
      throw new UncheckedIOException("could not turn " + data + " into a standby", e);
    }
  }

  /** Adds {@code standby.signal} and a {@code primary_conninfo} naming {@code primary} to this stopped cluster. */
  void becomeStandbyOf(Cluster primary, String applicationName) {
    try {
      Files.writeString(data.resolve("standby.signal"), "");
      Files.writeString(data.resolve("postgresql.auto.conf"), "primary_conninfo = 'host=" + primary.socketDirectory
          + " port=" + primary.port + " user=" + TestRoles.SUPERUSER + " application_name=" + applicationName + "'\n",
          java.nio.file.StandardOpenOption.APPEND);
      Commands.giveToServerUser(base);
    } catch (IOException e) {
      throw new UncheckedIOException("could not make " + data + " a standby", e);
    }
  }

  /** {@code pg_ctl promote}: a standby becomes a primary; returns once it accepts writes. */
  void promote() {
    pgCtl("promote").orThrow("pg_ctl promote");
  }

  /**
   * A cluster that outlives this JVM, in {@code base} (made when missing): initialised on first
   * use, reused afterwards (same major version only), stopped but never deleted. Returns whether
   * it was made now.
   */
  static Cluster persistent(Path bin, Path base, String major) {
    Cluster cluster = new Cluster(bin, base, true);
    Path pgVersion = cluster.data.resolve("PG_VERSION");
    Path initialConf = base.resolve("postgresql.conf.initdb");
    try {
      if (Files.exists(pgVersion) && Files.exists(initialConf)) {
        String made = Files.readString(pgVersion).strip();
        if (!made.equals(major)) {
          throw new TestkitException("the data directory " + cluster.data + " holds PostgreSQL " + made
              + ", not " + major + ": choose that version, or another directory");
        }
        cluster.initialConfig = Files.readString(initialConf);
        cluster.watch();
        return cluster;
      }
      Files.createDirectories(base);
      Commands.run(List.of("rm", "-rf", cluster.data.toString()), null, Duration.ofMinutes(1));
      Files.createDirectories(cluster.socketDirectory);
      ServerBinaries.trySetMode(cluster.socketDirectory, "rwx------");
      Commands.giveToServerUser(base);
      cluster.initdb();
      Files.writeString(initialConf, cluster.initialConfig);
      cluster.watch();
      cluster.fresh = true;
      return cluster;
    } catch (IOException e) {
      throw new UncheckedIOException("could not prepare the data directory " + base, e);
    }
  }

  /** Set when {@link #persistent} initialised the cluster now. */
  boolean fresh;

  /** Certificates and keys, or null when made without TLS. */
  TlsMaterial tls() {
    return tls;
  }

  int port() {
    return port;
  }

  /**
   * First start: picks a free loopback port and retries with another one (up to {@value #START_ATTEMPTS}
   * times) when someone else took it between our probe and the server's bind.
   */
  void firstStart(Map<String, String> settings) {
    for (int attempt = 1; ; attempt++) {
      port = freePort();
      writeConfig(settings);
      long logOffset = logSize();
      CommandResult result = pgCtl("start", "-l", logFile.toString());
      if (result.ok()) {
        return;
      }
      String newLog = readLog(logOffset);
      boolean portTaken = newLog.contains("could not bind") || newLog.contains("Address already in use");
      if (!portTaken || attempt == START_ATTEMPTS) {
        throw startFailure(result);
      }
    }
  }

  void start() {
    CommandResult result = pgCtl("start", "-l", logFile.toString());
    if (!result.ok()) {
      throw startFailure(result);
    }
  }

  void stop(String mode) {
    pgCtl("stop", "-m", mode).orThrow("pg_ctl stop -m " + mode);
  }

  void restart() {
    CommandResult result = pgCtl("restart", "-m", "fast", "-l", logFile.toString());
    if (!result.ok()) {
      throw startFailure(result);
    }
  }

  void reload() {
    pgCtl("reload").orThrow("pg_ctl reload");
  }

  boolean running() {
    return pgCtl("status").exitCode() == 0;
  }

  /** The postmaster's process id, from the first line of {@code postmaster.pid}; -1 when not running. */
  long postmasterPid() {
    try {
      String first = Files.readAllLines(data.resolve("postmaster.pid")).getFirst().strip();
      return Long.parseLong(first);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** Stops the server at once (no checkpoint: the data is thrown away) and removes the directory. Idempotent. */
  void destroy() {
    LIVE.remove(this);
    if (persistent) {
      if (Files.exists(data.resolve("postmaster.pid"))) {
        pgCtl("stop", "-m", "fast");
      }
      return;
    }
    if (Files.exists(data.resolve("postmaster.pid"))) {
      long pid = postmasterPid();
      CommandResult stopped = pgCtl("stop", "-m", "immediate");
      if (!stopped.ok() && pid > 0) {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
      }
    }
    if (Files.exists(base)) {
      Commands.run(List.of("rm", "-rf", base.toString()), null, Duration.ofMinutes(1));
    }
  }

  /** The last {@code lines} lines of the server log; empty if there is none yet. */
  String logTail(int lines) {
    String[] all = readLog(0).split("\n", -1);
    int end = all.length > 0 && all[all.length - 1].isEmpty() ? all.length - 1 : all.length;
    return String.join("\n", Arrays.asList(all).subList(Math.max(0, end - lines), end));
  }

  private void initdb() throws IOException {
    List<String> command = List.of(bin.resolve("initdb").toString(), "-D", data.toString(), "-U", TestRoles.SUPERUSER,
        "--encoding=UTF8", "--locale=C", "--auth=trust", "--no-sync");
    Commands.run(Commands.asServerUser(command), base, PG_CTL_TIMEOUT).orThrow("initdb in " + data);
    initialConfig = Files.readString(data.resolve("postgresql.conf"));
    // rewrite in place: the file stays owned by the server user
    Files.writeString(data.resolve("pg_hba.conf"), AuthSetup.hba(tls != null));
  }

  private void writeConfig(Map<String, String> extra) {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("listen_addresses", listenAddresses());
    s.put("port", Integer.toString(port));
    s.put("unix_socket_directories", socketDirectory.toString());
    s.put("max_connections", "200");
    // throwaway data: durability off for speed
    s.put("fsync", "off");
    s.put("synchronous_commit", "off");
    s.put("full_page_writes", "off");
    s.put("log_destination", "stderr");
    s.put("logging_collector", "off");
    s.put("log_line_prefix", "%m [%p] %q%u@%d ");
    // the default from 14; 13 hashes new passwords with MD5, which the scram-sha-256 lines of pg_hba refuse
    s.put("password_encryption", "scram-sha-256");
    if (tls != null) {
      s.put("ssl", "on");
      s.put("ssl_cert_file", tls.serverCertificate().toString());
      s.put("ssl_key_file", tls.serverKey().toString());
      s.put("ssl_ca_file", tls.caCertificate().toString());
    }
    s.putAll(extra);
    StringBuilder b = new StringBuilder(initialConfig).append("\n# io.sluice.testkit (later lines win)\n");
    s.forEach((k, v) -> b.append(k).append(" = '").append(v.replace("'", "''")).append("'\n"));
    try {
      Files.writeString(data.resolve("postgresql.conf"), b);
    } catch (IOException e) {
      throw new UncheckedIOException("could not write postgresql.conf", e);
    }
  }

  private CommandResult pgCtl(String action, String... args) {
    List<String> command = new ArrayList<>(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(),
        "-w", "-t", "60", action));
    command.addAll(List.of(args));
    return Commands.run(Commands.asServerUser(command), base, PG_CTL_TIMEOUT);
  }

  private TestkitException startFailure(CommandResult result) {
    return new TestkitException("PostgreSQL (" + bin + ") did not start in " + data + ": "
        + (result.stdout() + "\n" + result.stderr()).strip()
        + "\n--- last 30 lines of " + logFile + " ---\n" + logTail(30));
  }

  private long logSize() {
    try {
      return Files.exists(logFile) ? Files.size(logFile) : 0;
    } catch (IOException e) {
      return 0;
    }
  }

  private String readLog(long from) {
    try {
      if (!Files.exists(logFile)) {
        return "";
      }
      byte[] bytes = Files.readAllBytes(logFile);
      int start = (int) Math.min(from, bytes.length);
      return new String(bytes, start, bytes.length - start, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(could not read " + logFile + ": " + e.getMessage() + ")";
    }
  }

  /** 127.0.0.1, plus ::1 when {@code localhost} resolves to IPv6 too and ::1 can be bound here. */
  static String listenAddresses() {
    try {
      for (InetAddress a : InetAddress.getAllByName("localhost")) {
        if (a instanceof Inet6Address && a.isLoopbackAddress()) {
          try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName("::1"))) {
            return "127.0.0.1,::1";
          } catch (IOException noIpv6) {
            break;
          }
        }
      }
    } catch (IOException ignored) {
      // no resolver answer: IPv4 only
    }
    return "127.0.0.1";
  }

  private static int freePort() {
    try (ServerSocket probe = new ServerSocket()) {
      probe.setReuseAddress(false);
      probe.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 1);
      return probe.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("could not find a free port on 127.0.0.1", e);
    }
  }

  /** Registers for the shutdown hook and starts the watchdog for this cluster's directory. */
  private void watch() {
    LIVE.add(this);
    installHook();
    // $1 jvm pid, $2 base dir, $3 data dir, then the pg_ctl command (possibly behind runuser)
    String script = "while kill -0 \"$1\" 2>/dev/null && [ -d \"$2\" ]; do sleep 1; done; "
        + "if [ -d \"$2\" ]; then d=\"$3\"; b=\"$2\"; keep=\"$4\"; shift 4; "
        + "if [ \"$keep\" = keep ]; then \"$@\" -D \"$d\" -w -t 30 stop -m fast >/dev/null 2>&1; "
        + "else \"$@\" -D \"$d\" -w -t 30 stop -m immediate >/dev/null 2>&1; rm -rf \"$b\"; fi; fi";
    List<String> command = new ArrayList<>(List.of("sh", "-c", script, "sluice-pg-watchdog",
        Long.toString(ProcessHandle.current().pid()), base.toString(), data.toString(), persistent ? "keep" : "temp"));
    command.addAll(Commands.asServerUser(List.of(bin.resolve("pg_ctl").toString())));
    Commands.spawnDetached(command);
  }

  private static synchronized void installHook() {
    if (hookInstalled) {
      return;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      for (Cluster c : List.copyOf(LIVE)) {
        try {
          c.destroy();
        } catch (RuntimeException ignored) {
          // the watchdog is the second line of defence
        }
      }
    }, "sluice-postgres-cleanup"));
    hookInstalled = true;
  }
}
