package io.sluice.internal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConnectionException;
import io.sluice.SluiceException.Outcome;
import io.sluice.internal.engine.EngineHarness.Call;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Whose turn it is to write ({@link Pin}), through the engine's {@code hold}/{@code release}: a
 * thread holding the connection (a transaction) runs alone, others wait and go after it in order;
 * a wait is bounded by {@code pin_timeout} or the caller's deadline and says whom it waited for;
 * a holder that died frees nobody, so its waiters fail at once.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class PinTest {
  @Test
  void otherThreadsRequestsAreWrittenOnlyAfterTheHolderReleases() throws Exception {
    try (EngineHarness h = EngineHarness.standard()) {
      h.engine().hold(Deadline.NONE);
      assertEquals("mine-1", h.echo("mine-1", Deadline.NONE));
      Call theirs = h.start("theirs", Deadline.NONE);
      EngineHarness.awaitParked(theirs.thread);
      assertEquals("mine-2", h.echo("mine-2", Deadline.NONE), "the holder is not kept waiting by the waiter");
      assertEquals(List.of("warm", "mine-1", "mine-2"), h.transport.bound(), "nothing of the waiter's was written");
      assertTrue(theirs.thread.isAlive());

      h.engine().release();
      assertNull(theirs.join());
      assertEquals("theirs", theirs.result);
      assertEquals(List.of("warm", "mine-1", "mine-2", "theirs"), h.transport.bound());
    }
  }

  @Test
  void aWaitWithoutDeadlineEndsAtPinTimeoutNamingTheHolder() throws Exception {
    try (EngineHarness h = new EngineHarness(16, 10_000, 200)) {
      CountDownLatch held = new CountDownLatch(1);
      CountDownLatch done = new CountDownLatch(1);
      Thread holder = Thread.ofVirtual().name("holder-thread").start(() -> {
        h.engine().hold(Deadline.NONE);
        held.countDown();
        try {
          done.await(EngineHarness.BOUND_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        h.engine().release();
      });
      assertTrue(held.await(EngineHarness.BOUND_MILLIS, TimeUnit.MILLISECONDS));
      ConnectionException e = assertThrows(ConnectionException.class, () -> h.echo("waiter", Deadline.NONE));
      assertEquals(Outcome.NOT_SENT, e.outcome());
      assertTrue(e.getMessage().contains("the transaction or pinned session of thread holder-thread"), e.getMessage());
      assertTrue(e.getMessage().contains("(pin_timeout)"), e.getMessage());
      assertEquals(List.of("warm"), h.transport.bound());
      done.countDown();
      holder.join(EngineHarness.BOUND_MILLIS);
      assertEquals("after", h.echo("after", Deadline.NONE), "the connection is fine: only the wait failed");
    }
  }

  @Test
  void aWaitWithADeadlineEndsAtTheDeadline() throws Exception {
    try (EngineHarness h = new EngineHarness(16, 10_000, 60_000)) {
      h.engine().hold(Deadline.NONE);
      Call waiter = h.start("waiter", Deadline.in(TimeUnit.MILLISECONDS.toNanos(200)));
      ConnectionException e = assertInstanceOf(ConnectionException.class, waiter.join());
      assertEquals(Outcome.NOT_SENT, e.outcome());
      assertTrue(e.getMessage().contains("(query_timeout)"), e.getMessage());
      assertEquals(List.of("warm"), h.transport.bound());
    }
  }

  @Test
  void aHolderThatEndedWithoutReleasingFailsItsWaitersAtOnce() throws Exception {
    // pin_timeout of a minute: the waiter must not sit it out (the class times out at 30 s)
    try (EngineHarness h = new EngineHarness(16, 10_000, 60_000)) {
      Thread t = Thread.ofVirtual().name("forgetful").start(() -> h.engine().hold(Deadline.NONE));
      t.join(EngineHarness.BOUND_MILLIS);
      ConnectionException e = assertThrows(ConnectionException.class, () -> h.echo("waiter", Deadline.NONE));
      assertEquals(Outcome.NOT_SENT, e.outcome());
      assertTrue(e.getMessage().contains("the thread forgetful began a transaction or pinned session"), e.getMessage());
      assertEquals(List.of("warm"), h.transport.bound());
    }
  }

  @Test
  void holdingTwiceFromOneThreadIsRefused() {
    try (EngineHarness h = EngineHarness.standard()) {
      h.engine().hold(Deadline.NONE);
      assertTrue(h.engine().heldByCurrentThread());
      assertThrows(IllegalStateException.class, () -> h.engine().hold(Deadline.NONE));
      h.engine().release();
      assertTrue(!h.engine().heldByCurrentThread());
    }
  }

  @Test
  void aHoldTakenOverMovesTheTurnToTheNewThread() throws Exception {
    try (EngineHarness h = EngineHarness.standard()) {
      Thread old = Thread.ofVirtual().start(() -> h.engine().hold(Deadline.NONE));
      old.join(EngineHarness.BOUND_MILLIS);
      h.engine().takeOverHold();
      assertTrue(h.engine().heldByCurrentThread());
      assertEquals("taken-over", h.echo("taken-over", Deadline.NONE), "the ended old holder does not block its successor");
      h.engine().release();
    }
  }
}
