package io.sluice.internal.engine;

import io.sluice.ConnectionException;
import io.sluice.QueryTimeoutException;
import io.sluice.ServerException;
import io.sluice.SluiceException.Outcome;
import io.sluice.SluiceException;
import io.sluice.internal.exchanges.ExtendedRequest;
import io.sluice.internal.exchanges.SimpleQueryRequest;
import io.sluice.internal.session.ServerSession;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.ProtocolException;
import io.sluice.protocol.TransactionStatus;
import io.sluice.protocol.WireWriter;
import java.io.EOFException;
import java.io.IOException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Automatic pipelining on one connection. Every request is appended to the output buffer without
 * waiting for earlier replies, with its own Sync, and its replies are matched to it in FIFO
 * order. The engine queues requests and reads replies; its parts do the rest: {@link Outbox}
 * writes (flat-combined), {@link Pin} decides whose turn it is to write (a transaction's pin, an
 * exclusive request), {@link Expiry} cancels requests past their deadline.
 *
 * <p><b>Reading</b> is leader/follower: a waiting caller that gets the read lock reads replies and
 * hands each to the request at the head of the queue, waking that request's owner when it
 * completes; when its own request is done it lets go and wakes the owner of the next one. A lone
 * caller on an idle connection writes and reads on its own thread: no hand-off at all.
 *
 * <p>The number of requests in flight is capped ({@code pipeline_depth}; 1 turns pipelining off).
 */
public final class RequestEngine {
  /**
   * A connection idle this long is checked for input before a request is written to it ({@link
   * #probeIdle}): a backend terminated meanwhile has left its FATAL there, and the request fails as
   * not sent instead of being written to a dead session. Busy connections skip the check; when the
   * FATAL comes as the first reply instead, the request still fails as not sent.
   */
  private static final long PROBE_AFTER_IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
  /** How long readers may look for the server's last words after a failed write ({@link #writeFailed}). */
  private static final long WRITE_FAILURE_GRACE_NANOS = TimeUnit.SECONDS.toNanos(1);

  public final ServerSession s;
  private final ReentrantLock outLock = new ReentrantLock();
  /** The writing side: the output buffer, flat-combined writes, what was written. */
  private final Outbox outbox;
  /** Whose turn it is to write: a thread's pin, an exclusive request, the pinning thread's deferred BEGIN. */
  private final Pin pin;
  private final ConcurrentLinkedQueue<Request> pending = new ConcurrentLinkedQueue<>();
  private final ReentrantLock readLock = new ReentrantLock();
  /** {@code pipeline_depth} slots; the ones taken tell the depth in flight without a counter of their own. */
  private final PipelineSlots slots;
  /** Wakes callers' threads and counts the wakes. */
  private final WakeUps wakeUps = new WakeUps();
  /** The most requests in flight at once so far ({@link #peakInFlight}); written under the output lock. */
  private volatile int peak;
  private volatile SluiceException broken;
  /** Requests in flight that {@link Request#readsItself() read themselves} (streams, portals). */
  private final java.util.concurrent.atomic.AtomicInteger streams = new java.util.concurrent.atomic.AtomicInteger();
  /** When the connection last went idle or read a reply ({@link System#nanoTime()}), for {@link #probeIdle}. */
  private volatile long lastActivity = System.nanoTime();

  /** Where each message from the server goes. */
  private final ReplyDispatcher dispatcher;
  /** Deadlines and cancels. */
  private final Expiry expiry;

  public RequestEngine(ServerSession session, int pipelineDepth, long cancelTimeoutNanos, long pinTimeoutNanos) {
    this.s = session;
    this.pin = new Pin(outLock, () -> broken, pinTimeoutNanos);
    this.dispatcher = new ReplyDispatcher(session, new ReplyDispatcher.Ends() {
      @Override
      public void completed(Request r) {
        complete(r);
      }

      @Override
      public void failed(SluiceException cause, long notStartedSeq) {
        failAll(cause, notStartedSeq);
      }
    });
    this.outbox = new Outbox(session, outLock, this::writeFailed);
    this.expiry = new Expiry(session, pending, outLock, this::failAll, cancelTimeoutNanos);
    this.slots = new PipelineSlots(pipelineDepth, wakeUps);
  }

