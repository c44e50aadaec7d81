package io.sluice.jdbc.internal;

import io.sluice.SluiceException;
import io.sluice.Transaction;
import io.sluice.TxOptions;
import io.sluice.internal.calls.Handover;
import java.sql.SQLException;

/**
 * The transaction of a JDBC connection with auto-commit off: begun by the first statement (a
 * Sluice {@link Transaction}, whose {@code BEGIN} travels with that statement). It belongs to the
 * connection, not to a thread, as in pgjdbc: a statement, commit or rollback on another thread
 * takes the transaction (and the Sluice connection's pin) over first ({@link Handover}), so that
 * pools and frameworks that end a transaction on another thread (HikariCP's housekeeper, a
 * coroutine resumed elsewhere) work; JDBC leaves overlapping calls on two threads to the caller.
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

  /** Begins the transaction if none is in progress, else moves it to this thread. */
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
    } else {
      takeOver();
    }
  }

  /** The transaction in progress moves to the calling thread, if it ran on another. */
  private void takeOver() {
    if (owner != Thread.currentThread()) {
      Handover.toCurrentThread(tx);
      owner = Thread.currentThread();
    }
  }

  /** Whether a transaction is in progress on a thread other than the calling one. */
  synchronized boolean heldByAnotherThread() {
    return tx != null && owner != Thread.currentThread();
  }

  synchronized boolean inProgress() {
    return tx != null;
  }

  /** A statement failed; the first failure of the transaction in progress is kept. */
  synchronized void failed(SQLException e) {
    if (tx != null && failure == null) {
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

  /** Takes the transaction in progress away, to this thread, to commit or roll back; null if none. */
  synchronized Transaction end() {
    if (tx == null) {
      return null;
    }
    takeOver();
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
