package io.sluice.internal.statements;

import io.sluice.internal.requests.StatementOutcome;
import io.sluice.internal.requests.QueryResult;
import io.sluice.internal.requests.ParameterCount;
import io.sluice.internal.requests.ServerStatement;
import io.sluice.ServerException;
import io.sluice.SimpleResult;
import io.sluice.SluiceException.Outcome;
import io.sluice.SluiceException;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.engine.EngineSettings;
import io.sluice.internal.engine.Request;
import io.sluice.internal.engine.RequestEngine;
import io.sluice.internal.events.Events;
import io.sluice.internal.events.Started;
import io.sluice.internal.events.StatementEvents;
import io.sluice.internal.requests.CloseStatementRequest;
import io.sluice.internal.requests.PortalRequest;
import io.sluice.internal.requests.PrepareRequest;
import io.sluice.internal.requests.QueryRequest;
import io.sluice.internal.requests.SimpleQueryRequest;
import io.sluice.internal.rows.RowSink;
import io.sluice.internal.engine.ServerSession;
import io.sluice.protocol.TransactionStatus;
import io.sluice.types.ParameterCodec;
import io.sluice.types.SessionTypeContext;
import io.sluice.types.TypeRegistry;
import java.util.List;

/**
 * Runs statements on one connection, over its request engine: prepares statements once
 * (concurrent first uses share one prepare), runs them in one round trip, closes evicted
 * statements, and retries once, when it is safe, a statement the server no longer has or whose
 * plan changed.
 */
public final class StatementRunner {
  final RequestEngine engine;
  final StatementCache cache;
  final SessionTypeContext types;
  /** ServerStatement and batch events; null for a runner made without events. Used only while {@link #observing()}. */
  private final StatementEvents observed;
  private final StatementBatches batches = new StatementBatches(this);

  /** Statements and batches are reported to {@code events} (null: none). */
  public StatementRunner(ServerSession server, EngineSettings settings, Events events) {
    this(server, settings, events, io.sluice.PoolerMode.NONE);
  }

  /** As above, behind a pooler in {@code mode} ({@code pooler_mode}). */
  public StatementRunner(ServerSession server, EngineSettings settings, Events events, io.sluice.PoolerMode mode) {
    this.observed = events == null ? null : new StatementEvents(events);
    this.engine = new RequestEngine(server, settings);
    engine.runBeginAloneWith(sql -> new SimpleQueryRequest(sql, engine));
    this.cache = new StatementCache(settings.statementCacheSize(),
        () -> !"off".equalsIgnoreCase(server.parameters().get("standard_conforming_strings")), mode);
    TypeRegistry registry = new TypeRegistry();
    registry.stringsAsUnknown(true);
    this.types = new SessionTypeContext(registry, io.sluice.types.JsonCodec.STRING);
    server.parameters().forEach(types::serverParameter);
    searchPath = server.parameters().get("search_path");
    server.onParameterChange((name, value) -> {
      types.serverParameter(name, value);
      if (PlanInvalidation.searchPathReported(name, value, searchPath)) {
        cache.clear(true);
      }
      if (name.equals("search_path")) {
        searchPath = value;
      }
    });
  }

  /** The last search_path the server reported (PostgreSQL 18+), or null. Written by the reader's thread. */
  private volatile String searchPath;

  /** Empties the statement cache when a completed command asks for it ({@link PlanInvalidation}). */
  void completed(String tag, String sql) {
    PlanInvalidation.Effect e = PlanInvalidation.after(tag, sql);
    if (e != PlanInvalidation.Effect.NONE) {
      cache.clear(e == PlanInvalidation.Effect.REPREPARE);
    }
  }

  public RequestEngine engine() {
    return engine;
  }

  /** This connection's events, or null for a runner made without them. */
  public Events events() {
    return observed == null ? null : observed.events();
  }

  /**
   * Whether a statement begun now is reported: a listener is set, or JFR records Sluice's events.
   * Otherwise nothing of the events runs and no record is made.
   */
  private boolean observing() {
    return observed != null && Events.on(observed.events());
  }

  public ServerSession server() {
    return engine.session();
  }

  public SessionTypeContext types() {
    return types;
  }

  /** Registers a configuration's named codecs under this database's OIDs (see {@link TypeDiscovery#registerNamed}). */
  public void registerNamedCodecs(io.sluice.types.NamedCodecs codecs, String database, Deadline deadline) {
    if (!codecs.isEmpty()) {
      TypeDiscovery.registerNamed(this, codecs, database, deadline);
    }
  }

