package io.sluice.internal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConnectionException;
import io.sluice.SluiceException;
import io.sluice.SluiceException.Outcome;
import io.sluice.internal.engine.EngineHarness.Call;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The writing side ({@link Outbox}) when a write fails, over an in-memory server: the connection
 * counts as broken at once, later requests fail as not sent without touching the socket, and
 * requests already queued behind the failed write are never written.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OutboxTest {
  @Test
  void aFailedWriteBreaksTheConnectionAtOnceAndLaterRequestsFailNotSent() throws Exception {
    try (EngineHarness h = EngineHarness.standard()) {
      // the server says nothing: the first call stays in flight through the readers' grace
      h.holdReplies();
      h.transport.failWrites();
      Call first = h.start("first", Deadline.NONE);
      EngineHarness.await("the write failed", () -> h.engine().failure() != null);

      assertTrue(h.engine().isBroken(), "broken as soon as the write failed, before the grace ends");
      assertTrue(h.engine().failure().getMessage().startsWith("could not write to the server"),
          h.engine().failure().getMessage());
      int attempts = h.transport.writeAttempts();
      ConnectionException later = assertThrows(ConnectionException.class, () -> h.echo("later", Deadline.NONE));
      assertEquals(Outcome.NOT_SENT, later.outcome());
      assertEquals(attempts, h.transport.writeAttempts(), "nothing more was tried on the socket");

      // the failed write may have left in part: its request's outcome is unknown
      SluiceException e = assertInstanceOf(SluiceException.class, first.join());
      assertEquals(Outcome.UNKNOWN, e.outcome(), e.toString());
      assertEquals(List.of("warm"), h.transport.bound());
    }
  }

  @Test
  void requestsQueuedBehindAFailedWriteAreNeverWritten() throws Exception {
    try (EngineHarness h = EngineHarness.standard()) {
      int writes = h.transport.writeAttempts();
      int exchanges = h.exchanges();
      h.holdReplies();
      CountDownLatch gate = h.transport.blockThenFail();
      Call first = h.start("first", Deadline.NONE);
      assertTrue(h.transport.awaitAtGate(), "the first call's write began");
      // while that write is under way, two more requests are encoded behind it: the writing
      // thread takes them with its next write
      Call second = h.start("second", Deadline.NONE);
      Call third = h.start("third", Deadline.NONE);
      EngineHarness.await("three requests are in flight", () -> h.engine().inFlight() == 3);
      gate.countDown();

      SluiceException e1 = assertInstanceOf(SluiceException.class, first.join());
      assertEquals(Outcome.UNKNOWN, e1.outcome(), e1.toString());
      for (Call c : List.of(second, third)) {
        ConnectionException e = assertInstanceOf(ConnectionException.class, c.join());
        assertEquals(Outcome.NOT_SENT, e.outcome(), e.toString());
        assertNotNull(e.getCause(), "says why: the failed write");
      }
      assertEquals(writes + 1, h.transport.writeAttempts(), "one write was tried after the warm-up: the failed one");
      assertEquals(List.of("warm"), h.transport.bound(), "the server never got the queued requests");
      assertEquals(exchanges, h.exchanges());
    }
  }
}
