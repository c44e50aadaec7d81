package io.sluice.internal.replication;

import io.sluice.replication.Change;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The bounded hand-off between the stream's reader and the application: at most {@code
 * maxMessages} changes and {@code maxBytes} bytes wait (one change is admitted into an empty buffer
 * whatever its size, so a huge row cannot stall the stream). A full buffer blocks the reader, which
 * stops reading the socket: the server's send buffer fills and the walsender waits — back-pressure
 * all the way to the server, never an unbounded queue.
 *
 * <p>Each side is woken only when it has something to do in bulk, since waking a parked thread
 * (a virtual thread's carrier going idle and being woken, or a futex for a platform thread) costs
 * more than handing over a change: a reader waiting for room is woken once the buffer has drained
 * to half (both counts), not at every change taken; a consumer waiting for a change is woken when
 * the reader {@link #publish publishes} — before it may block on the socket — or when a {@value
 * #WAKE_BATCH}-change batch is ready, not at every change put.
 *
 * <p>Once failed or closed, nothing more is handed out: changes still waiting are dropped (they
 * were not acknowledged, so the server sends them again on the next start).
 */
final class ChangeBuffer {
  private record Entry(Change change, int bytes) {}

  /** Changes put unseen by a waiting consumer before it is woken even though the reader has more to decode. */
  static final int WAKE_BATCH = 64;

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition notEmpty = lock.newCondition();
  private final Condition notFull = lock.newCondition();
  private final ArrayDeque<Entry> queue = new ArrayDeque<>();
  private final int maxMessages;
  private final long maxBytes;
  private long bytes;
  private int highWater;
  private boolean closed;
  private RuntimeException failure;
  /** The reader waits in {@link #put} for room. */
  private boolean readerWaiting;
  /** Consumers waiting in {@link #poll} for a change. */
  private int consumersWaiting;
  /** Changes put since a waiting consumer was last woken. */
  private int unannounced;

  ChangeBuffer(int maxMessages, long maxBytes) {
    this.maxMessages = maxMessages;
    this.maxBytes = maxBytes;
  }

  /**
   * Waits for room, then adds; false when the buffer was closed or failed meanwhile (the change is
   * dropped). A waiting consumer is woken only past a batch: the reader calls {@link #publish}
   * before it may wait for the socket.
   */
  boolean put(Change c, int size) throws InterruptedException {
    lock.lock();
    try {
      while (!closed && failure == null
          && (queue.size() >= maxMessages || (!queue.isEmpty() && bytes + size > maxBytes))) {
        announce();   // a full buffer is always seen: the consumer must drain it for us to go on
        readerWaiting = true;
        try {
          notFull.await();
        } finally {
          readerWaiting = false;
        }
      }
      if (closed || failure != null) {
        return false;
      }
      queue.add(new Entry(c, size));
      bytes += size;
      highWater = Math.max(highWater, queue.size());
      if (++unannounced >= WAKE_BATCH) {
        announce();
      }
      return true;
    } finally {
      lock.unlock();
    }
  }

  /** Wakes a waiting consumer for what was put since it was last woken: the reader may now wait on the socket. */
  void publish() {
    lock.lock();
    try {
      announce();
    } finally {
      lock.unlock();
    }
  }

  private void announce() {
    if (unannounced > 0 && consumersWaiting > 0) {
      notEmpty.signal();
    }
    unannounced = 0;
  }

  /**
   * The next change, waiting at most {@code nanos}; null on timeout.
   *
   * @throws RuntimeException the failure, once failed
   * @throws IllegalStateException once closed
   */
  Change poll(long nanos) throws InterruptedException {
    lock.lock();
    try {
      while (queue.isEmpty() && !closed && failure == null) {
        if (nanos <= 0) {
          return null;
        }
        consumersWaiting++;
        try {
          nanos = notEmpty.awaitNanos(nanos);
        } finally {
          consumersWaiting--;
        }
      }
      if (failure != null) {
        throw failure;
      }
      if (closed) {
        throw new IllegalStateException("the change stream is closed");
      }
      Entry e = queue.poll();
      bytes -= e.bytes;
      // the reader waits for room until the buffer is half drained, then refills it in one go; an
      // empty buffer admits any change, so one too large for half still gets in
      if (readerWaiting && (queue.isEmpty() || (queue.size() <= maxMessages / 2 && bytes <= maxBytes / 2))) {
        notFull.signal();
      }
      if (!queue.isEmpty() && consumersWaiting > 0) {
        notEmpty.signal();   // a batch woke one consumer; another waiting one shares it
      }
      return e.change;
    } finally {
      lock.unlock();
    }
  }

  /** Ends with a failure: every waiting and later {@link #poll} throws it. The first failure wins. */
  void fail(RuntimeException e) {
    lock.lock();
    try {
      if (failure == null && !closed) {
        failure = e;
      }
      drop();
    } finally {
      lock.unlock();
    }
  }

  void close() {
    lock.lock();
    try {
      closed = true;
      drop();
    } finally {
      lock.unlock();
    }
  }

  private void drop() {
    queue.clear();
    bytes = 0;
    notEmpty.signalAll();
    notFull.signalAll();
  }

  RuntimeException failure() {
    lock.lock();
    try {
      return failure;
    } finally {
      lock.unlock();
    }
  }

  int size() {
    lock.lock();
    try {
      return queue.size();
    } finally {
      lock.unlock();
    }
  }

  long bytes() {
    lock.lock();
    try {
      return bytes;
    } finally {
      lock.unlock();
    }
  }

  /** The most changes that ever waited at once. */
  int highWater() {
    lock.lock();
    try {
      return highWater;
    } finally {
      lock.unlock();
    }
  }

}
