package io.sluice.internal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConnectionException;
import io.sluice.SluiceException;
import io.sluice.SluiceException.Outcome;
import io.sluice.internal.engine.EngineHarness.Call;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.WireWriter;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Letting requests onto the connection ({@link Admission}), over an in-memory server: pipelined
 * requests are written in the order they were admitted and each gets its own reply; with every
 * pipeline slot taken the next request waits, unwritten, for a slot (bounded by its deadline);
 * a request is written whole or not at all; and a statement from inside its own thread's stream
 * is refused before it could wait forever.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class AdmissionTest {
  @Test
  void pipelinedRequestsAreWrittenInOrderAndEachGetsItsOwnReply() throws Exception {
    try (EngineHarness h = EngineHarness.standard()) {
      h.holdReplies();
      int before = h.exchanges();
      List<String> tags = List.of("a", "b", "c", "d");
      List<Call> calls = new java.util.ArrayList<>();
      for (int i = 0; i < tags.size(); i++) {
        calls.add(h.start(tags.get(i), Deadline.NONE));
        h.awaitExchanges(before + i + 1);   // each is written before the next starts: a known order
      }
      assertEquals(4, h.engine().inFlight(), "all four in flight at once, none waiting for another's reply");
      h.releaseReplies();
      for (int i = 0; i < tags.size(); i++) {
        assertNull(calls.get(i).join());
        assertEquals(tags.get(i), calls.get(i).result);
      }
      assertEquals(List.of("warm", "a", "b", "c", "d"), h.transport.bound());
      assertEquals(4, h.engine().peakInFlight());
    }
  }

  @Test
  void withEverySlotTakenTheNextRequestWaitsUnwrittenForASlot() throws Exception {
    try (EngineHarness h = new EngineHarness(1, 10_000, 30_000)) {
      h.holdReplies();
      int before = h.exchanges();
      Call first = h.start("first", Deadline.NONE);
      h.awaitExchanges(before + 1);
      Call second = h.start("second", Deadline.NONE);
      EngineHarness.awaitParked(second.thread);
      assertEquals(List.of("warm", "first"), h.transport.bound(), "pipeline_depth=1: the second waits for the slot");
      h.releaseReplies();
      assertNull(first.join());
      assertNull(second.join());
      assertEquals("second", second.result);
      assertEquals(List.of("warm", "first", "second"), h.transport.bound());
      assertEquals(1, h.engine().peakInFlight());
    }
  }

  @Test
  void aWaitForASlotEndsAtTheDeadlineAndNothingIsWritten() throws Exception {
    try (EngineHarness h = new EngineHarness(1, 10_000, 30_000)) {
      h.holdReplies();
      int before = h.exchanges();
      Call first = h.start("first", Deadline.NONE);
      h.awaitExchanges(before + 1);
      // the first call's thread reads (and waits) for it: the second cannot read for it instead
      EngineHarness.awaitParked(first.thread);
      ConnectionException e = assertThrows(ConnectionException.class,
          () -> h.echo("second", Deadline.in(TimeUnit.MILLISECONDS.toNanos(150))));
      assertEquals(Outcome.NOT_SENT, e.outcome());
      assertTrue(e.getMessage().contains("timed out waiting for a pipeline slot"), e.getMessage());
      h.releaseReplies();
      assertNull(first.join());
      assertEquals(List.of("warm", "first"), h.transport.bound());
      assertEquals("third", h.echo("third", Deadline.NONE), "the slot the timed-out call never took is free");
    }
  }

  @Test
  void aRequestThatFailsToEncodeLeavesNothingOnTheWire() throws Exception {
    try (EngineHarness h = EngineHarness.standard()) {
      int writes = h.transport.writeAttempts();
      int exchanges = h.exchanges();
      SluiceException e = assertThrows(SluiceException.class, () -> h.engine().run(new HalfEncoded(), Deadline.NONE));
      assertEquals(Outcome.NOT_SENT, e.outcome());
      assertInstanceOf(IllegalStateException.class, e.getCause());
      assertEquals(writes, h.transport.writeAttempts(), "the Sync it had encoded was dropped, not written");
      assertEquals(exchanges, h.exchanges());
      assertEquals(0, h.engine().inFlight(), "its slot was given back");
      assertEquals("next", h.echo("next", Deadline.NONE), "the stream stays in frame: the next request works");
    }
  }

  @Test
  void aStatementFromInsideItsOwnStreamIsRefusedAtOnce() {
    try (EngineHarness h = EngineHarness.standard()) {
      AtomicReference<Throwable> inner = new AtomicReference<>();
      h.statements.query(EngineHarness.ECHO, new Object[] {"outer"}, (b, off, len) -> {
        try {
          h.echo("inner", Deadline.NONE);
        } catch (Throwable t) {
          inner.set(t);
        }
      }, true, Deadline.NONE);
      ConnectionException e = assertInstanceOf(ConnectionException.class, inner.get());
      assertEquals(Outcome.NOT_SENT, e.outcome());
      assertTrue(e.getMessage().contains("from inside a stream of rows"), e.getMessage());
      assertEquals(List.of("warm", "outer"), h.transport.bound());
      assertEquals("after", h.echo("after", Deadline.NONE));
    }
  }

  /** A request whose encoding fails after it wrote a Sync: an application's value that throws mid-encode. */
  private static final class HalfEncoded extends Request {
    HalfEncoded() {
      super(true);
    }

    @Override
    protected int encode(WireWriter out) {
      FrontendMessage.Sync.INSTANCE.encode(out);
      throw new IllegalStateException("a lazy collection failed while it was read");
    }

    @Override
    protected ReplyOrder replyOrder() {
      return ReplyOrder.NONE;
    }

    @Override
    protected void onMessage(byte type, FrameReader frame) {}
  }
}
