package io.sluice;

import io.sluice.SluiceException.Outcome;
import io.sluice.event.EventListener;
import io.sluice.internal.calls.Handover;
import io.sluice.internal.calls.Retries;
import io.sluice.internal.calls.Runner;
import io.sluice.internal.engine.Deadline;
import io.sluice.event.TransactionEnd;
import io.sluice.event.TransactionEnd.Ending;
import io.sluice.event.TransactionStart;
import io.sluice.internal.events.Started;
import io.sluice.protocol.TransactionStatus;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A transaction on a {@link Connection}, pinned to the connection and to the thread that began it:
 * until it ends, other threads' statements on the same connection wait, so nothing of theirs runs
 * inside it. Statements inside it still pipeline with nothing (one caller, in order).
 *
 * <p>Ends with {@link #commit()} or {@link #rollback()}; {@link #close()} without either rolls
 * back, so try-with-resources never leaves a transaction open. Nested work goes through {@link
 * #transaction(Body)}, which uses a savepoint. After a statement fails, the transaction is
 * aborted: further statements throw {@link TransactionException} without being sent, until it is
 * rolled back (a nested transaction rolls back to its savepoint and the outer one goes on).
 *
 * <p>Not for sharing: every call must come from the thread that began the transaction.
 */
public final class Transaction implements Queryable, AutoCloseable {
  /** The work of a transaction; its value is returned once committed. */
  @FunctionalInterface
  public interface Body<T, X extends Exception> {
    T run(Transaction tx) throws X;
  }

  private final Connection connection;
  /** The thread whose calls it takes; moved only by {@link #takeOver} (the JDBC driver's hand-over). */
  private volatile Thread owner;
  private final Transaction parent;
  private final String savepoint;
  /** The whole transaction's deadline ({@link TxOptions#timeout()}), or none: then query_timeout applies. */
  private final Deadline until;
  private int savepoints;
  private String ended;
  private SluiceException failure;
  /** The start event of a top-level transaction until its end is delivered; null without events. */
  private Started<TransactionStart> started;
  /** Set by {@link Connection#transaction} when a transient failure runs the body again (for the end event). */
  boolean retriesLeft;
  /** The calls of {@link Queryable}, inside this transaction. */
  final Runner runner = new Calls(this, -1);

  Transaction(Connection connection, Transaction parent, String savepoint, Deadline until,
      Started<TransactionStart> started) {
    this.connection = connection;
    this.owner = Thread.currentThread();
    this.parent = parent;
    this.savepoint = savepoint;
    this.until = until;
    this.started = started;
  }

  static {
    // the JDBC driver's transactions belong to its connection, not to a thread: it moves them
    Handover.install(Transaction::takeOver);
  }

  /**
   * Makes the calling thread this (top-level) transaction's owner, with the connection's pin: JDBC
   * lets a connection's transaction end on another thread than the one that ran its statements.
   */
  private void takeOver() {
    if (parent != null) {
      throw new IllegalStateException("only a top-level transaction changes threads");
    }
    if (owner != Thread.currentThread()) {
      owner = Thread.currentThread();
      connection.core.takeOverPin();
    }
  }

  /** The deadline of a statement in this transaction: the transaction's own, else query_timeout's. */
  Deadline deadline() {
    return until.isNone() ? connection.core.deadline() : until;
  }




















  /**
   * Runs {@code body} inside a savepoint: released when it returns, rolled back to when it
   * throws (the exception is rethrown, and this transaction goes on, no longer aborted).
   */
  public <T, X extends Exception> T transaction(Body<T, X> body) throws X {
    check();
    String name = "sluice_sp_" + (++savepoints);
    simpleQuery("SAVEPOINT " + name);
    Transaction nested = new Transaction(connection, this, name, until, null);
    T value;
    try {
      value = body.run(nested);
    } catch (Throwable e) {
      nested.rollbackQuietly(e);
      throw e;
    }
    nested.commit();
    return value;
  }

  /**
   * Commits (a nested transaction releases its savepoint). If a statement failed earlier, the
   * transaction is rolled back instead and this throws {@link TransactionException} with that
   * failure as its cause.
   */
  public void commit() {
    check();
    if (aborted()) {
      SluiceException cause = failure;
      TransactionException refused = new TransactionException(
          "the transaction was rolled back, not committed: a statement in it failed"
          + (cause == null ? "" : " (" + cause.getMessage() + ")"), Outcome.SERVER_ERROR, cause);
      // the end event names why: the statement's failure, else (a statement run on the pinned
      // connection, not through this object, e.g. by the JDBC driver) this refusal to commit
      rollback(cause == null ? Ending.ROLLED_BACK : failedEnding(cause), cause != null ? cause : refused);
      throw refused;
    }
    Throwable thrown = null;
    try {
      if (parent == null) {
        if (connection.core.statements().engine().dropDeferredBegin()) {
          return;   // no statement ran: the transaction never started on the server
        }
        List<SimpleResult> r = connection.runner.simpleQuery(deadline(), "COMMIT");
        if (!r.isEmpty() && "ROLLBACK".equals(r.get(0).commandTag())) {
          throw new TransactionException("the server rolled the transaction back instead of committing it",
              Outcome.SERVER_ERROR);
        }
      } else {
        connection.runner.simpleQuery(deadline(), "RELEASE SAVEPOINT " + savepoint);
      }
    } catch (RuntimeException | Error e) {
      thrown = e;
      throw e;
    } finally {
      end("committed", thrown == null ? Ending.COMMITTED : lostOr(failedEnding(thrown)), thrown);
    }
  }

  /** Rolls back (a nested transaction rolls back to its savepoint and releases it). */
  public void rollback() {
    rollback(Ending.ROLLED_BACK, failure);
  }

  /** Rolls back; the end event says {@code ending}, for {@code cause}. */
  private void rollback(Ending ending, Throwable cause) {
    check();
    Throwable thrown = null;
    try {
      if (parent == null) {
        if (!connection.core.statements().engine().dropDeferredBegin()) {
          connection.simpleQuery("ROLLBACK");
        }
      } else {
        connection.simpleQuery("ROLLBACK TO SAVEPOINT " + savepoint + "; RELEASE SAVEPOINT " + savepoint);
        parent.failure = null;
      }
    } catch (RuntimeException | Error e) {
      thrown = e;
      throw e;
    } finally {
      end("rolled back", thrown == null ? ending : lostOr(ending), cause != null ? cause : thrown);
    }
  }

  /** Rolls back unless committed or rolled back already; idempotent. */
  @Override
  public void close() {
    if (ended != null) {
      return;
    }
    if (!connection.isOpen()) {
      end("lost with its connection", Ending.LOST, failure);
      return;
    }
    rollback();
  }

  /** Whether the transaction can still run statements (not ended, not aborted). */
  public boolean isActive() {
    return ended == null && !aborted();
  }

  /** Whether a statement failed and the transaction must be rolled back. */
  public boolean isAborted() {
    return ended == null && aborted();
  }

  /** The connection this transaction runs on. */
  public Connection connection() {
    return connection;
  }

  /** Rolls back after {@code cause}; the end event says whether the body runs again. */
  void rollbackQuietly(Throwable cause) {
    if (ended != null) {
      return;
    }
    Ending ending = failedEnding(cause);
    try {
      rollback(ending, cause);
    } catch (RuntimeException e) {
      cause.addSuppressed(e);
    } finally {
      if (ended == null) {
        end("rolled back", lostOr(ending), cause);
      }
    }
  }

  /** How a transaction that failed with {@code cause} ends: retrying when its body runs again for it. */
  private Ending failedEnding(Throwable cause) {
    return retriesLeft && Retries.isTransient(cause) ? Ending.RETRYING : Ending.ROLLED_BACK;
  }

  /** {@code ending}, unless the connection is gone: then the server rolled the transaction back itself. */
  private Ending lostOr(Ending ending) {
    return connection.isOpen() ? ending : Ending.LOST;
  }

  private boolean aborted() {
    return failure != null || connection.core.transactionStatus() == TransactionStatus.FAILED;
  }

  private void end(String how, Ending ending, Throwable cause) {
    ended = how;
    if (parent == null) {
      connection.core.unpin();
    }
    Started<TransactionStart> s = started;
    if (s != null) {
      started = null;
      s.end(new TransactionEnd(s.start(), ending, s.elapsedNanos(), cause), EventListener::transactionEnd);
    }
  }

  private void check() {
    if (Thread.currentThread() != owner) {
      throw new TransactionException("a transaction is used only by the thread that began it (" + owner
          + "); this is " + Thread.currentThread(), Outcome.NOT_SENT);
    }
    if (ended != null) {
      throw new TransactionException("the transaction has ended (" + ended + ")", Outcome.NOT_SENT);
    }
    if (!connection.isOpen()) {
      throw new TransactionException("the connection of this transaction is closed; the transaction was lost"
          + " (rolled back by the server)", Outcome.NOT_SENT);
    }
  }

  <T> T run(Supplier<T> statement) {
    check();
    if (aborted()) {
      throw new TransactionException("the transaction is aborted: a statement in it failed"
          + (failure == null ? "" : " (" + failure.getMessage() + ")")
          + "; nothing more runs until it is rolled back", Outcome.NOT_SENT, failure);
    }
    try {
      return statement.get();
    } catch (ServerException e) {
      failure = e;
      throw e;
    }
  }

  /**
   * A transaction's calls: checked to come from the thread that began it and to find it usable, run
   * on its connection, a server error kept for the commit to refuse. With no timeout of its own
   * ({@code timeoutNanos < 0}) a call gets the transaction's deadline, else {@code query_timeout}.
   */
  private record Calls(Transaction tx, long timeoutNanos) implements Runner {
    @Override
    public Deadline deadline() {
      return timeoutNanos < 0 ? tx.deadline() : Deadline.in(timeoutNanos);
    }

    @Override
    public Runner withTimeout(long nanos) {
      return new Calls(tx, nanos);
    }

    @Override
    public RowSet query(Deadline d, String sql, Object[] params) {
      return tx.run(() -> tx.connection().runner.query(d, sql, params));
    }

    @Override
    public long execute(Deadline d, String sql, Object[] params) {
      return tx.run(() -> tx.connection().runner.execute(d, sql, params));
    }

    @Override
    public void forEach(Deadline d, String sql, Consumer<? super Row> each, Object[] params) {
      tx.run(() -> {
        tx.connection().runner.forEach(d, sql, each, params);
        return null;
      });
    }

    @Override
    public void forEachWhile(Deadline d, String sql, Predicate<? super Row> each, Object[] params) {
      tx.run(() -> {
        tx.connection().runner.forEachWhile(d, sql, each, params);
        return null;
      });
    }

    @Override
    public PreparedQuery prepare(Deadline d, String sql) {
      return tx.run(() -> tx.connection().runner.prepare(d, sql));
    }

    @Override
    public long[] executeMany(Deadline d, String sql, List<Object[]> groups) {
      return tx.run(() -> tx.connection().runner.executeMany(d, sql, groups));
    }

    @Override
    public RowStream stream(Deadline d, String sql, int fetchSize, Object[] params) {
      return tx.run(() -> tx.connection().runner.stream(d, sql, fetchSize, params));
    }


    @Override
    public List<SimpleResult> simpleQuery(Deadline d, String sql) {
      return tx.run(() -> tx.connection().runner.simpleQuery(d, sql));
    }
  }
}