  /**
   * Requests holding a pipeline slot now: written and waiting for replies, or being written. A
   * snapshot for counters (it reads the slots' semaphore, no counter of its own on the hot path).
   */
  public int inFlight() {
    return slots.taken();
  }

  /** Requests written so far (each with its own Sync). */
  public long requestsSent() {
    return outbox.writtenSeq();
  }

  /** Socket writes so far: requests sent over writes is how many each write carried. */
  public long socketWrites() {
    return outbox.writes();
  }

  /** Threads of callers woken so far (an owner, the next reader, a caller waiting for a slot). */
  public long wakeUps() {
    return wakeUps.count();
  }

  /** The most requests that have been in flight at once on this connection. */
  public int peakInFlight() {
    return peak;
  }

  public ServerSession session() {
    return s;
  }

  /** Whether a stream (forEach, reduce, RowStream) is in flight: statements queued behind it wait for it. */
  public boolean streaming() {
    return streams.get() > 0;
  }

  /**
   * For a pool about to hand out this connection: when nothing is in flight, reads what the server
   * may have sent meanwhile (a FATAL after {@code pg_terminate_backend}, a shutdown); false when the
   * connection is found closed. Cheap: one {@code available()} call when nothing came.
   */
  public boolean checkIdle() {
    outLock.lock();
    try {
      return !pending.isEmpty() || probeIdle();
    } finally {
      outLock.unlock();
    }
  }

  /** Why the connection failed, or null while it has not (or it was closed by a failure of its socket alone). */
  public SluiceException failure() {
    return broken;
  }

  /** Whether the connection has failed; requests then fail as not sent. */
  public boolean isBroken() {
    return broken != null || s.isBroken();
  }

  /**
   * Submits and waits: returns when the request is complete, or throws its failure. Past the
   * deadline the request is cancelled on the server; if
   * the server does not end it within the cancel timeout, the connection is closed, so that no
   * call ever waits without bound.
   */
  public void run(Request r, Deadline deadline) {
    submit(r, deadline);
    finish(r, deadline);
  }

  /**
   * Waits for a submitted request as {@link #run} does: past the deadline it is cancelled, and the
   * connection closed if the server does not end it; then throws its failure, if any.
   */
  public void finish(Request r, Deadline deadline) {
    Deadlines.Timer timer = expiry.arm(r, deadline);
    try {
      await(r, Deadline.NONE);
    } finally {
      if (timer != null) {
        timer.cancel();
      }
    }
    SluiceException e = r.error();
    if (e == null) {
      return;
    }
    if (r.cancelCause() == InFlight.CancelCause.DEADLINE && e instanceof ServerException se
        && se.sqlState().equals("57014")) {
      throw new QueryTimeoutException("the statement ran past its deadline and was cancelled", se);
    }
    throw e;
  }

  /** Cancels whatever the server is running for this connection now (a CancelRequest). */
  public boolean cancelCurrent() {
    return expiry.cancelCurrent();
  }

  /**
   * The consumer of {@code r}'s streamed rows wants no more: stops the server's work on it when a
   * cancel cannot touch anything else; see {@link Expiry#stopEarly}. Returns at once.
   */
  public void stopEarly(Request r) {
    expiry.stopEarly(r, pin::unpinned);
  }


  /**
   * Encodes the request into the output buffer and sends it (or leaves it to the thread already
   * writing). {@code deadline} bounds the wait for a free pipeline slot and for an exclusive request ahead to finish.
   */
  public void submit(Request r, Deadline deadline) {
    submitQueued(r, deadline, false);
    outbox.flushUnlessReaderWill();
  }

