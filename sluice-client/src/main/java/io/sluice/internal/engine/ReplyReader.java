package io.sluice.internal.engine;

import io.sluice.ConnectionException;
import io.sluice.SluiceException.Outcome;
import io.sluice.SluiceException;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.ProtocolException;
import java.io.EOFException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Reads one connection's replies, leader/follower style: a waiting caller that gets the read lock
 * reads replies and hands each to the request at the head of the queue ({@link ReplyDispatcher}),
 * waking that request's owner when it completes; when its own request is done it lets go and wakes
 * the reader of the next one. A lone caller on an idle connection writes and reads on its own
 * thread: no hand-off at all. While it hands out replies already buffered, the callers it woke
 * append their requests without writing ({@link Outbox#readerBusy}); they leave in one write before
 * it waits on the socket again.
 */
final class ReplyReader {
  private final ServerSession s;
  private final ReentrantLock readLock;
  private final Outbox outbox;
  private final PipelineSlots slots;
  private final WakeUps wakeUps;
  private final InFlightQueue queue;
  /** Where each message from the server goes. */
  private final ReplyDispatcher dispatcher;
  /**
   * Callers this reader woke since it last let their requests leave ({@link #letWokenAppend});
   * touched only under the read lock.
   */
  private int wokenSinceWrite;

  ReplyReader(EngineParts p) {
    this.s = p.session();
    this.readLock = p.readLock();
    this.outbox = p.outbox();
    this.slots = p.slots();
    this.wakeUps = p.wakeUps();
    this.queue = p.queue();
    InFlightQueue q = p.queue();
    this.dispatcher = new ReplyDispatcher(s, new ReplyDispatcher.Ends() {
      @Override
      public void completed(Request r) {
        Thread owner = r.owner();
        if (owner != null && owner != Thread.currentThread()) {
          wokenSinceWrite++;   // under the read lock: only the reader dispatches
        }
        q.complete(r);
      }

      @Override
      public void failed(SluiceException cause, long notStartedSeq) {
        q.failAll(cause, notStartedSeq);
      }
    });
  }

  /**
   * Reads for {@code r} on this thread, which is not its owner (a helper thread that drains the
   * replies of a COPY while the owner writes): this thread is the one woken when the read lock
   * frees up, so it cannot miss its turn.
   */
  void readFor(Request r) {
    r.readBy(Thread.currentThread());
    await(r);
  }

  /** Waits for the request, reading replies for everyone while this thread holds the read lock. */
  void await(Request r) {
    awaitUntil(r, Deadline.NONE);
  }

  /**
   * Waits as {@link #await} does, but no later than {@code leave}: returns whether {@code r}
   * finished. A reader waiting on the socket stops at {@code leave} where the transport can bound
   * its reads ({@link io.sluice.internal.net.Transport#readTimeout}); elsewhere it waits for the
   * server as {@link #await} does. Nothing read is lost: a message half read stays buffered for
   * the next reader. With {@link Deadline#NONE}, it waits until {@code r} finishes.
   */
  boolean awaitUntil(Request r, Deadline leave) {
    while (!r.isFinished()) {
      if (leave.passed()) {
        return false;
      }
      if (readLock.tryLock()) {
        try {
          readUntil(r, false, leave);
        } finally {
          readLock.unlock();
        }
        wakeNextReader();
        Request head = queue.peek();
        if (!r.isFinished() && head != null && head != r && head.readsItself()
            && head.owner() != Thread.currentThread()) {
          // a streamed request ahead of ours is read by its owner: wait to be woken (when the
          // stream ends, its owner lets go of the read lock and wakes the next reader), do not spin
          park(leave);
        }
      } else {
        park(leave);
      }
    }
    return true;
  }

  private void park(Deadline leave) {
    if (leave.isNone()) {
      LockSupport.park(this);
    } else {
      LockSupport.parkNanos(this, Math.max(1, leave.remainingNanos()));
    }
  }

  /** Reads until {@code r} is finished, or someone else must read on; under the read lock. */
  void readUntil(Request r) {
    readUntil(r, false, Deadline.NONE);
  }

  /**
   * For a request that reads itself (a portal fetched in chunks): reads on this thread until the
   * request completes or ends a chunk ({@link InFlight.State#CHUNK_ENDED}).
   */
  void awaitChunk(Request r) {
    while (!chunkOver(r)) {
      if (readLock.tryLock()) {
        try {
          readUntil(r, true, Deadline.NONE);
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

  private void readUntil(Request r, boolean chunk, Deadline leave) {
    FrameReader in = s.frames();
    Thread me = Thread.currentThread();
    try {
      while (true) {
        boolean buffered = in.hasBufferedMessage();
        if ((chunk ? chunkOver(r) : r.isFinished()) && !buffered) {
          // this caller's reply is complete; replies already read from the socket are handed out
          // first (a pipelined burst completes several callers per wake-up), then the reading
          // passes on, and the next reader waits on the socket instead of this caller
          letWokenAppend();
          return;
        }
        Request head = queue.peek();
        if (head == null) {
          return;
        }
        if (head.readsItself() && head.owner() != me) {
          return;
        }
        boolean userCode = head.readsItself();   // a stream's rows go to its consumer, however slow
        if (!buffered || userCode) {
          if (!userCode) {
            letWokenAppend();
          }
          outbox.readerWaits();   // the requests of callers woken meanwhile leave in one write
        }
        int type = leave.isNone() ? next(in) : nextBefore(in, leave);
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
   * Before the reader writes what callers appended while it handed out replies ({@link
   * Outbox#readerWaits}): if it woke callers since its last write and runs on a virtual thread, it
   * yields its carrier once, so that those callers — queued on this carrier by the wakes — run
   * first and append their next requests, which then leave in that one write rather than in a
   * socket write each. Without it a burst of k replies cost k writes (64 callers on one connection
   * sent 1.19 requests per write): each woken caller ran after the reader had written and found no
   * reader busy. A yield is no wake-up: nobody else is unparked, and a caller that does not submit
   * again (it returns to work of its own) only delays the write by its turn on the carrier.
   */
  private void letWokenAppend() {
    if (wokenSinceWrite > 0) {
      wokenSinceWrite = 0;
      if (outbox.readerIsBusy() && Thread.currentThread().isVirtual()) {
        Thread.yield();
      }
    }
  }

  /**
   * Reads on this thread until the connection fails or is closed, even when no request waits:
   * notifications reach their handler as they arrive, and replies go to the requests of other
   * threads as usual (they wait for this thread to read for them). For a connection dedicated to
   * LISTEN, whose requests never {@link Request#readsItself() read themselves}.
   */
  void pump() {
    readLock.lock();
    try {
      FrameReader in = s.frames();
      while (s.isReadable()) {
        int type = next(in);
        if (type < 0) {
          return;
        }
        Request head = queue.peek();
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
   * Blocks until the server sends something, the connection fails or it is closed, taking no
   * message: the bytes stay buffered for whoever reads next ({@link #probeIdle}, or the reader of
   * a request written meanwhile, which this wakes on its way out). For a caller waiting for a
   * NotificationResponse on a connection that is otherwise idle; it holds the read lock while it
   * waits, so callers of requests written meanwhile wait for its bytes like for any reader's.
   * Returns false at once, without waiting, while requests are in flight: their readers read
   * whatever comes (a stream's rows may then lie buffered for a while, which would wake a waiter
   * again and again).
   */
  boolean awaitInput() {
    boolean waited = false;
    readLock.lock();
    try {
      if (!s.isBroken() && queue.isEmpty()) {
        waited = true;
        s.frames().awaitInput();
      }
    } catch (IOException e) {
      readFailed(e);
    } finally {
      readLock.unlock();
    }
    wakeNextReader();
    return waited;
  }

  /**
   * On an idle connection (nothing in flight), reads what the server sent unasked: notices,
   * notifications and parameter changes are handled; a FATAL (the backend was terminated, the
   * server shuts down) or the end of the stream closes the connection; anything else is a protocol
   * violation. Called under the output lock, so nothing can be queued meanwhile; costs one
   * {@code available()} call when nothing came. Returns whether the connection is still usable.
   */
  boolean probeIdle() {
    if (!readLock.tryLock()) {
      return true;   // a LISTEN pump is reading: it sees whatever comes
    }
    try {
      FrameReader in = s.frames();
      while (!s.isBroken() && queue.isEmpty() && waiting(in)) {
        int type = next(in);
        if (type < 0 || !dispatchOrFail(null, (byte) type, in)) {
          break;
        }
      }
      queue.active();
      return !s.isBroken();
    } finally {
      readLock.unlock();
    }
  }

  /** Whether bytes from the server wait to be read (an I/O error counts: reading will report it). */
  private boolean waiting(FrameReader in) {
    try {
      return in.buffered() > 0 || s.transport().available() != 0;
    } catch (IOException e) {
      return true;
    }
  }

  /**
   * {@link #next} with each read bounded by {@code leave}: -2, the connection untouched, when
   * nothing came in time (what did come stays buffered in the frame reader, whose position moves
   * only once a whole message is in).
   */
  private int nextBefore(FrameReader in, Deadline leave) {
    if (in.hasBufferedMessage()) {
      return next(in);
    }
    long ms = TimeUnit.NANOSECONDS.toMillis(leave.remainingNanos() + 999_999);
    if (ms <= 0) {
      return -2;
    }
    if (!s.transport().readTimeout((int) Math.min(Integer.MAX_VALUE, ms))) {
      return next(in);
    }
    try {
      return next(in, true);
    } finally {
      s.transport().readTimeout(0);
    }
  }

  /** The next message's type, or -1 when reading failed (the connection is then closed). */
  private int next(FrameReader in) {
    return next(in, false);
  }

  /** As {@link #next(FrameReader)}; {@code timed}: -2 for a read that timed out, nothing failed. */
  private int next(FrameReader in, boolean timed) {
    try {
      return in.next();
    } catch (SocketTimeoutException e) {
      if (!timed) {
        readFailed(e);
        return -1;
      }
      return -2;
    } catch (ProtocolException e) {
      queue.failAll(ReplyDispatcher.violation(e));
    } catch (IOException e) {
      readFailed(e);
    } catch (OutOfMemoryError e) {
      queue.failAll(outOfMemory(e));
    }
    return -1;
  }

  /** Reading from the socket failed: every request fails, and the connection is closed. */
  private void readFailed(IOException e) {
    String why = e instanceof EOFException ? e.getMessage() : "could not read from the server: " + e.getMessage();
    queue.failAll(new ConnectionException(why + " (" + s.describe() + ")", Outcome.UNKNOWN, e));
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
      queue.failAll(ReplyDispatcher.violation(e));
    } catch (SluiceException e) {
      queue.failAll(e);
    } catch (OutOfMemoryError e) {
      queue.failAll(outOfMemory(e));
    } catch (RuntimeException | Error e) {
      // a handler failed: what was read of the reply is lost, so the rest cannot be matched
      queue.failAll(new ConnectionException("failed while handling the server's reply (" + e
          + "); the connection was closed", Outcome.UNKNOWN, e));
    }
    return false;
  }

  /**
   * After letting go of the read lock: wakes the reader of the first request still waiting, so
   * that someone reads on. When no request in flight has a reader (all fire-and-forget), the first
   * caller waiting for a slot is woken instead: it reads, as its slot comes from those replies.
   * Returns true, waking nobody, when that reader is the calling thread (the next request is its
   * own, as in a batch): it is awake, and must read on rather than sleep.
   */
  boolean wakeNextReader() {
    for (Request r : queue.requests()) {
      Thread t = r.reader();
      if (t != null && !r.isFinished()) {
        if (t == Thread.currentThread()) {
          return true;
        }
        wakeUps.wake(t);
        return false;
      }
    }
    if (!queue.isEmpty()) {
      slots.wakeFirst();
    }
    return false;
  }
}
