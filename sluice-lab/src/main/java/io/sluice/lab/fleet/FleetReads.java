package io.sluice.lab.fleet;

import io.sluice.bench.ColumnType;
import io.sluice.bench.Driver;
import io.sluice.bench.Progress;
import io.sluice.bench.Runner;
import io.sluice.bench.Series;
import io.sluice.bench.Warmup;
import io.sluice.bench.Workload;
import io.sluice.testkit.Fleet;
import io.sluice.testkit.PostgresServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code fleet} case (issue 23): {@value #THREADS} threads each write a row and read it back as
 * read-only work, over a primary and two streaming standbys the case starts itself (testkit {@link
 * Fleet}; standby 1 replays {@link #STANDBY_DELAY} late, as a standby under load does). Sluice's
 * routing pool with {@code read_your_writes} on and off against pgjdbc with a write pool and a
 * {@code preferSecondary} read pool: pairs per second, client CPU per pair, stale reads (the row
 * just written not found) and the share of reads a standby took.
 */
public final class FleetReads {
  /** The case's name; with another number of pairs than the full profile's it is {@code fleet-N}. */
  public static final String CASE = "fleet";
  /** Pairs per execution in the full profile. */
  public static final long FULL = 4_000;
  static final int THREADS = 16;
  /** Connections per pool (per server for Sluice's routing pool, per pool for HikariCP's two). */
  static final int POOL_SIZE = 4;
  static final Duration STANDBY_DELAY = Duration.ofMillis(100);
  static final String INSERT = "INSERT INTO lab_fleet (id) VALUES ($1)";
  static final String INSERT_JDBC = "INSERT INTO lab_fleet (id) VALUES (?)";
  static final String SELECT = "SELECT count(*), pg_is_in_recovery() FROM lab_fleet WHERE id = $1";
  static final String SELECT_JDBC = "SELECT count(*), pg_is_in_recovery() FROM lab_fleet WHERE id = ?";

  private FleetReads() {}

  /** The case with {@code pairs} write-then-read pairs per execution (a multiple of {@value #THREADS}). */
  public static Workload workload(long pairs) {
    long n = Math.max(THREADS, pairs / THREADS * THREADS);
    return Workload.bulk(n == FULL ? CASE : CASE + "-" + n, String.format("%d threads, %,d pairs per execution:"
            + " insert a row on the primary, then read it back as read-only work routed to a standby (primary and"
            + " two standbys, one replaying %d ms late)", THREADS, n, STANDBY_DELAY.toMillis()),
        INSERT + "; " + SELECT, List.of(ColumnType.INT8), n);
  }

  /** The interfaces of the case. */
  public static List<String> names() {
    return List.of("sluice", "sluice-ryw-off", "pgjdbc");
  }

  /**
   * Starts the fleet (PostgreSQL {@code pgVersion}), runs the case on every chosen interface by
   * the lab's rule ({@link Runner}), adds the series to {@code results} and the per-interface
   * figures to {@code notes}, and stops the fleet. {@code embedded} false (the lab was given a
   * server's URL): skipped with a note, as the case needs servers it can start.
   */
  public static void run(Workload w, String pgVersion, boolean embedded, List<String> interfaces, Warmup warmup,
      int runs, Progress progress, List<Series> results, Map<String, Long> checksums, List<String> notes)
      throws Exception {
    if (!embedded) {
      notes.add(w.name() + " skipped: the case starts its own primary and standbys, which it does only beside the"
          + " lab's embedded server");
      System.err.println(notes.getLast());
      return;
    }
    long t0 = System.nanoTime();
    try (Fleet fleet = Fleet.start(Fleet.Options.defaults().withVersion(pgVersion).withApplyDelay(1, STANDBY_DELAY))) {
      fleet.primary().psql("CREATE TABLE lab_fleet (id bigint PRIMARY KEY)");
      fleet.waitForReplay(0);
      System.err.printf("%s: a primary and 2 standbys of PostgreSQL %s started in %.1f s%n", w.name(),
          fleet.primary().version(), (System.nanoTime() - t0) / 1e9);
      List<FleetClient> clients = new ArrayList<>();
      try {
        if (interfaces.contains("sluice")) {
          clients.add(new SluiceFleetClient(fleet.conninfo("connect_timeout=5"), true));
          clients.add(new SluiceFleetClient(fleet.conninfo("connect_timeout=5"), false));
        }
        if (interfaces.contains("pgjdbc")) {
          clients.add(new PgjdbcFleetClient(jdbcUrl(fleet), fleet.primary().superuser()));
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
        notes.addAll(describe(w, mine, clients));
      } finally {
        for (FleetClient c : clients) {
          c.close();
        }
      }
    }
  }

  /** {@code jdbc:postgresql://h0:p0,h1:p1,h2:p2/db}: every member, for pgjdbc's multi-host URL. */
  static String jdbcUrl(Fleet fleet) {
    StringBuilder b = new StringBuilder("jdbc:postgresql://");
    List<PostgresServer> all = fleet.servers();
    for (int i = 0; i < all.size(); i++) {
      b.append(i == 0 ? "" : ",").append(all.get(i).host()).append(':').append(all.get(i).port());
    }
    return b.append('/').append(fleet.primary().database()).toString();
  }

  /** Per interface: pairs per second and client CPU per pair, median (min–max), and its stale and standby counts. */
  static List<String> describe(Workload w, List<Series> series, List<FleetClient> clients) {
    List<String> lines = new ArrayList<>();
    for (Series s : series) {
      if (s.isEmpty()) {
        continue;
      }
      long n = w.expectedRows();
      String counts = clients.stream().filter(c -> c.name().equals(s.driver())).map(FleetClient::counts).findFirst()
          .orElse("");
      lines.add(String.format("%s, %s: %,.0f pairs/s (%,.0f–%,.0f), client CPU %.1f µs per pair (%.1f–%.1f); over"
              + " every execution %s", w.name(), s.driver(), n / (s.wall().median() / 1e9), n / (s.wall().max() / 1e9),
          n / (s.wall().min() / 1e9), s.cpu().median() / 1e3 / n, s.cpu().min() / 1e3 / n, s.cpu().max() / 1e3 / n,
          counts));
    }
    return lines;
  }
}
