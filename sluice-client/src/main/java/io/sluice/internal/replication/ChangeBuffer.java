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
 * <p>Once failed or closed, nothing more is handed out: changes still waiting are dropped (they
 * were not acknowledged, so the server sends them again on the next start).
 */
final class ChangeBuffer {
  private record Entry(Change change, int bytes) {}

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

  ChangeBuffer(int maxMessages, long maxBytes) {
    this.maxMessages = maxMessages;
    this.maxBytes = maxBytes;
  }

  /** Waits for room, then adds; false when the buffer was closed or failed meanwhile (the change is dropped). */
  boolean put(Change c, int size) throws InterruptedException {
    lock.lock();
    try {
      while (!closed && failure == null
          && (queue.size() >= maxMessages || (!queue.isEmpty() && bytes + size > maxBytes))) {
        notFull.await();
      }
      if (closed || failure != null) {
        return false;
      }
      queue.add(new Entry(c, size));
      bytes += size;
      highWater = Math.max(highWater, queue.size());
      notEmpty.signal();
      return true;
    } finally {
      lock.unlock();
    }
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
        nanos = notEmpty.awaitNanos(nanos);
      }
      if (failure != null) {
        throw failure;
      }
      if (closed) {
        throw new IllegalStateException("the change stream is closed");
      }
      Entry e = queue.poll();
      bytes -= e.bytes;
      notFull.signal();
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
