package io.sluice.internal.engine;

import io.sluice.ConnectionException;
import io.sluice.SluiceException.Outcome;
import io.sluice.SluiceException;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The requests of one connection that were queued for their replies, in the order they were
 * written, and how each one ends. Taking a request out of the queue decides who ends it: the
 * reader that read its last ReadyForQuery ({@link #complete}) or a failure of the connection
 * ({@link #failAll}), never both. Either gives back its pipeline slot and wakes who waits for it.
 */
final class InFlightQueue {
  /** How long readers may look for the server's last words after a failed write ({@link #writeFailed}). */
  private static final long WRITE_FAILURE_GRACE_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final ServerSession s;
  private final PipelineSlots slots;
  private final Pin pin;
  private final Outbox outbox;
  private final WakeUps wakeUps;
  private final ConcurrentLinkedQueue<Request> pending = new ConcurrentLinkedQueue<>();
  /** Requests in flight that {@link Request#readsItself() read themselves} (streams, portals). */
  private final AtomicInteger streams = new AtomicInteger();
  /**
   * When the connection last went idle or read a reply ({@link System#nanoTime()}), for {@link
   * ReplyReader#probeIdle}.
   */
  private volatile long lastActivity = System.nanoTime();

  InFlightQueue(ServerSession s, PipelineSlots slots, Pin pin, Outbox outbox, WakeUps wakeUps) {
    this.s = s;
    this.slots = slots;
    this.pin = pin;
    this.outbox = outbox;
    this.wakeUps = wakeUps;
  }

  /** The queue itself, for the parts that look at its head ({@link Expiry}, the readers). */
  Queue<Request> requests() {
    return pending;
  }

  Request peek() {
    return pending.peek();
  }

  boolean isEmpty() {
    return pending.isEmpty();
  }

  /** Queues a request just encoded (under the output lock). */
  void add(Request r) {
    if (r.readsItself()) {
      streams.incrementAndGet();
    }
    pending.add(r);
  }

  /** Whether a request that reads itself is in flight. */
  boolean streaming() {
    return streams.get() > 0;
  }

  /**
   * Why the connection is not open (it failed, a write failed, or it was closed), or null while it
   * is: the {@link ConnectionState}'s cause, which every request still in flight gets.
   */
  SluiceException broken() {
    return s.state().cause();
  }

  /** Whether nothing came or went for longer than {@code nanos}. */
  boolean idleLongerThan(long nanos) {
    return System.nanoTime() - lastActivity > nanos;
  }

  /** The connection was found alive with nothing in flight (it was just read). */
  void active() {
    lastActivity = System.nanoTime();
  }

  /** The request at the head read its last reply: it is DONE, and whoever waits for it wakes. */
  void complete(Request head) {
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
   * A write failed. Usually the server had already ended the session (a terminated backend closes
   * its socket after its FATAL): the readers are left a moment to find that FATAL, which proves
   * (when it comes before any reply of a request) that the request never started; whatever they
   * find, the connection is closed after {@link #WRITE_FAILURE_GRACE_NANOS}. Nothing more is written.
   */
  void writeFailed(ConnectionException e) {
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

  /** The connection is unusable: close it and fail every request still waiting. */
  void failAll(SluiceException cause) {
    failAll(cause, Long.MAX_VALUE);
  }

  /**
   * As {@link #failAll(SluiceException)}; requests from {@code notStartedSeq} on are known not to
   * have been started by the server and fail as not sent.
   */
  void failAll(SluiceException cause, long notStartedSeq) {
    // the first cause is the one every request gets: closing the socket for a passed deadline
    // also fails the blocked read, whose "could not read" must not replace the real reason
    cause = s.broke(cause);
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
}
