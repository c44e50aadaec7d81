package io.sluice.internal.replication;

import io.sluice.ConnectionException;
import io.sluice.ProtocolViolationException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.SluiceException.Outcome;
import io.sluice.internal.engine.ServerSession;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.BackendMessage.CommandComplete;
import io.sluice.protocol.BackendMessage.ErrorResponse;
import io.sluice.protocol.BackendTag;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.ProtocolException;
import io.sluice.replication.AckMode;
import io.sluice.replication.Change;
import io.sluice.replication.ChangeStream;
import io.sluice.replication.ChangeStreamException;
import io.sluice.replication.Lsn;
import io.sluice.replication.StreamOptions;
import io.sluice.replication.StreamStats;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * One {@code START_REPLICATION … LOGICAL} exchange in CopyBoth mode. Three parties:
 *
 * <ul>
 *   <li>the reader (a platform thread: see {@link #begin}) reads frames, answers keepalives that ask for a reply,
 *       decodes XLogData into changes and puts them in the bounded {@link ChangeBuffer}; while
 *       the buffer is full it reads nothing, and the server waits. It decodes every frame already
 *       buffered before it publishes them to a waiting application (and before each wait for the
 *       socket), so that a burst costs one wake-up, not one per change;
 *   <li>the {@link StatusTicker} (a virtual thread) sends a standby status update every status
 *       interval, so the server hears from us while the reader waits for room, and fails the stream
 *       when the server has been silent past the receive timeout (having asked it for a reply first);
 *   <li>the application takes changes and acknowledges them; {@link Progress} turns its
 *       acknowledgements into the flush position the status updates report.
 * </ul>
 *
 * Writes (status updates, CopyDone) are serialised by one lock; nothing is written after our
 * CopyDone. States: STREAMING → CLOSING → CLOSED, or → FAILED.
 */
final class LogicalStream implements ChangeStream {
  private static final System.Logger LOG = System.getLogger("io.sluice.replication");
  /** How long close waits for the server's CopyDone and ReadyForQuery before closing the socket. */
  private static final long CLOSE_WAIT_NANOS = TimeUnit.SECONDS.toNanos(30);

  private enum State { STREAMING, CLOSING, CLOSED, FAILED }

  private final ReplicationSession owner;
  private final ServerSession s;
  private final StreamOptions options;
  private final int protocolVersion;
  private final PgOutputDecoder decoder;
  private final ChangeBuffer buffer;
  private final Progress progress;
  private final ReentrantLock writeLock = new ReentrantLock();
  private final StatusTicker ticker;
  private final CountDownLatch readerDone = new CountDownLatch(1);
  private volatile State state = State.STREAMING;
  /** When the reader began waiting for bytes from the server (System.nanoTime), or 0 when it is not waiting. */
  private volatile long waitingSince;
  private volatile boolean copyDoneSent;
  /** The reader read the server's CopyDone, CommandComplete and ReadyForQuery: the session is clean. */
  private volatile boolean ended;
  private volatile long statusUpdates;
  /** Why the stream failed, for the exception each later take throws. */
  private volatile String failureWhy;
  /** The application has been told of the failure (a take threw it): its resume position is handed out. */
  private volatile boolean failureReported;
  /** ON_COMMIT: the acknowledgeable change last handed out by poll, acknowledged at the next poll. */
  private Change pending;
  private Thread reader;

  LogicalStream(ReplicationSession owner, ServerSession s, StreamOptions options, int protocolVersion,
      PgOutputDecoder decoder) {
    this.owner = owner;
    this.s = s;
    this.options = options;
    this.protocolVersion = protocolVersion;
    this.decoder = decoder;
    this.buffer = new ChangeBuffer(options.maxBufferedMessages(), options.maxBufferedBytes());
    this.progress = new Progress(options.startAt().value());
    this.ticker = new StatusTicker(this, options);
  }

  void begin() {
    // a platform thread (a daemon): a virtual reader parked at every read finding the socket empty,
    // idling and waking its carrier each time (ForkJoinPool.deactivate), four times the client CPU
    // per change in the lab's changes case (docs/replication.md, Performance)
    reader = Thread.ofPlatform().daemon(true).name("sluice-replication-reader-" + ReplicationAccess.processId(s))
        .start(this::read);
    ticker.start("sluice-replication-status-" + ReplicationAccess.processId(s));
  }

  // ---- the reader

  private void read() {
    FrameReader f = ReplicationAccess.reader(s);
    try {
      while (true) {
        byte type;
        if (f.hasBufferedMessage()) {
          type = f.next();   // no wait: the socket is not read
        } else {
          // about to wait for the server: what was decoded so far reaches the application first
          buffer.publish();
          waitingSince = System.nanoTime();
          type = f.next();
          waitingSince = 0;
        }
        switch (type) {
          case BackendTag.COPY_DATA -> copyData(f.buffer(), f.bodyOffset(), f.bodyLength());
          case BackendTag.COPY_DONE -> {
            sendCopyDone();
            ReplicationAccess.finishCopyBoth(s);
            ended = true;
            if (state == State.STREAMING) {
              failed(new ConnectionException("the server ended the replication stream", Outcome.UNKNOWN));
            }
            return;
          }
          default -> {
            BackendMessage m = f.decode();
            if (ReplicationAccess.asynchronous(s, m)) {
              continue;
            }
            switch (m) {
              case ErrorResponse e -> throw new ServerException(e.fields());
              // a walsender that is shutting down ends the command without CopyDone (WalSndDone)
              case CommandComplete c -> throw new ConnectionException("the server ended the replication stream ("
                  + c.tag() + "); it may be shutting down", Outcome.UNKNOWN);
              default -> throw new ProtocolException("unexpected " + m.getClass().getSimpleName()
                  + " during replication");
            }
          }
        }
      }
    } catch (Throwable t) {
      failed(t);
    } finally {
      waitingSince = 0;
      readerDone.countDown();
    }
  }

  private void copyData(byte[] b, int off, int len) throws InterruptedException {
    if (len < 1) {
      throw new ProtocolException("an empty CopyData during replication");
    }
    switch (b[off]) {
      case WalMessages.XLOG_DATA -> {
        long start = WalMessages.dataStart(b, off, len);
        progress.received(start);
        if (state != State.STREAMING) {
          return;   // closing: what the server sent before our CopyDone is dropped, and sent again next time
        }
        int header = WalMessages.XLOG_DATA_HEADER;
        Change c = decoder.decode(new Lsn(start), b, off + header, len - header);
        long ackable = AckPositions.of(c);
        if (ackable != 0) {
          progress.enqueuedAckable(ackable);
        }
        buffer.put(c, len);
      }
      case WalMessages.PRIMARY_KEEPALIVE -> {
        WalMessages.Keepalive k = WalMessages.keepalive(b, off, len);
        progress.keepalive(k.walEnd(), decoder.transactionOpen());
        if (k.replyRequested()) {
          buffer.publish();   // the write may wait for the socket
          sendStatus(false);
        }
      }
      // PostgreSQL 19's primary status update ('s') answers a primary status request we never send;
      // like PostgreSQL's own apply worker (LogicalRepApplyLoop), skip kinds that carry no changes
      default -> LOG.log(System.Logger.Level.DEBUG, "skipped a replication message of kind ''{0}'' ({1} bytes)",
          (char) b[off], len);
    }
  }

  // ---- the status updates (the StatusTicker sends them on time)

  /** Whether the stream is still streaming: the ticker runs only while it is. */
  boolean streaming() {
    return state == State.STREAMING;
  }

  /** When the reader began waiting for bytes from the server (System.nanoTime), or 0 when it is not waiting. */
  long waitingSince() {
    return waitingSince;
  }

  /** A standby status update: write = what arrived, flush = apply = what may be confirmed. */
  void sendStatus(boolean replyRequested) {
    long flush = progress.flush();
    long received = progress.received();
    long write = Long.compareUnsigned(received, flush) >= 0 ? received : flush;
    byte[] m = WalMessages.standbyStatusUpdate(write, flush, flush, Instant.now(), replyRequested);
    writeLock.lock();
    try {
      if (copyDoneSent || state == State.FAILED) {
        return;
      }
      ReplicationAccess.write(s, m, 0, m.length);
      statusUpdates++;
    } catch (IOException e) {
      failed(e);
    } finally {
      writeLock.unlock();
    }
  }

  private void sendCopyDone() {
    byte[] done = FrontendMessage.toBytes(FrontendMessage.CopyDone.INSTANCE);
    writeLock.lock();
    try {
      if (!copyDoneSent) {
        copyDoneSent = true;
        ReplicationAccess.write(s, done, 0, done.length);
      }
    } catch (IOException e) {
      failed(e);
    } finally {
      writeLock.unlock();
    }
  }

  // ---- failure and the end

  void failed(Throwable t) {
    if (state == State.CLOSING || state == State.CLOSED) {
      ReplicationAccess.markBroken(s);
      return;
    }
    if (state == State.FAILED) {
      return;
    }
    state = State.FAILED;
    Throwable cause = t;
    if (t instanceof ProtocolException p) {
      // the byte stream can no longer be trusted: the session is closed below, as any connection's would be
      cause = new ProtocolViolationException("protocol violation from the server: " + p.getMessage()
          + "; connection closed", Outcome.UNKNOWN, p);
    }
    String why = cause instanceof SluiceException ? cause.getMessage() : cause.toString();
    failureWhy = "the change stream failed: " + why;
    ChangeStreamException e = new ChangeStreamException(failureWhy, new Lsn(progress.acknowledged()), cause);
    LOG.log(System.Logger.Level.DEBUG, "replication stream failed", e);
    ReplicationAccess.markBroken(s);
    ticker.wake();
    owner.streamEnded(this, false);
    // last: the application that sees the failure sees the session closed already
    buffer.fail(e);
  }

  @Override
  public void close() {
    writeLock.lock();
    try {
      if (state == State.CLOSING || state == State.CLOSED) {
        return;
      }
      if (state == State.FAILED) {
        state = State.CLOSED;
        buffer.close();
        return;
      }
      state = State.CLOSING;
    } finally {
      writeLock.unlock();
    }
    buffer.close();
    ticker.wake();
    sendStatusFinal();
    sendCopyDone();
    boolean clean;
    try {
      clean = readerDone.await(CLOSE_WAIT_NANOS, TimeUnit.NANOSECONDS) && ended;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      clean = false;
    }
    if (!clean) {
      ReplicationAccess.markBroken(s);
    }
    state = State.CLOSED;
    owner.streamEnded(this, clean);
  }

  /** The last status update, sent while closing (sendStatus sends only while streaming or closing). */
  private void sendStatusFinal() {
    sendStatus(false);
  }

  // ---- the application's side

  @Override
  public Change poll(Duration timeout) {
    if (options.ackMode() == AckMode.ON_COMMIT && pending != null) {
      if (endedFor() == null) {
        ack(pending);
      }
      pending = null;
    }
    Change c = take(timeout.toNanos());
    if (c != null) {
      handedOut(c);
      if (options.ackMode() == AckMode.ON_COMMIT && AckPositions.of(c) != 0) {
        pending = c;
      }
    }
    return c;
  }

  private Change take(long nanos) {
    try {
      return buffer.poll(nanos);
    } catch (ChangeStreamException e) {
      failureReported = true;
      // the application may have acknowledged a change it took while the reader was failing:
      // the position to resume from is the one as it learns of the failure
      Lsn now = new Lsn(progress.acknowledged());
      throw now.equals(e.lastAcknowledged()) ? e : new ChangeStreamException(failureWhy, now, e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SluiceException("interrupted while waiting for a change", Outcome.NOT_SENT);
    }
  }

  private void handedOut(Change c) {
    long at = c.lsn().value();
    long ackable = AckPositions.of(c);
    progress.delivered(Long.compareUnsigned(at, ackable) >= 0 ? at : ackable);
  }

  @Override
  public void forEach(Consumer<? super Change> handler) {
    while (true) {
      Change c;
      try {
        c = take(Long.MAX_VALUE);
      } catch (IllegalStateException closed) {
        if (state == State.CLOSING || state == State.CLOSED) {
          return;
        }
        throw closed;
      }
      handedOut(c);
      handler.accept(c);
      // a handler that closed the stream ends it: its last status update has gone, nothing more can be acknowledged
      if (options.ackMode() == AckMode.ON_COMMIT && AckPositions.of(c) != 0 && endedFor() == null) {
        ack(c);
      }
    }
  }

  @Override
  public void ack(Lsn position) {
    refuseIfEnded(position, false);
    if (!progress.acknowledge(position.value())) {
      throw new IllegalArgumentException("cannot acknowledge " + position + ": nothing past "
          + new Lsn(progress.delivered()) + " has been delivered");
    }
    // close() marks the stream CLOSING before it reads the position for its last status update: an
    // acknowledgement recorded after that read sees CLOSING here, so none is lost without a word
    refuseIfEnded(position, true);
  }

  /**
   * Refuses an acknowledgement that can no longer reach the server: after {@link #close} (its last
   * status update is sent), or after the failure was thrown to the application (the resume position it
   * carries is then the application's, and must not move behind its back). Before the application
   * hears of a failure its acknowledgements still count: they move the position the failure reports.
   */
  private void refuseIfEnded(Lsn position, boolean recorded) {
    String why = endedFor();
    if (why != null) {
      throw new IllegalStateException("cannot acknowledge " + position + ": " + why
          + (recorded ? " while it was acknowledged; it may not have reached the server" : "")
          + "; the last acknowledgement that counts is " + new Lsn(progress.acknowledged())
          + (recorded ? " or earlier" : "") + ": resume from it on a new session (StreamOptions.startAt)");
    }
  }

  /** Why acknowledgements are no longer taken, or null while they are. */
  private String endedFor() {
    State now = state;
    if (now == State.CLOSING || now == State.CLOSED) {
      return "the change stream was closed";
    }
    return now == State.FAILED && failureReported ? failureWhy : null;
  }

  @Override
  public void ack(Change change) {
    long at = AckPositions.of(change);
    if (at == 0) {
      throw new IllegalArgumentException("a " + change.getClass().getSimpleName() + " cannot be acknowledged by "
          + "itself: a slot restarts only at transaction boundaries; acknowledge its transaction's Commit");
    }
    ack(new Lsn(at));
  }

  @Override
  public Lsn acknowledged() {
    return new Lsn(progress.acknowledged());
  }

  @Override
  public Lsn received() {
    return new Lsn(progress.received());
  }

  @Override
  public void reportStatus() {
    if (state == State.STREAMING) {
      sendStatus(false);
    }
  }

  @Override
  public int bufferedMessages() {
    return buffer.size();
  }

  @Override
  public long bufferedBytes() {
    return buffer.bytes();
  }

  @Override
  public StreamStats stats() {
    return new StreamStats(buffer.size(), buffer.bytes(), buffer.highWater(), statusUpdates,
        new Lsn(progress.received()), new Lsn(progress.acknowledged()), new Lsn(progress.flush()));
  }

  @Override
  public int protocolVersion() {
    return protocolVersion;
  }

  @Override
  public String toString() {
    return "ChangeStream[slot " + options.slot() + ", " + state + ", acknowledged " + acknowledged() + "]";
  }
}
