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
import java.util.List;

/**
 * The transactions of a {@link SluiceConnection}: auto-commit, the options of the next
 * transaction (isolation level, read-only), commit and rollback, savepoints. With auto-commit
 * off, the first statement begins the transaction ({@link #beginIfNeeded}), which {@link
 * JdbcTransaction} keeps for the connection (any thread may end it). The connection checks that it is open before
 * it calls any of these.
 */
final class ConnectionTransactions {
  private final SluiceConnection connection;
  private final JdbcTransaction tx;
  private volatile boolean autoCommit = true;
  private volatile boolean readOnly;
  private final ReadOnlyMode readOnlyMode;
  private volatile int isolation = TRANSACTION_READ_COMMITTED;
  private volatile boolean isolationChosen;
  /**
   * Statements run and transactions ended so far; the server's isolation level, asked at {@code
   * isolationAskedAt}, holds while this has not moved.
   */
  private final java.util.concurrent.atomic.AtomicLong statements = new java.util.concurrent.atomic.AtomicLong();
  private volatile long isolationAskedAt = -1;
  private volatile int askedIsolation = TRANSACTION_READ_COMMITTED;
  /** A routing connection's default level, once asked on the read route; -1 before. */
  private volatile int routedDefault = -1;

  private final AutoSavepoints autosave;

  ConnectionTransactions(SluiceConnection connection, JdbcTransaction tx, DriverSettings settings) {
    this.connection = connection;
    this.tx = tx;
    this.readOnly = settings.readOnly();
    this.readOnlyMode = settings.readOnlyMode();
    this.autosave = new AutoSavepoints(connection, tx, settings.autosave());
  }

  /**
   * Runs statements {@code sql} (after {@link #beginIfNeeded}) under the connection's autosave:
   * in a transaction, with a savepoint in front when pgjdbc's {@code autosave} asks for one.
   */
  <T> T autosaved(List<String> sql, boolean retry, AutoSavepoints.Attempt<T> attempt) throws SQLException {
    // never (the default): one volatile read, no lock, on every statement's path
    return autosave.mode() == AutoSavepoints.Mode.NEVER ? attempt.run()
        : autosave.run(inTransaction(), sql, retry, attempt);
  }

  /** Whether a transaction of the connection is in progress (auto-commit off, a statement ran or began it). */
  boolean inTransaction() {
    return !autoCommit && tx.inProgress();
  }

  AutoSavepoints autosave() {
    return autosave;
  }

  /** Before each statement: begins the transaction, on this thread, when auto-commit is off and none is in progress. */
  void beginIfNeeded() throws SQLException {
    statements.incrementAndGet();   // any statement may change the isolation level (SET …)
    if (!autoCommit) {
      tx.ensure(options());
    }
  }

  private TxOptions options() {
    TxOptions o = TxOptions.DEFAULT.readOnly(readOnly && readOnlyMode != ReadOnlyMode.IGNORE);
    if (isolationChosen) {
      o = o.isolation(switch (isolation) {
        case TRANSACTION_REPEATABLE_READ -> TxOptions.Isolation.REPEATABLE_READ;
        case TRANSACTION_SERIALIZABLE -> TxOptions.Isolation.SERIALIZABLE;
        case TRANSACTION_READ_UNCOMMITTED -> TxOptions.Isolation.READ_UNCOMMITTED;
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

  /** Takes the transaction in progress off the connection, to this thread; null if none. */
  private Transaction end() throws SQLException {
    statements.incrementAndGet();   // the transaction's level ends with it
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
    if (readOnlyMode == ReadOnlyMode.ALWAYS && on != readOnly) {
      // outside any transaction, even with auto-commit off (control would begin one, READ ONLY as
      // it still is): the session's default, which later transactions and auto-commit statements take
      connection.settleStream();
      try {
        connection.inSession(s -> s.simpleQuery("SET SESSION CHARACTERISTICS AS TRANSACTION "
            + (on ? "READ ONLY" : "READ WRITE")));
      } catch (SluiceException e) {
        throw SqlErrors.of(e);
      }
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
    // READ UNCOMMITTED is sent as such: PostgreSQL runs it as read committed, and reports it as asked
    isolation = level;
    isolationChosen = true;
  }

  /**
   * The level chosen with {@link #setIsolation}, while no transaction is in progress: the next one
   * begins with it. Otherwise the server's answer to {@code SHOW TRANSACTION ISOLATION LEVEL} (as
   * pgjdbc asks it): the transaction's level, or the session's default, which SQL may have changed
   * ({@code SET SESSION CHARACTERISTICS …}, {@code SET default_transaction_isolation}; neither is a
   * {@code GUC_REPORT} parameter, so the server never says so on its own). The answer is kept until
   * the driver runs a statement or ends a transaction: asked again with nothing run in between, it
   * costs no round trip.
   */
  int isolation() throws SQLException {
    if (isolationChosen && !tx.inProgress()) {
      return isolation;
    }
    if (!tx.inProgress() && connection.sessions instanceof RoutedSessions) {
      return routedDefault();
    }
    long now = statements.get();
    if (isolationAskedAt != now) {
      connection.settleStream();
      askedIsolation = levelOf(connection.inSession(ConnectionTransactions::showIsolation));
      isolationAskedAt = now;
    }
    return askedIsolation;
  }

  /**
   * A routing connection outside a transaction has no session of its own to ask (issue 36 §3): the
   * level its next transaction begins with is the servers' default ({@code
   * default_transaction_isolation}), asked once on the read route while the pool's monitor knows a
   * host there, else PostgreSQL's default {@code READ COMMITTED} (asked again next time) — never a
   * wait for the primary, which during an election would last until a promotion. Once asked it
   * stays for the connection's life: a {@code SET} on a session it borrowed does not reach its
   * next transaction anyway.
   */
  private int routedDefault() throws SQLException {
    int known = routedDefault;
    if (known >= 0) {
      return known;
    }
    if (connection.sessions.health(true) != RouteHealth.SERVED) {
      return TRANSACTION_READ_COMMITTED;
    }
    connection.settleStream();
    known = levelOf(connection.sessions.run(true, false, ConnectionTransactions::showIsolation));
    routedDefault = known;
    return known;
  }

  /** The level outside a transaction: the session's default; inside one: the transaction's. */
  private static String showIsolation(io.sluice.Connection s) throws SQLException {
    try {
      return s.simpleQuery("SHOW TRANSACTION ISOLATION LEVEL").get(0).rows().get(0).get(0);
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
  }

  private static int levelOf(String level) {
    return switch (level) {
      case "serializable" -> TRANSACTION_SERIALIZABLE;
      case "repeatable read" -> TRANSACTION_REPEATABLE_READ;
      case "read uncommitted" -> TRANSACTION_READ_UNCOMMITTED;
      default -> TRANSACTION_READ_COMMITTED;
    };
  }
}
