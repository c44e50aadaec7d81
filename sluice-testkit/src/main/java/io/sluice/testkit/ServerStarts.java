package io.sluice.testkit;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Brings up the local servers {@link PostgresServer} hands out — a throwaway one, one in a
 * persistent directory, a streaming replica of another — all the same way: a {@link Cluster} made,
 * started the first time, the roles of {@link TestRoles} created where the cluster is new, the
 * version read; and the cluster destroyed (server stopped, files deleted) when any step fails, so a
 * failed start leaves nothing running. Apart from {@link PostgresServer}, which is the handle tests
 * hold, so that how a server comes to be is read in one place.
 */
final class ServerStarts {
  private ServerStarts() {}

  /** A new cluster in a temporary directory; {@code handle} makes the server object for it. */
  static PostgresServer throwaway(PostgresServer.Options options, Function<Cluster, PostgresServer> handle) {
    UnitRun.refuse("a PostgreSQL server");
    Path bin = ServerBinaries.binDirectory(options.version());
    Cluster cluster = Cluster.create(bin, options.tls());
    return bringUp(cluster, () -> { }, options.settings(), true, handle);
  }

  /**
   * The cluster in {@code directory}, made there on first use, with durability on; see {@link
   * PostgresServer#startPersistent}.
   */
  static PostgresServer persistent(Path directory, PostgresServer.Options options,
      Function<Cluster, PostgresServer> handle) {
    UnitRun.refuse("a PostgreSQL server");
    String major = options.version();
    Path bin = ServerBinaries.binDirectory(major);
    Map<String, String> settings = new LinkedHashMap<>(options.settings());
    settings.putIfAbsent("fsync", "on");
    settings.putIfAbsent("full_page_writes", "on");
    Cluster cluster = Cluster.persistent(bin, directory, majorOf(bin, major));
    return bringUp(cluster, () -> { }, settings, cluster.fresh, handle);
  }

  /**
   * A streaming replica of {@code primary} (whose superuser runs the backup through {@code
   * primaryServer}), from a base backup taken with the low-level API; see {@link PostgresServer#startReplica}.
   */
  static PostgresServer replica(PostgresServer primaryServer, Cluster primary, String applicationName,
      Map<String, String> settings, Function<Cluster, PostgresServer> handle) {
    Cluster replica = Cluster.replicaShell(primary);
    // the non-exclusive low-level backup API is pg_backup_start/pg_backup_stop from 15; 13 and 14
    // name it pg_start_backup(label, fast, exclusive => false) / pg_stop_backup(exclusive => false)
    boolean renamed = primaryServer.majorVersion() >= 15;
    String start = renamed ? "SELECT pg_backup_start('sluice-testkit replica', true);"
        : "SELECT pg_start_backup('sluice-testkit replica', true, false);";
    String stop = renamed ? "SELECT labelfile FROM pg_backup_stop()" : "SELECT labelfile FROM pg_stop_backup(false)";
    Runnable baseBackup = () -> {
      // a base backup with the low-level API, in one psql session
      primaryServer.psqlIn("postgres", String.join("\n",
          "ALTER SYSTEM SET wal_keep_size = '512MB';",
          "SELECT pg_reload_conf();",
          start,
          "\\! cp -a " + primary.data + " " + replica.data,
          stop + " \\g " + replica.data.resolve("backup_label"),
          ""));
      replica.adoptBaseBackup(primary, applicationName);
    };
    // the roles came with the backup
    return bringUp(replica, baseBackup, settings, false, handle);
  }

  /**
   * Runs {@code beforeStart}, starts {@code cluster}, makes its server with {@code handle}, creates
   * the test roles when {@code roles}, and reads the version; destroys the cluster when a step fails.
   */
  private static PostgresServer bringUp(Cluster cluster, Runnable beforeStart, Map<String, String> settings,
      boolean roles, Function<Cluster, PostgresServer> handle) {
    try {
      beforeStart.run();
      cluster.firstStart(settings);
      PostgresServer server = handle.apply(cluster);
      if (roles) {
        server.psqlIn("postgres", AuthSetup.rolesSql());
      }
      server.loadVersion();
      return server;
    } catch (RuntimeException e) {
      cluster.destroy();
      throw e;
    }
  }

  /** The major version the binaries in {@code bin} run ({@code postgres --version}), else {@code asked}. */
  private static String majorOf(Path bin, String asked) {
    CommandResult r = Commands.run(List.of(bin.resolve("postgres").toString(), "--version"), null,
        Duration.ofSeconds(30));
    Matcher m = Pattern.compile("(\\d+)(\\.\\d+)?").matcher(r.stdout());
    return r.ok() && m.find() ? m.group(1) : asked;
  }
}