  /** Runs one statement; rows go to {@code sink}. Parameter types follow the Java values. */
  public QueryResult query(String sql, Object[] params, RowSink sink, boolean streaming, Deadline deadline) {
    if (observing()) {
      return queryObserved(sql, params, sink, streaming, deadline);
    }
    // kept this small so that it inlines whole: the JIT then keeps the QueryResult off the heap
    ParameterCodec[] codecs = codecsFor(params);
    return run(keyFor(sql, codecs), params, codecs, sink, streaming, deadline, null);
  }

  private QueryResult queryObserved(String sql, Object[] params, RowSink sink, boolean streaming, Deadline deadline) {
    ParameterCodec[] codecs = codecsFor(params);
    ServerStatement.Key key = keyFor(sql, codecs);
    return observed.statement(sql, params.length, preparation(key), sink,
        sent -> run(key, params, codecs, sink, streaming, deadline, sent));
  }

  /** As {@link #query}, reporting no event: Sluice's own statements (the type catalog, a batch's retry). */
  QueryResult queryUnobserved(String sql, Object[] params, RowSink sink, boolean streaming, Deadline deadline) {
    ParameterCodec[] codecs = codecsFor(params);
    return run(keyFor(sql, codecs), params, codecs, sink, streaming, deadline, null);
  }

  /** For a start event: whether the statement is in the cache now, so that no Parse goes out for it. */
  private io.sluice.event.Preparation preparation(ServerStatement.Key key) {
    return cache.holds(key) ? io.sluice.event.Preparation.CACHED : io.sluice.event.Preparation.PREPARED;
  }

  /**
   * Runs a statement prepared with {@link #prepare}: the server chose its parameter types, and
   * each value is encoded for that type (binary when the type's codec takes the value, else as
   * text for the server to parse).
   */
  public QueryResult queryPrepared(ServerStatement prepared, Object[] params, RowSink sink, boolean streaming,
      Deadline deadline) {
    refuseMiscount(prepared, params);
    if (observing()) {
      return observed.statement(prepared.key().sql(), params.length, preparation(prepared.key()), sink,
          sent -> run(prepared.key(), params, null, sink, streaming, deadline, sent));
    }
    return run(prepared.key(), params, null, sink, streaming, deadline, null);
  }

  /** Values for a prepared statement: one per parameter of its ParameterDescription, checked before sending. */
  private static void refuseMiscount(ServerStatement prepared, Object[] params) {
    io.sluice.ValueException refused = ParameterCount.refusal(prepared.parameterCount(), params.length);
    if (refused != null) {
      throw refused;
    }
  }

  /** Prepares a statement, letting the server infer every parameter type; returns its key. */
  public ServerStatement prepare(String sql, Deadline deadline) {
    return describe(ServerStatement.Key.serverTyped(sql), deadline);
  }

  /**
   * Runs a statement; {@code sent} (null without events) learns each request made for it. Typed
   * with a JDK interface, not {@link StatementEvents.Sent}: the JIT does not inline a method whose
   * signature names a class not loaded yet, as Sent is not without a listener, and this must
   * inline for the result to stay off the heap.
   */
  private QueryResult run(ServerStatement.Key key, Object[] params, ParameterCodec[] codecs, RowSink sink,
      boolean streaming, Deadline deadline, java.util.function.Consumer<Request> sent) {
    for (int attempt = 0; ; attempt++) {
      ServerStatement st = describe(key, deadline);
      Object[] values = io.sluice.types.TypeDependent.resolve(params, st.parameterTypesShared());
      ParameterCodec[] pcs = codecs != null && values == params ? codecs : serverTypedCodecs(st, values);
      sink.start(st.layout());
      QueryRequest q = new QueryRequest(st, values, pcs, types, sink, streaming);
      if (streaming) {
        q.stopWith(() -> engine.stopEarly(q));
      }
      if (sent != null) {
        sent.accept(q);
      }
      try {
        engine.run(q, deadline);
        completed(q.commandTag(), key.sql());
        return new QueryResult(st.layout(), q.commandTag());
      } catch (ServerException e) {
        if (q.cancelCause() == Request.CancelCause.STOPPED && e.sqlState().equals("57014")) {
          return new QueryResult(st.layout(), null);   // stopped for the consumer, who has its rows
        }
        if (invalidates(e)) {
          cache.invalidate(st);   // prepared again at its next use, whether or not it runs again now
        }
        boolean lost = lostNamed(e, st);
        if (attempt == 0 && retryable(e, q)) {
          continue;
        }
        throw lost ? behindPooler(e) : e;
      }
    }
  }

