package io.sluice.internal.replication;

/**
 * The positions a stream reports in its standby status updates, and the rule for the flush
 * position: what the application acknowledged, never more — except that when a keepalive arrives
 * with no transaction open and every acknowledgeable change sent before it has been acknowledged,
 * nothing unacknowledged lies before the keepalive's WAL end, and the slot may move up to it (as
 * PostgreSQL's own apply worker does when it has nothing pending). Without that, an idle
 * publication would keep the server's WAL forever.
 *
 * <p>Positions are unsigned 64-bit numbers. Thread-safe: the reader, the timer and the
 * application all use it.
 */
final class Progress {
  private long received;
  private long acknowledged;
  /** The highest acknowledgeable position put in the buffer (a commit's end, a lone message). */
  private long enqueuedAckable;
  /** The highest acknowledgeable position handed to the application. */
  private long delivered;
  /** A keepalive's WAL end the flush may move to, once {@link #idleNeeds} is acknowledged; 0: none. */
  private long idleEnd;
  private long idleNeeds;
  /** The highest flush position reported: once safe, a position stays safe, and it never moves back. */
  private long flushed;

  Progress(long start) {
    this.acknowledged = start;
    this.received = start;
    this.delivered = start;
    this.enqueuedAckable = start;
  }

  synchronized void received(long position) {
    received = max(received, position);
  }

  synchronized void enqueuedAckable(long position) {
    enqueuedAckable = max(enqueuedAckable, position);
  }

  synchronized void delivered(long position) {
    delivered = max(delivered, position);
  }

  /** A keepalive came: remember its WAL end as a place the slot may move to when nothing is pending. */
  synchronized void keepalive(long walEnd, boolean transactionOpen) {
    received = max(received, walEnd);
    if (!transactionOpen) {
      idleEnd = walEnd;
      idleNeeds = enqueuedAckable;
    }
  }

  /** Records an acknowledgement; false when it is past anything delivered. */
  synchronized boolean acknowledge(long position) {
    if (Long.compareUnsigned(position, delivered) > 0) {
      return false;
    }
    acknowledged = max(acknowledged, position);
    return true;
  }

  synchronized long acknowledged() {
    return acknowledged;
  }

  synchronized long received() {
    return received;
  }

  synchronized long delivered() {
    return delivered;
  }

  /**
   * The flush (and apply) position to report now; never lower than one reported before (servers
   * before PostgreSQL 17 would move the slot's {@code confirmed_flush_lsn} back).
   */
  synchronized long flush() {
    long f = acknowledged;
    if (idleEnd != 0 && Long.compareUnsigned(acknowledged, idleNeeds) >= 0) {
      f = max(acknowledged, idleEnd);
    }
    flushed = max(flushed, f);
    return flushed;
  }

  private static long max(long a, long b) {
    return Long.compareUnsigned(a, b) >= 0 ? a : b;
  }
}
