package io.sluice.jdbc.internal;

import io.sluice.SluiceException;
import io.sluice.Transaction;
import io.sluice.TxOptions;
import java.sql.SQLException;

/**
 * The transaction of a JDBC connection with auto-commit off: begun by the first statement (a
 * Sluice {@link Transaction}, whose {@code BEGIN} travels with that statement), owned by the
 * thread that ran it until it ends. Statements of another thread are refused while it lasts, since
 * the Sluice connection is pinned to its owner (they would wait behind it, and never run in it).
 */
final class JdbcTransaction {
  private final Sessions sessions;
  private Transaction tx;
  private Thread owner;
  private int savepoints;
  /** The first statement failure in the transaction (it aborted it): what a commit's warning names. */
  private SQLException failure;

  JdbcTransaction(Sessions sessions) {
    this.sessions = sessions;
  }

  /** Begins the transaction on this thread if none is in progress; refuses another thread's. */
  synchronized void ensure(TxOptions options) throws SQLException {
    if (tx == null) {
      try {
        tx = sessions.begin(options);
      } catch (SluiceException e) {
        throw SqlErrors.of(e);
      } catch (IllegalStateException e) {
        throw SqlErrors.of(e.getMessage(), "25000");
      }
      owner = Thread.currentThread();
    } else if (owner != Thread.currentThread()) {
      throw SqlErrors.of("this connection's transaction (auto-commit off) was begun by thread " + owner
          + "; a transaction runs its statements on one thread (this is " + Thread.currentThread() + ")", "25000");
    }
  }

  /** Whether a transaction is in progress on a thread other than the calling one. */
  synchronized boolean heldByAnotherThread() {
    return tx != null && owner != Thread.currentThread();
  }

  synchronized boolean inProgress() {
    return tx != null;
  }

  /** A statement failed; the first failure of the transaction in progress (on its thread) is kept. */
  synchronized void failed(SQLException e) {
    if (tx != null && failure == null && owner == Thread.currentThread()) {
      failure = e;
    }
  }

  /** Rolled back to a savepoint: the transaction is no longer aborted by what failed before. */
  synchronized void recovered() {
    failure = null;
  }

  /** The first statement failure of the transaction in progress, or null. */
  synchronized SQLException failure() {
    return failure;
  }

  /** The next savepoint number of this transaction. */
  synchronized int nextSavepoint() {
    return ++savepoints;
  }

  /** Takes the transaction in progress away, from its owner thread, to commit or roll back; null if none. */
  synchronized Transaction end() throws SQLException {
    if (tx == null) {
      return null;
    }
    if (owner != Thread.currentThread()) {
      throw SqlErrors.of("the transaction was begun by thread " + owner + " and ends on that thread (this is "
          + Thread.currentThread() + ")", "25000");
    }
    Transaction t = tx;
    forget();
    return t;
  }

  /** The connection closed: the server rolls back what the session left open. */
  synchronized void forget() {
    tx = null;
    owner = null;
    savepoints = 0;
    failure = null;
  }
}