  /**
   * Opens a portal fetched {@code fetchSize} rows at a time. The caller drives it with {@link
   * Portal#fetch} and must {@link Portal#close} it.
   */
  public Portal openPortal(String sql, Object[] params, int fetchSize, Deadline deadline) {
    if (fetchSize <= 0) {
      throw new io.sluice.ValueException("fetch size must be positive, not " + fetchSize);
    }
    ParameterCodec[] codecs = codecsFor(params);
    ServerStatement.Key key = keyFor(sql, codecs);
    Started<io.sluice.event.StatementStart> started =
        !observing() ? null : observed.begin(sql, params.length, preparation(key));
    PortalRequest p = null;
    try {
      ServerStatement st = describe(key, deadline);
      p = new PortalRequest(st, params, codecs, types, fetchSize);
      engine.submit(p, deadline);
      return new Portal(engine, p, st.layout(), started);
    } catch (RuntimeException | Error e) {
      if (started != null) {
        StatementEvents.ended(started, p, e);
      }
      throw e;
    }
  }

  /**
   * Whether the request may run again after its error. Never when it carried a transaction's BEGIN
   * and BEGIN itself failed (run again, it would run outside the transaction), nor inside a
   * transaction that the error aborted (it would only fail again, hiding the first error).
   */
  static boolean retryable(ServerException e, QueryRequest q) {
    if (q.beginFailed() || q.lastStatus() == TransactionStatus.FAILED) {
      return false;
    }
    return (invalidates(e) && q.rowsSeen() == 0) || staleCancel(e, q);
  }

  /** Codecs chosen by the Java class of each value; their OIDs are declared in Parse. */
  ParameterCodec[] codecsFor(Object[] params) {
    ParameterCodec[] codecs = new ParameterCodec[params.length];
    for (int i = 0; i < params.length; i++) {
      // a type-dependent value is declared untyped: the server infers the type it is sent as
      if (params[i] != null && !(params[i] instanceof io.sluice.types.TypeDependent)) {
        try {
          codecs[i] = types.registry().codecForValue(params[i]);
        } catch (io.sluice.types.CodecException e) {
          throw new io.sluice.ValueException("parameter $" + (i + 1) + ": " + e.getMessage(), e);
        }
      }
    }
    return codecs;
  }

  static ServerStatement.Key keyFor(String sql, ParameterCodec[] codecs) {
    int[] declared = new int[codecs.length];
    for (int i = 0; i < codecs.length; i++) {
      declared[i] = codecs[i] == null ? 0 : codecs[i].oid();
    }
    return new ServerStatement.Key(sql, declared);
  }

  /** Codecs for the types the server chose; a value the type's codec does not take goes as text. */
  ParameterCodec[] serverTypedCodecs(ServerStatement st, Object[] params) {
    ParameterCodec[] codecs = new ParameterCodec[params.length];
    int n = Math.min(params.length, st.parameterCount());
    for (int i = 0; i < n; i++) {
      Object v = params[i];
      if (v == null) {
        continue;
      }
      int oid = st.parameterType(i);
      io.sluice.types.Codec<?> c = types.registry().codecFor(oid);
      if (c != null && c.accepts(v)) {
        codecs[i] = new ParameterCodec(oid, c);
      } else {
        ParameterCodec byValue = codecsFor(new Object[] {v})[0];
        codecs[i] = new ParameterCodec(0, byValue.codec());
      }
    }
    return codecs;
  }

  /**
   * 26000: the prepared statement does not exist (a pooler moved us, DISCARD ALL); 0A000 "cached
   * plan must not change result type" (the table changed under the statement). Neither ran the
   * statement, so one retry after preparing again is safe.
   */
  static boolean invalidates(ServerException e) {
    String state = e.sqlState();
    return state.equals("26000") || (state.equals("0A000") && e.serverMessage().contains("cached plan"));
  }

  /**
   * Whether the server lost a named statement this connection prepared and never closed (26000):
   * the server session changed under the connection, as behind PgBouncer in transaction or
   * statement mode. The connection then uses unnamed statements from now on ({@link
   * StatementCache#unnamedFromNow}); outside a transaction the statement is run again at once.
   */
  boolean lostNamed(ServerException e, ServerStatement st) {
    if (st.unnamed() || !e.sqlState().equals("26000")) {
      return false;
    }
    cache.unnamedFromNow();
    return true;
  }

  /**
   * The server's 26000, saying why it happened and what to set, for a statement that could not be
   * run again (inside a transaction, which the error aborted).
   */
  static ServerException behindPooler(ServerException e) {
    return new ServerException(e.fields(), "Sluice had prepared this statement on this connection: the server "
        + "session changed under it, as behind a pooler in transaction or statement mode (PgBouncer pool_mode = "
        + "transaction). Set statement_cache_size=0 for such a pooler; this connection uses unnamed statements from "
        + "now on.");
  }

