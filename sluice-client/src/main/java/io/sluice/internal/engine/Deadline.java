package io.sluice.internal.engine;

import java.util.concurrent.TimeUnit;

/**
 * When a call must be over: a point on {@link System#nanoTime()}'s clock, or {@link #NONE}. Every
 * wait of the request path takes one, so "no deadline" is a value of its own rather than a zero
 * that a subtraction could mistake for a time.
 */
public final class Deadline {
  /** No deadline: waits end only when what they wait for happens (or the connection fails). */
  public static final Deadline NONE = new Deadline(0, 0);

  private final long atNanos;
  /**
   * The timeout this deadline was made from, for messages ("timed out after 150 ms"). An int of
   * milliseconds beside the long keeps the object at 24 bytes, what it was before it had this:
   * a deadline is made per call.
   */
  private final int budgetMillis;

  private Deadline(long atNanos, int budgetMillis) {
    this.atNanos = atNanos;
    this.budgetMillis = budgetMillis;
  }

  /** {@code nanos} from now; {@code nanos <= 0} means {@link #NONE} (a timeout of 0 is "no timeout"). */
  public static Deadline in(long nanos) {
    return nanos <= 0 ? NONE
        : new Deadline(System.nanoTime() + nanos, (int) Math.min(Integer.MAX_VALUE, TimeUnit.NANOSECONDS.toMillis(nanos)));
  }

  /** The timeout it was made from ({@link #in}), in milliseconds; 0 for none. */
  public long budgetMillis() {
    return budgetMillis;
  }

  public boolean isNone() {
    return this == NONE;   // the one deadline without a time: in() never makes another
  }

  /** Nanoseconds left (negative once passed); {@link Long#MAX_VALUE} for none. */
  public long remainingNanos() {
    return isNone() ? Long.MAX_VALUE : atNanos - System.nanoTime();
  }

  public boolean passed() {
    return !isNone() && atNanos - System.nanoTime() <= 0;
  }

  /** This deadline, or {@code nanos} from now when there is none (a bound for waits that need one). */
  Deadline orWithin(long nanos) {
    return isNone() ? in(nanos) : this;
  }

  @Override
  public String toString() {
    return isNone() ? "no deadline" : "deadline in " + TimeUnit.NANOSECONDS.toMillis(remainingNanos()) + " ms";
  }
}
