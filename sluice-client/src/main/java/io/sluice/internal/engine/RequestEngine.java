package io.sluice.internal.engine;

import io.sluice.ConnectionException;
import io.sluice.QueryTimeoutException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.protocol.TransactionStatus;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Automatic pipelining on one connection. Every request is appended to the output buffer without
 * waiting for earlier replies, with its own Sync, and its replies are matched to it in FIFO
 * order. The engine is the connection's one door to its parts, each with one job: {@link
 * Admission} lets a request in (a pipeline slot, its turn, encoded whole), {@link InFlightQueue}
 * keeps what is in flight and ends each request once, {@link ReplyReader} reads replies
 * leader/follower style, {@link Outbox} writes (flat-combined), {@link Pin} decides whose turn it
 * is to write (a transaction's pin, an exclusive request), {@link Expiry} cancels requests past
 * their deadline.
 *
 * <p>A lone caller on an idle connection writes and reads on its own thread: no hand-off at all.
 * The number of requests in flight is capped ({@code pipeline_depth}; 1 turns pipelining off).
 */
public final class RequestEngine {
  private final ServerSession s;
  private final ReentrantLock outLock = new ReentrantLock();
  /** The writing side: the output buffer, flat-combined writes, what was written. */
  private final Outbox outbox;
  /** Whose turn it is to write: a thread's pin, an exclusive request, the pinning thread's deferred BEGIN. */
  private final Pin pin;
  /** {@code pipeline_depth} slots; the ones taken tell the depth in flight without a counter of their own. */
  private final PipelineSlots slots;
  /** Wakes callers' threads and counts the wakes. */
  private final WakeUps wakeUps = new WakeUps();
  /** The requests in flight, and how each ends. */
  private final InFlightQueue queue;
  /** Reads replies. */
  private final ReplyReader reader;
  /** Lets requests in. */
  private final Admission admission;
  /** Deadlines and cancels. */
  private final Expiry expiry;

  private volatile java.util.function.Function<String, Request> beginAlone;

  public RequestEngine(ServerSession session, EngineSettings settings) {
    this.s = session;
    // the pin and the outbox report to the queue, built after them
    this.pin = new Pin(outLock, this::failure, settings.pinTimeoutNanos());
    this.outbox = new Outbox(session, outLock, this::writeFailed);
    this.slots = new PipelineSlots(settings.pipelineDepth(), wakeUps);
    this.queue = new InFlightQueue(session, slots, pin, outbox, wakeUps);
    EngineParts parts = new EngineParts(session, outLock, new ReentrantLock(), outbox, pin, slots, wakeUps, queue);
    this.reader = new ReplyReader(parts);
    this.admission = new Admission(parts, reader, this);
    this.expiry = new Expiry(session, queue.requests(), outLock, queue::failAll, settings.cancelTimeoutNanos());
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
    return admission.peak();
  }

  public ServerSession session() {
    return s;
  }

  /** Whether a stream (forEach, reduce, RowStream) is in flight: statements queued behind it wait for it. */
  public boolean streaming() {
    return queue.streaming();
  }

  /**
   * For a pool about to hand out this connection: when nothing is in flight, reads what the server
   * may have sent meanwhile (a FATAL after {@code pg_terminate_backend}, a shutdown); false when the
   * connection is found closed. Cheap: one {@code available()} call when nothing came.
   */
  public boolean checkIdle() {
    outLock.lock();
    try {
      return !queue.isEmpty() || reader.probeIdle();
    } finally {
      outLock.unlock();
    }
  }

  /** Why the connection is not open (it failed, or it was closed), or null while it is. */
  public SluiceException failure() {
    return s.state().cause();
  }

  /** A write failed ({@link InFlightQueue#writeFailed}). */
  private void writeFailed(ConnectionException e) {
    queue.writeFailed(e);
  }

  /**
   * Whether the connection has failed; requests then fail as not sent. A failed write counts at
   * once: nothing is written after it, even while the readers still have a grace period to read the
   * server's last words for what was in flight ({@link InFlightQueue#writeFailed}).
   */
  public boolean isBroken() {
    return s.isBroken();
  }

  /** Whether its owner closed it ({@link #terminate}); a connection that failed is broken, not closed, until then. */
  public boolean isClosed() {
    return s.state().phase() == ConnectionState.Phase.CLOSED;
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
    boolean left = false;
    try {
      if (timer == null || r.readsItself()) {
        reader.await(r);
      } else if (!reader.awaitUntil(r, Deadline.in(Math.max(1, deadline.remainingNanos() + CancelGrace.of(deadline))))) {
        if (queue.peek() == r) {
          // the server is running it and has not answered the cancel: the caller is not kept; the
          // deadline's timer stays, as a starved timer thread may not have sent the cancel yet
          left = true;
          throw CancelGrace.leave(r, deadline, reader::readFor);
        }
        reader.await(r);   // not begun by the server yet: its outcome is still to be had
      }
    } finally {
      if (timer != null && !left) {
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
    admission.submit(r, deadline);
  }

  /**
   * From now on the calling thread's armed {@link Trailer} follows its requests on this connection
   * (a routing pool's connections); other connections never look for one.
   */
  public void acceptTrailers() {
    admission.acceptTrailers();
  }

  /**
   * Submits several requests in order, sent in one write when nothing else is being written; each
   * is all or nothing on its own ({@link Admission#submitAll}).
   */
  public void submitAll(List<? extends Request> rs, Deadline deadline) {
    admission.submitAll(rs, deadline);
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
   * Defers a SAVEPOINT to the front of the calling thread's next request, as {@link #deferBegin}
   * does BEGIN (behind it when both are deferred): the JDBC driver's autosave sets one before each
   * statement of a transaction at no round trip's cost. The thread must hold the connection.
   */
  public void deferSavepoint(String sql) {
    pin.deferSavepoint(sql);
  }

  /**
   * How a deferred BEGIN runs alone, when it cannot go in front of the next request: a simple
   * query, which the exchanges above this engine build. Set once by the layer that builds the
   * engine for statements; an engine without it never has a BEGIN deferred.
   */
  public void runBeginAloneWith(java.util.function.Function<String, Request> simpleQuery) {
    this.beginAlone = simpleQuery;
  }

  Request beginAlone(String sql) {
    if (beginAlone == null) {
      throw new IllegalStateException("a BEGIN was deferred on an engine that cannot run one alone");
    }
    return beginAlone.apply(sql);
  }

  /**
   * Forgets the calling thread's deferred BEGIN (and any savepoint deferred behind it); true when
   * there was one, that is when the transaction has not started on the server (nothing to commit
   * or roll back).
   */
  public boolean dropDeferredBegin() {
    return pin.takeBegin() != null;
  }

  /**
   * Takes another thread's pin ({@link #hold}) over for the calling thread, with its deferred
   * BEGIN; nothing when no thread or this one holds it. Only for an owner whose transaction is not
   * tied to a thread (a JDBC connection), which ensures the old holder writes nothing more.
   */
  public void takeOverHold() {
    outLock.lock();
    try {
      pin.moveTo(Thread.currentThread());
    } finally {
      outLock.unlock();
    }
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
    return s.transactionStatus();
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
      queue.failAll(e);
    }
  }

  /**
   * Reads for {@code r} on this thread, which is not its owner (a helper thread that drains the
   * replies of a COPY while the owner writes): this thread is the one woken when the read lock
   * frees up, so it cannot miss its turn.
   */
  public void readFor(Request r) {
    reader.readFor(r);
  }

  /** Waits for the request, reading replies for everyone while this thread holds the read lock. */
  public void await(Request r) {
    reader.await(r);
  }

  /**
   * For a request that reads itself (a portal fetched in chunks): reads on this thread until the
   * request completes or ends a chunk ({@link InFlight.State#CHUNK_ENDED}).
   */
  public void awaitChunk(Request r) {
    reader.awaitChunk(r);
  }

  /**
   * Reads on this thread until the connection fails or is closed, even when no request waits:
   * notifications reach their handler as they arrive ({@link ReplyReader#pump}).
   */
  public void pump() {
    reader.pump();
  }

  /**
   * Blocks until the server sends something (left buffered for {@link #checkIdle} or the next
   * reader), or the connection fails or is closed ({@link ReplyReader#awaitInput}); false, at
   * once, while requests are in flight.
   */
  public boolean awaitInput() {
    return reader.awaitInput();
  }

  /**
   * Ends the session: Terminate when it was open with nothing in flight, then the socket is
   * closed; requests still in flight in other threads fail with an unknown outcome. Once CLOSED
   * no request is admitted, so the queue stays as it was looked at; a second call does nothing.
   */
  public void terminate() {
    boolean wasOpen = s.state().close();
    if (wasOpen && queue.isEmpty() && s.transport().isOpen()) {
      writeNow(io.sluice.protocol.FrontendMessage.Terminate.INSTANCE);
    }
    queue.failAll(s.state().cause());
  }
}