  /**
   * A cancel meant for an earlier request arrived after that request had finished and hit this
   * one: it did not time out, delivered no rows, and its implicit transaction rolled back (the
   * server is idle, 'I'), so running it again is safe and nobody sees the race.
   */
  static boolean staleCancel(ServerException e, QueryRequest q) {
    return e.sqlState().equals("57014") && q.cancelCause() == null && q.rowsSeen() == 0
        && q.lastStatus() == TransactionStatus.IDLE;
  }

  /** The statement for this key, prepared by this thread or by another one already on it. */
  ServerStatement describe(ServerStatement.Key key, Deadline deadline) {
    StatementCache.Lookup l = cache.lookup(key);
    ServerStatement st = l.statement();
    if (!l.evicted().isEmpty()) {
      try {
        engine.submit(new CloseStatementRequest(l.evicted()), deadline);
      } catch (SluiceException ignored) {
        // the connection failed; the prepare below will say so
      }
    }
    if (!l.isNew()) {
      st.awaitDescription(deadline);
      SluiceException f = st.failure;
      if (f != null) {
        throw f;
      }
      return st;
    }
    try {
      engine.run(new PrepareRequest(st, types), deadline);
      TypeDiscovery.discover(this, st, deadline);
      st.markDescribed();
      return st;
    } catch (SluiceException e) {
      cache.invalidate(st);
      st.markFailed(e);
      throw e;
    } catch (RuntimeException | Error e) {
      // whatever happened, the threads waiting for this description must not wait forever
      cache.invalidate(st);
      st.markFailed(new io.sluice.ConnectionException("preparing the statement failed: " + e, Outcome.UNKNOWN, e));
      throw e;
    }
  }

  /**
   * Runs statements independently, each with its own Sync, all written at once: one round trip
   * for the lot once they are prepared (new ones are prepared together first). Each outcome is
   * the statement's own: an error in one does not touch the others.
   */
  public List<StatementOutcome> batch(List<String> sqls, List<Object[]> params, List<RowSink> sinks,
      Deadline deadline) {
    return !observing() ? batches.runBatch(sqls, params, sinks, deadline)
        : observed.batch(sqls, () -> batches.runBatch(sqls, params, sinks, deadline));
  }

  /**
   * Runs statements in one implicit transaction (one Sync): all apply, or none does. Events report
   * it as the statements {@code reported}: the caller's, when {@code sqls} are a rewriting of them.
   */
  public List<QueryResult> atomicBatch(List<String> sqls, List<Object[]> params, List<RowSink> sinks,
      Deadline deadline, List<String> reported) {
    return !observing() ? batches.runAtomicBatch(sqls, params, sinks, deadline)
        : observed.atomicBatch(reported, () -> batches.runAtomicBatch(sqls, params, sinks, deadline));
  }

  /** As {@link #simpleQuery}, reporting no event: Sluice's own statements (a pool's session reset). */
  public List<SimpleResult> simpleQueryUnobserved(String sql, Deadline deadline) {
    return runSimple(sql, deadline, null);
  }

  public List<SimpleResult> simpleQuery(String sql, Deadline deadline) {
    if (!observing()) {
      return runSimple(sql, deadline, null);
    }
    return observed.statement(sql, 0, io.sluice.event.Preparation.SIMPLE, null, sent -> runSimple(sql, deadline, sent));
  }

  private List<SimpleResult> runSimple(String sql, Deadline deadline, java.util.function.Consumer<Request> sent) {
    if (cache.poolerMode.sharesSessions()) {
      io.sluice.ValueException shared = SharedSessionGuard.refusal(sql,
          !"off".equalsIgnoreCase(server().parameters().get("standard_conforming_strings")), cache.poolerMode);
      if (shared != null) {
        throw shared;
      }
    }
    SimpleQueryRequest r = new SimpleQueryRequest(sql, engine);
    if (sent != null) {
      sent.accept(r);
    }
    try {
      engine.run(r, deadline);
    } catch (RuntimeException | Error e) {
      try {
        for (SimpleResult done : List.copyOf(r.results())) {
          completed(done.commandTag(), sql);   // those that completed before the one that failed
        }
      } catch (RuntimeException unreadable) {
        cache.clear(true);   // the replies are not all in: what ran is not known, so prepare everything again
      }
      throw e;
    }
    for (SimpleResult done : r.results()) {
      completed(done.commandTag(), sql);
    }
    r.throwUndecodable();
    return r.results();
  }

  public int cachedStatements() {
    return cache.size();
  }

  /** The statement cache's counters and the pipeline's depth, as of now. */
  public io.sluice.ConnectionStats stats() {
    StatementCache.Counts c = cache.counts();
    return new io.sluice.ConnectionStats(c.hits(), c.misses(), c.evictions(), c.size(), engine.inFlight(),
        engine.peakInFlight(), engine.requestsSent(), engine.socketWrites(), engine.wakeUps(), 1);
  }
}
