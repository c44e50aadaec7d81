package io.sluice.lab.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.bench.Datasets;
import io.sluice.bench.Driver;
import io.sluice.bench.Drivers;
import io.sluice.bench.Fold;
import io.sluice.bench.Target;
import io.sluice.bench.Workload;
import io.sluice.bench.Workloads;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * tokio-postgres and pgx, built from their lock files as {@code bin/sluice lab} builds them, fold
 * the same rows to the same checksum as libpq on every column type (mixed9), text, JSON and
 * timestamps, rows only, and point queries in sequence and from 16 and 64 callers; they serve run
 * after run and report a refused statement as a failure. Skipped, with the reason, when cargo or
 * go is not installed (a build that fails with the toolchain present fails the test).
 */
@Timeout(1200)
@ServerTest
class CompiledPeersTest {
  private static final List<String> BULK = List.of("t50k", "t50k-rows", "mixed9", "json50k", "ts60", "int1");
  private static Driver libpq;
  private static final List<Driver> peers = new ArrayList<>();
  private static final List<String> missing = new ArrayList<>();

  @BeforeAll
  static void open() throws Exception {
    for (CompiledPeer.Peer peer : CompiledPeer.Peer.values()) {
      assertTrue(Drivers.names().contains(peer.driverName()), "the lab finds it: " + Drivers.names());
      if (PeerProcess.onPath(peer.toolchain()).isEmpty()) {
        missing.add(peer.driverName() + " (" + peer.toolchain() + " is not installed)");
        continue;
      }
      peer.build();
    }
    Assumptions.assumeTrue(missing.size() < CompiledPeer.Peer.values().length, "skipped: " + missing);
    Target target = Target.of(PostgresServer.shared());
    Datasets.ensure(target);
    libpq = Drivers.open(List.of("libpq"), target).get(0);
    for (CompiledPeer.Peer peer : CompiledPeer.Peer.values()) {
      if (missing.stream().noneMatch(m -> m.startsWith(peer.driverName() + " "))) {
        peers.add(CompiledPeer.open(target, peer));
      }
    }
  }

  @AfterAll
  static void close() throws Exception {
    Drivers.closeAll(peers, null);
    if (libpq != null) {
      libpq.close();
    }
  }

  @Test
  void bulkReadsAgreeWithLibpq() throws Exception {
    for (String name : BULK) {
      agree(Workloads.named(name), 1);
    }
  }

  @Test
  void pointQueriesAgreeWithLibpqInSequenceAndConcurrently() throws Exception {
    for (String name : List.of("point-seq", "point-vt16", "point-vt64", "n10-select")) {
      Workload w = Workloads.named(name);
      agree(Workload.points(name, w.description(), w.kind(), w.sql(), w.columns(), Arrays.copyOf(w.ids(), 300),
          w.threads(), w.rowsPerQuery()), 2);
    }
  }

  @Test
  void theyRunReadsNotCopyOrPrintedRows() {
    for (Driver d : peers) {
      assertFalse(d.supports(Workloads.named("t50k-copy")), d.name());
      assertFalse(d.supports(Workloads.named("t50k-print")), d.name());
      assertFalse(d.supports(Workloads.named("connect-per-query")), d.name());
      assertTrue(d.compiledAhead(), d.name());
      assertTrue(d.description().startsWith(d.name() + " "), d.description());
    }
  }

  @Test
  void aRefusedStatementIsAFailureAndThePeerGoesOn() throws Exception {
    Workload bad = Workload.bulk("bad", "a statement the server refuses", "select * from bench.no_such_table",
        List.of(io.sluice.bench.ColumnType.INT4), 1);
    for (Driver d : peers) {
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> d.run(bad, new Fold()), d.name());
      assertTrue(e.getMessage().contains("no_such_table"), e.getMessage());
      Fold after = new Fold();
      d.run(Workloads.named("int1"), after);
      assertEquals(Datasets.ROWS, after.rows(), d.name() + " answers after a failure");
    }
  }

  private static void agree(Workload w, int runs) throws Exception {
    Fold expected = new Fold();
    libpq.run(w, expected);
    assertEquals(w.expectedRows(), expected.rows(), w.name() + " on libpq");
    for (Driver d : peers) {
      assertTrue(d.supports(w), d.name() + " runs " + w.name());
      for (int run = 0; run < runs; run++) {
        Fold got = new Fold();
        d.run(w, got);
        String who = w.name() + " on " + d.name() + ", run " + run;
        assertEquals(expected.rows(), got.rows(), who);
        assertEquals(Long.toHexString(expected.checksum()), Long.toHexString(got.checksum()), who);
        assertTrue(d.lastTiming().wallNanos() > 0 && d.lastTiming().cpuNanos() >= 0, who + ": its own clocks");
      }
    }
  }
}
