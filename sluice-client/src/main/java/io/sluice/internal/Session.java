package io.sluice.internal;

import io.sluice.ServerException;
import io.sluice.SimpleResult;
import io.sluice.SluiceException;
import io.sluice.types.ParameterCodec;
import io.sluice.types.SessionTypeContext;
import io.sluice.types.TypeRegistry;
import java.util.List;

/**
 * The connection's request logic over the engine: prepares statements once (concurrent first
 * uses share one prepare), runs them in one round trip, closes evicted statements, and retries
 * once, when it is safe, a statement the server no longer has or whose plan changed.
 */
public final class Session {
  final RequestEngine engine;
  private final StatementCache cache;
  private final SessionTypeContext types;

  public Session(ServerSession server, int pipelineDepth, int statementCacheSize, long cancelTimeoutNanos) {
    this.engine = new RequestEngine(server, pipelineDepth, cancelTimeoutNanos);
    this.cache = new StatementCache(statementCacheSize);
    TypeRegistry registry = new TypeRegistry();
    registry.stringsAsUnknown(true);
    this.types = new SessionTypeContext(registry, io.sluice.types.JsonCodec.STRING);
    server.parameters.forEach(types::serverParameter);
    server.parameterListener = types::serverParameter;
  }

  public RequestEngine engine() {
    return engine;
  }

  public ServerSession server() {
    return engine.s;
  }

  public SessionTypeContext types() {
    return types;
  }

  /** Runs one statement; rows go to {@code sink}. Returns the finished request. */
  public QueryResult query(String sql, Object[] params, RowSink sink, boolean streaming, long deadlineNanos) {
    ParameterCodec[] codecs = new ParameterCodec[params.length];
    int[] declared = new int[params.length];
    for (int i = 0; i < params.length; i++) {
      if (params[i] != null) {
        try {
          codecs[i] = types.registry().codecForValue(params[i]);
        } catch (io.sluice.types.ValueException e) {
          throw new io.sluice.ValueException("parameter $" + (i + 1) + ": " + e.getMessage(), e);
        }
        declared[i] = codecs[i].oid();
      }
    }
    Statement.Key key = new Statement.Key(sql, declared);
    for (int attempt = 0; ; attempt++) {
      Statement st = describe(key, deadlineNanos);
      sink.start(st.layout);
      QueryRequest q = new QueryRequest(st, params, codecs, types, sink, streaming);
      try {
        engine.run(q, deadlineNanos);
        return new QueryResult(st.layout, q.commandTag);
      } catch (ServerException e) {
        if (attempt == 0 && invalidates(e) && q.rowsSeen == 0) {
          cache.invalidate(st);
          continue;
        }
        if (attempt == 0 && staleCancel(e, q)) {
          continue;
        }
        throw e;
      }
    }
  }

  /**
   * 26000: the prepared statement does not exist (a pooler moved us, DISCARD ALL); 0A000 "cached
   * plan must not change result type" (the table changed under the statement). Neither ran the
   * statement, so one retry after preparing again is safe.
   */
  private static boolean invalidates(ServerException e) {
    String state = e.sqlState();
    return state.equals("26000") || (state.equals("0A000") && e.serverMessage().contains("cached plan"));
  }

  /**
   * A cancel meant for an earlier request arrived after that request had finished and hit this
   * one: it did not time out, delivered no rows, and its implicit transaction rolled back (the
   * server is idle, 'I'), so running it again is safe and nobody sees the race.
   */
  private static boolean staleCancel(ServerException e, QueryRequest q) {
    return e.sqlState().equals("57014") && !q.timedOut && !q.cancelRequested && q.rowsSeen == 0
        && q.lastStatus == 'I';
  }

  /** The statement for this key, prepared by this thread or by another one already on it. */
  private Statement describe(Statement.Key key, long deadlineNanos) {
    StatementCache.Lookup l = cache.lookup(key);
    Statement st = l.statement();
    if (!l.evicted().isEmpty()) {
      try {
        engine.submit(new CloseStatementRequest(l.evicted()), deadlineNanos);
      } catch (SluiceException ignored) {
        // the connection failed; the prepare below will say so
      }
    }
    if (!l.isNew()) {
      st.awaitDescription();
      SluiceException f = st.failure;
      if (f != null) {
        throw f;
      }
      return st;
    }
    try {
      engine.run(new PrepareRequest(st, types), deadlineNanos);
      st.markDescribed();
      return st;
    } catch (SluiceException e) {
      cache.invalidate(st);
      st.markFailed(e);
      throw e;
    }
  }

  public List<SimpleResult> simpleQuery(String sql, long deadlineNanos) {
    SimpleQueryRequest r = new SimpleQueryRequest(sql, engine);
    engine.run(r, deadlineNanos);
    return r.results;
  }

  public int cachedStatements() {
    return cache.size();
  }

  /** The outcome of one statement: its row layout and command tag. */
  public record QueryResult(RowLayout layout, String commandTag) {}
}
