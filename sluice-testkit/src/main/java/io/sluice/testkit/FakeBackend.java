package io.sluice.testkit;

import io.sluice.protocol.BackendMessage.BindComplete;
import io.sluice.protocol.BackendMessage.CloseComplete;
import io.sluice.protocol.BackendMessage.CommandComplete;
import io.sluice.protocol.BackendMessage.ErrorResponse;
import io.sluice.protocol.BackendMessage.Field;
import io.sluice.protocol.BackendMessage.NoData;
import io.sluice.protocol.BackendMessage.ParameterDescription;
import io.sluice.protocol.BackendMessage.ParseComplete;
import io.sluice.protocol.BackendMessage.PortalSuspended;
import io.sluice.protocol.BackendMessage.ReadyForQuery;
import io.sluice.protocol.BackendMessage.RowDescription;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.FrontendMessage.Bind;
import io.sluice.protocol.FrontendMessage.Close;
import io.sluice.protocol.FrontendMessage.Describe;
import io.sluice.protocol.FrontendMessage.Execute;
import io.sluice.protocol.FrontendMessage.Parse;
import io.sluice.protocol.FrontendMessage.Query;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.TransactionStatus;
import io.sluice.testkit.FakeDatabase.Definition;
import io.sluice.testkit.FakeDatabase.Result;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One fake server session: answers each frontend message as PostgreSQL does ("Message Flow",
 * Extended Query, in the protocol documentation), from a {@link FakeDatabase}. Messages are
 * answered one at a time and in order; after an error every message up to the next Sync is
 * skipped, and Sync answers ReadyForQuery. Execute honours its row limit with PortalSuspended.
 * A simple Query runs one statement without parameters. Not thread-safe: one per connection.
 */
public final class FakeBackend {
  private record Prepared(String sql, Definition definition) {}

  private static final class Portal {
    final Prepared statement;
    final Params params;
    Result result;
    int sent;

    Portal(Prepared statement, Params params) {
      this.statement = statement;
      this.params = params;
    }
  }

  private final FakeDatabase db;
  private final Map<String, Prepared> statements = new HashMap<>();
  private final Map<String, Portal> portals = new HashMap<>();
  private boolean skipping;

  public FakeBackend(FakeDatabase db) {
    this.db = db;
  }

  /** The replies to one message, in order; empty for Flush and while skipping after an error. */
  public List<BackendMessage> handle(FrontendMessage m) {
    if (m instanceof FrontendMessage.Sync) {
      skipping = false;
      portals.remove("");
      return List.of(new ReadyForQuery(TransactionStatus.IDLE));
    }
    if (skipping) {
      return List.of();
    }
    List<BackendMessage> out = new ArrayList<>(4);
    switch (m) {
      case Parse p -> parse(p, out);
      case Describe d -> describe(d, out);
      case Bind b -> bind(b, out);
      case Execute e -> execute(e, out);
      case Close c -> {
        (c.kind() == 'S' ? statements : portals).remove(c.name());
        out.add(CloseComplete.INSTANCE);
      }
      case Query q -> simpleQuery(q, out);
      case FrontendMessage.Flush f -> { }
      case FrontendMessage.Terminate t -> { }
      default -> fail(out, "08P01", "unexpected " + m.getClass().getSimpleName());
    }
    return out;
  }

  /** The SQL a message concerns: Parse and Query carry it; Bind and Describe name a statement. */
  public String sqlOf(FrontendMessage m) {
    return switch (m) {
      case Parse p -> p.sql();
      case Query q -> q.sql();
      case Bind b -> sqlOfStatement(b.statement());
      case Describe d when d.kind() == 'S' -> sqlOfStatement(d.name());
      default -> null;
    };
  }

  private String sqlOfStatement(String name) {
    Prepared p = statements.get(name);
    return p == null ? null : p.sql;
  }

