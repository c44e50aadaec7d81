package io.sluice.lab.fleet;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.bench.ColumnType;
import io.sluice.bench.Workload;
import io.sluice.testkit.Patroni;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The {@code fleet-failover} case (issue 36): the {@code fleet} case's write-then-read pairs
 * through real faults of a Patroni cluster the case starts itself (testkit {@link Patroni}: etcd and
 * three members, {@code synchronous_mode: true}). Per interface (Sluice's routing pool with {@code
 * read_routing=prefer-standby} and {@code read_your_writes}; pgjdbc with a {@code
 * targetServerType=primary} write pool and a {@code preferSecondary} read pool) and per fault (the
 * leader's postmaster killed; {@code patronictl switchover}): acknowledged writes lost, writes
 * reported not sent that had committed, the time from the fault to the first write after the
 * outage, the errors callers saw, stale reads. No timings per execution: the figures go to the
 * notes as one table and to {@code lab.failover}. Runs only when named (it takes minutes).
 */
public final class FleetFailover {
  public static final String CASE = "fleet-failover";
  /** Acknowledged writes before the fault, and after the leader is back, per interface and fault. */
  static final int BEFORE = 200;
  static final int AFTER = 200;
  static final Duration BOUND = Duration.ofSeconds(120);

  /** The faults, in the order the case runs them. */
  public enum Fault {
    POSTMASTER_KILLED("postmaster-killed", "leader's postmaster `kill -9`"),
    SWITCHOVER("switchover", "`patronictl switchover`");

    final String key;
    final String label;

    Fault(String key, String label) {
      this.key = key;
      this.label = label;
    }
  }

  /** One interface through one fault: the leader before and after, whether writes came back within {@link #BOUND}. */
  public record Row(String interfaceName, Fault fault, String leaderBefore, String leaderAfter, boolean recovered,
      FailoverRecord.Figures figures) {}

  private FleetFailover() {}

  public static Workload workload() {
    return Workload.bulk(CASE, String.format("Patroni (etcd, 3 members, synchronous_mode): %d threads insert a row"
        + " on the write route and read it back as read-only work, through the leader's postmaster killed and a"
        + " patronictl switchover", FailoverLoad.WRITERS), FleetReads.INSERT + "; " + FleetReads.SELECT,
        List.of(ColumnType.INT8), 0);
  }

  /** The interfaces of the case. */
  public static List<String> names() {
    return List.of("sluice", "pgjdbc");
  }

  /**
   * Starts the cluster (the lab's PostgreSQL {@code pgVersion} when Patroni can run it, else
   * Debian's 15), runs every fault on every chosen interface, adds the rows to {@code rows} and
   * the table to {@code notes}, and stops the cluster. Skipped with a note when the lab was given a
   * server's URL ({@code embedded} false) or Patroni is not installed.
   */
  public static void run(Workload w, String pgVersion, boolean embedded, List<String> interfaces, List<String> notes,
      List<Row> rows) throws Exception {
    Optional<Path> bin = Patroni.binDirectory(pgVersion).or(() -> Patroni.binDirectory("15"));
    String missing = bin.map(Patroni::missing).orElse("no PostgreSQL bin directory with pg_basebackup, pg_rewind,"
        + " pg_controldata and psql (Debian's postgresql-15)");
    List<String> chosen = names().stream().filter(interfaces::contains).toList();
    if (!embedded || !missing.isEmpty() || chosen.isEmpty()) {
      notes.add(w.name() + " skipped: " + (!embedded ? "the case starts its own Patroni cluster, which it does only"
          + " beside the lab's embedded server" : !missing.isEmpty() ? missing : "it runs sluice and pgjdbc only"));
      System.err.println(notes.getLast());
      return;
    }
    long t0 = System.nanoTime();
    try (Patroni cluster = Patroni.start(3, bin.get())) {
      Patroni.Member leader = cluster.awaitHealthy(BOUND);
      cluster.psql(leader, "CREATE TABLE lab_fleet (id bigint PRIMARY KEY)");
      String version = cluster.psql(leader, "SHOW server_version").split(" ")[0];
      System.err.printf("%s: Patroni cluster of 3 members, PostgreSQL %s, up in %.1f s%n", w.name(), version,
          (System.nanoTime() - t0) / 1e9);
      AtomicLong ids = new AtomicLong();
      List<Row> mine = new ArrayList<>();
      try {
        for (Fault f : Fault.values()) {
          for (String name : chosen) {
            Row r = scenario(cluster, name, f, ids);
            mine.add(r);
            System.err.println(w.name() + ", " + line(r));
          }
        }
      } finally {
        rows.addAll(mine);
        if (!mine.isEmpty()) {
          notes.add(table(w.name() + ": Patroni " + patroniVersion(cluster) + ", 3 members of PostgreSQL " + version
              + (bin.get().toString().contains("/" + pgVersion + "/") ? "" : " (the lab's PostgreSQL " + pgVersion
              + " is the embedded build, which lacks pg_basebackup and pg_rewind for Patroni)")
              + ", synchronous_mode; " + FailoverLoad.WRITERS + " threads each writing a row and reading it back",
              mine));
          mine.forEach(r -> notes.add(w.name() + ", " + line(r)));
        }
      }
    }
  }

  /** One interface through one fault, on a fresh client. */
  static Row scenario(Patroni cluster, String name, Fault fault, AtomicLong ids) throws Exception {
    Patroni.Member before = cluster.awaitHealthy(BOUND);
    FailoverRecord record = new FailoverRecord();
    Patroni.Member after;
    boolean recovered;
    try (FleetClient client = client(cluster, name)) {
      try (FailoverLoad load = new FailoverLoad(client, ids, record)) {
        if (!FailoverLoad.await(() -> record.ackedCount() >= BEFORE, BOUND)) {
          throw new IllegalStateException(name + ": fewer than " + BEFORE + " writes acknowledged within " + BOUND
              + " before any fault: " + record.figures(Set.of()));
        }
        String candidate = fault == Fault.SWITCHOVER ? syncStandby(cluster) : null;
        record.fault(System.nanoTime());
        switch (fault) {
          case POSTMASTER_KILLED -> cluster.killPostmaster(before);
          case SWITCHOVER -> cluster.switchover(before.name(), candidate);
        }
        after = cluster.awaitLeader(fault == Fault.SWITCHOVER ? before.name() : null, BOUND);
        int at = record.ackedCount();
        recovered = FailoverLoad.await(() -> record.ackedCount() >= at + AFTER, BOUND);
        cluster.awaitHealthy(BOUND);
      }
    }
    return new Row(name, fault, before.name(), after.name(), recovered, record.figures(held(cluster)));
  }

  static FleetClient client(Patroni cluster, String name) {
    return switch (name) {
      case "sluice" -> new SluiceFleetClient(cluster.url("connect_timeout=2"), true);
      case "pgjdbc" -> new PgjdbcFleetClient(cluster.url("").replace("postgresql://postgres@", "jdbc:postgresql://"),
          "postgres");
      default -> throw new IllegalArgumentException("no interface " + name + " in " + CASE);
    };
  }

  /** The ids the leader holds. */
  static Set<Long> held(Patroni cluster) {
    Patroni.Member leader = cluster.awaitLeader(null, BOUND);
    Set<Long> ids = new HashSet<>();
    try (Connection c = Connection.open(ConnectionConfig.parse("postgresql://postgres@127.0.0.1:" + leader.pgPort()
        + "/postgres"))) {
      c.forEach("SELECT id FROM lab_fleet", r -> ids.add(r.getLong(0)));
    }
    return ids;
  }

  /** The member Patroni names the synchronous standby (the switchover's candidate). */
  static String syncStandby(Patroni cluster) throws InterruptedException {
    String[] found = new String[1];
    if (!FailoverLoad.await(() -> {
      found[0] = cluster.cluster().stream().filter(s -> s.role().equals("sync_standby")).map(Patroni.Seen::name)
          .findFirst().orElse(null);
      return found[0] != null;
    }, BOUND)) {
      throw new IllegalStateException("no synchronous standby within " + BOUND + ": " + cluster.cluster());
    }
    return found[0];
  }

  static String patroniVersion(Patroni cluster) {
    try {
      return cluster.patronictl("version").stdout().replaceAll("(?s).*?patronictl version ([^\\s]+).*", "$1").strip();
    } catch (RuntimeException e) {
      return "(version unknown)";
    }
  }

  /** The rows as one Markdown table under {@code title}: one note, printed after the lab's table. */
  static String table(String title, List<Row> rows) {
    StringBuilder b = new StringBuilder(title).append('\n')
        .append("| interface | fault | leader | writes acknowledged | acknowledged writes lost | not sent but committed"
            + " | fault → first write after the outage | writes out | errors callers saw | stale reads |\n")
        .append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for (Row r : rows) {
      FailoverRecord.Figures f = r.figures();
      b.append(String.format("| %s | %s | %s | %,d | %d | %d of %d | %s | %s | %s | %,d of %,d (%.0f %%) |%n",
          r.interfaceName(),
          r.fault().label, r.leaderBefore().equals(r.leaderAfter()) ? r.leaderBefore() + " (restarted in place)"
              : r.leaderBefore() + " → " + r.leaderAfter(), f.acked(), f.lost(), f.notSentCommitted(), f.notSent(),
          f.firstAckMs() < 0 ? "none within " + BOUND.toSeconds() + " s" : seconds(f.firstAckMs())
              + (r.recovered() ? "" : " (then fewer than " + AFTER + " writes within " + BOUND.toSeconds() + " s)"),
          f.outageMs() < 0 ? "–" : seconds(f.outageMs()), errors(f), f.stale(), f.pairs(),
          f.pairs() == 0 ? 0.0 : 100.0 * f.stale() / f.pairs()));
    }
    return b.toString().strip();
  }

  /** The errors cell: failed writes by outcome (and how many of the unknown had committed), failed reads. */
  static String errors(FailoverRecord.Figures f) {
    if (f.writeErrors() == 0 && f.readErrors() == 0) {
      return "none";
    }
    List<String> writes = new ArrayList<>();
    if (f.unknown() > 0) {
      writes.add(f.unknown() + " unknown (" + f.unknownCommitted() + " committed)");
    }
    if (f.notSent() > 0) {
      writes.add(f.notSent() + " not sent");
    }
    if (f.serverErrors() > 0) {
      writes.add(f.serverErrors() + " server error");
    }
    return "writes " + (writes.isEmpty() ? "none" : String.join(", ", writes)) + "; reads " + f.readErrors();
  }

  static String seconds(long ms) {
    return String.format("%.2f s", ms / 1e3);
  }

  /** One row in a line, with the kinds of error callers saw. */
  static String line(Row r) {
    FailoverRecord.Figures f = r.figures();
    return String.format("%s, %s (%s → %s): acknowledged %,d, lost %d, not sent %d (committed %d), unknown %d"
            + " (committed %d), server errors %d, read errors %d, first write %d ms after the fault, writes out %d ms,"
            + " stale %d of %,d%s; errors: %s", r.interfaceName(), r.fault().key, r.leaderBefore(), r.leaderAfter(),
        f.acked(), f.lost(), f.notSent(), f.notSentCommitted(), f.unknown(), f.unknownCommitted(), f.serverErrors(),
        f.readErrors(), f.firstAckMs(), f.outageMs(), f.stale(), f.pairs(), r.recovered() ? "" : ", writes not back",
        f.errors().isEmpty() ? "none" : errorKinds(f));
  }

  static String errorKinds(FailoverRecord.Figures f) {
    return f.errors().entrySet().stream().map(e -> e.getValue() + " × " + e.getKey()).collect(Collectors.joining("; "));
  }

  /** Stores the rows in {@code lab.failover}. */
  public static void store(Connection c, long runId, String workload, List<Row> rows) {
    for (Row r : rows) {
      FailoverRecord.Figures f = r.figures();
      c.execute("insert into lab.failover (run_id, workload, interface, fault, leader_before, leader_after, recovered,"
              + " acked, lost, not_sent, not_sent_committed, server_errors, unknown, unknown_committed, read_errors,"
              + " first_ack_ms, outage_ms, pairs, stale, errors) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,"
              + " $12, $13, $14, $15, $16, $17, $18, $19, $20)", runId, workload, r.interfaceName(), r.fault().key,
          r.leaderBefore(), r.leaderAfter(), r.recovered(), f.acked(), f.lost(), f.notSent(), f.notSentCommitted(),
          f.serverErrors(), f.unknown(), f.unknownCommitted(), f.readErrors(), f.firstAckMs(), f.outageMs(), f.pairs(),
          f.stale(), f.errors().isEmpty() ? null : errorKinds(f));
    }
  }
}
