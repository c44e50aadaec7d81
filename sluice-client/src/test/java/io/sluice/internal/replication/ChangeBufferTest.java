package io.sluice.internal.replication;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.replication.Change;
import io.sluice.replication.Lsn;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The hand-off between the stream's reader and the application: its wake-ups are batched (a
 * waiting consumer is woken at a publish or a full batch; a reader waiting for room once half is
 * drained), and none of that may leave a change unseen or a side waiting for ever.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ChangeBufferTest {
  private static final long WAIT = TimeUnit.SECONDS.toNanos(30);

  private static Change change(long lsn) {
    return new Change.Commit(new Lsn(lsn), new Lsn(lsn), new Lsn(lsn + 1), Instant.EPOCH);
  }

  /** Waits (bounded) until {@code t} is parked, so that what follows happens while it waits. */
  private static void awaitParked(Thread t) throws InterruptedException {
    long deadline = System.nanoTime() + WAIT;
    while (t.getState() != Thread.State.WAITING && t.getState() != Thread.State.TIMED_WAITING) {
      assertTrue(System.nanoTime() < deadline, "the thread never waited: " + t.getState());
      Thread.sleep(1);
    }
  }

  private static CompletableFuture<Change> pollIn(ChangeBuffer b, List<Thread> started) {
    CompletableFuture<Change> got = new CompletableFuture<>();
    started.add(Thread.ofPlatform().start(() -> {
      try {
        got.complete(b.poll(WAIT));
      } catch (Throwable e) {
        got.completeExceptionally(e);
      }
    }));
    return got;
  }

  @Test
  void aWaitingConsumerGetsWhatWasPutOncePublished() throws Exception {
    ChangeBuffer b = new ChangeBuffer(1024, 1 << 20);
    List<Thread> threads = new ArrayList<>();
    CompletableFuture<Change> got = pollIn(b, threads);
    awaitParked(threads.get(0));
    assertTrue(b.put(change(10), 30));
    b.publish();
    assertEquals(new Lsn(10), got.get(30, TimeUnit.SECONDS).lsn());
  }

  @Test
  void aFullBatchReachesAWaitingConsumerWithoutAPublish() throws Exception {
    ChangeBuffer b = new ChangeBuffer(1024, 1 << 20);
    List<Thread> threads = new ArrayList<>();
    CompletableFuture<Change> got = pollIn(b, threads);
    awaitParked(threads.get(0));
    for (int i = 1; i <= ChangeBuffer.WAKE_BATCH; i++) {
      assertTrue(b.put(change(i), 30));
    }
    assertEquals(new Lsn(1), got.get(30, TimeUnit.SECONDS).lsn());
    assertEquals(ChangeBuffer.WAKE_BATCH - 1, b.size());
  }

  @Test
  void twoWaitingConsumersShareOneWakeUp() throws Exception {
    ChangeBuffer b = new ChangeBuffer(1024, 1 << 20);
    List<Thread> threads = new ArrayList<>();
    CompletableFuture<Change> first = pollIn(b, threads);
    CompletableFuture<Change> second = pollIn(b, threads);
    awaitParked(threads.get(0));
    awaitParked(threads.get(1));
    assertTrue(b.put(change(1), 30));
    assertTrue(b.put(change(2), 30));
    b.publish();
    long a = first.get(30, TimeUnit.SECONDS).lsn().value();
    long c = second.get(30, TimeUnit.SECONDS).lsn().value();
    assertEquals(3, a + c, "each took one of the two");
  }

  @Test
  void aReaderWaitingForRoomGoesOnAsTheConsumerDrainsAndNothingIsLostOrReordered() throws Exception {
    ChangeBuffer b = new ChangeBuffer(8, 1 << 20);
    int total = 1_000;
    CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
      try {
        for (int i = 1; i <= total; i++) {
          assertTrue(b.put(change(i), 30));
          if (i % 3 == 0) {
            b.publish();
          }
        }
        b.publish();
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    }, task -> Thread.ofVirtual().start(task));
    for (int i = 1; i <= total; i++) {
      Change c = b.poll(WAIT);
      assertNotNull(c, "change " + i + " never came");
      assertEquals(new Lsn(i), c.lsn());
    }
    reader.get(30, TimeUnit.SECONDS);
    assertTrue(b.highWater() <= 8, "bounded: " + b.highWater());
  }

  @Test
  void aChangeLargerThanHalfTheBytesStillGetsInOnceTheBufferEmpties() throws Exception {
    ChangeBuffer b = new ChangeBuffer(100, 1_000);
    assertTrue(b.put(change(1), 400));
    assertTrue(b.put(change(2), 400));
    CompletableFuture<Boolean> big = new CompletableFuture<>();
    Thread reader = Thread.ofPlatform().start(() -> {
      try {
        big.complete(b.put(change(3), 900));
      } catch (Throwable e) {
        big.completeExceptionally(e);
      }
    });
    awaitParked(reader);
    assertEquals(new Lsn(1), b.poll(WAIT).lsn());
    assertEquals(new Lsn(2), b.poll(WAIT).lsn());
    assertTrue(big.get(30, TimeUnit.SECONDS));
    b.publish();
    assertEquals(new Lsn(3), b.poll(WAIT).lsn());
  }
}
