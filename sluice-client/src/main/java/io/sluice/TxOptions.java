package io.sluice;

import java.time.Duration;

/**
 * How a transaction starts, and whether Sluice re-runs it on a serialization failure or deadlock.
 * Immutable; start from {@link #DEFAULT} and change what you need:
 *
 * <pre>{@code
 * TxOptions opts = TxOptions.DEFAULT.isolation(Isolation.SERIALIZABLE).retries(5);
 * }</pre>
 *
 * @param isolation the isolation level, or {@code null} for the server's default
 *     ({@code default_transaction_isolation})
 * @param readOnly {@code READ ONLY}: the server refuses writes
 * @param deferrable {@code DEFERRABLE}: with serializable and read only, waits for a snapshot that
 *     can never fail with a serialization error
 * @param retries how many times {@code transaction(...)} re-runs the whole body after SQLSTATE
 *     {@code 40001} (serialization failure) or {@code 40P01} (deadlock); 0, the default, never
 * @param timeout how long the transaction may take, from its begin to its commit, in place of
 *     {@code query_timeout} for every statement in it: a statement still running when it passes
 *     is cancelled ({@link QueryTimeoutException}), and the transaction then rolls back (the
 *     rollback itself runs under the connection's {@code query_timeout}); {@code null}, the
 *     default, leaves each statement under {@code query_timeout}. Each retry starts a new timeout.
 */
public record TxOptions(Isolation isolation, boolean readOnly, boolean deferrable, int retries, Duration timeout) {
  public static final TxOptions DEFAULT = new TxOptions(null, false, false, 0, null);

  public TxOptions {
    if (retries < 0) {
      throw new ConfigException("retries must be 0 or more, got " + retries);
    }
    if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
      throw new ConfigException("a transaction timeout must be more than zero, got " + timeout);
    }
  }

  /** As the canonical constructor, without a timeout. */
  public TxOptions(Isolation isolation, boolean readOnly, boolean deferrable, int retries) {
    this(isolation, readOnly, deferrable, retries, null);
  }

  /** The SQL isolation levels. */
  public enum Isolation {
    /**
     * PostgreSQL runs it as {@code READ COMMITTED} (it has no dirty reads), while {@code SHOW
     * transaction_isolation} says {@code read uncommitted}, as it was asked.
     */
    READ_UNCOMMITTED("READ UNCOMMITTED"),
    READ_COMMITTED("READ COMMITTED"),
    REPEATABLE_READ("REPEATABLE READ"),
    SERIALIZABLE("SERIALIZABLE");

    final String sql;

    Isolation(String sql) {
      this.sql = sql;
    }
  }

  public TxOptions isolation(Isolation level) {
    return new TxOptions(level, readOnly, deferrable, retries, timeout);
  }

  public TxOptions readOnly(boolean on) {
    return new TxOptions(isolation, on, deferrable, retries, timeout);
  }

  public TxOptions deferrable(boolean on) {
    return new TxOptions(isolation, readOnly, on, retries, timeout);
  }

  public TxOptions retries(int times) {
    return new TxOptions(isolation, readOnly, deferrable, times, timeout);
  }

  /** With {@code limit} as the whole transaction's timeout (see {@link #timeout()}); null for none. */
  public TxOptions timeout(Duration limit) {
    return new TxOptions(isolation, readOnly, deferrable, retries, limit);
  }

  /** The statement that opens the transaction. */
  String beginSql() {
    StringBuilder sql = new StringBuilder("BEGIN");
    String sep = " ";
    if (isolation != null) {
      sql.append(sep).append("ISOLATION LEVEL ").append(isolation.sql);
      sep = ", ";
    }
    if (readOnly) {
      sql.append(sep).append("READ ONLY");
      sep = ", ";
    }
    if (deferrable) {
      sql.append(sep).append("DEFERRABLE");
    }
    return sql.toString();
  }
}