  /** {@code inLine}: the caller already waits in the slots' line, for several requests in one turn. */
  private void submitQueued(Request r, Deadline deadline, boolean inLine) {
    refuseBehindOwnStream();
    if (pin.beginPending() && r.owner() != null && !r.acceptsBegin()) {
      beginNow(deadline);
    }
    acquireSlot(deadline, inLine);
    boolean queued = false;
    outLock.lock();
    try {
      Thread me = Thread.currentThread();
      pin.awaitTurn(me, deadline);
      SluiceException b = broken != null ? broken : outbox.failure();
      if (b != null || s.isBroken()) {
        throw new ConnectionException("the connection is closed" + (b == null ? "" : ": " + b.getMessage()),
            Outcome.NOT_SENT, b);
      }
      if (pending.isEmpty() && System.nanoTime() - lastActivity > PROBE_AFTER_IDLE_NANOS && !probeIdle()) {
        b = broken;
        throw new ConnectionException("the connection is closed" + (b == null ? "" : ": " + b.getMessage()),
            Outcome.NOT_SENT, b);
      }
      WireWriter out = outbox.buffer();
      int mark = out.size();
      String begin = r.acceptsBegin() ? pin.pendingBegin() : null;
      int syncs;
      try {
        if (begin != null) {
          encodeBegin(out, begin);
          ((ExtendedRequest) r).replies.expectBegin();
        }
        syncs = r.encode(out);
      } catch (Throwable e) {
        // nothing of a request leaves unless all of it was encoded: the server would read the rest
        // of the stream out of frame (a bytea value could even be read as a message of its own)
        outbox.discardFrom(mark);
        throw Errors.notSent(e);
      }
      if (begin != null) {
        pin.takeBegin();
      }
      int inFlight = slots.taken();
      r.queued(outbox.sealed(), inFlight, syncs);
      if (inFlight > peak) {
        peak = inFlight;
      }
      if (r.readsItself()) {
        streams.incrementAndGet();
      }
      pending.add(r);
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
    if (streams.get() == 0) {
      return;
    }
    Thread me = Thread.currentThread();
    for (Request p : pending) {
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
  public void submitAll(java.util.List<? extends Request> rs, Deadline deadline) {
    if (rs.isEmpty()) {
      return;
    }
    try {
      if (rs.size() > 1 && pin.beginPending()) {
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
   * such a thread as the owner of the next request to read ({@link #wakeNextReader}).
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
        if (broken != null) {
          throw new ConnectionException("the connection is closed: " + broken.getMessage(), Outcome.NOT_SENT, broken);
        }
        if (slots.takeInTurn(me)) {
          return;
        }
        // read when nobody else is: this thread's own replies free the slot it needs (a batch
        // longer than pipeline_depth), and nobody else would read them
        Request head = pending.peek();
        if (head != null && readLock.tryLock()) {
          try {
            readUntil(head);
          } finally {
            readLock.unlock();
          }
          boolean readOn = wakeNextReader();
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
   * Pins the connection to the calling thread (a transaction or a session with state): until
   * {@link #release}, requests from other threads wait before being written, so nothing of theirs
   * runs inside it. Requests written before the pin complete first, in order.
   */
  public void hold(Deadline deadline) {
    outLock.lock();
    try {
      pin.hold(Thread.currentThread(), deadline);
    } finally {
      outLock.unlock();
    }
  }


  /**
   * Defers the BEGIN of the calling thread's transaction (it must hold the connection): it is
   * written in front of the holder's next request, in the same exchange and without a Sync between
   * them, so that a transaction costs no round trip of its own and, should BEGIN fail, the server
   * skips that request. A request with Syncs of its own (simple query, COPY, several requests at
   * once) has BEGIN run alone first.
   */
  public void deferBegin(String sql) {
    pin.deferBegin(sql);
  }


  /**
   * Forgets the calling thread's deferred BEGIN; true when there was one, that is when the
   * transaction has not started on the server (nothing to commit or roll back).
   */
  public boolean dropDeferredBegin() {
    return pin.takeBegin() != null;
  }


  /** Parse, Bind and Execute of the unnamed statement, no Sync: ParseComplete, BindComplete, CommandComplete. */
  private static void encodeBegin(WireWriter out, String sql) {
    new io.sluice.protocol.FrontendMessage.Parse("", sql, new int[0]).encode(out);
    new io.sluice.protocol.FrontendMessage.Bind("", "", new short[0], new byte[0][], new short[0]).encode(out);
    new io.sluice.protocol.FrontendMessage.Execute("", 0).encode(out);
  }

  /** Runs the deferred BEGIN as a request of its own, before a request it cannot go in front of. */
  private void beginNow(Deadline deadline) {
    run(new SimpleQueryRequest(pin.takeBegin(), this), deadline);
  }

  /** Ends the calling thread's pin ({@link #hold}); other threads' requests go ahead. */
  public void release() {
    pin.release();
  }


  /** Whether the calling thread holds the connection ({@link #hold}). */
  public boolean heldByCurrentThread() {
    return pin.heldBy(Thread.currentThread());
  }

  /** The transaction status of the last ReadyForQuery. */
  public TransactionStatus transactionStatus() {
    return s.transactionStatus;
  }

  /**
   * A write failed. Usually the server had already ended the session (a terminated backend closes
   * its socket after its FATAL): the readers are left a moment to find that FATAL, which proves
   * (when it comes before any reply of a request) that the request never started; whatever they
   * find, the connection is closed after {@link #WRITE_FAILURE_GRACE_NANOS}. Nothing more is written.
   */
  private void writeFailed(ConnectionException e) {
    if (pending.isEmpty()) {
      failAll(e);
      return;
    }
    Deadlines.after(WRITE_FAILURE_GRACE_NANOS, () -> Thread.startVirtualThread(() -> failAll(e)));
    for (Request r : pending) {   // someone must read: wake the owners of what is in flight
      Thread t = r.reader();
      if (t != null) {
        wakeUps.wake(t);
      }
    }
  }

  /**
   * Writes one message at once, from the reading thread, for a request that is in an exchange
   * with the server (CopyFail in answer to CopyInResponse, the next Execute of a suspended
   * portal). Such requests are exclusive, so no other request's bytes can follow theirs.
   */
  public void writeNow(io.sluice.protocol.FrontendMessage m) {
    outbox.writeNow(m);
  }

  /**
   * Writes bytes at once for an exclusive request in an exchange with the server (CopyData during
   * COPY FROM STDIN). Nothing else can be written meanwhile: the request holds the barrier.
   */
  public void writeRaw(byte[] b, int off, int len) {
    ConnectionException e = outbox.writeRaw(b, off, len);
    if (e != null) {
      failAll(e);
    }
  }


  /**
   * Reads for {@code r} on this thread, which is not its owner (a helper thread that drains the
   * replies of a COPY while the owner writes): this thread is the one woken when the read lock
   * frees up, so it cannot miss its turn.
   */
  public void readFor(Request r) {
    r.readBy(Thread.currentThread());
    await(r, Deadline.NONE);
  }

  /** Waits for the request, reading replies for everyone while this thread holds the read lock. */
  public void await(Request r, Deadline deadline) {
    while (!r.isFinished()) {
      if (readLock.tryLock()) {
        try {
          readUntil(r);
        } finally {
          readLock.unlock();
        }
        wakeNextReader();
        Request head = pending.peek();
        if (!r.isFinished() && head != null && head != r && head.readsItself() && head.owner() != Thread.currentThread()) {
          // a streamed request ahead of ours is read by its owner: wait to be woken (when the
          // stream ends, its owner lets go of the read lock and wakes the next reader), do not spin
          if (deadline.isNone()) {
            LockSupport.park(this);
          } else {
            LockSupport.parkNanos(this, Math.max(1, deadline.remainingNanos()));
          }
        }
      } else if (deadline.isNone()) {
        LockSupport.park(this);
      } else {
        LockSupport.parkNanos(this, Math.max(1, deadline.remainingNanos()));
      }
    }
  }

  private void readUntil(Request r) {
    readUntil(r, false);
  }

  /**
   * For a request that reads itself (a portal fetched in chunks): reads on this thread until the
   * request completes or ends a chunk ({@link InFlight.State#CHUNK_ENDED}).
   */
  public void awaitChunk(Request r) {
    while (!chunkOver(r)) {
      if (readLock.tryLock()) {
        try {
          readUntil(r, true);
        } finally {
          readLock.unlock();
        }
        wakeNextReader();
      } else {
        LockSupport.park(this);
      }
    }
  }

  /** The request ended, or ended its chunk. */
  private static boolean chunkOver(Request r) {
    InFlight.State st = r.state();
    return st == InFlight.State.CHUNK_ENDED || st.finished();
  }

  private void readUntil(Request r, boolean chunk) {
    FrameReader in = s.reader;
    Thread me = Thread.currentThread();
    try {
      while (true) {
        boolean buffered = in.hasBufferedMessage();
        if ((chunk ? chunkOver(r) : r.isFinished()) && !buffered) {
          // this caller's reply is complete; replies already read from the socket are handed out
          // first (a pipelined burst completes several callers per wake-up), then the reading
          // passes on, and the next reader waits on the socket instead of this caller
          return;
        }
        Request head = pending.peek();
        if (head == null) {
          return;
        }
        if (head.readsItself() && head.owner() != me) {
          return;
        }
        boolean userCode = head.readsItself();   // a stream's rows go to its consumer, however slow
        if (!buffered || userCode) {
          outbox.readerWaits();   // the requests of callers woken meanwhile leave in one write
        }
        int type = next(in);
        if (type < 0 || !dispatchOrFail(head, (byte) type, in)) {
          return;
        }
        if (!userCode) {
          outbox.readerBusy();
        }
      }
    } finally {
      outbox.readerWaits();
    }
  }

  /**
   * Reads on this thread until the connection fails or is closed, even when no request waits:
   * notifications reach their handler as they arrive, and replies go to the requests of other
   * threads as usual (they wait for this thread to read for them). For a connection dedicated to
   * LISTEN, whose requests never {@link Request#readsItself() read themselves}.
   */
  public void pump() {
    readLock.lock();
    try {
      FrameReader in = s.reader;
      while (broken == null && !s.isBroken()) {
        int type = next(in);
        if (type < 0) {
          return;
        }
        Request head = pending.peek();
        boolean ok = dispatchOrFail(head, (byte) type, in);
        if (!ok) {
          return;
        }
      }
    } finally {
      readLock.unlock();
    }
  }

  /**
   * On an idle connection (nothing in flight), reads what the server sent unasked: notices,
   * notifications and parameter changes are handled; a FATAL (the backend was terminated, the
   * server shuts down) or the end of the stream closes the connection; anything else is a protocol
   * violation. Called under the output lock, so nothing can be queued meanwhile; costs one
   * {@code available()} call when nothing came. Returns whether the connection is still usable.
   */
  private boolean probeIdle() {
    if (!readLock.tryLock()) {
      return true;   // a LISTEN pump is reading: it sees whatever comes
    }
    try {
      FrameReader in = s.reader;
      while (broken == null && !s.isBroken() && pending.isEmpty() && waiting(in)) {
        int type = next(in);
        if (type < 0 || !dispatchOrFail(null, (byte) type, in)) {
          break;
        }
      }
      lastActivity = System.nanoTime();
      return broken == null && !s.isBroken();
    } finally {
      readLock.unlock();
    }
  }

  /** Whether bytes from the server wait to be read (an I/O error counts: reading will report it). */
  private boolean waiting(FrameReader in) {
    try {
      return in.buffered() > 0 || s.transport.available() != 0;
    } catch (IOException e) {
      return true;
    }
  }

  /** The next message's type, or -1 when reading failed (the connection is then closed). */
  private int next(FrameReader in) {
    try {
      return in.next();
    } catch (EOFException e) {
      failAll(new ConnectionException(e.getMessage() + " (" + s.transport.describe() + ")", Outcome.UNKNOWN, e));
    } catch (IOException e) {
      failAll(new ConnectionException("could not read from the server: " + e.getMessage()
          + " (" + s.transport.describe() + ")", Outcome.UNKNOWN, e));
    } catch (ProtocolException e) {
      failAll(ReplyDispatcher.violation(e));
    } catch (OutOfMemoryError e) {
      failAll(outOfMemory(e));
    }
    return -1;
  }

  private static ConnectionException outOfMemory(OutOfMemoryError e) {
    return new ConnectionException("ran out of memory while reading the server's reply (" + e.getMessage()
        + "); the connection was closed, as the rest of the reply could not be read", Outcome.UNKNOWN, e);
  }

  /** Dispatches; false when that failed (the connection is then closed). */
  private boolean dispatchOrFail(Request head, byte type, FrameReader in) {
    try {
      return head == null ? dispatcher.unsolicited(type, in) : dispatcher.dispatch(head, type, in);
    } catch (ProtocolException e) {
      failAll(ReplyDispatcher.violation(e));
    } catch (SluiceException e) {
      failAll(e);
    } catch (OutOfMemoryError e) {
      failAll(outOfMemory(e));
    } catch (RuntimeException | Error e) {
      // a handler failed: what was read of the reply is lost, so the rest cannot be matched
      failAll(new ConnectionException("failed while handling the server's reply (" + e
          + "); the connection was closed", Outcome.UNKNOWN, e));
    }
    return false;
  }

  private void complete(Request head) {
    // remove this very request: a failAll from another thread (a deadline) may have taken it out
    // already, and then it has its failure; polling blindly would drop the next caller's request
    if (!pending.remove(head)) {
      return;
    }
    head.completed();
    head.wakeWatcher();
    Request next = pending.peek();
    if (next != null) {
      next.wakeWatcher();   // a deadline waiting for it to head the queue
    }
    slots.release();
    if (head.readsItself()) {
      streams.decrementAndGet();
    }
    lastActivity = System.nanoTime();
    if (head.exclusive()) {
      pin.ended(head);
    }
    Thread owner = head.owner();
    if (owner != null && owner != Thread.currentThread()) {
      wakeUps.wake(owner);
    }
    Thread t = head.reader();
    if (t != null && t != owner && t != Thread.currentThread()) {
      wakeUps.wake(t);
    }
  }

  /**
   * After letting go of the read lock: wakes the reader of the first request still waiting, so
   * that someone reads on. When no request in flight has a reader (all fire-and-forget), the first
   * caller waiting for a slot is woken instead: it reads, as its slot comes from those replies.
   * Returns true, waking nobody, when that reader is the calling thread (the next request is its
   * own, as in a batch): it is awake, and must read on rather than sleep.
   */
  private boolean wakeNextReader() {
    for (Request r : pending) {
      Thread t = r.reader();
      if (t != null && !r.isFinished()) {
        if (t == Thread.currentThread()) {
          return true;
        }
        wakeUps.wake(t);
        return false;
      }
    }
    if (!pending.isEmpty()) {
      slots.wakeFirst();
    }
    return false;
  }

  /** The connection is unusable: close it and fail every request still waiting. */
  void failAll(SluiceException cause) {
    failAll(cause, Long.MAX_VALUE);
  }

  /**
   * As {@link #failAll(SluiceException)}; requests from {@code notStartedSeq} on are known not to
   * have been started by the server and fail as not sent.
   */
  private void failAll(SluiceException cause, long notStartedSeq) {
    synchronized (pending) {
      if (broken == null) {
        broken = cause;
      }
      // the first cause is the one every request gets: closing the socket for a passed deadline
      // also fails the blocked read, whose "could not read" must not replace the real reason
      cause = broken;
    }
    s.markBroken();
    slots.wakeAll();   // they look at broken, even if no request is left to release a slot
    long written = outbox.writtenSeq();
    Request r;
    while ((r = pending.poll()) != null) {
      long seq = r.seq();
      SluiceException e = seq > written
          ? new ConnectionException("the connection failed before this request was sent: " + cause.getMessage(),
              Outcome.NOT_SENT, cause)
          : seq >= notStartedSeq
          ? new ConnectionException(cause.getMessage() + " (before this request was started: it did not run)",
              Outcome.NOT_SENT, cause.getCause() != null ? cause.getCause() : cause)
          : cause;
      if (r.readsItself()) {
        streams.decrementAndGet();
      }
      r.failed(e);
      r.wakeWatcher();
      slots.release();
      Thread owner = r.owner();
      if (owner != null) {
        wakeUps.wake(owner);
      }
      Thread t = r.reader();
      if (t != null && t != owner) {
        wakeUps.wake(t);
      }
    }
    pin.liftAll();
  }

  /**
   * Ends the session: Terminate when nothing is in flight, then the socket is closed; requests
   * still in flight in other threads fail with an unknown outcome.
   */
  public void terminate() {
    if (pending.isEmpty() && broken == null && !s.isBroken()) {
      writeNow(io.sluice.protocol.FrontendMessage.Terminate.INSTANCE);
    }
    failAll(new ConnectionException("the connection was closed", Outcome.UNKNOWN));
  }
}
