package io.sluice;

import io.sluice.internal.RowStore;
import io.sluice.internal.Session;
import io.sluice.internal.Statement;
import java.util.List;
import java.util.function.Consumer;

/**
 * A statement prepared on the server once, with parameter types the server inferred; made by
 * {@link Connection#prepare}. Values are encoded for those types. Safe to share between threads.
 * It lives in the connection's statement cache: if it is evicted, or the server forgets it, it
 * is prepared again transparently on next use.
 */
public final class PreparedQuery {
  private final Connection connection;
  private final Session session;
  private final Statement statement;

  PreparedQuery(Connection connection, Session session, Statement statement) {
    this.connection = connection;
    this.session = session;
    this.statement = statement;
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
    RowStore store = new RowStore();
    Session.QueryResult r = session.queryPrepared(statement, params, store::add, false, connection.deadline());
    return new RowSet(r.layout(), store, r.commandTag());
  }

  public long execute(Object... params) {
    Session.QueryResult r = session.queryPrepared(statement, params, (b, o, l) -> {}, false, connection.deadline());
    return CommandTags.rowCount(r.commandTag());
  }

  public void forEach(Consumer<? super Row> each, Object... params) {
    Connection.Streamer s = new Connection.Streamer(each);
    session.queryPrepared(statement, params, s, true, connection.deadline());
    s.rethrow();
  }
}