  private void parse(Parse p, List<BackendMessage> out) {
    Definition d = db.lookup(p.sql());
    if (d == null) {
      fail(out, "42601", "syntax error in fake statement \"" + p.sql() + "\"");
    } else if (!p.name().isEmpty() && statements.containsKey(p.name())) {
      fail(out, "42P05", "prepared statement \"" + p.name() + "\" already exists");
    } else {
      statements.put(p.name(), new Prepared(p.sql(), d));
      out.add(ParseComplete.INSTANCE);
    }
  }

  private void describe(Describe d, List<BackendMessage> out) {
    if (d.kind() == 'S') {
      Prepared p = statements.get(d.name());
      if (p == null) {
        fail(out, "26000", "prepared statement \"" + d.name() + "\" does not exist");
        return;
      }
      out.add(new ParameterDescription(p.definition.parameterTypes().clone()));
      out.add(description(p.definition.columns()));
    } else {
      Portal portal = portals.get(d.name());
      if (portal == null) {
        fail(out, "34000", "portal \"" + d.name() + "\" does not exist");
        return;
      }
      out.add(description(portal.statement.definition.columns()));
    }
  }

  private static BackendMessage description(List<Field> columns) {
    return columns.isEmpty() ? NoData.INSTANCE : new RowDescription(columns);
  }

  private void bind(Bind b, List<BackendMessage> out) {
    Prepared p = statements.get(b.statement());
    if (p == null) {
      fail(out, "26000", "prepared statement \"" + b.statement() + "\" does not exist");
      return;
    }
    int want = p.definition.parameterTypes().length;
    if (b.parameters().length != want) {
      fail(out, "08P01", "bind message supplies " + b.parameters().length + " parameters, but prepared statement \""
          + b.statement() + "\" requires " + want);
      return;
    }
    portals.put(b.portal(), new Portal(p, new Params(b.parameters(), b.parameterFormats())));
    out.add(BindComplete.INSTANCE);
  }

  private void execute(Execute e, List<BackendMessage> out) {
    Portal portal = portals.get(e.portal());
    if (portal == null) {
      fail(out, "34000", "portal \"" + e.portal() + "\" does not exist");
      return;
    }
    if (portal.result == null) {
      portal.result = portal.statement.definition.run().apply(portal.params);
    }
    emit(portal, e.maxRows(), out);
  }

  /**
   * Rows from where the portal stopped, up to {@code maxRows} (0: all), then its end. Like the
   * executor, it suspends whenever it sent the full {@code maxRows}, even if no row is left: it
   * learns that the portal is exhausted only when asked for more.
   */
  private void emit(Portal portal, int maxRows, List<BackendMessage> out) {
    Result r = portal.result;
    int rows = r.rows().size();
    int upTo = maxRows <= 0 ? rows : (int) Math.min(rows, (long) portal.sent + maxRows);
    int before = portal.sent;
    for (; portal.sent < upTo; portal.sent++) {
      out.add(Replies.row(r.rows().get(portal.sent)));
    }
    if (maxRows > 0 && portal.sent - before == maxRows) {
      out.add(PortalSuspended.INSTANCE);
      return;
    }
    if (r.error() != null) {
      out.add(new ErrorResponse(r.error()));
      skipping = true;
      return;
    }
    out.add(new CommandComplete(r.tag()));
  }

  private void simpleQuery(Query q, List<BackendMessage> out) {
    Definition d = db.lookup(q.sql());
    if (d == null) {
      out.add(Replies.error("42601", "syntax error in fake statement \"" + q.sql() + "\""));
    } else {
      Result r = d.run().apply(new Params(new byte[0][], new short[0]));
      if (!d.columns().isEmpty()) {
        out.add(new RowDescription(d.columns()));
      }
      r.rows().forEach(row -> out.add(Replies.row(row)));
      out.add(r.error() != null ? new ErrorResponse(r.error()) : new CommandComplete(r.tag()));
    }
    out.add(new ReadyForQuery(TransactionStatus.IDLE));
  }

  private void fail(List<BackendMessage> out, String sqlState, String message) {
    out.add(Replies.error(sqlState, message));
    skipping = true;
  }
}
