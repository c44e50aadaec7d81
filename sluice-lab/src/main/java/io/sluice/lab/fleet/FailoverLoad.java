package io.sluice.lab.fleet;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * The {@code fleet-failover} case's load on one interface: {@value #WRITERS} virtual threads,
 * each writing a row of a new id on the write route and, once acknowledged, reading it back as
 * read-only work, until closed. Every outcome goes to a {@link FailoverRecord}. A failed write is
 * not retried: the next one has a new id, as an application that gives up on a request would.
 */
final class FailoverLoad implements AutoCloseable {
  static final int WRITERS = 4;
  /** How long {@link #close} waits for a writer to see the stop (one call may wait for its acquire timeout). */
  static final Duration STOP = Duration.ofSeconds(90);

  private final FleetClient client;
  private final AtomicLong ids;
  private final FailoverRecord record;
  private final AtomicBoolean stop = new AtomicBoolean();
  private final List<Thread> threads = new ArrayList<>();

  /** Starts the writers; {@code ids} hands out ids unique across the case (every interface and fault). */
  FailoverLoad(FleetClient client, AtomicLong ids, FailoverRecord record) {
    this.client = client;
    this.ids = ids;
    this.record = record;
    for (int w = 0; w < WRITERS; w++) {
      threads.add(Thread.ofVirtual().name("lab-failover-" + client.name() + "-" + w).start(this::pairs));
    }
  }

  private void pairs() {
    while (!stop.get()) {
      long id = ids.incrementAndGet();
      try {
        client.write(id);
        record.acked(id, System.nanoTime());
      } catch (Exception e) {
        record.writeFailed(id, client.outcome(e), FleetClient.kind(e));
        continue;
      }
      try {
        record.readBack(client.read(id).found());
      } catch (Exception e) {
        record.readFailed(FleetClient.kind(e));
      }
    }
  }

  /** Polls {@code condition} every 20 ms until it holds (true) or {@code bound} has passed (false). */
  static boolean await(BooleanSupplier condition, Duration bound) throws InterruptedException {
    long end = System.nanoTime() + bound.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - end > 0) {
        return false;
      }
      Thread.sleep(20);
    }
    return true;
  }

  /** Stops the writers and waits for each to finish its call. */
  @Override
  public void close() throws InterruptedException {
    stop.set(true);
    for (Thread t : threads) {
      if (!t.join(STOP)) {
        throw new IllegalStateException(t.getName() + " did not end within " + STOP);
      }
    }
  }
}
