package io.sluice.lab.pooler;

import io.sluice.bench.ColumnType;
import io.sluice.bench.Driver;
import io.sluice.bench.Progress;
import io.sluice.bench.Runner;
import io.sluice.bench.Series;
import io.sluice.bench.Target;
import io.sluice.bench.Warmup;
import io.sluice.bench.Workload;
import io.sluice.testkit.PgBouncer;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code pooler} case (issue 37): {@value #THREADS} threads through PgBouncer in transaction
 * mode ({@value #SERVER_CONNECTIONS} server connections), each alternating a point select of t50k
 * and a short transaction (an update and a select of its own row). Sluice's pool with {@code
 * statement_cache_size=0} against pgjdbc with {@code prepareThreshold=0} in HikariCP, each with
 * {@value #CLIENT_CONNECTIONS} client connections: operations per second and client CPU per
 * operation. PgBouncer is Debian's; the case is skipped with a note without it.
 */
public final class PoolerLoad {
  public static final String CASE = "pooler";
  /** Operations (selects and transactions together) per execution in the full profile. */
  public static final long FULL = 8_000;
  static final int THREADS = 16;
  static final int CLIENT_CONNECTIONS = 8;
  static final int SERVER_CONNECTIONS = 4;
  static final String SELECT = "select * from bench.t50k where id = $1";
  static final String SELECT_JDBC = "select * from bench.t50k where id = ?";
  static final String UPDATE = "update lab_pooler set n = n + 1 where id = $1";
  static final String UPDATE_JDBC = "update lab_pooler set n = n + 1 where id = ?";
  static final String READ = "select n from lab_pooler where id = $1";
  static final String READ_JDBC = "select n from lab_pooler where id = ?";

  private PoolerLoad() {}

  /** The case with {@code ops} operations per execution (a multiple of twice {@value #THREADS}). */
  public static Workload workload(long ops) {
    long n = Math.max(2 * THREADS, ops / (2 * THREADS) * (2 * THREADS));
    return Workload.bulk(n == FULL ? CASE : CASE + "-" + n, String.format("%d threads, %,d operations per"
            + " execution through PgBouncer (transaction mode, %d server connections): a point select of t50k and a"
            + " transaction (update and select of one row) in turn, %d client connections", THREADS, n,
        SERVER_CONNECTIONS, CLIENT_CONNECTIONS), SELECT + "; " + UPDATE + "; " + READ, List.of(ColumnType.INT8), n);
  }

  /** The interfaces of the case. */
  public static List<String> names() {
    return List.of("sluice", "pgjdbc");
  }

  /**
   * Starts PgBouncer in front of the lab's server (reached on {@code socketDirectory}; null when
   * the lab was given a URL: skipped with a note), runs the case on the chosen interfaces by the
   * lab's rule, adds the series to {@code results} and the figures to {@code notes}.
   */
  public static void run(Workload w, Target target, String socketDirectory, List<String> interfaces, Warmup warmup,
      int runs, Progress progress, List<Series> results, Map<String, Long> checksums, List<String> notes)
      throws Exception {
    if (socketDirectory == null) {
      notes.add(w.name() + " skipped: the case starts PgBouncer in front of the lab's embedded server only");
      System.err.println(notes.getLast());
      return;
    }
    if (PgBouncer.available().isEmpty()) {
      notes.add(w.name() + " skipped: pgbouncer is not installed (Debian package pgbouncer)");
      System.err.println(notes.getLast());
      return;
    }
    try (java.sql.Connection c = DriverManager.getConnection(target.jdbcUrl(""), target.user(), target.password());
        java.sql.Statement s = c.createStatement()) {
      s.execute("create table if not exists lab_pooler (id int primary key, n bigint not null default 0)");
      s.execute("insert into lab_pooler (id) select g from generate_series(0, " + (THREADS - 1) + ") g"
          + " on conflict do nothing");
    }
    try (PgBouncer bouncer = PgBouncer.start(socketDirectory, target.port(), target.user(), "transaction",
        SERVER_CONNECTIONS, Map.of())) {
      String conninfo = "host=" + bouncer.host() + " port=" + bouncer.port() + " user=" + target.user() + " dbname="
          + target.database() + " sslmode=disable";
      String jdbc = "jdbc:postgresql://" + bouncer.host() + ":" + bouncer.port() + "/" + target.database();
      List<PoolerClient> clients = new ArrayList<>();
      try {
        if (interfaces.contains("sluice")) {
          clients.add(new SluicePoolerClient(conninfo));
        }
        if (interfaces.contains("pgjdbc")) {
          clients.add(new PgjdbcPoolerClient(jdbc, target.user()));
        }
        if (clients.isEmpty()) {
          return;
        }
        List<Series> mine = new ArrayList<>();
        Runner runner = new Runner(List.of(w), List.<Driver>copyOf(clients), warmup, runs, progress);
        try {
          runner.run(mine);
        } finally {
          checksums.putAll(runner.checksums());
          results.addAll(mine);
        }
        notes.addAll(describe(w, mine));
      } finally {
        for (PoolerClient c : clients) {
          c.close();
        }
      }
    }
  }

  /** Per interface: operations per second and client CPU per operation, median (min–max). */
  static List<String> describe(Workload w, List<Series> series) {
    List<String> lines = new ArrayList<>();
    for (Series s : series) {
      if (s.isEmpty()) {
        continue;
      }
      long n = w.expectedRows();
      lines.add(String.format("%s, %s: %,.0f operations/s (%,.0f–%,.0f), client CPU %.1f µs per operation"
              + " (%.1f–%.1f)", w.name(), s.driver(), n / (s.wall().median() / 1e9), n / (s.wall().max() / 1e9),
          n / (s.wall().min() / 1e9), s.cpu().median() / 1e3 / n, s.cpu().min() / 1e3 / n, s.cpu().max() / 1e3 / n));
    }
    return lines;
  }
}
