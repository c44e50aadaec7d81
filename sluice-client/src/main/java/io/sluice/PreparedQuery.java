package io.sluice;

import io.sluice.internal.rows.BufferedRowSet;
import io.sluice.internal.rows.RowStore;
import io.sluice.internal.statements.ServerStatement;
import io.sluice.internal.statements.StatementRunner;
import io.sluice.protocol.CommandTags;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A statement prepared on the server once, with parameter types the server inferred; made by
 * {@link Queryable#prepare}. Values are encoded for those types. Safe to share between threads.
 * It lives in the connection's statement cache: if it is evicted, or the server forgets it, it
 * is prepared again transparently on next use. Prepared through a {@link Pool}, each call runs on
 * whichever connection the pool gives it, which prepares the SQL once in its own statement cache.
 */
public final class PreparedQuery {
  private final Connection connection;
  private final StatementRunner session;
  private final ServerStatement statement;
  /** The pool (or a pool's read-only view) each call goes through, or null when bound to {@link #connection}. */
  private final Queryable pool;

  PreparedQuery(Connection connection, StatementRunner session, ServerStatement statement) {
    this(connection, session, statement, null);
  }

  private PreparedQuery(Connection connection, StatementRunner session, ServerStatement statement, Queryable pool) {
    this.connection = connection;
    this.session = session;
    this.statement = statement;
    this.pool = pool;
  }

  /** The same statement, each call run through {@code pool} (this one was prepared on one of its connections). */
  PreparedQuery through(Queryable pool) {
    return new PreparedQuery(connection, session, statement, pool);
  }

  public String sql() {
    return statement.key().sql();
  }

  /** The parameter types the server chose, as OIDs. */
  public int[] parameterTypes() {
    return statement.parameterTypes();
  }

  /** The result's columns; empty for a statement without rows. */
  public List<Column> columns() {
    return statement.layout().list();
  }

  public RowSet query(Object... params) {
    if (pool != null) {
      return pool.query(sql(), params);
    }
    RowStore store = new RowStore();
    StatementRunner.QueryResult r = session.queryPrepared(statement, params, store, false, connection.deadline());
    return new BufferedRowSet(r.layout(), store, r.commandTag());
  }

  public long execute(Object... params) {
    if (pool != null) {
      return pool.execute(sql(), params);
    }
    StatementRunner.QueryResult r =
        session.queryPrepared(statement, params, (b, o, l) -> {}, false, connection.deadline());
    return CommandTags.rowCount(r.commandTag());
  }

  public void forEach(Consumer<? super Row> each, Object... params) {
    if (pool != null) {
      pool.forEach(sql(), each, params);
      return;
    }
    stream(new Connection.Streamer(each), params);
  }

  /** See {@link Connection#forEachWhile}. */
  public void forEachWhile(Predicate<? super Row> each, Object... params) {
    if (pool != null) {
      pool.forEachWhile(sql(), each, params);
      return;
    }
    stream(new Connection.Streamer(each), params);
  }

  private void stream(Connection.Streamer s, Object[] params) {
    session.queryPrepared(statement, params, s, true, connection.deadline());
    s.rethrow();
  }
}
