package io.sluice;

import io.sluice.internal.calls.Runner;
import io.sluice.internal.engine.Deadline;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A transaction's calls: checked to come from the thread that began it and to find it usable, run
 * on its connection, a server error kept for the commit to refuse. With no timeout of its own
 * ({@code timeoutNanos < 0}) a call gets the transaction's deadline, else {@code query_timeout}.
 */
record TransactionRunner(Transaction tx, long timeoutNanos) implements Runner {
  @Override
  public Deadline deadline() {
    return timeoutNanos < 0 ? tx.deadline() : Deadline.in(timeoutNanos);
  }

  @Override
  public Runner withTimeout(long nanos) {
    return new TransactionRunner(tx, nanos);
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
