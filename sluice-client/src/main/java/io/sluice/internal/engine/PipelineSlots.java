package io.sluice.internal.engine;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;

/**
 * The pipeline slots of one connection: at most {@code pipeline_depth} requests in flight. Callers
 * that find every slot taken wait in line, first come first served, and each slot given back wakes
 * one of them — the first in line — never all: with hundreds of callers waiting, waking every one
 * of them for each reply cost more than the replies (500 callers sharing a connection ran 16×
 * slower than before slots were waited for).
 *
 * <p>A woken caller that takes its slot wakes the next in line if slots are still free (two slots
 * given back in a row woke the same first caller), and so does one that leaves the line without a
 * slot (its deadline passed, the connection failed), so that no free slot is left with callers
 * asleep in line. The engine may also wake a waiter for another reason (it has to read: {@link
 * #wakeFirst}); a waiter always looks again after waking.
 */
final class PipelineSlots {
  private final Semaphore permits;
  private final ConcurrentLinkedQueue<Thread> line = new ConcurrentLinkedQueue<>();
  private final int depth;
  private final WakeUps wakeUps;

  PipelineSlots(int depth, WakeUps wakeUps) {
    this.depth = Math.max(1, depth);
    this.wakeUps = wakeUps;
    this.permits = new Semaphore(this.depth);
  }

  int depth() {
    return depth;
  }

  /** Slots taken now: requests written and waiting for replies, or being written. */
  int taken() {
    return depth - permits.availablePermits();
  }

  /** Takes a slot if one is free and nobody waits in line before the caller; never blocks. */
  boolean tryTake() {
    return line.isEmpty() && permits.tryAcquire();
  }

  /** Joins the line; the caller then loops on {@link #takeInTurn} and parks between looks. */
  void enter(Thread me) {
    line.add(me);
  }

  /** Takes a slot when the caller is first in line and one is free. */
  boolean takeInTurn(Thread me) {
    return line.peek() == me && permits.tryAcquire();
  }

  /**
   * Leaves the line, with or without a slot. A slot still free is then the next caller's: it is
   * woken, as the release that freed the slot may have woken this caller instead.
   */
  void leave(Thread me) {
    line.remove(me);
    if (permits.availablePermits() > 0) {
      wakeFirst();
    }
  }

  /** Gives a slot back and wakes the first caller in line. */
  void release() {
    permits.release();
    wakeFirst();
  }

  /** Wakes the first caller in line, if any (a slot freed up, or someone has to read). */
  void wakeFirst() {
    Thread t = line.peek();
    if (t != null) {
      wakeUps.wake(t);
    }
  }

  /** Whether anyone waits in line. */
  boolean anyWaiting() {
    return !line.isEmpty();
  }

  /** Wakes every caller in line: the connection failed, and each must find out. */
  void wakeAll() {
    for (Thread t : line) {
      wakeUps.wake(t);
    }
  }
}
