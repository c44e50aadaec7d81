package io.sluice.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.bench.Datasets;
import io.sluice.bench.Driver;
import io.sluice.bench.DriverUnavailable;
import io.sluice.bench.Drivers;
import io.sluice.bench.Fold;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import io.sluice.bench.Workloads;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Seed 004's peers under Node (postgres.js, node-postgres) run its n-at-a-time selects and inserts
 * and fold the same rows to the same checksum as libpq, whatever n; they stay up between runs and
 * report a failed statement as a failure, not as rows.
 */
@Timeout(300)
@ServerTest
class NodePeersTest {
  private static final List<String> PEERS = List.of("postgres.js", "node-postgres");
  private static final int QUERIES = 200;
  private static Target target;
  private static Driver libpq;
  private static List<Driver> peers;

  @BeforeAll
  static void open() throws Exception {
    assertTrue(Drivers.names().containsAll(PEERS), "the lab finds them: " + Drivers.names());
    try {
      NodeDriver.nodeExecutable();
      java.nio.file.Path modules = NodeDriver.directory().resolve("node_modules");
      Assumptions.assumeTrue(Files.isDirectory(modules.resolve("postgres")) && Files.isDirectory(modules.resolve("pg")),
          "skipped: the npm packages are not installed in " + modules + " (bin/sluice test installs them with npm ci)");
    } catch (DriverUnavailable e) {
      Assumptions.abort("skipped: " + e.getMessage());
    }
    target = Target.of(PostgresServer.shared());
    Datasets.ensure(target);
    libpq = Drivers.open(List.of("libpq"), target).get(0);
    peers = Drivers.open(PEERS, target);
  }

  @AfterAll
  static void close() throws Exception {
    if (peers != null) {
      Drivers.closeAll(peers, null);
    }
    if (libpq != null) {
      libpq.close();
    }
  }

  @Test
  void selectsAndInsertsAgreeWithLibpqForEveryN() throws Exception {
    for (int n : new int[] {1, 10, 200}) {
      for (String what : List.of("select", "insert")) {
        Workload w = cut(Workloads.named("n" + n + "-" + what), QUERIES);
        Fold expected = new Fold();
        libpq.run(w, expected);
        assertEquals(w.expectedRows(), expected.rows(), w.name() + " on libpq");
        for (Driver d : peers) {
          assertTrue(d.supports(w), d.name() + " runs " + w.name());
          // twice: the process and its connection serve run after run
          for (int run = 0; run < 2; run++) {
            Fold got = new Fold();
            d.run(w, got);
            String who = w.name() + " on " + d.name() + ", run " + run;
            assertEquals(expected.rows(), got.rows(), who);
            assertEquals(Long.toHexString(expected.checksum()), Long.toHexString(got.checksum()), who);
            assertTrue(d.lastTiming().wallNanos() > 0, who + ": its own clock");
          }
        }
      }
    }
  }

  @Test
  void theyRunSeed004sCasesOnly() {
    for (Driver d : peers) {
      assertFalse(d.supports(Workloads.named("t50k")), d.name());
      assertFalse(d.supports(Workloads.named("point-seq")), d.name());
      assertTrue(d.description().contains("on Node v"), d.description());
    }
  }

  @Test
  void aFailedStatementIsAFailureAndThePeerGoesOn() throws Exception {
    Workload good = cut(Workloads.named("n5-select"), 20);
    Workload bad = Workload.points("n5-select-bad", "a statement the server refuses", good.kind(),
        "select id, c1 from bench.no_such_table where id >= $1", good.columns(), good.ids(), 5, 1);
    for (Driver d : peers) {
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> d.run(bad, new Fold()), d.name());
      assertTrue(e.getMessage().contains("no_such_table"), e.getMessage());
      Fold after = new Fold();
      d.run(good, after);
      assertEquals(good.expectedRows(), after.rows(), d.name() + " answers after a failure");
    }
  }

  private static Workload cut(Workload w, int queries) {
    return Workload.points(w.name(), w.description(), w.kind(), w.sql(), w.columns(),
        Arrays.copyOf(w.ids(), queries), w.threads(), w.rowsPerQuery());
  }
}
