package io.sluice.internal;

import java.util.concurrent.TimeUnit;

/**
 * When a call must be over: a point on {@link System#nanoTime()}'s clock, or {@link #NONE}. Every
 * wait of the request path takes one, so "no deadline" is a value of its own rather than a zero
 * that a subtraction could mistake for a time.
 */
public final class Deadline {
  /** No deadline: waits end only when what they wait for happens (or the connection fails). */
  public static final Deadline NONE = new Deadline(0, 0, true);

  private final long atNanos;
  /** The timeout this deadline was made from, for messages ("timed out after 150 ms"). */
  private final long budgetNanos;
  private final boolean none;

  private Deadline(long atNanos, long budgetNanos, boolean none) {
    this.atNanos = atNanos;
    this.budgetNanos = budgetNanos;
    this.none = none;
  }

  /** {@code nanos} from now; {@code nanos <= 0} means {@link #NONE} (a timeout of 0 is "no timeout"). */
  public static Deadline in(long nanos) {
    return nanos <= 0 ? NONE : new Deadline(System.nanoTime() + nanos, nanos, false);
  }

  /** The timeout it was made from ({@link #in}); 0 for none. */
  public long budgetNanos() {
    return budgetNanos;
  }

  public boolean isNone() {
    return none;
  }

  /** Nanoseconds left (negative once passed); {@link Long#MAX_VALUE} for none. */
  public long remainingNanos() {
    return none ? Long.MAX_VALUE : atNanos - System.nanoTime();
  }

  public boolean passed() {
    return !none && atNanos - System.nanoTime() <= 0;
  }

  /** This deadline, or {@code nanos} from now when there is none (a bound for waits that need one). */
  public Deadline orWithin(long nanos) {
    return none ? in(nanos) : this;
  }

  @Override
  public String toString() {
    return none ? "no deadline" : "deadline in " + TimeUnit.NANOSECONDS.toMillis(remainingNanos()) + " ms";
  }
}
