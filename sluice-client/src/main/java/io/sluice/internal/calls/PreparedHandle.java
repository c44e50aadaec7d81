package io.sluice.internal.calls;

import io.sluice.internal.requests.QueryResult;
import io.sluice.Column;
import io.sluice.PreparedQuery;
import io.sluice.Queryable;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.internal.rows.BufferedRowSet;
import io.sluice.internal.rows.RowStore;
import io.sluice.internal.requests.ServerStatement;
import io.sluice.internal.statements.StatementRunner;
import io.sluice.protocol.CommandTags;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A statement prepared on one connection's session: its calls run there, or, once handed out by a
 * pool, through the pool ({@code through}), which prepares it again on whichever connection it
 * picks (once per connection, in that connection's statement cache).
 */
public record PreparedHandle(ConnectionCore connection, ServerStatement statement, Queryable through)
    implements PreparedQuery {

  /** The same statement, each call run through {@code pool} (it was prepared on one of its connections). */
  public PreparedHandle through(Queryable pool) {
    return new PreparedHandle(connection, statement, pool);
  }

  @Override
  public String sql() {
    return statement.key().sql();
  }

  @Override
  public int[] parameterTypes() {
    return statement.parameterTypes();
  }

  @Override
  public List<Column> columns() {
    return statement.layout().list();
  }

  @Override
  public RowSet query(Object... params) {
    if (through != null) {
      return through.query(sql(), params);
    }
    RowStore store = new RowStore();
    QueryResult r = statements().queryPrepared(statement, params, store, false, connection.deadline());
    return new BufferedRowSet(r.layout(), store, r.commandTag());
  }

  @Override
  public long execute(Object... params) {
    if (through != null) {
      return through.execute(sql(), params);
    }
    QueryResult r =
        statements().queryPrepared(statement, params, (b, o, l) -> {}, false, connection.deadline());
    return CommandTags.rowCount(r.commandTag());
  }

  @Override
  public void forEach(Consumer<? super Row> each, Object... params) {
    if (through != null) {
      through.forEach(sql(), each, params);
      return;
    }
    stream(new Streamer(each), params);
  }

  @Override
  public void forEachWhile(Predicate<? super Row> each, Object... params) {
    if (through != null) {
      through.forEachWhile(sql(), each, params);
      return;
    }
    stream(new Streamer(each), params);
  }

  private StatementRunner statements() {
    return connection.statements();
  }

  private void stream(Streamer s, Object[] params) {
    statements().queryPrepared(statement, params, s, true, connection.deadline());
    s.rethrow();
  }

  @Override
  public String toString() {
    return "PreparedQuery[" + sql() + (through == null ? "" : ", through " + through) + "]";
  }
}
