package io.sluice.jdbc.internal;

import static java.sql.Connection.TRANSACTION_READ_COMMITTED;
import static java.sql.Connection.TRANSACTION_READ_UNCOMMITTED;
import static java.sql.Connection.TRANSACTION_REPEATABLE_READ;
import static java.sql.Connection.TRANSACTION_SERIALIZABLE;

import io.sluice.SluiceException;
import io.sluice.Transaction;
import io.sluice.TxOptions;
import java.sql.SQLException;
import java.sql.Savepoint;

/**
 * The transactions of a {@link SluiceConnection}: auto-commit, the options of the next
 * transaction (isolation level, read-only), commit and rollback, savepoints. With auto-commit
 * off, the first statement begins the transaction ({@link #beginIfNeeded}), which {@link
 * JdbcTransaction} ties to the thread that ran it. The connection checks that it is open before
 * it calls any of these.
 */
final class ConnectionTransactions {
  private final SluiceConnection connection;
  private final JdbcTransaction tx;
  private volatile boolean autoCommit = true;
  private volatile boolean readOnly;
  private volatile int isolation = TRANSACTION_READ_COMMITTED;
  private volatile boolean isolationChosen;
  /** The server's default isolation level was read (SHOW), so it need not be asked again. */
  private volatile boolean isolationKnown;

  ConnectionTransactions(SluiceConnection connection, JdbcTransaction tx, boolean readOnly) {
    this.connection = connection;
    this.tx = tx;
    this.readOnly = readOnly;
  }

  /** Begins the transaction, on this thread, when auto-commit is off and none is in progress. */
  void beginIfNeeded() throws SQLException {
    if (!autoCommit) {
      tx.ensure(options());
    }
  }

  private TxOptions options() {
    TxOptions o = TxOptions.DEFAULT.readOnly(readOnly);
    if (isolationChosen) {
      o = o.isolation(switch (isolation) {
        case TRANSACTION_REPEATABLE_READ -> TxOptions.Isolation.REPEATABLE_READ;
        case TRANSACTION_SERIALIZABLE -> TxOptions.Isolation.SERIALIZABLE;
        default -> TxOptions.Isolation.READ_COMMITTED;
      });
    }
    return o;
  }

  void setAutoCommit(boolean on) throws SQLException {
    if (on && !autoCommit) {
      commit();   // JDBC: switching auto-commit on commits the transaction in progress
    }
    autoCommit = on;
  }

  boolean autoCommit() {
    return autoCommit;
  }

  void commit() throws SQLException {
    if (autoCommit) {
      throw SqlErrors.of("commit with auto-commit on: there is no transaction to commit", "25000");
    }
    SQLException failure = tx.failure();
    Transaction t = end();
    if (t == null) {
      return;
    }
    boolean aborted = t.isAborted();
    try {
      connection.sessions.end(t::commit);   // its session goes back (a routing connection's)
    } catch (io.sluice.TransactionException e) {
      if (aborted) {
        // rolled back, as the server answers COMMIT in an aborted transaction (pgjdbc's habit)
        SilentRollback.report(connection.warnings, connection.settings.raiseOnSilentRollback(), failure, e);
        return;
      }
      throw SqlErrors.forState("40000", e.getMessage(), e.outcome().ordinal() + 1, e);
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
  }

  void rollback() throws SQLException {
    if (autoCommit) {
      throw SqlErrors.of("rollback with auto-commit on: there is no transaction to roll back", "25000");
    }
    Transaction t = end();
    if (t == null) {
      return;
    }
    try {
      connection.sessions.end(t::rollback);
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
  }

  /** Takes the transaction in progress off the connection, from its owner thread; null if none. */
  private Transaction end() throws SQLException {
    connection.settleStream();   // results stay readable after commit (HOLD_CURSORS_OVER_COMMIT)
    return tx.end();
  }

  /** Runs a transaction-control statement (savepoints) in the transaction, beginning it if needed. */
  private void control(String sql) throws SQLException {
    connection.beforeStatement();
    try {
      connection.inSession(s -> s.simpleQuery(sql));
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
  }

  /** A savepoint, named by the caller or (null) by number. */
  Savepoint setSavepoint(String name) throws SQLException {
    if (autoCommit) {
      throw SqlErrors.of("savepoints need a transaction: auto-commit is on", "25000");
    }
    JdbcSavepoint sp = new JdbcSavepoint(tx.nextSavepoint(), name);
    control("SAVEPOINT " + sp.sqlName());
    return sp;
  }

  void rollback(Savepoint savepoint) throws SQLException {
    control("ROLLBACK TO SAVEPOINT " + JdbcSavepoint.of(savepoint).sqlName());
    tx.recovered();
  }

  void releaseSavepoint(Savepoint savepoint) throws SQLException {
    JdbcSavepoint sp = JdbcSavepoint.of(savepoint);
    control("RELEASE SAVEPOINT " + sp.sqlName());
    sp.released();
  }

  void setReadOnly(boolean on) throws SQLException {
    if (tx.inProgress()) {
      throw SqlErrors.of("read-only cannot change inside a transaction", "25001");
    }
    readOnly = on;
  }

  boolean readOnly() {
    return readOnly;
  }

  void setIsolation(int level) throws SQLException {
    switch (level) {
      case TRANSACTION_READ_UNCOMMITTED, TRANSACTION_READ_COMMITTED, TRANSACTION_REPEATABLE_READ,
          TRANSACTION_SERIALIZABLE -> { }
      default -> throw SqlErrors.of("unknown transaction isolation level " + level, "HY024");
    }
    if (tx.inProgress()) {
      throw SqlErrors.of("the isolation level cannot change inside a transaction", "25001");
    }
    isolation = level == TRANSACTION_READ_UNCOMMITTED ? TRANSACTION_READ_COMMITTED : level;
    isolationChosen = true;
  }

  /** The level chosen, else the server's default for the session (asked once). */
  int isolation() throws SQLException {
    if (!isolationChosen && !isolationKnown) {
      try {
        connection.settleStream();
        String level = connection.inSession(s -> s.simpleQuery("SHOW default_transaction_isolation")).get(0).rows()
            .get(0).get(0);
        isolation = switch (level) {
          case "serializable" -> TRANSACTION_SERIALIZABLE;
          case "repeatable read" -> TRANSACTION_REPEATABLE_READ;
          default -> TRANSACTION_READ_COMMITTED;
        };
        isolationKnown = true;
      } catch (SluiceException e) {
        throw SqlErrors.of(e);
      }
    }
    return isolation;
  }
}
