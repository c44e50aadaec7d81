package io.sluice.internal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.QueryTimeoutException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.SluiceException.Outcome;
import io.sluice.internal.engine.EngineHarness.Call;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.TransactionStatus;
import io.sluice.testkit.Replies;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Deadlines ({@link Expiry}) over an in-memory server that holds its replies: a request past its
 * deadline is cancelled once the server runs it, and the caller learns it timed out; a cancel the
 * server does not act on closes the connection after {@code cancel_timeout}; no cancel is sent
 * while another request heads the queue, as it would hit that one.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ExpiryTest {
  private static Deadline millis(long ms) {
    return Deadline.in(TimeUnit.MILLISECONDS.toNanos(ms));
  }

  /** What a server sends for each held Bind, Execute, Sync once a cancel ends the statement. */
  private static byte[] cancelled(int exchanges) {
    List<BackendMessage> m = new ArrayList<>();
    for (int i = 0; i < exchanges; i++) {
      m.add(BackendMessage.BindComplete.INSTANCE);
      m.add(Replies.error("57014", "canceling statement due to user request"));
      m.add(new BackendMessage.ReadyForQuery(TransactionStatus.IDLE));
    }
    return Replies.bytes(m);
  }

  @Test
  void aPassedDeadlineCancelsTheRunningRequestAndTheCallTimesOut() throws Exception {
    try (EngineHarness h = EngineHarness.standard()) {
      h.holdReplies(xs -> cancelled(xs.size()));
      h.onCancel(h::releaseReplies);
      QueryTimeoutException e = assertThrows(QueryTimeoutException.class, () -> h.echo("slow", millis(100)));
      assertEquals("57014", assertInstanceOf(ServerException.class, e.getCause()).sqlState());
      assertEquals(1, h.cancels.get(), "one cancel: the server acted on it");
      assertTrue(!h.engine().isBroken());
      assertEquals("after", h.echo("after", Deadline.NONE), "the connection goes on");
    }
  }

  @Test
  void aCancelTheServerIgnoresClosesTheConnectionAfterCancelTimeout() throws Exception {
    try (EngineHarness h = new EngineHarness(16, 300, 30_000)) {
      h.holdReplies();   // never released: the statement never ends
      SluiceException e = assertThrows(SluiceException.class, () -> h.echo("stuck", millis(100)));
      assertEquals(Outcome.UNKNOWN, e.outcome(), e.toString());
      EngineHarness.await("the connection is closed", () -> h.engine().isBroken());
      assertTrue(h.engine().failure().getMessage().contains("cancel_timeout"), h.engine().failure().getMessage());
      assertTrue(h.cancels.get() >= 1, "a cancel was sent");
      SluiceException later = assertThrows(SluiceException.class, () -> h.echo("later", Deadline.NONE));
      assertEquals(Outcome.NOT_SENT, later.outcome());
    }
  }

  @Test
  void noCancelIsSentWhileAnotherRequestHeadsTheQueue() throws Exception {
    try (EngineHarness h = new EngineHarness(16, 300, 30_000)) {
      h.holdReplies();
      int before = h.exchanges();
      Call ahead = h.start("ahead", Deadline.NONE);
      h.awaitExchanges(before + 1);
      Call late = h.start("late", millis(100));
      h.awaitExchanges(before + 2);
      assertInstanceOf(SluiceException.class, late.join());
      assertInstanceOf(SluiceException.class, ahead.join());
      assertEquals(0, h.cancels.get(), "a cancel would have hit the request ahead");
      assertTrue(h.engine().isBroken(), "closed instead, after cancel_timeout");
      assertTrue(h.engine().failure().getMessage().contains("cancel_timeout"), h.engine().failure().getMessage());
    }
  }
}
