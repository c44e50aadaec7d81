package io.sluice.internal.replication;

import io.sluice.ConnectionException;
import io.sluice.SluiceException.Outcome;
import io.sluice.replication.StreamOptions;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The ticker of a {@link LogicalStream}: a virtual thread that sends a standby status update every
 * {@link StreamOptions#statusInterval()}, so the server hears from us while the reader waits for
 * room in the buffer, and fails the stream when the server has been silent past {@link
 * StreamOptions#receiveTimeout()} (having asked it for a reply first: a standby status update with
 * {@code replyRequested}, which the walsender answers with a keepalive). Apart from the stream so
 * that its timing rules read in one place; it runs only while the stream is streaming.
 */
final class StatusTicker {
  private final LogicalStream stream;
  private final StreamOptions options;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition wake = lock.newCondition();

  StatusTicker(LogicalStream stream, StreamOptions options) {
    this.stream = stream;
    this.options = options;
  }

  /** Starts the ticker's thread, unless the options ask for neither status updates nor a receive timeout. */
  void start(String name) {
    if (!options.statusInterval().isZero() || !options.receiveTimeout().isZero()) {
      Thread.ofVirtual().name(name).start(this::run);
    }
  }

  /** Wakes the ticker early, so that it sees the stream is no longer streaming and ends. */
  void wake() {
    lock.lock();
    try {
      wake.signalAll();
    } finally {
      lock.unlock();
    }
  }

  private void run() {
    long interval = options.statusInterval().toNanos();
    long timeout = options.receiveTimeout().toNanos();
    long period = interval > 0 ? interval : Math.max(1, timeout / 4);
    while (stream.streaming()) {
      lock.lock();
      try {
        wake.awaitNanos(period);
      } catch (InterruptedException e) {
        return;
      } finally {
        lock.unlock();
      }
      if (!stream.streaming()) {
        return;
      }
      long since = stream.waitingSince();
      long silent = since == 0 ? 0 : System.nanoTime() - since;
      if (timeout > 0 && silent > timeout) {
        stream.failed(new ConnectionException("the server sent nothing for " + TimeUnit.NANOSECONDS.toMillis(silent)
            + " ms, though asked to reply (receiveTimeout " + options.receiveTimeout().toMillis() + " ms)",
            Outcome.UNKNOWN));
        return;
      }
      // silent for a whole period: ask for a keepalive, so that a dead peer shows before the timeout
      boolean ask = silent >= period;
      if (interval > 0 || ask) {
        stream.sendStatus(ask);
      }
    }
  }
}
