package io.sluice;

/**
 * Sluice's {@code pooler_mode}: the pool mode of a pooler between Sluice and the server
 * (PgBouncer's {@code pool_mode}), which Sluice cannot see for itself (a pooler reports the
 * server's parameters as its own). In {@link #TRANSACTION} and {@link #STATEMENT} mode the server
 * sessions are shared by every client, so Sluice uses unnamed statements only (whatever {@code
 * statement_cache_size} says) and refuses, before sending, the statements that would leave state
 * in a session it does not own (docs/poolers.md).
 */
public enum PoolerMode {
  /** No pooler, or one Sluice need not know of. The default. */
  NONE("none"),
  /** A server session per client connection, for the connection's life: nothing changes. */
  SESSION("session"),
  /** A server session per transaction. */
  TRANSACTION("transaction"),
  /** A server session per statement. */
  STATEMENT("statement");

  private final String keyword;

  PoolerMode(String keyword) {
    this.keyword = keyword;
  }

  public String keyword() {
    return keyword;
  }

  /** Whether consecutive transactions of one connection may run in different server sessions. */
  public boolean sharesSessions() {
    return this == TRANSACTION || this == STATEMENT;
  }
}
