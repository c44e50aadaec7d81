package io.sluice.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * PgBouncer (Debian's {@code pgbouncer} package) in front of a local {@link PostgresServer}, on a
 * loopback port of its own, run as the server user; for tests of poolers in session, transaction
 * and statement mode.
 * {@link #available()} says whether the executable is installed; the test set-up installs it when
 * it can ({@code bin/sluice test} as root).
 */
public final class PgBouncer implements AutoCloseable {
  private static final List<Path> PLACES = List.of(Path.of("/usr/sbin/pgbouncer"), Path.of("/usr/bin/pgbouncer"),
      Path.of("/usr/local/bin/pgbouncer"));

  /** The password of the server's superuser in PgBouncer's {@code auth_file}, for {@code auth_type} other than trust. */
  public static final String PASSWORD = "bouncer-secret";

  private final Path base;
  private final Process process;
  private final int port;

  private PgBouncer(Path base, Process process, int port) {
    this.base = base;
    this.process = process;
    this.port = port;
  }

  /** The pgbouncer executable, if installed. */
  public static Optional<Path> available() {
    return PLACES.stream().filter(Files::isExecutable).findFirst();
  }

  /**
   * Starts PgBouncer with {@code pool_mode} ({@code transaction}, {@code session}, {@code
   * statement}) for every database of {@code server}, trusting the server's superuser; at most
   * {@code poolSize} server connections. Returns once it accepts connections.
   */
  public static PgBouncer start(PostgresServer server, String poolMode, int poolSize) {
    return start(server, poolMode, poolSize, Map.of());
  }

  /**
   * As {@link #start(PostgresServer, String, int)}, with {@code settings} added to (or replacing)
   * the {@code [pgbouncer]} section: {@code ignore_startup_parameters} (by default {@code
   * extra_float_digits, options}, as a deployment for JDBC drivers has it), {@code query_timeout},
   * {@code auth_type} … A setting with an empty value is left out. {@code auth_type=scram-sha-256}
   * or {@code md5} signs clients in against {@link #PASSWORD}.
   */
  public static PgBouncer start(PostgresServer server, String poolMode, int poolSize, Map<String, String> settings) {
    return start(server.socketDirectory().toString(), server.port(), server.superuser(), poolMode, poolSize, settings);
  }

  /**
   * As {@link #start(PostgresServer, String, int, Map)} for a server reached at {@code host} (its
   * socket directory) and {@code port} that trusts {@code user} there, the lab's for instance.
   */
  public static PgBouncer start(String host, int port, String user, String poolMode, int poolSize,
      Map<String, String> settings) {
    UnitRun.refuse("PgBouncer");
    Path exe = available().orElseThrow(() -> new TestkitException("pgbouncer is not installed (Debian package pgbouncer)"));
    Path base;
    try {
      base = Files.createTempDirectory(Commands.isRoot() ? Path.of("/tmp") : Path.of(System.getProperty("java.io.tmpdir")),
          "sluice-pgbouncer-");
      int listen = freePort();
      // the password is for clients signing in to PgBouncer; PgBouncer signs in to the server by trust
      Files.writeString(base.resolve("users.txt"), "\"" + user + "\" \"" + PASSWORD + "\"\n");
      Map<String, String> ini = new LinkedHashMap<>();
      ini.put("listen_addr", "127.0.0.1");
      ini.put("listen_port", Integer.toString(listen));
      ini.put("unix_socket_dir", "");
      ini.put("auth_type", "trust");
      ini.put("auth_file", base.resolve("users.txt").toString());
      ini.put("pool_mode", poolMode);
      ini.put("default_pool_size", Integer.toString(poolSize));
      ini.put("max_client_conn", "500");
      ini.put("ignore_startup_parameters", "extra_float_digits, options");
      ini.put("logfile", base.resolve("pgbouncer.log").toString());
      ini.put("pidfile", base.resolve("pgbouncer.pid").toString());
      ini.putAll(settings);
      StringBuilder text = new StringBuilder("[databases]\n* = host=" + host + " port=" + port + "\n[pgbouncer]\n");
      ini.forEach((k, v) -> {
        if (!v.isEmpty() || k.equals("unix_socket_dir")) {
          text.append(k).append(" = ").append(v).append('\n');
        }
      });
      Files.writeString(base.resolve("pgbouncer.ini"), text);
      Commands.giveToServerUser(base);
      Process p = new ProcessBuilder(Commands.asServerUser(List.of(exe.toString(), base.resolve("pgbouncer.ini").toString())))
          .redirectErrorStream(true).redirectOutput(base.resolve("stdout.txt").toFile()).start();
      PgBouncer bouncer = new PgBouncer(base, p, listen);
      long end = System.nanoTime() + Duration.ofSeconds(15).toNanos();
      while (!bouncer.accepting()) {
        if (!p.isAlive() || System.nanoTime() > end) {
          String log = Files.exists(base.resolve("pgbouncer.log")) ? Files.readString(base.resolve("pgbouncer.log")) : "";
          bouncer.close();
          throw new TestkitException("pgbouncer did not start: " + log + Files.readString(base.resolve("stdout.txt")));
        }
        Thread.sleep(50);
      }
      return bouncer;
    } catch (IOException e) {
      throw new UncheckedIOException("could not start pgbouncer", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TestkitException("interrupted while starting pgbouncer");
    }
  }

  public String host() {
    return "127.0.0.1";
  }

  public int port() {
    return port;
  }

  /** PgBouncer's log so far, for a failing test's message. */
  public String log() {
    try {
      Path log = base.resolve("pgbouncer.log");
      return Files.exists(log) ? Files.readString(log) : "";
    } catch (IOException e) {
      return "(could not read pgbouncer.log: " + e + ")";
    }
  }

  private boolean accepting() {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(InetAddress.getByName(host()), port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Stops PgBouncer and removes its directory. */
  @Override
  public void close() {
    try {
      Path pidFile = base.resolve("pgbouncer.pid");
      if (Files.exists(pidFile)) {
        ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip())).ifPresent(ProcessHandle::destroy);
      }
    } catch (IOException | NumberFormatException ignored) {
      // the process below is destroyed anyway
    }
    process.destroy();
    try {
      process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    process.destroyForcibly();
    Commands.run(List.of("rm", "-rf", base.toString()), null, Duration.ofSeconds(30));
  }

  private static int freePort() throws IOException {
    try (ServerSocket probe = new ServerSocket()) {
      probe.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 1);
      return probe.getLocalPort();
    }
  }
}
