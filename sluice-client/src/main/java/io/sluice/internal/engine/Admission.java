package io.sluice.internal.engine;

import io.sluice.ConnectionException;
import io.sluice.SluiceException.Outcome;
import io.sluice.SluiceException;
import io.sluice.protocol.WireWriter;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Lets requests onto the connection: each takes a pipeline slot ({@link PipelineSlots}), waits
 * for its turn to write ({@link Pin}), is encoded whole into the output buffer or not at all, and
 * is queued for its replies ({@link InFlightQueue}). A transaction's deferred BEGIN goes in front
 * of the request that can carry it, or runs alone first.
 */
final class Admission {
  /**
   * A connection idle this long is checked for input before a request is written to it ({@link
   * ReplyReader#probeIdle}): a backend terminated meanwhile has left its FATAL there, and the
   * request fails as not sent instead of being written to a dead session. Busy connections skip
   * the check; when the FATAL comes as the first reply instead, the request still fails as not sent.
   */
  private static final long PROBE_AFTER_IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final ServerSession s;
  private final ReentrantLock outLock;
  private final ReentrantLock readLock;
  private final Outbox outbox;
  private final Pin pin;
  private final PipelineSlots slots;
  private final InFlightQueue queue;
  private final ReplyReader reader;
  /** Runs a deferred BEGIN as a request of its own. */
  private final RequestEngine engine;
  /** Whether this connection queues the calling thread's armed {@link Trailer}s (a routing pool's). */
  private volatile boolean trailers;
  /** The most requests in flight at once so far ({@link #peak}); written under the output lock. */
  private volatile int peak;

  Admission(EngineParts p, ReplyReader reader, RequestEngine engine) {
    this.s = p.session();
    this.outLock = p.outLock();
    this.readLock = p.readLock();
    this.outbox = p.outbox();
    this.pin = p.pin();
    this.slots = p.slots();
    this.queue = p.queue();
    this.reader = reader;
    this.engine = engine;
  }

  /** The most requests that have been in flight at once on this connection. */
  int peak() {
    return peak;
  }

  /**
   * Encodes the request into the output buffer and sends it (or leaves it to the thread already
   * writing). {@code deadline} bounds the wait for a free pipeline slot and for an exclusive request ahead to finish.
   */
  void submit(Request r, Deadline deadline) {
    submitQueued(r, deadline, false);
    if (trailers) {
      trail(r, deadline);
    }
    outbox.flushUnlessReaderWill();
  }

  void acceptTrailers() {
    trailers = true;
  }

  /**
   * Queues the calling thread's armed trailer behind {@code r}, before the write is flushed. Other
   * callers' requests may land between the two; the trailer still comes after {@code r}'s Sync,
   * which is all it needs. A request that reads itself (a stream) or holds the connection alone
   * (COPY) cannot be followed: the trailer notes the miss and its owner asks after the call.
   */
  private void trail(Request r, Deadline deadline) {
    Trailer t = Trailer.armed();
    if (t == null || !t.follows(r)) {
      return;
    }
    if (r.state() == InFlight.State.NEW || r.failure() != null) {
      t.missed();   // never sent (the others of a batch may have been)
      return;
    }
    if (r.readsItself() || r.exclusive()) {
      t.missed();
      return;
    }
    Request x = t.make(engine);
    try {
      submitQueued(x, deadline, false);
      t.queued(engine, x);
    } catch (SluiceException e) {
      t.missed();
    }
  }

  /** {@code inLine}: the caller already waits in the slots' line, for several requests in one turn. */
  private void submitQueued(Request r, Deadline deadline, boolean inLine) {
    refuseBehindOwnStream();
    if (pin.preludePending() && r.owner() != null && !r.acceptsBegin()) {
      beginNow(deadline);
    }
    acquireSlot(deadline, inLine);
    boolean queued = false;
    outLock.lock();
    try {
      Thread me = Thread.currentThread();
      pin.awaitTurn(me, deadline);
      if (s.isBroken()) {
        SluiceException b = queue.broken();
        throw new ConnectionException("the connection is closed" + (b == null ? "" : ": " + b.getMessage()),
            Outcome.NOT_SENT, b);
      }
      if (queue.isEmpty() && queue.idleLongerThan(PROBE_AFTER_IDLE_NANOS) && !reader.probeIdle()) {
        SluiceException b = queue.broken();
        throw new ConnectionException("the connection is closed" + (b == null ? "" : ": " + b.getMessage()),
            Outcome.NOT_SENT, b);
      }
      WireWriter out = outbox.buffer();
      int mark = out.size();
      Prelude prelude = r.acceptsBegin() ? pin.pendingPrelude() : null;
      int syncs;
      try {
        if (prelude != null) {
          encodePrelude(out, prelude);
          r.expectBegin(prelude.statements());
        }
        syncs = r.encode(out);
      } catch (Throwable e) {
        // nothing of a request leaves unless all of it was encoded: the server would read the rest
        // of the stream out of frame (a bytea value could even be read as a message of its own)
        outbox.discardFrom(mark);
        throw Errors.notSent(e);
      }
      if (prelude != null) {
        pin.takePrelude();
      }
      int inFlight = slots.taken();
      r.queued(outbox.sealed(), inFlight, syncs);
      if (inFlight > peak) {
        peak = inFlight;
      }
      queue.add(r);
      queued = true;
      if (r.exclusive()) {
        pin.exclusive(r);
      }
    } finally {
      outLock.unlock();
      if (!queued) {
        slots.release();
      }
    }
  }

