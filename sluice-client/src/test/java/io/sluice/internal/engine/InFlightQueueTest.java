package io.sluice.internal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.SluiceException;
import io.sluice.SluiceException.Outcome;
import io.sluice.internal.engine.EngineHarness.Call;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How requests in flight end ({@link InFlightQueue}) when the connection does, over an in-memory
 * server that holds its replies: each ends once, with the connection's first failure; what was
 * written has an unknown outcome, what comes after is not sent.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class InFlightQueueTest {
  @Test
  void terminateFailsWhatIsInFlightWithAnUnknownOutcome() throws Exception {
    try (EngineHarness h = EngineHarness.standard()) {
      h.holdReplies();
      int before = h.exchanges();
      Call inFlight = h.start("in-flight", Deadline.NONE);
      h.awaitExchanges(before + 1);
      h.engine().terminate();
      SluiceException e = assertInstanceOf(SluiceException.class, inFlight.join());
      assertEquals(Outcome.UNKNOWN, e.outcome(), "it was written: the server may have run it");
      assertTrue(h.engine().isBroken());
      assertEquals(0, h.engine().inFlight(), "its slot was given back");
      SluiceException later = assertThrows(SluiceException.class, () -> h.echo("later", Deadline.NONE));
      assertEquals(Outcome.NOT_SENT, later.outcome());
    }
  }

  @Test
  void everyRequestInFlightGetsTheConnectionsFirstFailure() throws Exception {
    try (EngineHarness h = EngineHarness.standard()) {
      h.holdReplies();
      int before = h.exchanges();
      Call a = h.start("a", Deadline.NONE);
      h.awaitExchanges(before + 1);
      Call b = h.start("b", Deadline.NONE);
      h.awaitExchanges(before + 2);
      h.memory.close();   // the server goes away: the blocked read fails
      SluiceException ea = assertInstanceOf(SluiceException.class, a.join());
      SluiceException eb = assertInstanceOf(SluiceException.class, b.join());
      assertEquals(ea.getMessage(), eb.getMessage(), "one failure, the same for both");
      assertEquals(Outcome.UNKNOWN, eb.outcome());
      SluiceException first = h.engine().failure();
      h.engine().terminate();
      assertSame(first, h.engine().failure(), "closing later does not replace the reason it failed");
    }
  }
}
