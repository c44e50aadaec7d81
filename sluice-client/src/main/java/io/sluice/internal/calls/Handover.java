package io.sluice.internal.calls;

import io.sluice.Transaction;
import java.util.function.Consumer;

/**
 * Moves a transaction to the calling thread, for the JDBC driver only. A Sluice {@link
 * Transaction} belongs to the thread that began it (its calls come from one caller, in order);
 * a JDBC connection's transaction belongs to the connection, and pools and frameworks end it on
 * another thread than the one that ran its statements (HikariCP's housekeeper rolls back a
 * connection it evicts; a coroutine resumes on another thread). What the old owner already wrote
 * completes in order; should it write again mid-statement (a later fetch), it waits for the pin
 * like any other thread, bounded by {@code pin_timeout}. {@code Transaction}'s static
 * initialiser installs the way in, as {@link Connections} does for connections.
 */
public final class Handover {
  private static volatile Consumer<Transaction> takeOver;

  private Handover() {}

  /** Called once, by {@code Transaction}'s static initialiser. */
  public static void install(Consumer<Transaction> bridge) {
    takeOver = bridge;
  }

  /** Makes the calling thread {@code tx}'s owner, with its connection's pin; nothing if it is already. */
  public static void toCurrentThread(Transaction tx) {
    Consumer<Transaction> t = takeOver;
    if (t == null) {
      throw new IllegalStateException("io.sluice.Transaction did not install its hand-over");
    }
    t.accept(tx);
  }
}
