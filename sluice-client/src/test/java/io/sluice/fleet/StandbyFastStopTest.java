package io.sluice.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.SluiceException;
import io.sluice.testkit.Fleet;
import io.sluice.testkit.Poll;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A standby stopped with {@code pg_ctl stop -m fast} while routed reads run on it — what Patroni's
 * {@code patronictl restart} does to a replica. The server ends every session with FATAL {@code
 * 57P01}; a read pipelined behind the one it was answering provably did not run ({@code NOT_SENT}),
 * and a routed read-only auto-commit statement that did not run goes to another fit host instead
 * of failing its caller (regression: 2–3 reads per restart failed with "57P01 … it did not run").
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@ServerTest
class StandbyFastStopTest {
  static final Duration BOUND = Duration.ofSeconds(60);

  @Test
  void readsOnAStandbyStoppedFastGoElsewhereAndNoneFailsAsNotRun() throws Exception {
    try (Fleet fleet = Fleet.start()) {
      fleet.primary().psql("CREATE TABLE items AS SELECT g AS id FROM generate_series(1, 1000) g");
      fleet.waitForReplay(0);
      fleet.waitForReplay(1);
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger reads = new AtomicInteger();
      ConcurrentLinkedQueue<Throwable> notRun = new ConcurrentLinkedQueue<>();
      ConcurrentLinkedQueue<Throwable> other = new ConcurrentLinkedQueue<>();
      // a small pool and many readers: statements pipeline on shared connections, so some wait behind another's
      try (Pool pool = Pool.open(ConnectionConfig.parse(fleet.conninfo("connect_timeout=2 read_routing=prefer-standby")),
          PoolOptions.DEFAULT.maxSize(2).acquireTimeout(Duration.ofSeconds(20)))) {
        List<Thread> readers = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
          readers.add(Thread.ofVirtual().start(() -> {
            while (!stop.get()) {
              try {
                pool.readOnly().query("SELECT count(*), pg_sleep(0.002) FROM items WHERE id % 7 = $1", 3);
                reads.incrementAndGet();
              } catch (ConnectionException e) {
                (e.outcome() == SluiceException.Outcome.NOT_SENT ? notRun : other).add(e);
              } catch (RuntimeException e) {
                other.add(e);
              }
            }
          }));
        }
        Poll.orThrow(() -> reads.get() >= 300, BOUND, "300 reads before the stop", () -> "");
        int before = reads.get();
        for (int round = 0; round < 3; round++) {
          int atStop = reads.get();
          fleet.stop(round % 2, Fleet.Shutdown.FAST);
          Poll.orThrow(() -> reads.get() >= atStop + 300, BOUND, "300 reads after the stop", () -> "");
          fleet.start(round % 2);
        }
        stop.set(true);
        for (Thread t : readers) {
          assertTrue(t.join(BOUND), "a reader ended");
        }
        System.out.printf("[standby-fast-stop] reads %d (%d after the first stop), not run %d, other errors %d%n",
            reads.get(), reads.get() - before, notRun.size(), other.size());
        other.forEach(e -> System.out.println("[standby-fast-stop] other: " + e));
        notRun.forEach(e -> System.out.println("[standby-fast-stop] not run: " + e));
        assertEquals(List.of(), List.copyOf(notRun), "reads that did not run reached their callers");
      }
    }
  }
}
