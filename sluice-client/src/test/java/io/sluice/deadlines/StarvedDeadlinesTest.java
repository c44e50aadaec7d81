package io.sluice.deadlines;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.Pool;
import io.sluice.PoolExhaustedException;
import io.sluice.PoolOptions;
import io.sluice.QueryTimeoutException;
import io.sluice.SluiceException;
import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Deadlines on a starved CPU (issue 37 §3): {@code query_timeout}, {@code connect_timeout} and the
 * pool's acquire timeout, each run many times while busy loops (by default three per core, each its
 * own process, so that the server and this JVM are starved alike) hold the CPU. It asserts what the
 * caller is told and that the connection is clean afterwards; the time each call took past its
 * deadline is a measurement, printed and written to {@code target/starved-deadlines.txt}, never
 * asserted (docs/reliability.md has the figures). Tag {@code starved}: run it with
 * {@code -Pstarved}; {@code -Dsluice.starved.loops=0} measures the same on an unloaded CPU.
 */
@Tag("starved")
@Timeout(value = 15, unit = TimeUnit.MINUTES)
@ServerTest
class StarvedDeadlinesTest {
  static final int ROUNDS = Integer.getInteger("sluice.starved.rounds", 40);
  static final int LOOPS = Integer.getInteger("sluice.starved.loops",
      3 * Runtime.getRuntime().availableProcessors());
  static final List<Process> busy = new ArrayList<>();
  static final List<String> report = new ArrayList<>();
  static PostgresServer pg;

  @BeforeAll
  static void starve() throws IOException {
    pg = PostgresServer.shared();
    for (int i = 0; i < LOOPS; i++) {
      // bounded in time whatever happens to this JVM: timeout(1) ends the loop after 20 minutes
      busy.add(new ProcessBuilder("timeout", "1200", "sh", "-c", "while :; do :; done").start());
      busy.get(i).getOutputStream().close();
    }
    report.add(String.format(Locale.ROOT, "%d busy loops on %d cores, %d rounds each", LOOPS,
        Runtime.getRuntime().availableProcessors(), ROUNDS));
  }

  @AfterAll
  static void feed() throws IOException {
    // timeout(1) killed outright cannot end its child: end the loop itself first
    for (Process p : busy) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
    Path out = Path.of("target", "starved-deadlines.txt");
    Files.createDirectories(out.getParent());
    Files.write(out, report);
    report.forEach(System.out::println);
  }

  static String url(String host, int port, String extra) {
    return "host=" + host + " port=" + port + " user=" + pg.superuser() + " dbname=" + pg.database()
        + " sslmode=disable " + extra;
  }

  /**
   * A 1 s query_timeout on a statement that would sleep 30 s, over TCP: the caller learns it was
   * cancelled ({@code SERVER_ERROR}), or, when the server's answer to the cancel is late, that the
   * outcome is unknown; either way the connection is clean afterwards.
   */
  @Test
  void queryTimeout() {
    queryTimeout("query_timeout=1s tcp", "127.0.0.1");
  }

  /** The same over the Unix socket, whose non-blocking channel bounds a read as SO_TIMEOUT does over TCP. */
  @Test
  void queryTimeoutUnixSocket() {
    queryTimeout("query_timeout=1s unix", pg.socketDirectory().toString());
  }

  void queryTimeout(String what, String host) {
    long[] over = new long[ROUNDS];
    int unknown = 0;
    try (Connection c = Connection.open(url(host, pg.port(), "query_timeout=1 cancel_timeout=60"))) {
      for (int i = 0; i < ROUNDS; i++) {
        long start = System.nanoTime();
        QueryTimeoutException e = assertThrows(QueryTimeoutException.class, () -> c.query("select pg_sleep(30)"));
        over[i] = System.nanoTime() - start - TimeUnit.SECONDS.toNanos(1);
        assertNotEquals(SluiceException.Outcome.NOT_SENT, e.outcome(), "it was sent and ran");
        unknown += e.outcome() == SluiceException.Outcome.UNKNOWN ? 1 : 0;
        assertEquals(1, c.query("select 1").get(0).getInt(0), "the connection is clean afterwards");
      }
    }
    record(what + " (" + unknown + " UNKNOWN)", over);
  }

  /** A 2 s connect_timeout to a server that accepts the connection and never answers the start-up. */
  @Test
  void connectTimeout() {
    long[] over = new long[ROUNDS];
    try (FaultProxy hole = FaultProxy.start("127.0.0.1", pg.port()).blackhole(true)) {
      for (int i = 0; i < ROUNDS; i++) {
        long start = System.nanoTime();
        ConnectionException e = assertThrows(ConnectionException.class,
            () -> Connection.open(url(hole.host(), hole.port(), "connect_timeout=2")).close());
        over[i] = System.nanoTime() - start - TimeUnit.SECONDS.toNanos(2);
        assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome(), e.getMessage());
      }
    }
    record("connect_timeout=2s", over);
  }

  /** A 1 s acquire timeout on a pool whose only connection is held. */
  @Test
  void acquireTimeout() {
    long[] over = new long[ROUNDS];
    PoolOptions o = PoolOptions.DEFAULT.minSize(1).maxSize(1).acquireTimeout(Duration.ofSeconds(1));
    try (Pool pool = Pool.open(url(pg.socketDirectory().toString(), pg.port(), ""), o); Pool.Lease held = pool.acquire()) {
      for (int i = 0; i < ROUNDS; i++) {
        long start = System.nanoTime();
        assertThrows(PoolExhaustedException.class, () -> pool.acquire().close());
        over[i] = System.nanoTime() - start - TimeUnit.SECONDS.toNanos(1);
      }
      assertEquals(1, held.connection().query("select 1").get(0).getInt(0));
    }
    record("pool acquire 1s", over);
  }

  static void record(String what, long[] overNanos) {
    long[] s = overNanos.clone();
    Arrays.sort(s);
    int p99 = Math.min(s.length - 1, (int) Math.ceil(s.length * 0.99) - 1);
    report.add(String.format(Locale.ROOT, "%-36s overshoot ms: min %d, median %d, p90 %d, p99 %d, max %d", what,
        ms(s[0]), ms(s[s.length / 2]), ms(s[(int) Math.ceil(s.length * 0.9) - 1]), ms(s[p99]), ms(s[s.length - 1])));
  }

  static long ms(long nanos) {
    return TimeUnit.NANOSECONDS.toMillis(nanos);
  }
}
