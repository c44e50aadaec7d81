package io.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.Connection;
import io.sluice.testkit.ServerTest;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 24's mixed load, small: on one shared connection and on the pool every operation answers
 * what it must, each folds one row, and both fold the checksum computed here from the answers'
 * definitions; a wrong answer (a statement that should fail and does not) fails the execution.
 * Counts and answers only: no time is asserted.
 */
@Timeout(300)
@ServerTest
class MixedLoadTest {
  private static final int THREADS = 10;
  private static List<Driver> drivers;

  @BeforeAll
  static void open() throws Exception {
    drivers = Drivers.open(List.of("sluice", "sluice-pool", "sluice-stream", "pgjdbc"), BenchServer.target());
  }

  @AfterAll
  static void close() throws Exception {
    if (drivers != null) {
      Drivers.closeAll(drivers, null);
    }
  }

  /** The fold of every answer, from the operations' definitions. */
  private static Fold expected(int threads) {
    Fold f = new Fold();
    for (int id = 1; id <= threads; id++) {
      for (int round = 0; round < MixedLoad.ROUNDS; round++) {
        for (MixedLoad.Op op : MixedLoad.Op.values()) {
          f.add(op.ordinal());
          f.add(switch (op) {
            case POINT, POINT2 -> id + 1;
            case MULTI -> 12345;
            case DIV0 -> Checksum.ofString("22012");
            case RAISE -> Checksum.ofString("P0001");
            case UNIQUE -> Checksum.ofString("23505");
            case BADINT -> Checksum.ofString("22P02");
            case SLEEP -> 1;
            case FOREACH_THROW -> 3;
            case PREPARE -> 2L * id;
            case BATCH -> 4L + id;
          });
          f.endRow();
        }
      }
    }
    return f;
  }

  @Test
  void everyAnswerIsRightOnTheConnectionAndThePool() throws Exception {
    Workload w = Workloads.mixedLoad(THREADS);
    assertEquals("mixed-load-" + THREADS, w.name());
    assertEquals(THREADS * 22L, w.expectedRows());
    Fold expected = expected(THREADS);
    List<Driver> running = drivers.stream().filter(d -> d.supports(w)).toList();
    assertEquals(List.of("sluice", "sluice-pool"), running.stream().map(Driver::name).toList(),
        "one shared connection and the pool; the streamed mode and the peers do not run it");
    for (Driver d : running) {
      d.prepare(w);
      for (int run = 0; run < 2; run++) {
        Fold got = new Fold();
        d.run(w, got);
        assertEquals(expected.rows(), got.rows(), d.name());
        assertEquals(Long.toHexString(expected.checksum()), Long.toHexString(got.checksum()), d.name());
      }
    }
    List<String> notes = MixedLoad.notes(w.name());
    assertEquals(2, notes.size(), notes.toString());
    assertTrue(notes.get(0).contains("foreach-throw") && notes.get(0).contains("batch"), notes.get(0));
  }

  @Test
  void aStatementThatShouldFailAndDoesNotFailsTheExecution() throws Exception {
    Workload w = Workloads.mixedLoad(1);
    Driver sluice = drivers.get(0);
    sluice.prepare(w);
    try (Connection c = Connection.open(BenchServer.target().uri())) {
      c.execute("delete from " + MixedLoad.TABLE);   // the first duplicate-key insert now succeeds
    }
    BenchFailure e = assertThrows(BenchFailure.class, () -> sluice.run(w, new Fold()));
    assertTrue(e.getMessage().contains("unique of caller 1") && e.getMessage().contains("23505"), e.getMessage());
    assertFalse(e.getMessage().contains("point"), e.getMessage());
    sluice.prepare(w);
    Fold again = new Fold();
    sluice.run(w, again);
    assertEquals(expected(1).checksum(), again.checksum(), "right again once the row is back");
  }
}
