package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.testkit.FaultProxy;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 27's crash test: a stream of {@code transactions × rows} committed changes (1,000 × 100 by
 * default) taken through a {@link FaultProxy} and broken {@code resumes} times (50) at
 * pseudo-random points, mid-transaction and mid-message included: the consumer dies (its link
 * reset, the stream abandoned without a word), the link is cut after a random number of bytes,
 * or the walsender is terminated. After each break the consumer resumes from its own record of
 * what it acknowledged — with no wait of its own for the old walsender to let go of the slot
 * (the start retries 55006). In the end the union of the acknowledged transactions is exactly
 * what was committed, and no acknowledged change was ever delivered again.
 *
 * <p>{@code -Dsluice.replication.crash.transactions=…}, {@code …crash.rows}, {@code …crash.resumes}
 * scale it.
 */
@Timeout(value = 900, unit = TimeUnit.SECONDS)
@ServerTest
class CrashResumeTest {
  private static final int TRANSACTIONS = Integer.getInteger("sluice.replication.crash.transactions", 1000);
  private static final int ROWS = Integer.getInteger("sluice.replication.crash.rows", 100);
  private static final int RESUMES = Integer.getInteger("sluice.replication.crash.resumes", 50);
  private static final int TOTAL = TRANSACTIONS * ROWS;
  /**
   * How many changes may be committed in all. A round takes what arrives while its fault is on
   * its way (a terminated walsender can stream on for a while on a busy machine), so the stream
   * can be used up before every break was made; then more transactions are committed, a tenth of
   * the first lot at a time, rather than the test depending on how fast a fault lands.
   */
  private static final int CAPACITY = 4 * TOTAL;

  /** How a round ends. */
  enum Fault { CONSUMER_KILLED, LINK_CUT, WALSENDER_TERMINATED, NONE }

  /** The consumer's durable state: what it acknowledged, and where to resume. */
  private final boolean[] acknowledged = new boolean[CAPACITY];
  private int acknowledgedCount;
  /** Changes committed so far: ids 0 to committed - 1. */
  private int committed;
  private Lsn durable = Lsn.ZERO;

  @Test
  void theAcknowledgedUnionIsWhatWasCommittedWithNothingRepeated() throws Exception {
    String t = LogicalServer.name("crash");
    String pub = LogicalServer.name("pub");
    String slot = LogicalServer.name("slot");
    long began = System.nanoTime();
    try (Connection c = LogicalServer.connect();
        FaultProxy proxy = FaultProxy.start(LogicalServer.get().host(), LogicalServer.get().port())) {
      c.execute("create table " + t + " (id int primary key, note text)");
      c.execute("create publication " + pub + " for table " + t);
      try (ReplicationConnection repl = LogicalServer.replication()) {
        repl.createSlot(slot, SlotOptions.PERMANENT);
      }
      commit(c, t, TRANSACTIONS);
      int refills = 0;
      String viaProxy = LogicalServer.uri().replace(":" + LogicalServer.get().port() + "/", ":" + proxy.port() + "/");
      assertNotEquals(LogicalServer.uri(), viaProxy);
      Random random = new Random(Long.getLong("sluice.replication.crash.seed", 27));
      Fault[] faults = {Fault.CONSUMER_KILLED, Fault.LINK_CUT, Fault.WALSENDER_TERMINATED};
      Map<Fault, Integer> rounds = new EnumMap<>(Fault.class);
      int breaks = 0;
      for (int round = 0; breaks < RESUMES; round++) {
        assertTrue(round < 2 * RESUMES, "only " + breaks + " breaks in " + round + " rounds: " + rounds);
        if (acknowledgedCount == committed) {
          assertTrue(committed < CAPACITY, "the stream was used up " + refills + " times before " + RESUMES
              + " breaks (" + breaks + " made: " + rounds + "): the faults did not land");
          commit(c, t, Math.max(1, TRANSACTIONS / 10));
          refills++;
        }
        Fault fault = faults[random.nextInt(faults.length)];
        // spread the breaks over what is left: a round takes on average a quarter of its share of it
        // (what a round takes after its break, while the failure is on its way, is acknowledged too)
        int left = committed - acknowledgedCount;
        int breakAfter = 1 + random.nextInt(Math.max(1, left / (2 * (RESUMES - breaks))));
        if (round(proxy, viaProxy, c, slot, pub, fault, breakAfter, random)) {
          rounds.merge(fault, 1, Integer::sum);
          breaks++;
        }
      }
      round(proxy, viaProxy, c, slot, pub, Fault.NONE, 0, random);
      assertEquals(committed, acknowledgedCount, "every committed change was acknowledged once");
      for (Fault f : faults) {
        assertTrue(rounds.getOrDefault(f, 0) > 0, "no round ended by " + f + ": " + rounds);
      }
      System.out.printf("CrashResumeTest: %,d changes in %,d transactions (%d more lots committed), %d breaks %s,"
          + " %.1f s%n", committed, committed / ROWS, refills, RESUMES, rounds, (System.nanoTime() - began) / 1e9);
      try (ReplicationConnection repl = LogicalServer.replication()) {
        repl.dropSlotWaiting(slot);
      }
    }
  }

