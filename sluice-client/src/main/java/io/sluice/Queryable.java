package io.sluice;

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
public interface Queryable {
  /** Runs a statement and returns all its rows, held as raw bytes and decoded when read. */
  RowSet query(String sql, Object... params);

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
  long execute(String sql, Object... params);

  /**
   * Runs {@code sql} once per group of parameters, all sent together and applied as one unit; a
   * single-row {@code INSERT … VALUES} goes as multi-row inserts. See {@link Connection#executeMany}.
   */
  long[] executeMany(String sql, List<Object[]> groups);

  /** Streams the rows to {@code each} as they arrive; the row passed is valid only during the call. */
  void forEach(String sql, Consumer<? super Row> each, Object... params);

  /**
   * Streams the rows to {@code each} until it returns false; then the server stops producing them
   * when it safely can (see {@link Connection#forEachWhile}).
   */
  void forEachWhile(String sql, Predicate<? super Row> each, Object... params);

  /** Folds the rows into a value as they arrive (streaming, like {@link #forEach}). */
  <A> A reduce(String sql, A init, BiFunction<A, ? super Row, A> fn, Object... params);

  /** The rows {@code fetchSize} at a time from a server-side portal; close the stream. */
  RowStream stream(String sql, int fetchSize, Object... params);

  /** Runs SQL through the simple query protocol: several statements, text results, no parameters. */
  List<SimpleResult> simpleQuery(String sql);

  /** Prepares a statement now (one round trip) and returns a handle that runs it. */
  PreparedQuery prepare(String sql);

  /**
   * A view of this that runs each call with {@code timeout} in place of {@code query_timeout}
   * (or a transaction's timeout): a call still running when it passes is cancelled on the server
   * and fails with {@link QueryTimeoutException}. Nothing else changes; the view is cheap, make
   * one per call if you like: {@code pool.withTimeout(Duration.ofMillis(200)).query(…)}.
   *
   * @throws ConfigException if {@code timeout} is not more than zero
   */
  Queryable withTimeout(java.time.Duration timeout);
}
