package io.sluice.internal.engine;

import java.util.function.Function;

/**
 * A request the engine queues behind a calling thread's own, in the same socket write, while that
 * thread has armed it (issue 23: a routing pool reads the WAL position after each write and each
 * read this way, so read-your-writes costs no round trip of its own).
 *
 * <p>The trailer follows a request's last Sync, never inside its group: statements between two
 * Syncs are one implicit transaction, and a position read there would come before the commit
 * record. Its reply arrives right behind the request's ReadyForQuery, so waiting for it ({@link
 * #awaitLast}) costs the server's few microseconds, not a round trip.
 *
 * <p>Armed per thread and per call, not per connection: a pool's connection is shared by callers
 * whose calls need a trailer and callers whose calls do not (statements inside a transaction
 * before its COMMIT). Only connections that {@linkplain RequestEngine#acceptTrailers() accept
 * trailers} look at all, so a plain connection pays nothing.
 */
public final class Trailer {
  private static final ThreadLocal<Trailer> ARMED = new ThreadLocal<>();

  /** Which of the armed thread's requests get a trailer. */
  public enum Follows {
    /** Every request (an auto-commit call: each ends its own transaction). */
    EVERY_REQUEST,
    /** Only a {@code COMMIT} (a transaction: its statements before it end nothing). */
    COMMIT
  }

  private final Follows follows;
  private final Function<RequestEngine, Request> make;
  private RequestEngine engine;
  private Request last;
  /** A request it should have followed and could not (a stream, COPY, a pinned simple query). */
  private boolean missed;

  private Trailer(Follows follows, Function<RequestEngine, Request> make) {
    this.follows = follows;
    this.make = make;
  }

  /** Arms a trailer on the calling thread until {@link #disarm}; {@code make} builds each request it queues. */
  public static Trailer arm(Follows follows, Function<RequestEngine, Request> make) {
    Trailer t = new Trailer(follows, make);
    ARMED.set(t);
    return t;
  }

  /** Ends the arming; the requests it queued stay queued ({@link #awaitLast}). */
  public void disarm() {
    if (ARMED.get() == this) {
      ARMED.remove();
    }
  }

  static Trailer armed() {
    return ARMED.get();
  }

  /** Whether {@code r} is one this trailer follows. */
  boolean follows(Request r) {
    return follows == Follows.EVERY_REQUEST || r.commits();
  }

  Request make(RequestEngine e) {
    return make.apply(e);
  }

  void queued(RequestEngine e, Request t) {
    engine = e;
    last = t;
  }

  void missed() {
    missed = true;
  }

  /**
   * Whether a request it follows went without it (so the caller must learn the position another
   * way): true also when the last trailer could not be queued.
   */
  public boolean wasMissed() {
    return missed;
  }

  /**
   * The last trailer queued, once its reply is in; null when none was queued. Throws the
   * trailer's failure; {@code deadline} bounds the wait as for any request.
   */
  public Request awaitLast(Deadline deadline) {
    if (last == null) {
      return null;
    }
    // trailers are fire-and-forget (only the last one is waited for): this thread becomes its
    // reader before looking at it, so whoever completes it wakes this thread
    last.readBy(Thread.currentThread());
    engine.finish(last, deadline);
    return last;
  }
}