  /** One stream from the durable position to the fault; true if the fault came (or, for NONE, the end). */
  private boolean round(FaultProxy proxy, String uri, Connection c, String slot, String pub, Fault fault, int breakAfter,
      Random random) throws Exception {
    ReplicationConnection repl = ReplicationConnection.open(uri);
    ChangeStream stream = repl.start(StreamOptions.of(slot, pub).startAt(durable).buffer(256, 1 << 20));
    int expectedFirst = firstUnacknowledged();
    boolean first = true;
    List<Integer> open = new ArrayList<>();   // rows taken since the last acknowledgement
    int taken = 0;
    boolean broken = false;
    int idlePolls = 0;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    try {
      while (true) {
        assertTrue(System.nanoTime() < deadline, "round " + fault + " made no end; " + acknowledgedCount
            + " of " + committed + " acknowledged");
        if (acknowledgedCount == committed && (fault == Fault.NONE || !broken)) {
          return fault == Fault.NONE;   // nothing left to break
        }
        Change ch;
        try {
          ch = stream.poll(Duration.ofMillis(200));
        } catch (ChangeStreamException e) {
          assertTrue(broken, () -> "the stream failed before its " + fault + ": " + e);
          // what the failure says to resume from is what the consumer acknowledged, exactly
          assertEquals(durable, e.lastAcknowledged());
          break;
        }
        if (ch == null) {
          if (broken && fault == Fault.LINK_CUT && ++idlePolls == 5) {
            proxy.cutAfter(0);   // the stream ran dry before the cut's byte count: cut now
          }
          continue;
        }
        taken++;
        if (ch instanceof Change.Insert ins) {
          int id = ins.row().getInt("id");
          assertFalse(acknowledged[id], () -> "change " + id + " was acknowledged, and delivered again");
          assertEquals("change " + id, ins.row().getString("note"));
          if (first) {
            assertEquals(expectedFirst, id, "the first change after a resume is the first unacknowledged one");
            first = false;
          }
          open.add(id);
        } else if (ch instanceof Change.Commit commit && (fault == Fault.NONE || random.nextInt(10) < 8)) {
          stream.ack(commit);
          for (int id : open) {
            assertFalse(acknowledged[id], "change " + id + " acknowledged twice");
            acknowledged[id] = true;
            acknowledgedCount++;
          }
          open.clear();
          durable = commit.endLsn();
        }
        if (!broken && taken >= breakAfter && fault != Fault.NONE) {
          broken = true;
          switch (fault) {
            case CONSUMER_KILLED -> {
              proxy.resetAll();   // the process is gone: no CopyDone, no last status update
            }
            case LINK_CUT -> proxy.cutAfter(random.nextInt(64 * 1024));
            case WALSENDER_TERMINATED -> c.query("select pg_terminate_backend($1)", repl.processId());
            case NONE -> { }
          }
          if (fault == Fault.CONSUMER_KILLED) {
            break;   // a dead consumer takes nothing more
          }
        }
      }
      return true;
    } finally {
      proxy.cutAfter(-1);
      stream.close();
      repl.close();
    }
  }

  /** Commits {@code transactions} more transactions of {@link #ROWS} changes each. */
  private void commit(Connection c, String table, int transactions) {
    for (int i = 0; i < transactions; i++) {
      c.execute("insert into " + table + " select g, 'change ' || g from generate_series($1::int, $2::int) g",
          committed, committed + ROWS - 1);
      committed += ROWS;
    }
  }

  private int firstUnacknowledged() {
    int i = 0;
    while (i < committed && acknowledged[i]) {
      i++;
    }
    return i;
  }
}
