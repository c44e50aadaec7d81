package io.sluice;

import io.sluice.internal.calls.Runner;
import java.time.Duration;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Something SQL runs on: a {@link Connection}, a {@link Transaction} or a {@link Pool}. Code that
 * only runs statements takes a {@code Queryable} and works with all three; each implementation's
 * own documentation says where the statement runs (the shared pipelined connection, inside the
 * transaction, on a pooled connection shared or borrowed).
 *
 * <p>Parameters are numbered {@code $1}, {@code $2}, …, and travel in binary wherever a codec
 * exists; statements are prepared on first use and cached per connection.
 */
public sealed interface Queryable permits Connection, Pool, Transaction, View {
  /**
   * Runs a statement with parameters ({@code $1}, {@code $2}, …) and returns all its rows. Values
   * travel in binary wherever a codec exists; the statement is prepared on first use and cached.
   */
  default RowSet query(String sql, Object... params) {
    Runner r = runner(this);
    return r.query(r.deadline(), sql, params);
  }

  /**
   * Runs a statement and returns its rows as records of {@code type}: each component from the
   * column of the same name, ignoring case and underscores ({@code created_at} feeds
   * {@code createdAt}); columns no component names are ignored. See {@link Row#as}.
   */
  default <R extends Record> List<R> query(String sql, Class<R> type, Object... params) {
    return query(sql, params).as(type);
  }

  /** Streams the rows to {@code each} as records of {@code type} (see {@link #query(String, Class, Object...)}). */
  default <R extends Record> void forEach(String sql, Class<R> type, Consumer<? super R> each, Object... params) {
    forEach(sql, row -> each.accept(row.as(type)), params);
  }

  /** Runs a statement and returns the number of rows it affected (or returned), or -1. */
  default long execute(String sql, Object... params) {
    Runner r = runner(this);
    return r.execute(r.deadline(), sql, params);
  }

  /**
   * Runs {@code sql} once for each group of parameters, every execution written at once (one round
   * trip once prepared) as one implicit transaction: all groups apply, or none does. A single-row
   * {@code INSERT … VALUES} goes as multi-row inserts ({@link io.sluice.sql.MultiRowInsert}: one statement per 64
   * rows instead of one per row, about half the time on a local server).
   *
   * @return each group's row count; for a multi-row insert, 1 per group when every row of its
   *     statement went in, else -1 (an {@code ON CONFLICT DO NOTHING} skipped some, which ones is
   *     not known)
   * @throws BatchException when a statement fails (nothing applied); its index is the first group
   *     of the failed statement
   */
  default long[] executeMany(String sql, List<Object[]> groups) {
    Runner r = runner(this);
    return r.executeMany(r.deadline(), sql, groups);
  }

  /**
   * Streams the rows to {@code each} as they arrive, without keeping them: any number of rows in
   * constant memory. The {@link Row} passed is reused: it is valid only during the call. The
   * callback runs on this thread; while it runs, requests queued behind this one on the same
   * connection wait, so keep it quick or use a dedicated connection. If the callback throws, the
   * remaining rows are skipped (see {@link #forEachWhile} for how the server's work is stopped)
   * and the exception is rethrown once the connection is ready again.
   */
  default void forEach(String sql, Consumer<? super Row> each, Object... params) {
    Runner r = runner(this);
    r.forEach(r.deadline(), sql, each, params);
  }

  /**
   * Streams the rows to {@code each} as {@link #forEach} does, until it returns false: then no
   * more rows are passed, and the server stops producing them. Inside this thread's transaction
   * or session, where a cancel would abort the transaction, the rows are read through a portal
   * 4,096 at a time, and the portal is closed at the stop. Elsewhere the
   * statement is cancelled at the stop when that can touch nothing else: it is the only statement
   * in flight on the connection (and no transaction is open); otherwise the rest of the rows are
   * read and dropped. Either way the call returns once the connection is ready again, and the
   * connection is clean. A statement that changes data may have done some of its work when stopped.
   */
  default void forEachWhile(String sql, Predicate<? super Row> each, Object... params) {
    Runner r = runner(this);
    r.forEachWhile(r.deadline(), sql, each, params);
  }

  /** Folds the rows into a value as they arrive (streaming, like {@link #forEach}). */
  default <A> A reduce(String sql, A init, BiFunction<A, ? super Row, A> fn, Object... params) {
    Object[] acc = {init};
    forEach(sql, row -> {
      @SuppressWarnings("unchecked")
      A a = (A) acc[0];
      acc[0] = fn.apply(a, row);
    }, params);
    @SuppressWarnings("unchecked")
    A result = (A) acc[0];
    return result;
  }

  /**
   * Fetches the rows {@code fetchSize} at a time, as the iterator asks for them (a server-side
   * portal suspended between chunks). Close the stream; until then this connection writes
   * nothing else. See {@link RowStream}.
   */
  default RowStream stream(String sql, int fetchSize, Object... params) {
    Runner r = runner(this);
    return r.stream(r.deadline(), sql, fetchSize, params);
  }

  /**
   * Runs one or more SQL statements, separated by semicolons, with the simple query protocol.
   * Values come back as text. If a statement fails, the statements after it do not run, and the
   * error is thrown once the server is ready again (the connection stays usable); in an implicit
   * transaction (no {@code BEGIN}), earlier statements of the same string are rolled back too.
   */
  default List<SimpleResult> simpleQuery(String sql) {
    Runner r = runner(this);
    return r.simpleQuery(r.deadline(), sql);
  }

  /**
   * Prepares a statement on the server now (one round trip), letting the server infer every
   * parameter type, and returns a handle that runs it with values encoded for those types.
   */
  default PreparedQuery prepare(String sql) {
    Runner r = runner(this);
    return r.prepare(r.deadline(), sql);
  }

  /**
   * A view of this that runs each call with {@code timeout} in place of {@code query_timeout}
   * (or a transaction's timeout): a call still running when it passes is cancelled on the server
   * and fails with {@link QueryTimeoutException}. Nothing else changes; the view is cheap, make
   * one per call if you like: {@code pool.withTimeout(Duration.ofMillis(200)).query(…)}.
   *
   * @throws ConfigException if {@code timeout} is not more than zero
   */
  default Queryable withTimeout(Duration timeout) {
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new ConfigException("a call timeout must be more than zero, got " + timeout);
    }
    return new View(runner(this).withTimeout(timeout.toNanos()), this, timeout);
  }

  /** The one dispatch from the API to its runner; Connection first, it is the hottest. */
  private static Runner runner(Queryable q) {
    if (q instanceof Connection c) {
      return c.runner;
    }
    if (q instanceof Pool p) {
      return p.runner;
    }
    if (q instanceof Transaction t) {
      return t.runner;
    }
    return ((View) q).runner();
  }
}