  /**
   * A request from a thread whose own stream is still in flight on this connection would wait for
   * replies that come after the stream's, which only this thread reads: it would never return.
   * Refused at once instead (a statement run from inside a {@code forEach} callback or while a
   * {@code RowStream} is open, on the same connection).
   */
  private void refuseBehindOwnStream() {
    if (!queue.streaming()) {
      return;
    }
    Thread me = Thread.currentThread();
    for (Request p : queue.requests()) {
      if (p.owner() == me && p.readsItself() && !p.isFinished()) {
        throw new ConnectionException("a statement cannot run on a connection from inside a stream of rows of "
            + "the same connection (a forEach/reduce callback, an open RowStream, a plan being reduced): its "
            + "reply would come after the rest of the stream, which this thread has not read yet. Run it on "
            + "another connection (a Pool), or collect the rows first (query) and then run it", Outcome.NOT_SENT);
      }
    }
  }

  /**
   * Submits several requests in order, sent in one write when nothing else is being written. Each
   * is all or nothing on its own: one that cannot be sent (its encoding failed, the connection
   * closed meanwhile) is completed with that failure, and the others go ahead, so that its owner
   * learns the outcome of each from the request itself and none is sent behind the caller's back.
   */
  void submitAll(List<? extends Request> rs, Deadline deadline) {
    if (rs.isEmpty()) {
      return;
    }
    try {
      if (rs.size() > 1 && pin.preludePending()) {
        // each request has its own Sync: had BEGIN failed in front of the first, the others would
        // run outside the transaction
        beginNow(deadline);
      }
    } catch (SluiceException e) {
      rs.forEach(r -> notSubmitted(r, e));
      return;
    }
    // one turn in the slots' line for all of them: the batch leaves together, in one write when
    // the slots are there, rather than one request per turn behind every other caller
    Thread me = Thread.currentThread();
    slots.enter(me);
    try {
      for (Request r : rs) {
        try {
          submitQueued(r, deadline, true);
        } catch (SluiceException e) {
          notSubmitted(r, e);
        }
      }
    } finally {
      slots.leave(me);
      if (trailers) {
        trail(rs.get(rs.size() - 1), deadline);
      }
      outbox.flushUnlessReaderWill();
    }
  }

  /** Completes a request that was never queued with the reason it was not. */
  private static void notSubmitted(Request r, SluiceException e) {
    r.failed(e);
  }

  /**
   * Takes a pipeline slot. When all are taken, the caller waits in line ({@link PipelineSlots}),
   * and reads replies while nobody else does: a single thread submitting more than {@code
   * pipeline_depth} requests must not wait for replies nobody reads (its own batch's). Readers wake
   * such a thread as the owner of the next request to read ({@link ReplyReader#wakeNextReader}).
   */
  private void acquireSlot(Deadline deadline, boolean inLine) {
    Thread me = Thread.currentThread();
    if (inLine ? slots.takeInTurn(me) : slots.tryTake()) {
      return;
    }
    outbox.flush();
    // in line before looking, so that a release between the look and the park is not lost
    // (its unpark leaves a permit, and the park returns at once)
    if (!inLine) {
      slots.enter(me);
    }
    try {
      while (true) {
        SluiceException broken = queue.broken();
        if (broken != null) {
          throw new ConnectionException("the connection is closed: " + broken.getMessage(), Outcome.NOT_SENT, broken);
        }
        if (slots.takeInTurn(me)) {
          return;
        }
        // read when nobody else is: this thread's own replies free the slot it needs (a batch
        // longer than pipeline_depth), and nobody else would read them
        Request head = queue.peek();
        if (head != null && readLock.tryLock()) {
          try {
            reader.readUntil(head);
          } finally {
            readLock.unlock();
          }
          boolean readOn = reader.wakeNextReader();
          if (slots.takeInTurn(me)) {
            return;
          }
          if (readOn) {
            continue;   // the next request to read is this thread's own (its batch): read on, do not sleep
          }
        }
        if (Thread.interrupted()) {
          Thread.currentThread().interrupt();
          throw new ConnectionException("interrupted before the request was sent", Outcome.NOT_SENT);
        }
        if (deadline.isNone()) {
          LockSupport.park(this);
        } else {
          long left = deadline.remainingNanos();
          if (left <= 0) {
            throw new ConnectionException("timed out waiting for a pipeline slot (pipeline_depth requests in flight)",
                Outcome.NOT_SENT);
          }
          LockSupport.parkNanos(this, left);
        }
      }
    } finally {
      if (!inLine) {
        slots.leave(me);
      }
    }
  }

  /**
   * Parse, Bind and Execute of the unnamed statement for each statement of the prelude, no Sync:
   * ParseComplete, BindComplete, CommandComplete each.
   */
  private static void encodePrelude(WireWriter out, Prelude prelude) {
    for (String sql : prelude.sql()) {
      new io.sluice.protocol.FrontendMessage.Parse("", sql, new int[0]).encode(out);
      new io.sluice.protocol.FrontendMessage.Bind("", "", new short[0], new byte[0][], new short[0]).encode(out);
      new io.sluice.protocol.FrontendMessage.Execute("", 0).encode(out);
    }
  }

  /** Runs the deferred prelude as a request of its own, before a request it cannot go in front of. */
  private void beginNow(Deadline deadline) {
    engine.run(engine.beginAlone(pin.takePrelude().joined()), deadline);
  }
}
