package io.sluice.testkit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A real primary and its streaming standbys, for routing and failover tests: each member is a
 * dedicated {@link PostgresServer} (its own data directory, port and Unix socket, run as the
 * unprivileged server user) from the binaries {@link Options#withVersion} selects — 18 embedded,
 * or a Debian major under {@code /usr/lib/postgresql}.
 *
 * <p>Standbys are made from base backups of the primary taken with {@code pg_backup_start} /
 * {@code pg_backup_stop} ({@code pg_start_backup} / {@code pg_stop_backup} before 15; the embedded
 * binaries have no {@code pg_basebackup}), then {@code
 * standby.signal} and {@code primary_conninfo} over the primary's Unix socket with {@code
 * application_name} {@code standby<i>} — the name {@code synchronous_standby_names} uses.
 * {@code synchronous_commit} is {@code on} on every member (unlike a lone testkit server), so a
 * commit's record has been written when the commit returns and {@link #primaryLsn()} taken after it
 * is at or past the commit.
 *
 * <p>Indexing: {@link #primary()} is the server started as primary; {@link #standby(int)} the
 * {@code i}-th server started as a standby (0-based), whatever its role now; {@link
 * #currentPrimary()} the one that is primary now (changed by {@link #promote(int)}).
 *
 * <p>Every wait polls a condition (psql over the server's Unix socket) with a bound and throws
 * {@link TestkitException} naming what did not happen; {@link #close()} stops and deletes all.
 */
public final class Fleet implements AutoCloseable {
  private static final Pattern LSN = Pattern.compile("[0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8}");
  static final Duration DEFAULT_WAIT = Duration.ofSeconds(60);

  /**
   * What a commit on the primary waits for ({@code synchronous_commit}, {@code
   * synchronous_standby_names}). With {@link #FLUSH} or {@link #REMOTE_APPLY}, commits on the
   * primary wait while every synchronous standby is stopped: stop the delayed one, or promote.
   */
  public enum Sync {
    /** No synchronous standby: the commit waits for the local WAL flush only. */
    NONE("on"),
    /** {@code synchronous_commit = on}: waits until a synchronous standby has flushed the commit (not replayed it). */
    FLUSH("on"),
    /** {@code synchronous_commit = remote_apply}: waits until a synchronous standby has replayed the commit. */
    REMOTE_APPLY("remote_apply");

    private final String setting;

    Sync(String setting) {
      this.setting = setting;
    }

    /** The value of {@code synchronous_commit} on the primary. */
    public String synchronousCommit() {
      return setting;
    }
  }

  /** {@code pg_ctl stop -m}. */
  public enum Shutdown {
    /** Sessions are ended, a shutdown checkpoint is written and sent to the standbys. */
    FAST,
    /** Like a crash: no checkpoint; standbys may not have received the last WAL. */
    IMMEDIATE
  }

  private final Options options;
  private final PostgresServer primary;
  private final List<PostgresServer> standbys;
  private final String synchronousStandbyNames;
  private volatile PostgresServer current;

  private Fleet(Options options, PostgresServer primary, List<PostgresServer> standbys, String syncNames) {
    this.options = options;
    this.primary = primary;
    this.standbys = standbys;
    this.synchronousStandbyNames = syncNames;
    this.current = primary;
  }

  /** A primary and two standbys with the default {@link Options}. */
  public static Fleet start() {
    return start(Options.defaults());
  }

  /** Starts the primary, then each standby; returns once every standby streams (and is synchronous, if asked). */
  public static Fleet start(Options options) {
    PostgresServer.Options serverOptions = PostgresServer.Options.defaults().withVersion(options.version)
        .withTls(options.tls).withSetting("synchronous_commit", "on");
    for (int i : options.delays.keySet()) {
      if (i >= options.standbys) {
        throw new IllegalArgumentException("an apply delay for standby " + i + ", but there are only "
            + options.standbys + " standbys (0-based)");
      }
    }
    PostgresServer primary = PostgresServer.start(serverOptions);
    List<PostgresServer> standbys = new ArrayList<>();
    try {
      for (int i = 0; i < options.standbys; i++) {
        Map<String, String> settings = new LinkedHashMap<>();
        // a promoted standby must not wait for synchronous standbys it may never get
        settings.put("synchronous_standby_names", "");
        // the testkit's default is off; a promoted standby must flush each commit before it returns too
        settings.put("synchronous_commit", "on");
        settings.put("hot_standby_feedback", options.hotStandbyFeedback ? "on" : "off");
        Duration delay = options.delays.get(i);
        if (delay != null) {
          settings.put("recovery_min_apply_delay", delay.toMillis() + "ms");
        }
        standbys.add(primary.startReplica(applicationName(i), settings));
      }
      String syncNames = syncNames(options);
      Fleet fleet = new Fleet(options, primary, Collections.unmodifiableList(standbys), syncNames);
      for (int i = 0; i < standbys.size(); i++) {
        fleet.awaitStreaming(i, primary, DEFAULT_WAIT);
      }
      if (options.sync != Sync.NONE) {
        fleet.makeSynchronous(syncNames);
      }
      return fleet;
    } catch (RuntimeException e) {
      standbys.forEach(PostgresServer::close);
      primary.close();
      throw e;
    }
  }

  /** The {@code application_name} standby {@code i} connects to its primary with. */
  public static String applicationName(int i) {
    return "standby" + i;
  }

  public Options options() {
    return options;
  }

  /** The server started as the primary (it stays this object after a promotion elsewhere). */
  public PostgresServer primary() {
    return primary;
  }

  /** The {@code i}-th server started as a standby, 0-based. */
  public PostgresServer standby(int i) {
    if (i < 0 || i >= standbys.size()) {
      throw new IllegalArgumentException("no standby " + i + ": this fleet has " + standbys.size());
    }
    return standbys.get(i);
  }

  public int standbyCount() {
    return standbys.size();
  }

  /** The server that is primary now: {@link #primary()} until {@link #promote(int)}. */
  public PostgresServer currentPrimary() {
    return current;
  }

  /** Every member in conninfo order: the first primary, then the standbys. */
  public List<PostgresServer> servers() {
    List<PostgresServer> all = new ArrayList<>();
    all.add(primary);
    all.addAll(standbys);
    return List.copyOf(all);
  }

  /** {@code synchronous_standby_names} on the primary; empty for {@link Sync#NONE}. */
  public String synchronousStandbyNames() {
    return synchronousStandbyNames;
  }

  /**
   * libpq keyword/value form listing every member over TCP ({@code host=127.0.0.1,127.0.0.1,...
   * port=p0,p1,...}), superuser and test database, plus {@code extra} (may be empty).
   */
  public String conninfo(String extra) {
    StringBuilder hosts = new StringBuilder();
    StringBuilder ports = new StringBuilder();
    for (PostgresServer s : servers()) {
      hosts.append(hosts.isEmpty() ? "" : ",").append(s.host());
      ports.append(ports.isEmpty() ? "" : ",").append(s.port());
    }
    String base = "host=" + hosts + " port=" + ports + " user=" + primary.superuser() + " dbname=" + primary.database();
    return extra == null || extra.isBlank() ? base : base + " " + extra.strip();
  }

  public String conninfo() {
    return conninfo("");
  }

  /** The URI form, {@code postgresql://user@h0:p0,h1:p1,.../db}, with {@code query} ({@code a=b&c=d}) if not empty. */
  public String url(String query) {
    StringBuilder b = new StringBuilder("postgresql://").append(primary.superuser()).append('@');
    List<PostgresServer> all = servers();
    for (int i = 0; i < all.size(); i++) {
      b.append(i == 0 ? "" : ",").append(all.get(i).host()).append(':').append(all.get(i).port());
    }
    b.append('/').append(primary.database());
    return query == null || query.isBlank() ? b.toString() : b + "?" + query;
  }

  public String url() {
    return url("");
  }

  /**
   * The current primary's {@code pg_current_wal_lsn()} (WAL written, an end-of-record position):
   * with {@code synchronous_commit} on, at or past every commit that has returned.
   */
  public String primaryLsn() {
    return current.psql("SELECT pg_current_wal_lsn()").strip();
  }

  /** Standby {@code i}'s {@code pg_last_wal_replay_lsn()}, or empty when it has replayed nothing or is down. */
  public String replayLsn(int i) {
    CommandResult r = standby(i).psqlScript("SELECT pg_last_wal_replay_lsn()");
    return r.ok() ? r.stdout().strip() : "";
  }

  /** Whether standby {@code i} has replayed WAL up to {@code lsn} ({@code X/Y}); false when it cannot be asked. */
  public boolean hasReplayed(int i, String lsn) {
    return isTrue(standby(i), "SELECT coalesce(pg_last_wal_replay_lsn() >= '" + checkedLsn(lsn) + "'::pg_lsn, false)");
  }

  /** Waits (up to {@code timeout}) until standby {@code i} has replayed up to {@code lsn}. */
  public void waitForReplay(int i, String lsn, Duration timeout) {
    String target = checkedLsn(lsn);
    Poll.orThrow(() -> hasReplayed(i, target), timeout, "standby " + i + " replaying up to " + target,
        () -> " (replayed " + replayLsn(i) + ")");
  }

  /** Waits (up to 60 s) until standby {@code i} has replayed everything the current primary has written. */
  public void waitForReplay(int i) {
    waitForReplay(i, primaryLsn(), DEFAULT_WAIT);
  }

  /**
   * Promotes standby {@code i} ({@code pg_ctl promote}, which waits) and waits until it reports
   * {@code pg_is_in_recovery() = false}; it becomes {@link #currentPrimary()}. The other standbys
   * still follow the old primary: point them at the new one with {@link #follow(int)}.
   */
  public void promote(int i) {
    PostgresServer s = standby(i);
    s.promote();
    Poll.orThrow(() -> isTrue(s, "SELECT NOT pg_is_in_recovery()"), DEFAULT_WAIT, "promotion of standby " + i,
        () -> "\n" + s.logTail(20));
    current = s;
  }

  /**
   * Points running standby {@code i} at {@link #currentPrimary()}: {@code ALTER SYSTEM SET
   * primary_conninfo} and a reload (PostgreSQL 13 and later restart the WAL receiver on a changed
   * primary_conninfo), then waits until it streams from there. It follows the new timeline
   * ({@code recovery_target_timeline = latest}, the default) only if it has not received WAL past
   * the promotion point — true after {@link #stopPrimary(Shutdown) stopPrimary(FAST)}, whose
   * shutdown checkpoint every connected standby receives.
   */
  public void follow(int i) {
    PostgresServer s = standby(i);
    if (s == current) {
      throw new IllegalArgumentException("standby " + i + " is the current primary");
    }
    s.psql("ALTER SYSTEM SET primary_conninfo = '" + conninfoTo(current, applicationName(i)) + "'");
    s.psql("SELECT pg_reload_conf()");
    awaitStreaming(i, current, DEFAULT_WAIT);
  }

  /** Stops standby {@code i} ({@code pg_ctl stop -m fast|immediate}). */
  public void stop(int i, Shutdown mode) {
    stop(standby(i), mode);
  }

  /** Starts standby {@code i} again and waits until it streams from the current primary. */
  public void start(int i) {
    standby(i).start();
    if (standby(i) != current) {
      awaitStreaming(i, current, DEFAULT_WAIT);
    }
  }

  /** Stops the server started as primary. */
  public void stopPrimary(Shutdown mode) {
    stop(primary, mode);
  }

  /** Starts the server started as primary again, as it was (primary or not). */
  public void startPrimary() {
    primary.start();
  }

  /**
   * Brings the stopped first primary back as a standby of {@link #currentPrimary()} ({@code
   * standby.signal} and {@code primary_conninfo} with application_name {@code old_primary}) and waits
   * until it streams. Clean only after {@link #stopPrimary(Shutdown) stopPrimary(FAST)} before the
   * promotion (no WAL past the promotion point; there is no {@code pg_rewind} here).
   */
  public void rejoinPrimaryAsStandby() {
    if (current == primary) {
      throw new IllegalStateException("the first primary is still the current primary: promote a standby first");
    }
    if (primary.running()) {
      throw new IllegalStateException("stop the first primary before it rejoins as a standby");
    }
    primary.becomeStandbyOf(current, "old_primary");
    primary.start();
    Poll.orThrow(() -> isTrue(primary, "SELECT EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE status = 'streaming'"
        + " AND sender_port = " + current.port() + ")"), DEFAULT_WAIT, "the old primary streaming from the new one",
        () -> "\n" + primary.logTail(20));
  }

  /** Stops and deletes every member. Idempotent. */
  @Override
  public void close() {
    RuntimeException first = null;
    for (PostgresServer s : servers().reversed()) {
      try {
        s.close();
      } catch (RuntimeException e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("Fleet[primary ").append(primary.port());
    for (int i = 0; i < standbys.size(); i++) {
      b.append(", standby").append(i).append(' ').append(standbys.get(i).port());
    }
    return b.append(", current primary ").append(current.port()).append(']').toString();
  }

  private static void stop(PostgresServer s, Shutdown mode) {
    if (mode == Shutdown.FAST) {
      s.stop();
    } else {
      s.stopImmediately();
    }
  }

  private void awaitStreaming(int i, PostgresServer from, Duration timeout) {
    PostgresServer s = standby(i);
    Poll.orThrow(() -> isTrue(s, "SELECT EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE status = 'streaming'"
        + " AND sender_port = " + from.port() + ")"), timeout, "standby " + i + " streaming from port " + from.port(),
        () -> "\n" + s.logTail(20));
  }

  private void makeSynchronous(String names) {
    primary.psql("ALTER SYSTEM SET synchronous_standby_names = '" + names + "'");
    primary.psql("ALTER SYSTEM SET synchronous_commit = '" + options.sync.synchronousCommit() + "'");
    primary.psql("SELECT pg_reload_conf()");
    long expected = names.chars().filter(c -> c == ',').count() + 1;
    Poll.orThrow(() -> isTrue(primary, "SELECT count(*) = " + expected + " FROM pg_stat_replication"
        + " WHERE sync_state IN ('sync', 'quorum')"), DEFAULT_WAIT, "synchronous replication (" + names + ")",
        () -> " (pg_stat_replication: " + primary.psqlScript(
            "SELECT application_name, state, sync_state FROM pg_stat_replication").stdout().strip() + ")");
  }

  /** {@code ANY 1 (...)} over the standbys without an apply delay: a delayed one would hold every commit back. */
  private static String syncNames(Options options) {
    if (options.sync == Sync.NONE) {
      return "";
    }
    List<String> names = new ArrayList<>();
    for (int i = 0; i < options.standbys; i++) {
      if (!options.delays.containsKey(i)) {
        names.add(applicationName(i));
      }
    }
    if (names.isEmpty()) {
      throw new IllegalArgumentException("synchronous replication needs a standby without an apply delay");
    }
    return "ANY 1 (" + String.join(", ", names) + ")";
  }

  private static String conninfoTo(PostgresServer to, String applicationName) {
    return "host=" + to.socketDirectory() + " port=" + to.port() + " user=" + to.superuser()
        + " application_name=" + applicationName;
  }

  private static boolean isTrue(PostgresServer s, String sql) {
    CommandResult r = s.psqlScript(sql);
    return r.ok() && r.stdout().strip().equals("t");
  }

  private static String checkedLsn(String lsn) {
    if (lsn == null || !LSN.matcher(lsn.strip()).matches()) {
      throw new IllegalArgumentException("not a WAL position (X/Y in hexadecimal): " + lsn);
    }
    return lsn.strip();
  }

  /** How to start a fleet; immutable, each {@code with…} returns a changed copy. */
  public static final class Options {
    private final String version;
    private final int standbys;
    private final Map<Integer, Duration> delays;
    private final Sync sync;
    private final boolean hotStandbyFeedback;
    private final boolean tls;

    private Options(String version, int standbys, Map<Integer, Duration> delays, Sync sync, boolean feedback,
        boolean tls) {
      this.version = version;
      this.standbys = standbys;
      this.delays = delays;
      this.sync = sync;
      this.hotStandbyFeedback = feedback;
      this.tls = tls;
    }

    /** The version selected by {@code sluice.pg} (as {@link PostgresServer.Options#defaults()}), two standbys, no delay, asynchronous, no TLS. */
    public static Options defaults() {
      return new Options(PostgresServer.Options.defaults().version(), 2, Map.of(), Sync.NONE, false, false);
    }

    /** {@code 18} (embedded), another major from {@code /usr/lib/postgresql}, or a bin directory. */
    public Options withVersion(String version) {
      return new Options(version, standbys, delays, sync, hotStandbyFeedback, tls);
    }

    /** How many standbys (at least 1). */
    public Options withStandbys(int count) {
      if (count < 1) {
        throw new IllegalArgumentException("a fleet needs at least one standby: " + count);
      }
      return new Options(version, count, delays, sync, hotStandbyFeedback, tls);
    }

    /**
     * Standby {@code i} gets {@code recovery_min_apply_delay = delay}: it receives WAL at once but
     * replays each commit only {@code delay} after the commit's time on the primary.
     */
    public Options withApplyDelay(int i, Duration delay) {
      if (i < 0 || delay.isNegative() || delay.isZero()) {
        throw new IllegalArgumentException("an apply delay needs a standby index >= 0 and a positive delay");
      }
      Map<Integer, Duration> copy = new LinkedHashMap<>(delays);
      copy.put(i, delay);
      return new Options(version, standbys, Collections.unmodifiableMap(copy), sync, hotStandbyFeedback, tls);
    }

    /** Synchronous replication over the standbys without a delay ({@code ANY 1 (...)}). */
    public Options withSync(Sync sync) {
      return new Options(version, standbys, delays, sync, hotStandbyFeedback, tls);
    }

    /** {@code hot_standby_feedback} on the standbys (keeps the primary from vacuuming rows their queries need). */
    public Options withHotStandbyFeedback(boolean on) {
      return new Options(version, standbys, delays, sync, on, tls);
    }

    /** Certificates and {@code ssl = on} on every member (shared: standbys use the primary's). */
    public Options withTls(boolean on) {
      return new Options(version, standbys, delays, sync, hotStandbyFeedback, on);
    }

    public String version() {
      return version;
    }

    public int standbys() {
      return standbys;
    }

    /** The apply delay of standby {@code i}, or {@link Duration#ZERO}. */
    public Duration applyDelay(int i) {
      return delays.getOrDefault(i, Duration.ZERO);
    }

    public Sync sync() {
      return sync;
    }
  }
}
