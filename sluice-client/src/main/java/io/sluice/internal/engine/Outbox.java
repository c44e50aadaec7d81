package io.sluice.internal.engine;

import io.sluice.ConnectionException;
import io.sluice.SluiceException.Outcome;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.WireWriter;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The writing side of a connection. Requests are encoded into one output buffer under the
 * engine's output lock; writing is flat-combined: whoever finds no write in progress writes
 * everything buffered in one socket write, looping while others keep appending. A write larger
 * than {@link #LARGE_WRITE} moves to a virtual thread so that the caller can read replies
 * meanwhile: input is always drained while output is written, so a big batch or a flood of
 * notices cannot deadlock the two socket buffers. After a failed write nothing more is written.
 */
final class Outbox {
  /** Writes above this size go to a virtual thread so that the caller can read meanwhile. */
  static final int LARGE_WRITE = 64 * 1024;
  private static final int INITIAL_CAPACITY = 16 * 1024;
  /**
   * A buffer grown past this by a large request is replaced by a small one once written, so that
   * one huge parameter does not keep its memory for the connection's lifetime.
   */
  private static final int SPARE_CAPACITY = 1 << 20;

  private final ServerSession s;
  private final ReentrantLock outLock;
  /** Told once when a write fails (the engine closes the connection). */
  private final Consumer<ConnectionException> writeFailed;
  private WireWriter out = new WireWriter(INITIAL_CAPACITY);
  private WireWriter spare = new WireWriter(INITIAL_CAPACITY);
  /** The sequence number of the last request encoded into {@link #out}. */
  private long enqueuedSeq;
  private volatile long writtenSeq;
  private final AtomicBoolean flushing = new AtomicBoolean();
  /**
   * Set while a reader hands out replies it has already read: before it next waits on the socket
   * it writes what is buffered ({@link #readerWaits}), so the callers it woke, whose next requests
   * arrive meanwhile, leave them to that one write instead of a write each. Cleared before that
   * write and read after a caller's append, so a request is never left unwritten: a caller that
   * saw it set appended before the reader's write looked at the buffer.
   */
  private volatile boolean readerWillWrite;
  /** Socket writes so far; written only by the thread holding {@link #flushing}. */
  private volatile long writes;

  Outbox(ServerSession s, ReentrantLock outLock, Consumer<ConnectionException> writeFailed) {
    this.s = s;
    this.outLock = outLock;
    this.writeFailed = writeFailed;
  }

  /** The buffer requests are encoded into; the caller holds the output lock. */
  WireWriter buffer() {
    return out;
  }

  /** Drops what was encoded after {@code mark} (a request that could not be encoded whole). */
  void discardFrom(int mark) {
    out.truncate(mark);
    out.shrink(INITIAL_CAPACITY, SPARE_CAPACITY);
  }

  /** A request was encoded whole: its sequence number. The caller holds the output lock. */
  long sealed() {
    return ++enqueuedSeq;
  }

  /** The sequence number of the last request whose write began: the server may have it. */
  long writtenSeq() {
    return writtenSeq;
  }

  /** Socket writes so far. */
  long writes() {
    return writes;
  }

  /** After appending a request: writes it now, unless a reader busy with replies will do so before it waits. */
  void flushUnlessReaderWill() {
    if (!readerWillWrite) {
      flush();
    }
  }

  /** A reader got replies to hand out: requests appended meanwhile wait for its {@link #readerWaits}. */
  void readerBusy() {
    readerWillWrite = true;
  }

  /** Whether callers' requests appended now wait for the busy reader's {@link #readerWaits}. */
  boolean readerIsBusy() {
    return readerWillWrite;
  }

  /**
   * The reader is about to wait on the socket, hand rows to user code, or stop reading: what was
   * appended meanwhile goes now. Nothing to do when it was not busy (callers then wrote their own).
   */
  void readerWaits() {
    if (readerWillWrite) {
      readerWillWrite = false;
      flush();
    }
  }

  /** Writes what is buffered, unless another thread is already doing so (it will write ours too). */
  void flush() {
    while (flushing.compareAndSet(false, true)) {
      WireWriter w;
      long upTo;
      outLock.lock();
      try {
        if (out.size() == 0) {
          flushing.set(false);
          return;
        }
        w = out;
        out = spare;
        spare = null;
        upTo = enqueuedSeq;
      } finally {
        outLock.unlock();
      }
      if (w.size() > LARGE_WRITE) {
        Thread.startVirtualThread(() -> {
          write(w, upTo);
          flushing.set(false);
          flush();
        });
        return;
      }
      write(w, upTo);
      flushing.set(false);
    }
  }

  private void write(WireWriter w, long upTo) {
    try {
      if (s.state().phase() == ConnectionState.Phase.WRITE_FAILED) {
        // an earlier write failed: requests queued behind it are never written, so that they fail
        // as not sent when the connection closes, rather than being tried on a broken socket.
        // Once BROKEN the write is tried: it fails on the closed socket and fails its requests
        return;
      }
      // counted as written from the moment the write begins: the server may read and answer them
      // before the call returns, and a failure found meanwhile must not call them "not sent"
      writtenSeq = upTo;
      writes++;   // only the flushing thread writes it
      s.transport().write(w.array(), 0, w.size());
    } catch (IOException e) {
      // part of the buffer may have left before the error: its requests may have run
      failed(new ConnectionException("could not write to the server: " + e.getMessage()
          + " (" + s.describe() + ")", Outcome.UNKNOWN, e));
    } finally {
      w.reset();
      w.shrink(INITIAL_CAPACITY, SPARE_CAPACITY);
      outLock.lock();
      try {
        spare = w;
      } finally {
        outLock.unlock();
      }
    }
  }

  private void failed(ConnectionException e) {
    s.state().writeFailed(e);
    writeFailed.accept(e);
  }

  /**
   * Writes one message at once, from the reading thread, for a request that is in an exchange
   * with the server (CopyFail in answer to CopyInResponse, the next Execute of a suspended
   * portal). Such requests are exclusive, so no other request's bytes can follow theirs.
   */
  void writeNow(FrontendMessage m) {
    byte[] bytes = FrontendMessage.toBytes(m);
    ConnectionException e = writeAtOnce(bytes, 0, bytes.length, "");
    if (e != null) {
      writeFailed.accept(e);
    }
  }

  /**
   * Writes bytes at once for an exclusive request in an exchange with the server (CopyData during
   * COPY FROM STDIN). Nothing else can be written meanwhile: the request holds the barrier.
   * Returns the failure, for the caller to close the connection at once (the COPY cannot go on),
   * or null.
   */
  ConnectionException writeRaw(byte[] b, int off, int len) {
    return writeAtOnce(b, off, len, " during COPY");
  }

  private ConnectionException writeAtOnce(byte[] b, int off, int len, String during) {
    while (!flushing.compareAndSet(false, true)) {
      Thread.onSpinWait();
    }
    ConnectionException failed = null;
    try {
      if (s.state().phase() != ConnectionState.Phase.WRITE_FAILED) {
        s.transport().write(b, off, len);
      }
    } catch (IOException e) {
      failed = new ConnectionException("could not write to the server" + during + ": " + e.getMessage(),
          Outcome.UNKNOWN, e);
      s.state().writeFailed(failed);   // before the flush below: nothing more is written
    } finally {
      flushing.set(false);
    }
    // the server may have answered (CopyDone, the portal's last rows) before this write returned:
    // callers released meanwhile found the flag taken and left their requests to this thread
    flush();
    return failed;
  }
}
