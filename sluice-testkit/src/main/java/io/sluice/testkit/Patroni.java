package io.sluice.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A Patroni cluster on loopback for high-availability tests: one etcd, and {@code n} PostgreSQL
 * members from Debian's {@code /usr/lib/postgresql/15/bin} (or another major's, {@link
 * #start(int, Path)}), each run by its own Patroni with
 * {@code synchronous_mode: true} (a commit returns once a synchronous standby has flushed it, and
 * Patroni promotes only that standby) and short DCS timings ({@link PatroniFiles#TTL} s leader key,
 * {@link PatroniFiles#LOOP_WAIT} s loop). Every port is a free one; every process runs as the
 * server user the testkit runs {@code pg_ctl} as, in one temporary directory.
 *
 * <p>Faults are the real ones: {@link #killPostmaster} ({@code kill -9} of the pid in the data
 * directory's {@code postmaster.pid}), {@link #switchover} and {@link #restart} through {@code
 * patronictl}. Every wait polls a condition (Patroni's REST {@code /cluster}, or {@code psql}) with a
 * bound. {@link #close()} stops Patroni (which stops its PostgreSQL), then etcd, by process id,
 * and deletes the directory; a shutdown hook does the same.
 *
 * <p>Needs Debian's {@code patroni}, {@code etcd-server} and {@code postgresql-15}; {@link
 * #available()} says whether they are there and {@link #missing()} what is not.
 */
public final class Patroni implements AutoCloseable {
  public static final String SCOPE = "sluice";
  private static final Path BIN = Path.of("/usr/lib/postgresql/15/bin");
  private static final List<Path> TOOLS = List.of(Path.of("/usr/bin/patroni"), Path.of("/usr/bin/patronictl"),
      Path.of("/usr/bin/etcd"));
  /**
   * What Patroni runs of a PostgreSQL bin directory: besides the server, {@code pg_basebackup} makes
   * a replica, {@code pg_rewind} and {@code pg_controldata} bring a demoted leader back, {@code psql}
   * is the testkit's own. The embedded build of the testkit ships {@code postgres}, {@code initdb}
   * and {@code pg_ctl} only, so it cannot be a member.
   */
  private static final List<String> SERVER_TOOLS = List.of("postgres", "initdb", "pg_ctl", "pg_basebackup",
      "pg_rewind", "pg_controldata", "psql");
  static final Duration WAIT = Duration.ofSeconds(90);
  private static final Pattern MEMBER = Pattern.compile("\\{[^{}]*\"name\": \"([^\"]+)\"[^{}]*}");
  private static final Pattern ROLE = Pattern.compile("\"role\": \"([^\"]+)\"");
  private static final Pattern STATE = Pattern.compile("\"state\": \"([^\"]+)\"");
  private static final Pattern TIMELINE = Pattern.compile("\"timeline\": (\\d+)");

  /** One member: its name, PostgreSQL and REST ports, data directory. */
  public record Member(String name, int pgPort, int restPort, Path dataDirectory) {}

  /** A member as Patroni's {@code /cluster} reports it: role {@code leader}, {@code sync_standby}, {@code replica}. */
  public record Seen(String name, String role, String state, int timeline) {
    public boolean leader() {
      return role.equals("leader");
    }

    public boolean streamingStandby() {
      return (role.equals("replica") || role.equals("sync_standby")) && (state.equals("running")
          || state.equals("streaming"));
    }
  }

  private final Path base;
  private final Path bin;
  private final List<Member> members;
  private final Daemon etcd;
  /** Each member's Patroni, by member index; replaced when {@link #startPatroni} starts it again. */
  private final List<Daemon> patronis = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private final Thread hook = new Thread(this::destroy, "sluice-patroni-cleanup");
  private HaProxy haproxy;
  private volatile boolean closed;

  private Patroni(Path base, Path bin, List<Member> members, Daemon etcd) {
    this.base = base;
    this.bin = bin;
    this.members = members;
    this.etcd = etcd;
  }

  /** True when Patroni, etcd and PostgreSQL 15 from Debian are installed. */
  public static boolean available() {
    return missing().isEmpty();
  }

  /** What is not installed, and the Debian packages that bring it; empty when all is there. */
  public static String missing() {
    return missing(BIN);
  }

  /** As {@link #missing()}, the members to run from {@code bin}. */
  public static String missing(Path bin) {
    List<String> absent = Stream.concat(TOOLS.stream(), Stream.of(bin.resolve("postgres")))
        .filter(t -> !Files.isExecutable(t)).map(Path::toString).toList();
    return absent.isEmpty() ? "" : String.join(", ", absent)
        + " not installed (Debian packages patroni, etcd-server, postgresql-15)";
  }

  /**
   * Debian's bin directory of PostgreSQL {@code major} when it holds every tool Patroni runs (see
   * {@link #SERVER_TOOLS}); empty when it does not (not installed, or a major only the embedded
   * build provides).
   */
  public static Optional<Path> binDirectory(String major) {
    Path bin = Path.of("/usr/lib/postgresql", major, "bin");
    return SERVER_TOOLS.stream().allMatch(t -> Files.isExecutable(bin.resolve(t))) ? Optional.of(bin)
        : Optional.empty();
  }

  /** Starts etcd and {@code n} members, and returns once a leader is elected and every other member streams. */
  public static Patroni start(int n) {
    return start(n, BIN);
  }

  /** As {@link #start(int)}, the members run from {@code bin} (see {@link #binDirectory}). */
  public static Patroni start(int n, Path bin) {
    String missing = missing(bin);
    if (!missing.isEmpty()) {
      throw new TestkitException("cannot start a Patroni cluster: " + missing);
    }
    Path base;
    try {
      base = Files.createTempDirectory("sluice-patroni-");
      Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
    } catch (IOException e) {
      throw new UncheckedIOException("could not make the Patroni cluster's directory", e);
    }
    Commands.giveToServerUser(base);
    int etcdClient = freePort();
    int etcdPeer = freePort();
    List<Member> members = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      members.add(new Member("pg" + i, freePort(), freePort(), base.resolve("pg" + i)));
    }
    String peer = "http://127.0.0.1:" + etcdPeer;
    String client = "http://127.0.0.1:" + etcdClient;
    Daemon etcd = Daemon.start("etcd", List.of("/usr/bin/etcd", "--name", "e0", "--data-dir", base.resolve("etcd")
            .toString(), "--listen-client-urls", client, "--advertise-client-urls", client, "--listen-peer-urls", peer,
        "--initial-advertise-peer-urls", peer, "--initial-cluster", "e0=" + peer, "--initial-cluster-state", "new",
        "--heartbeat-interval", "50", "--election-timeout", "500", "--log-level", "warn"), base, Map.of(),
        base.resolve("etcd.log"));
    Patroni p = new Patroni(base, bin, List.copyOf(members), etcd);
    Runtime.getRuntime().addShutdownHook(p.hook);
    watchdog(base);
    try {
      for (Member m : members) {
        Path yml = base.resolve(m.name() + ".yml");
        Files.writeString(yml, PatroniFiles.member(SCOPE, m, etcdClient, base, bin));
        Commands.giveToServerUser(yml);
        p.patronis.add(p.patroniOf(m));
      }
      p.awaitHealthy(WAIT);
    } catch (IOException e) {
      p.close();
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      p.close();
      throw e;
    }
    return p;
  }

  public List<Member> members() {
    return members;
  }

  public Member member(String name) {
    return members.stream().filter(m -> m.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no member " + name));
  }

  /** {@code postgresql://postgres@127.0.0.1:p0,127.0.0.1:p1,.../postgres}, with {@code query} if not empty. */
  public String url(String query) {
    StringBuilder b = new StringBuilder("postgresql://postgres@");
    for (int i = 0; i < members.size(); i++) {
      b.append(i == 0 ? "" : ",").append("127.0.0.1:").append(members.get(i).pgPort());
    }
    b.append("/postgres");
    return query == null || query.isBlank() ? b.toString() : b + "?" + query;
  }

  /** The members as Patroni's REST {@code /cluster} reports them (asked of the first member that answers). */
  public List<Seen> cluster() {
    for (Member m : members) {
      Optional<String> body = get(m, "/cluster");
      if (body.isPresent()) {
        List<Seen> seen = new ArrayList<>();
        Matcher each = MEMBER.matcher(body.get());
        while (each.find()) {
          String obj = each.group();
          seen.add(new Seen(each.group(1), field(ROLE, obj), field(STATE, obj),
              Integer.parseInt(Optional.ofNullable(field(TIMELINE, obj)).orElse("0"))));
        }
        return seen;
      }
    }
    return List.of();
  }

  /** The leader's name, if Patroni reports one now. */
  public Optional<String> leader() {
    return cluster().stream().filter(Seen::leader).map(Seen::name).findFirst();
  }

  /** Waits for a leader other than {@code not} (null for any) that accepts writes, and returns it. */
  public Member awaitLeader(String not, Duration bound) {
    String[] found = new String[1];
    Poll.orThrow(() -> {
      Optional<String> l = leader().filter(n -> !n.equals(not));
      if (l.isPresent() && isTrue(member(l.get()), "SELECT NOT pg_is_in_recovery()")) {
        found[0] = l.get();
        return true;
      }
      return false;
    }, bound, "a Patroni leader" + (not == null ? "" : " other than " + not), () -> " (cluster: " + cluster() + ")\n"
        + logTail(12));
    return member(found[0]);
  }

  /**
   * Waits until there is a leader, every member streams from it (Patroni's view and {@code
   * pg_stat_replication}) and Patroni names a synchronous standby: with {@code synchronous_mode}
   * only that one may be promoted, so a crash before Patroni has chosen one (after a restart of
   * the leader) leaves the cluster without a leader — Patroni's rule against losing a commit.
   */
  public Member awaitHealthy(Duration bound) {
    Member leader = awaitLeader(null, bound);
    Poll.orThrow(() -> {
      List<Seen> seen = cluster();
      return seen.size() == members.size() && seen.stream().allMatch(s -> s.leader() || s.streamingStandby())
          && seen.stream().anyMatch(s -> s.role().equals("sync_standby"))
          && isTrue(leader, "SELECT count(*) = " + (members.size() - 1) + " AND count(*) FILTER (WHERE sync_state = 'sync')"
          + " = 1 FROM pg_stat_replication WHERE state = 'streaming'");
    }, bound, "every member streaming from " + leader.name(), () -> " (cluster: " + cluster() + ")\n" + logTail(12));
    return leader;
  }

  /** {@code kill -9} of the postmaster of {@code m} (the first line of its {@code postmaster.pid}): a crash. */
  public void killPostmaster(Member m) {
    long pid = postmasterPid(m);
    Commands.run(List.of("kill", "-9", Long.toString(pid)), null, Duration.ofSeconds(10)).orThrow("kill -9 " + pid);
  }

  /**
   * A crash of the whole member: {@code kill -9} of its Patroni, then of its postmaster. Its
   * leader key expires after {@link PatroniFiles#TTL} s and the synchronous standby is promoted;
   * {@link #startPatroni} brings the member back (as a replica, rewound if need be).
   */
  public void crash(Member m) {
    Daemon d = patronis.get(members.indexOf(m));
    d.kill();
    killPostmaster(m);
  }

  /** Starts {@code m}'s Patroni again after {@link #crash}. */
  public void startPatroni(Member m) {
    int i = members.indexOf(m);
    if (patronis.get(i).alive()) {
      throw new IllegalStateException("the Patroni of " + m.name() + " still runs");
    }
    patronis.set(i, patroniOf(m));
  }

  private Daemon patroniOf(Member m) {
    return Daemon.start("patroni " + m.name(), List.of("/usr/bin/patroni", base.resolve(m.name() + ".yml").toString()),
        base, Map.of(), base.resolve(m.name() + ".log"));
  }

  /** The pid in {@code m}'s {@code postmaster.pid}. */
  public long postmasterPid(Member m) {
    try {
      return Long.parseLong(Files.readAllLines(m.dataDirectory().resolve("postmaster.pid")).getFirst().strip());
    } catch (IOException | RuntimeException e) {
      throw new TestkitException("no postmaster.pid for " + m.name() + ": " + e.getMessage(), e);
    }
  }

  /** {@code patronictl switchover --leader <leader> --candidate <candidate> --force}. */
  public void switchover(String leader, String candidate) {
    patronictl("switchover", "--leader", leader, "--candidate", candidate, "--force");
  }

  /** {@code patronictl restart <cluster> <member> --force}: Patroni stops ({@code -m fast}) and starts it. */
  public void restart(String member) {
    patronictl("restart", SCOPE, member, "--force");
  }

  /** Runs {@code patronictl} with the first member's configuration; fails on a non-zero exit. */
  public CommandResult patronictl(String... args) {
    List<String> cmd = new ArrayList<>(List.of("/usr/bin/patronictl", "-c", base.resolve(members.getFirst().name()
        + ".yml").toString()));
    cmd.addAll(List.of(args));
    return Commands.run(cmd, base, Map.of("LC_ALL", "C.UTF-8"), null, WAIT).orThrow(String.join(" ", cmd));
  }

  /** {@code psql -Atc sql} on {@code m} over TCP as {@code postgres}; fails on an error. */
  public String psql(Member m, String sql) {
    return psqlResult(m, sql).orThrow("psql on " + m.name()).stdout().strip();
  }

  Path psqlPath() {
    return bin.resolve("psql");
  }

  CommandResult psqlResult(Member m, String sql) {
    return Commands.run(List.of(psqlPath().toString(), "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h",
        "127.0.0.1", "-p", Integer.toString(m.pgPort()), "-U", "postgres", "-d", "postgres", "-c", sql), null,
        Map.of("PGCONNECT_TIMEOUT", "3"), null, Duration.ofSeconds(30));
  }

  boolean isTrue(Member m, String sql) {
    CommandResult r = psqlResult(m, sql);
    return r.ok() && r.stdout().strip().equals("t");
  }

  /** HAProxy in front of the members (started once; stopped by {@link #close()}); needs {@link HaProxy#available()}. */
  public synchronized HaProxy haproxy() {
    if (haproxy == null) {
      haproxy = HaProxy.start(this, base);
    }
    return haproxy;
  }

  /** The last lines of each Patroni's log, for failure messages. */
  public String logTail(int lines) {
    StringBuilder b = new StringBuilder();
    patronis.forEach(d -> b.append("--- ").append(d.name()).append('\n').append(d.logTail(lines)).append('\n'));
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
    if (haproxy != null) {
      haproxy.stop();
    }
    patronis.forEach(d -> d.stop(Duration.ofSeconds(30)));
    // a postmaster Patroni did not stop (it was killed first): by the pid in its data directory
    for (Member m : members) {
      if (Files.exists(m.dataDirectory().resolve("postmaster.pid"))) {
        Commands.run(List.of("kill", "-9", Long.toString(postmasterPid(m))), null, Duration.ofSeconds(10));
      }
    }
    etcd.stop(Duration.ofSeconds(10));
    deleteTree(base);
  }

  /**
   * If this JVM dies without closing the cluster (killed), a detached shell kills every tool by the
   * pid files beside their logs and every postmaster by its {@code postmaster.pid}, and deletes the directory.
   */
  static void watchdog(Path base) {
    String script = "while kill -0 \"$1\" 2>/dev/null && [ -d \"$2\" ]; do sleep 1; done; "
        + "if [ -d \"$2\" ]; then for f in \"$2\"/*.pid; do [ -f \"$f\" ] && kill -9 \"$(cat \"$f\")\" 2>/dev/null; done; "
        + "for f in \"$2\"/*/postmaster.pid; do [ -f \"$f\" ] && kill -9 \"$(head -1 \"$f\")\" 2>/dev/null; done; "
        + "rm -rf \"$2\"; fi";
    Commands.spawnDetached(List.of("sh", "-c", script, "sluice-patroni-watchdog",
        Long.toString(ProcessHandle.current().pid()), base.toString()));
  }

  private Optional<String> get(Member m, String path) {
    try {
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + m.restPort() + path))
          .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
      return r.statusCode() == 200 ? Optional.of(r.body()) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  private static String field(Pattern p, String obj) {
    Matcher m = p.matcher(obj);
    return m.find() ? m.group(1) : null;
  }

  static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("could not find a free port on 127.0.0.1", e);
    }
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // a temporary directory: the OS cleans up what is left
    }
  }

  @Override
  public String toString() {
    return "Patroni[" + members + ", " + base + "]";
  }
}
